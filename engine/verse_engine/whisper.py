"""Loaded Whisper models and the decoding settings tuned for songs.

Measured on the three shared songs with base (see docs/benchmarks.md): Silero VAD at its speech
defaults throws away most singing (fantasma WER 0.97); a loose threshold with long padding keeps
the vocals while skipping instrumentals, and conditioning on previous text is off, which stops the
repetition loops Whisper falls into on choruses.
"""

from __future__ import annotations

import os
import threading
from functools import cache

import ctranslate2
from faster_whisper import WhisperModel

from . import models
from .lines import Word

SONG_SETTINGS = {
    "beam_size": 5,
    "vad_filter": True,
    "vad_parameters": {"threshold": 0.1, "min_silence_duration_ms": 2000, "speech_pad_ms": 800},
    "condition_on_previous_text": False,
    "compression_ratio_threshold": 2.4,
    "log_prob_threshold": -1.0,
    "no_speech_threshold": 0.6,
    "word_timestamps": True,
    # Fewer fallback temperatures than Whisper's six: each fallback re-decodes the window, and on
    # noisy songs the later ones mostly add time, not accuracy.
    "temperature": (0.0, 0.4, 0.8),
}

# The temperature fallback samples; a fixed seed makes a song transcribe the same way twice.
ctranslate2.set_random_seed(1234)

_lock = threading.Lock()


def device() -> tuple[str, str]:
    if ctranslate2.get_cuda_device_count() > 0:
        return "cuda", "float16"
    return "cpu", "int8"


def default_model() -> str:
    """VERSE_ASR_MODEL, else the best verified model on this machine that meets the CPU speed target."""
    chosen = os.environ.get("VERSE_ASR_MODEL")
    if chosen:
        return chosen
    for name in ("large-v3", "medium", "small", "base") if device()[0] == "cuda" else ("small", "base"):
        try:
            models.resolve(name)
            return name
        except models.ModelError:
            continue
    return "base"


@cache
def load(name: str) -> WhisperModel:
    dev, compute = device()
    threads = int(os.environ.get("VERSE_ENGINE_THREADS", os.cpu_count() or 2))
    return WhisperModel(str(models.resolve(name)), device=dev, compute_type=compute, cpu_threads=threads)


def run(
    model_name: str, audio, language: str, task: str = "transcribe", **overrides
) -> tuple[list[Word], list]:
    """Decodes under a lock (one decode at a time uses every core); returns words and segments."""
    settings = {**SONG_SETTINGS, **overrides}
    with _lock:
        segments, _info = load(model_name).transcribe(audio, language=language, task=task, **settings)
        segments = list(segments)
    words = [
        Word(
            text=w.word,
            start=float(w.start),
            end=float(w.end),
            probability=float(w.probability),
            segment_start=i == 0,
        )
        for s in segments
        for i, w in enumerate(s.words or [])
    ]
    return words, segments
