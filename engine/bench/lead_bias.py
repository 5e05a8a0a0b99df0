"""Does Whisper forced alignment place words early on speech whose word starts are known exactly?
Twenty English words are spoken one by one by espeak-ng, trimmed, and joined with gaps of 0.05 to
0.25 s over faint noise; the sentence is aligned in one window and each word's start compared.

    engine/.venv/bin/python -m bench.lead_bias      (from engine/)
"""

import statistics
import subprocess
import tempfile

import numpy as np

from verse_engine import whisper
from verse_engine.align import align_window
from verse_engine.audio import load

SAMPLE_RATE = 16000
WORDS = (
    "the quiet river carries every story down into the valley where the children sing about tomorrow "
    "and the morning light"
).split()


def spoken(word: str) -> np.ndarray:
    with tempfile.NamedTemporaryFile(suffix=".wav") as f:
        subprocess.run(["espeak-ng", "-v", "en", "-s", "150", "-w", f.name, word], check=True)
        samples = load(f.name)
    voiced = np.where(np.abs(samples) > 0.01)[0]
    return samples[voiced[0] : voiced[-1] + 1]


def main() -> None:
    rng = np.random.default_rng(1)
    pieces, starts, cursor = [np.zeros(SAMPLE_RATE, dtype=np.float32)], [], 1.0
    for word in WORDS:
        samples = spoken(word)
        starts.append(cursor)
        gap = np.zeros(int(SAMPLE_RATE * rng.uniform(0.05, 0.25)), dtype=np.float32)
        pieces += [samples, gap]
        cursor += (len(samples) + len(gap)) / SAMPLE_RATE
    pieces.append(np.zeros(SAMPLE_RATE, dtype=np.float32))
    audio = np.concatenate(pieces)
    audio = audio + (0.01 * rng.standard_normal(len(audio))).astype(np.float32)
    timed = align_window(whisper.load("base"), audio, 0.0, len(audio) / SAMPLE_RATE, [" ".join(WORDS)], "en")[0]
    errors = [w.start - true for w, true in zip(timed, starts, strict=True)]
    print(f"words {len(errors)}; start error (predicted - true): median {statistics.median(errors):+.3f} s, ", end="")
    print(f"mean {statistics.mean(errors):+.3f} s, earliest {min(errors):+.3f}, latest {max(errors):+.3f}")


if __name__ == "__main__":
    main()
