"""How early (or late) Whisper forced alignment places words, on speech whose word starts are known
exactly: the calibration behind `whisper.ALIGNMENT_LEAD_SECONDS`, made on data that is not the
songs the alignment benchmark scores.

espeak-ng speaks three sentences in each of five languages through its library, which reports the
sample at which every word starts. The sentences are joined with pauses of 0.6 to 1.2 s over faint
noise and aligned as lines in one window. The figure is the median of (predicted - true) over the
words after each line's first (a line's first word is set by the pause rule in align.py instead).

    engine/.venv/bin/python -m bench.lead_bias      (from engine/)
"""

import statistics

import numpy as np

from verse_engine.alignment.align import align_window
from verse_engine.asr import whisper
from verse_engine.audio.decode import SAMPLE_RATE

from .espeak import Espeak

SENTENCES = {
    "en": ["the quiet river carries every story", "down into the valley where the children sing", "and the light"],
    "es": ["el agua corre sobre las piedras", "y la luz de la mañana es dorada", "cantamos juntos hasta el amanecer"],
    "fr": [
        "la rivière coule sur les pierres",
        "et la lumière du matin est dorée",
        "nous chantons ensemble jusqu'au soir",
    ],
    "de": [
        "der fluss fließt über die steine",
        "und das licht am morgen ist golden",
        "wir singen zusammen bis zum abend",
    ],
    "it": ["il fiume scorre sopra le pietre", "e la luce del mattino è dorata", "cantiamo insieme fino alla sera"],
}


def lead(espeak: Espeak, language: str, rng: np.random.Generator) -> list[float]:
    pieces, starts, cursor = [np.zeros(SAMPLE_RATE, dtype=np.float32)], [], 1.0
    for sentence in SENTENCES[language]:
        audio, words = espeak.speak(language, sentence)
        starts.append([None if w is None else cursor + w for w in words])
        pause = np.zeros(int(SAMPLE_RATE * rng.uniform(0.6, 1.2)), dtype=np.float32)
        pieces += [audio, pause]
        cursor += (len(audio) + len(pause)) / SAMPLE_RATE
    audio = np.concatenate(pieces)
    audio = audio + (0.005 * rng.standard_normal(len(audio))).astype(np.float32)
    model = whisper.load("base")
    timed = align_window(model, audio, 0.0, len(audio) / SAMPLE_RATE, SENTENCES[language], language)
    errors = []
    for words, true in zip(timed, starts, strict=True):
        # espeak-ng says some words as one with the one before ("in the"), without its own start.
        if len(words) == len(true) and None not in true:
            errors += [w.start - t for w, t in zip(words[1:], true[1:], strict=True) if t is not None]
    return errors


def main() -> None:
    espeak, rng, everything = Espeak(), np.random.default_rng(3), []
    applied = whisper.ALIGNMENT_LEAD_SECONDS.get("base", 0.0)
    for language in SENTENCES:
        errors = lead(espeak, language, rng)
        everything += errors
        median, mean = statistics.median(errors), statistics.mean(errors)
        print(f"{language}: {len(errors)} words, median {median:+.3f} s, mean {mean:+.3f} s")
    median = statistics.median(everything)
    print(f"all: {len(everything)} words, median {median:+.3f} s (correction applied in the engine: {applied:+.3f} s)")


if __name__ == "__main__":
    main()
