"""Loaded Whisper models and the decoding settings tuned for songs.

Silero VAD at its speech defaults throws away most singing; a loose threshold with long padding
keeps the vocals while skipping instrumentals, and conditioning on previous text is off, which stops the
repetition loops Whisper falls into on choruses (docs/benchmarks-archive.md, "Transcription
settings").
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import cache
from typing import Any

import ctranslate2
import numpy as np
from faster_whisper import WhisperModel
from faster_whisper.transcribe import Segment

from verse_engine.alignment.align import MAX_FRAMES, MAX_TEXT_TOKENS, Span, align_spans, text_tokens, tokenizer_for
from verse_engine.asr import models
from verse_engine.asr.alignment_heads import with_late_heads
from verse_engine.asr.model_shape import ModelShape, read_shape
from verse_engine.audio.decode import SAMPLE_RATE
from verse_engine.settings import settings
from verse_engine.text.lines import Decoding, Word
from verse_engine.threads import side_by_side_threads

# Voice-activity detection loose enough to keep singing over music (its speech defaults drop most of it).
SONG_VAD: dict[str, float | int] = {"threshold": 0.1, "min_silence_duration_ms": 2000, "speech_pad_ms": 800}

SONG_SETTINGS = {
    "beam_size": 5,
    "vad_filter": True,
    "vad_parameters": SONG_VAD,
    "condition_on_previous_text": False,
    "compression_ratio_threshold": 2.4,
    "log_prob_threshold": -1.0,
    "no_speech_threshold": 0.6,
    # Word times come from our own forced alignment of each segment (align.py): faster-whisper's
    # word_timestamps also moves its window seeks, which makes the transcript worse.
    "word_timestamps": False,
    # Fewer fallback temperatures than Whisper's six: each fallback re-decodes the window, and on
    # noisy songs the later ones mostly add time, not accuracy.
    "temperature": (0.0, 0.4, 0.8),
}

# faster-whisper's own transcribe() defaults, as a popular open-source tool runs them: no VAD,
# conditioning on previous text, Whisper's six fallback temperatures. Decoded with nothing dropped
# (no loop ratio), it hears the choruses sung again that the song settings' VAD leaves out.
WHISPER_DEFAULTS: dict[str, Any] = {
    "beam_size": 5,
    "vad_filter": False,
    "condition_on_previous_text": True,
    "compression_ratio_threshold": 2.4,
    "log_prob_threshold": -1.0,
    "no_speech_threshold": 0.6,
    "temperature": (0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
    "word_timestamps": False,
}

# The same model decoded another way, for a second opinion and a third voter: greedy, one
# temperature, no VAD.
GREEDY: dict[str, Any] = {"beam_size": 1, "vad_filter": False, "temperature": 0.0}

# The temperature fallback samples, from a generator of each model worker seeded with this. Its
# state carries over from one decode to the next (setting the seed again was tried and does not
# reset it), and which worker takes a window depends on timing when decodes run side by side, so a
# sampled window differs from run to run (docs/benchmarks-archive.md, "Transcription settings").
# Windows decoded without falling back are the same every time.
ctranslate2.set_random_seed(1234)

_lock = threading.RLock()

# Decodes of one song that may run at once (run_together). Each is a model replica sharing the
# loaded weights (CTranslate2's inter_threads), so this costs no memory. One beam-search decode
# keeps two cores only about three quarters busy (its steps are small), so decodes side by side finish
# sooner than one after the other: docs/benchmarks-archive.md, "Decodes side by side".
DECODE_WORKERS = 2
# Decodes side by side already keep both replicas busy: each aligns its windows one at a time (still
# while it decodes the next), since more alignments at once only add each thread's working memory
# (docs/benchmarks-archive.md, "Windows aligned side by side").
SIDE_BY_SIDE_ALIGNMENTS = 1


def lock() -> threading.RLock:
    """Held while a model decodes or aligns: one job at a time uses every core."""
    return _lock


def device() -> tuple[str, str]:
    if ctranslate2.get_cuda_device_count() > 0:
        return "cuda", "float16"
    return "cpu", "int8"


def default_model() -> str:
    """VERSE_ASR_MODEL, else the best verified model on this machine that meets the CPU speed target."""
    chosen = settings().asr_model
    if chosen:
        return chosen
    for name in ("large-v3", "medium", "small", "base") if device()[0] == "cuda" else ("small", "base"):
        try:
            models.resolve(name)
            return name
        except models.ModelError:
            continue
    return "base"


def check_windows(shape: ModelShape) -> None:
    """The aligner cuts 30 s windows and at most MAX_TEXT_TOKENS of text (align.py): true of every
    Whisper size, and checked against each model's own context rather than assumed."""
    if shape.audio_context * 2 < MAX_FRAMES or shape.text_context < MAX_TEXT_TOKENS + 8:
        raise models.ModelError(
            f"the model's context ({shape.audio_context} audio, {shape.text_context} text positions) is smaller "
            f"than the aligner's windows ({MAX_FRAMES} frames, {MAX_TEXT_TOKENS} tokens plus the start sequence)"
        )


@cache
def load(name: str) -> WhisperModel:
    dev, compute = device()
    threads = settings().threads
    verified = models.resolve(name)
    check_windows(read_shape(verified))
    folder = with_late_heads(verified)
    # Every replica keeps every core: a decode made alone (translation, a second opinion, listening)
    # is as fast as before, and two side by side share the cores.
    return WhisperModel(str(folder), device=dev, compute_type=compute, cpu_threads=threads, num_workers=DECODE_WORKERS)


# A segment still this repetitive after every fallback temperature is a loop, not lyrics.
LOOP_COMPRESSION_RATIO = 2.4

# How much earlier than spoken each model's forced alignment places words, measured on speech
# with exactly known word starts (bench/lead_bias.py: espeak-ng, 5 languages); word times are
# moved later by it (earlier, where it is negative). Models not measured are left as they are.
# base with the second half's heads (alignment_heads.py), encoding only each window's own frames
# (align.window_frames), places words 0.015 s late (median of 69).
ALIGNMENT_LEAD_SECONDS = {"base": -0.015}


def lead(model_name: str) -> float:
    return ALIGNMENT_LEAD_SECONDS.get(model_name, 0.0)


def run(
    model_name: str,
    audio: np.ndarray,
    language: str | None,
    task: str = "transcribe",
    loop_ratio: float = LOOP_COMPRESSION_RATIO,
    **overrides: Any,
) -> tuple[list[Word], list[Segment]]:
    """Decodes under a lock (one decode at a time uses every core); returns timed words and segments.
    Segments whose text compresses more than `loop_ratio` are dropped as loops."""
    with _lock:
        return _decode(model_name, audio, language, task, loop_ratio, overrides)


def run_together(
    model_name: str, audio: np.ndarray, language: str | None, decodes: list[dict[str, Any]]
) -> list[tuple[list[Word], list[Segment]]]:
    """Several decodes of the same song (each `decodes` entry: run's keyword arguments, and `audio`
    for an entry that decodes other samples of it than `audio`), run side by side on the model's
    workers under one hold of the lock; the results in the order asked. List the longest first: a
    worker that finishes takes the next."""
    with _lock:
        load(model_name)  # once, here: the cache would let two workers load it at the same time
        with side_by_side_threads(DECODE_WORKERS, "decode") as pool:
            futures = [
                pool.submit(
                    _decode,
                    model_name,
                    settings.get("audio", audio),
                    language,
                    settings.get("task", "transcribe"),
                    settings.get("loop_ratio", LOOP_COMPRESSION_RATIO),
                    {k: v for k, v in settings.items() if k not in ("audio", "task", "loop_ratio")},
                    SIDE_BY_SIDE_ALIGNMENTS,
                )
                for settings in decodes
            ]
            return [future.result() for future in futures]


def _decode(
    model_name: str,
    audio: np.ndarray,
    language: str | None,
    task: str,
    loop_ratio: float,
    overrides: dict[str, Any],
    align_workers: int | None = None,
) -> tuple[list[Word], list[Segment]]:
    settings = {**SONG_SETTINGS, **overrides}
    model = load(model_name)
    decoded, _info = model.transcribe(audio, language=language, task=task, **settings)
    segments: list[Segment] = []

    def kept() -> Iterator[Segment]:
        for s in decoded:
            if s.compression_ratio <= loop_ratio and s.text.strip():
                segments.append(s)
                yield s

    if settings.get("word_timestamps"):
        return [
            Word(
                text=w.word,
                start=float(w.start),
                end=float(w.end),
                probability=float(w.probability),
                segment_start=i == 0,
                segment_end=float(s.end),
                decoding=decoding_of(s),
            )
            for s in kept()
            for i, w in enumerate(s.words or [])
        ], segments
    # Each window of segments is aligned as soon as it is decoded, while the decoding goes on.
    spans = (Span(s.text, float(s.start), float(s.end)) for s in kept())
    timed = align_spans(model, audio, spans, language or "en", lead(model_name), align_workers)
    words = []
    for segment, seg_words in zip(segments, timed, strict=True):
        for i, w in enumerate(seg_words):
            w.segment_start = i == 0
            w.segment_end = float(segment.end)
            w.decoding = decoding_of(segment)
            words.append(w)
    return words, segments


def decoding_of(segment: Segment) -> Decoding:
    return Decoding(float(segment.avg_logprob), float(segment.no_speech_prob), float(segment.compression_ratio))


# Whatever the prompt, a window never writes more than this: the prompt (at most 223 tokens) and
# the start sequence must fit Whisper's 448 positions with it.
MAX_LISTENING_TOKENS = 200


def listening_budget(model: WhisperModel, language: str, prompt: str) -> int:
    """Tokens one window may write when the lyrics sung there are known: twice theirs (room for
    timestamps and misheard words). On a held "ooh" Whisper otherwise loops to its limit, 224 tokens
    a window at beam 5: Fantasma's 87 s outro took 11 s to give nothing but loops."""
    return min(MAX_LISTENING_TOKENS, 2 * len(text_tokens(tokenizer_for(model, language), prompt)) + 16)


def listen(
    model_name: str, audio: np.ndarray, language: str, stretches: list[tuple[float, float, str]], **overrides: Any
) -> list[Word]:
    """Words heard in each (start, end, prompt) stretch of the audio when the recogniser is told what
    is sung there (the lyrics as its prompt) and listens to all of it (no voice-activity filter): a
    second pass over the stretches the first pass did not hear. The stretches are decoded side by
    side (run_together), the longest first; the words come in the stretches' order."""
    model = load(model_name)
    order = sorted(range(len(stretches)), key=lambda k: stretches[k][0] - stretches[k][1])
    decodes = [
        {
            "audio": audio[int(stretches[k][0] * SAMPLE_RATE) : int(stretches[k][1] * SAMPLE_RATE)],
            "vad_filter": False,
            "initial_prompt": stretches[k][2],
            "max_new_tokens": listening_budget(model, language, stretches[k][2]),
            **overrides,
        }
        for k in order
    ]
    heard = dict(zip(order, run_together(model_name, audio, language, decodes), strict=True))
    out = []
    for k, (start, _end, _prompt) in enumerate(stretches):
        for w in heard[k][0]:
            w.start += start
            w.end += start
            out.append(w)
    return out
