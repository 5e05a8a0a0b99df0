"""Timing known lyrics against a song (the alignment stage): every line's and word's start and end,
with a confidence per line.

1. Anchors: a recognition pass gives words with times; the lyrics' words are matched to them in
   order (difflib), so each line gets an approximate window. Lines the singer skipped, or that the
   recogniser missed, get a window interpolated between their neighbours. Long instrumental gaps
   and repeated choruses are handled by the ordered matching: a chorus's second pass matches the
   second pass heard.
2. Refinement: Whisper forced alignment (CTranslate2 `align`) of each window's lines.
3. Flags: lines without anchors, with low confidence, or with implausible timing.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from statistics import median

import numpy as np

from . import whisper
from .align import Span, align_spans
from .lines import Word
from .second_opinion import normalise

# 2: languages Whisper cannot hear are aligned by TTS + DTW (tts_align.py); older timings are redone.
ALIGNER_VERSION = "verse-align-2"
METHOD = "whisper-forced-alignment"
LOW_CONFIDENCE = 0.25
SECONDS_PER_WORD = (0.08, 4.0)


@dataclass
class LineTiming:
    start: float
    end: float
    words: list[Word]
    confidence: float
    flagged: bool
    anchored: bool


MATCH, MISMATCH, GAP = 2.0, -1.0, -1.0
SIMILAR = 0.75


def similarity(a: str, b: str) -> float:
    if a == b:
        return 1.0
    return SequenceMatcher(None, a, b).ratio() if a and b else 0.0


def global_alignment(ref: list[str], hyp: list[str]) -> list[tuple[int, int]]:
    """Pairs (i, j) of a Needleman-Wunsch alignment of two word sequences: unlike longest-block
    matching, it keeps the whole order, so a repeated verse pairs with its own repetition."""
    n, m = len(ref), len(hyp)
    pair_score = [[0.0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            sim = similarity(ref[i], hyp[j])
            pair_score[i][j] = MATCH * sim if sim >= SIMILAR else MISMATCH
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        score[i][0] = i * GAP
    for j in range(1, m + 1):
        score[0][j] = j * GAP
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            score[i][j] = max(
                score[i - 1][j - 1] + pair_score[i - 1][j - 1], score[i - 1][j] + GAP, score[i][j - 1] + GAP
            )
    pairs = []
    i, j = n, m
    while i > 0 and j > 0:
        if score[i][j] == score[i - 1][j - 1] + pair_score[i - 1][j - 1]:
            if pair_score[i - 1][j - 1] > 0:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif score[i][j] == score[i - 1][j] + GAP:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def _window(times: list[tuple[float, float]], words: int) -> tuple[float, float]:
    """A line's window from its matched words; when the span is implausibly long for the line, a
    stray far-off match is dropped by keeping the matches near their median."""
    start, end = min(s for s, _ in times), max(e for _, e in times)
    plausible = SECONDS_PER_WORD[1] * words + 2.0
    if end - start <= plausible:
        return start, end
    centre = median(s for s, _ in times)
    near = [(s, e) for s, e in times if abs(s - centre) <= plausible / 2]
    return min(s for s, _ in near), max(e for _, e in near)


def _anchor_windows(lines: list[str], heard: list[Word], duration: float) -> list[tuple[float, float, bool]]:
    """An approximate (start, end, anchored) per line from the recognised words."""
    lyric_words = [(i, normalise(w)) for i, line in enumerate(lines) for w in line.split()]
    pairs = global_alignment([w for _, w in lyric_words], [normalise(w.text) for w in heard])
    times: dict[int, list[tuple[float, float]]] = {}
    for a, b in pairs:
        times.setdefault(lyric_words[a][0], []).append((heard[b].start, heard[b].end))
    approx: list[tuple[float, float, bool] | None] = [
        (*_window(times[i], len(lines[i].split())), True) if i in times else None for i in range(len(lines))
    ]
    # Interpolate unanchored lines between the anchored ones around them, by text length.
    out: list[tuple[float, float, bool]] = []
    i = 0
    while i < len(approx):
        if approx[i] is not None:
            out.append(approx[i])  # type: ignore[arg-type]
            i += 1
            continue
        j = i
        while j < len(approx) and approx[j] is None:
            j += 1
        left = out[-1][1] if out else 0.0
        right = approx[j][0] if j < len(approx) else duration  # type: ignore[index]
        lengths = [max(1, len(lines[k])) for k in range(i, j)]
        total = sum(lengths)
        cursor = left
        for length in lengths:
            span = (right - left) * length / total
            out.append((cursor, cursor + span, False))
            cursor += span
        i = j
    return out


def align_lyrics(audio: np.ndarray, lines: list[str], language: str, model_name: str | None = None) -> list[LineTiming]:
    model_name = model_name or whisper.default_model()
    duration = len(audio) / 16000
    heard, _segments = whisper.run(model_name, audio, language)
    windows = _anchor_windows(lines, heard, duration)
    spans = [Span(text, start, max(end, start + 0.3)) for text, (start, end, _) in zip(lines, windows, strict=True)]
    with whisper.lock():
        timed = align_spans(whisper.load(model_name), audio, spans, language)
    out = []
    for text, words, (start, end, anchored) in zip(lines, timed, windows, strict=True):
        if not words:
            out.append(LineTiming(start, end, [], 0.0, True, anchored))
            continue
        confidence = sum(w.probability for w in words) / len(words)
        per_word = (words[-1].end - words[0].start) / max(1, len(text.split()))
        plausible = SECONDS_PER_WORD[0] <= per_word <= SECONDS_PER_WORD[1]
        flagged = not anchored or confidence < LOW_CONFIDENCE or not plausible
        out.append(LineTiming(words[0].start, words[-1].end, words, confidence, flagged, anchored))
    return out
