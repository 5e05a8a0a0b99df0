"""espeak-ng through its C library: speech with the sample at which every word starts, so that the
benchmarks built on it know each word's true time by construction."""

import ctypes
import re
from dataclasses import dataclass

import numpy as np

from verse_engine.audio.decode import SAMPLE_RATE


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
# espeak_PARAMETER in speak_lib.h.
_RATE, _PITCH, _RANGE, _WORDGAP = 1, 3, 4, 7


@dataclass(frozen=True)
class Delivery:
    """How a line is said: words per minute, pitch and pitch range (0-100), and the pause added
    between words in units of 10 ms. espeak-ng's own defaults are 175, 50, 50 and 0."""

    rate: int = 175
    pitch: int = 50
    range: int = 50
    word_gap: int = 0


class Espeak:
    """espeak-ng's C library: speech and the sample at which each word starts."""

    def __init__(self) -> None:
        self.lib = ctypes.CDLL("libespeak-ng.so.1")
        self.rate = self.lib.espeak_Initialize(_SYNCHRONOUS, 0, None, 0)
        self.samples: list[np.ndarray] = []
        self.word_samples: list[int] = []
        self.word_positions: list[int] = []
        self.callback = _Callback(self._receive)
        self.lib.espeak_SetSynthCallback(self.callback)

    def _receive(self, wav, count, events) -> int:
        if count > 0:
            self.samples.append(np.ctypeslib.as_array(wav, shape=(count,)).copy())
        i = 0
        while events[i].type != _LIST_END:
            if events[i].type == _WORD_EVENT:
                self.word_samples.append(events[i].sample)
                self.word_positions.append(events[i].text_position)
            i += 1
        return 0

    def speak(self, voice: str, text: str, delivery: Delivery | None = None) -> tuple[np.ndarray, list[float | None]]:
        """16 kHz samples and each whitespace-separated word's start in seconds, or None for a word
        espeak-ng says as one with the word before it ("in the"), whose own start it does not
        report."""
        delivery = delivery or Delivery()
        self.samples, self.word_samples, self.word_positions = [], [], []
        self.lib.espeak_SetVoiceByName(voice.encode())
        for parameter, value in (
            (_RATE, delivery.rate),
            (_PITCH, delivery.pitch),
            (_RANGE, delivery.range),
            (_WORDGAP, delivery.word_gap),
        ):
            self.lib.espeak_SetParameter(parameter, value, 0)
        data = text.encode()
        self.lib.espeak_Synth(data, len(data) + 1, 0, 1, 0, 0, None, None)
        self.lib.espeak_Synchronize()
        audio = np.concatenate(self.samples).astype(np.float32) / 32768
        picks = np.arange(0, len(audio), self.rate / SAMPLE_RATE).astype(int)
        # An event's text position counts characters from 1.
        events = zip(self.word_positions, self.word_samples, strict=True)
        at = {position: sample / self.rate for position, sample in events}
        starts = [at.get(m.start() + 1) for m in re.finditer(r"\S+", text)]
        return audio[picks], starts
