"""A synthetic sung set that no decoding setting was tuned on: lyric lines with known text in
English, Spanish, Hindi and Tamil, "sung" by espeak-ng (slow, each line on its own pitch, words
drawn out) over a music bed of plucked chords and a kick drum, mixed at several signal-to-music
ratios. The audio is generated on each run, never stored.

Each clip is a stereo mix as records are mixed: the voice and the kick in the centre, each chord's
notes panned apart (one mostly left, one mostly right, one in the middle). Its mono mix, the two
channels averaged, is the clip as the set made it before it was stereo, note for note.

    engine/.venv/bin/python -m bench.synthetic OUT_DIR     (writes the WAVs and a manifest.json)
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from verse_engine.audio.decode import SAMPLE_RATE

RATE = SAMPLE_RATE

#: Each language's voice and four lines written for this set (everyday lyric lines, not from any song).
LYRICS = {
    "English": (
        "en",
        [
            "I walked along the river when the night was falling",
            "your voice was in the wind and it was calling",
            "hold on to me tonight and never let me go",
            "the lights are fading slowly but I still know",
        ],
    ),
    "Spanish": (
        "es",
        [
            "camino por la calle cuando cae la noche",
            "tu voz está en el viento y me llama",
            "quédate conmigo y no me dejes ir",
            "las luces se apagan pero sigo aquí",
        ],
    ),
    "Hindi": (
        "hi",
        [
            "रात ढली तो मैं नदी के किनारे चला",
            "हवा में तेरी आवाज़ मुझे बुलाती है",
            "आज रात मुझे थाम ले और मत जाने दे",
            "रोशनी धीरे धीरे बुझती है पर मैं यहीं हूँ",
        ],
    ),
    "Tamil": (
        "ta",
        [
            "இரவு வந்ததும் நான் நதிக்கரையில் நடந்தேன்",
            "காற்றில் உன் குரல் என்னை அழைக்கிறது",
            "இன்று இரவு என்னைப் பிடித்துக்கொள்",
            "விளக்குகள் மெல்ல அணைகின்றன நான் இங்கே இருக்கிறேன்",
        ],
    ),
}

#: Signal-to-music ratios in dB: voice well above the band, above it, level with it.
RATIOS_DB = (10, 5, 0)
#: A melody of sorts: each line on its own espeak-ng pitch (0-99).
LINE_PITCHES = (35, 60, 80, 50)
INTRO_SECONDS = 3.0
GAP_SECONDS = 1.2


#: Where each note of a chord sits, as its share of the left channel: mostly left, mostly right,
#: in the middle.
NOTE_PANS = (0.85, 0.15, 0.5)


@dataclass(frozen=True)
class Clip:
    name: str
    language: str
    text: str
    ratio_db: int
    #: The mono mix: the clip as the set made it before it was stereo, sample for sample.
    samples: np.ndarray
    #: Left and right, (2, n); their mean is the mono mix (to float rounding).
    channels: np.ndarray


def sung_line(voice: str, text: str, pitch: int) -> np.ndarray:
    """espeak-ng at a slow rate with long word gaps and a wide pitch range, resampled to 16 kHz."""
    wav = subprocess.run(
        ["espeak-ng", "-v", voice, "-s", "105", "-g", "6", "-p", str(pitch), "-a", "150", "--stdout", text],
        capture_output=True,
        check=True,
    ).stdout
    with wave.open(io.BytesIO(wav)) as w:
        rate = w.getframerate()
        raw = np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(np.float32) / 32768
    return np.interp(np.arange(0, len(raw), rate / RATE), np.arange(len(raw)), raw).astype(np.float32)


def plucked(frequency: float, seconds: float, rng: np.random.Generator) -> np.ndarray:
    """Karplus-Strong: a noise burst through a decaying delay line, like a plucked string."""
    period = max(2, int(RATE / frequency))
    line = rng.uniform(-1, 1, period).astype(np.float32)
    out = np.empty(int(seconds * RATE), np.float32)
    for i in range(len(out)):
        out[i] = line[i % period]
        line[i % period] = 0.996 * 0.5 * (line[i % period] + line[(i + 1) % period])
    return out


def music_bed(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """I–V–vi–IV in C, a chord every 2 s, with a kick drum on each beat (120 bpm). Three rows: the
    bed unpanned, then left and right with each note panned (NOTE_PANS), whose mean is the first."""
    chords = [(261.6, 329.6, 392.0), (196.0, 246.9, 293.7), (220.0, 261.6, 329.6), (174.6, 220.0, 261.6)]
    bed = np.zeros((3, int(seconds * RATE) + RATE * 2), np.float32)
    for k, start in enumerate(np.arange(0, seconds, 2.0)):
        at = int(start * RATE)
        for note, left in zip(chords[k % len(chords)], NOTE_PANS, strict=True):
            string = plucked(note, 2.0, rng)
            bed[:, at : at + 2 * RATE] += np.array([[1.0], [2 * left], [2 * (1 - left)]], np.float32) * string
    t = np.arange(int(0.15 * RATE)) / RATE
    kick = (np.sin(2 * np.pi * 60 * t) * np.exp(-t * 30)).astype(np.float32)
    for beat in np.arange(0, seconds, 0.5):
        at = int(beat * RATE)
        bed[:, at : at + len(kick)] += 1.5 * kick
    return bed[:, : int(seconds * RATE)]


def rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x**2))) if len(x) else 0.0


def clips() -> list[Clip]:
    rng = np.random.default_rng(7)
    out = []
    for language, (voice, lines) in LYRICS.items():
        gap = np.zeros(int(GAP_SECONDS * RATE), np.float32)
        parts = [np.zeros(int(INTRO_SECONDS * RATE), np.float32)]
        for i, text in enumerate(lines):
            parts += [sung_line(voice, text, LINE_PITCHES[i % len(LINE_PITCHES)]), gap]
        vocals = np.concatenate(parts)
        bed = music_bed(len(vocals) / RATE + 0.01, rng)[:, : len(vocals)]
        voiced = vocals[np.abs(vocals) > 0.01]
        for ratio in RATIOS_DB:
            # The bed is scaled so that the voice, where it sounds, stands `ratio` dB above it in
            # the mono mix, which peaks at 0.95 at most; the channels are scaled alike.
            scaled = bed * (rms(voiced) / max(rms(bed[0]), 1e-9)) / (10 ** (ratio / 20))
            mixes = vocals + scaled
            mixes = (mixes / max(1.0, float(np.max(np.abs(mixes[0]))) / 0.95)).astype(np.float32)
            name = f"{language.lower()}_{ratio}db"
            out.append(Clip(name, language, "\n".join(lines), ratio, mixes[0], mixes[1:]))
    return out


def write_wav(path: Path, channels: np.ndarray) -> None:
    """(2, n) left and right as a 16-bit stereo WAV."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes((np.clip(channels.T, -1, 1) * 32767).astype("<i2").tobytes())


def main() -> None:
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    manifest = []
    for clip in clips():
        write_wav(folder / f"{clip.name}.wav", clip.channels)
        manifest.append({"clip": clip.name, "language": clip.language, "ratio_db": clip.ratio_db, "text": clip.text})
        print(f"{clip.name}: {len(clip.samples) / RATE:.1f} s")
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
