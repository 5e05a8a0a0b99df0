"""How early (or late) Whisper forced alignment places words, on speech whose word starts are known
exactly: the calibration behind `whisper.ALIGNMENT_LEAD_SECONDS`, made on data that is not the
songs the alignment benchmark scores.

espeak-ng speaks three sentences in each of five languages through its library, which reports the
sample at which every word starts. The sentences are joined with pauses of 0.6 to 1.2 s over faint
noise and aligned as lines in one window. The figure is the median of (predicted - true) over the
words after each line's first (a line's first word is set by the pause rule in align.py instead).

    engine/.venv/bin/python -m bench.lead_bias      (from engine/)
"""

import ctypes
import statistics

import numpy as np

from verse_engine import whisper
from verse_engine.align import align_window
from verse_engine.audio import SAMPLE_RATE

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


class _Event(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("unique_identifier", ctypes.c_uint),
        ("text_position", ctypes.c_int),
        ("length", ctypes.c_int),
        ("audio_position", ctypes.c_int),
        ("sample", ctypes.c_int),
        ("user_data", ctypes.c_void_p),
        ("id", ctypes.c_char * 8),
    ]


_WORD_EVENT, _LIST_END, _SYNCHRONOUS = 1, 0, 2
_Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(_Event))


class Espeak:
    """espeak-ng's C library: speech and the sample at which each word starts."""

    def __init__(self) -> None:
        self.lib = ctypes.CDLL("libespeak-ng.so.1")
        self.rate = self.lib.espeak_Initialize(_SYNCHRONOUS, 0, None, 0)
        self.samples: list[np.ndarray] = []
        self.word_samples: list[int] = []
        self.callback = _Callback(self._receive)
        self.lib.espeak_SetSynthCallback(self.callback)

    def _receive(self, wav, count, events) -> int:
        if count > 0:
            self.samples.append(np.ctypeslib.as_array(wav, shape=(count,)).copy())
        i = 0
        while events[i].type != _LIST_END:
            if events[i].type == _WORD_EVENT:
                self.word_samples.append(events[i].sample)
            i += 1
        return 0

    def speak(self, voice: str, text: str) -> tuple[np.ndarray, list[float]]:
        """16 kHz samples and each word's start in seconds."""
        self.samples, self.word_samples = [], []
        self.lib.espeak_SetVoiceByName(voice.encode())
        data = text.encode()
        self.lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 0, None, None)
        self.lib.espeak_Synchronize()
        audio = np.concatenate(self.samples).astype(np.float32) / 32768
        picks = np.arange(0, len(audio), self.rate / SAMPLE_RATE).astype(int)
        return audio[picks], [s / self.rate for s in self.word_samples]


def lead(espeak: Espeak, language: str, rng: np.random.Generator) -> list[float]:
    pieces, starts, cursor = [np.zeros(SAMPLE_RATE, dtype=np.float32)], [], 1.0
    for sentence in SENTENCES[language]:
        audio, words = espeak.speak(language, sentence)
        starts.append([cursor + w for w in words])
        pause = np.zeros(int(SAMPLE_RATE * rng.uniform(0.6, 1.2)), dtype=np.float32)
        pieces += [audio, pause]
        cursor += (len(audio) + len(pause)) / SAMPLE_RATE
    audio = np.concatenate(pieces)
    audio = audio + (0.005 * rng.standard_normal(len(audio))).astype(np.float32)
    model = whisper.load("base")
    timed = align_window(model, audio, 0.0, len(audio) / SAMPLE_RATE, SENTENCES[language], language)
    errors = []
    for words, true in zip(timed, starts, strict=True):
        if len(words) == len(true):  # espeak counts some words differently (numbers, elisions)
            errors += [w.start - t for w, t in zip(words[1:], true[1:], strict=True)]
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
