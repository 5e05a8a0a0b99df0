"""Placing lines nobody heard: lines the recogniser did not pick up anywhere, in a stretch of audio
longer than one Whisper window (an instrumental break with a chorus somewhere in it, an outro).

Forced alignment squeezes text that is not in its window against the window's edge, with low
token probabilities; text that is there is placed with high ones. So the run's lines are aligned
in overlapping 30 s windows across the stretch, and each line takes the placement from the window
where Whisper was surest of it, keeping the lines in order (a small dynamic programme). A line the
search is not sure of anywhere (held vowels Whisper barely hears, vocalise.py) keeps no placement:
it takes its share of the time between the lines found around it (searched_windows).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from faster_whisper import WhisperModel

from verse_engine.alignment.align import WINDOW_SECONDS, align_window, side_by_side
from verse_engine.text.lines import LOW_LINE_CONFIDENCE, Word

STRIDE_SECONDS = 10.0
# A line may start a little before the previous one ends (sung lines overlap at the edges).
OVERLAP_SECONDS = 0.5


@dataclass
class Placement:
    words: list[Word]
    score: float


def line_score(words: list[Word], window_end: float) -> float:
    """How sure Whisper is that the line is in its window: the mean probability of its words after
    the first (a line's first word is unpredictable from the text before it, so it says nothing),
    nil when the line was squeezed against the window's end."""
    if not words or words[0].start >= window_end - 0.1:
        return 0.0
    rest = words[1:] or words
    return sum(w.probability for w in rest) / len(rest)


def window_starts(start: float, end: float) -> list[float]:
    last = max(start, end - WINDOW_SECONDS)
    starts = list(np.arange(start, last, STRIDE_SECONDS)) + [last]
    return [float(s) for s in starts]


def best_in_order(candidates: list[list[Placement]]) -> list[Placement]:
    """One placement per line (candidates[line][window]) maximising the summed score, with each
    line starting no earlier than the previous one ends (less the allowed overlap)."""
    lines = len(candidates)
    if lines == 0:
        return []
    windows = len(candidates[0])
    best = [[p.score for p in candidates[0]]]
    back: list[list[int]] = [[-1] * windows]
    for k in range(1, lines):
        row, links = [], []
        for w in range(windows):
            here = candidates[k][w]
            options = [
                (best[k - 1][v], v)
                for v in range(windows)
                if not here.words
                or not candidates[k - 1][v].words
                or here.words[0].start >= candidates[k - 1][v].words[-1].end - OVERLAP_SECONDS
            ]
            score, link = max(options, default=(float("-inf"), -1))
            row.append(score + here.score)
            links.append(link)
        best.append(row)
        back.append(links)
    chosen = [int(np.argmax(best[-1]))]
    for k in range(lines - 1, 0, -1):
        chosen.append(back[k][chosen[-1]])
    chosen.reverse()
    return [candidates[k][w] for k, w in enumerate(chosen)]


def place_lines(
    model: WhisperModel, audio: np.ndarray, texts: list[str], start: float, end: float, language: str
) -> list[Placement]:
    """Each text's best placement inside [start, end]; the windows are aligned side by side."""
    candidates: list[list[Placement]] = [[] for _ in texts]
    spans = [(s, min(end, s + WINDOW_SECONDS)) for s in window_starts(start, end)]
    with side_by_side(model) as pool:
        aligned = pool.map(lambda span: align_window(model, audio, span[0], span[1], texts, language), spans)
        for (_start, window_end), timed in zip(spans, aligned, strict=True):
            for k, words in enumerate(timed):
                candidates[k].append(Placement(words, line_score(words, window_end)))
    return best_in_order(candidates)


def searched_windows(texts: list[str], placed: list[Placement], start: float, end: float) -> list[tuple[float, float]]:
    """Each line's window from the search over [start, end]. A line found there runs from its first
    word to where the next line starts (the search may have squeezed it, and the final alignment can
    only spread it again if its window leaves room). A line not found (no placement Whisper is surer
    of than LOW_LINE_CONFIDENCE: then where it was put is chance, as for the held vowels of a mix
    Whisper barely hears, vocalise.py) shares by words, with the lines not found beside it, the
    time from the end of the line found before them to the start of the one after."""
    found = [bool(p.words) and p.score >= LOW_LINE_CONFIDENCE for p in placed]
    out: list[tuple[float, float]] = [(start, end)] * len(texts)
    k = 0
    while k < len(texts):
        if found[k]:
            words = placed[k].words
            following = next((placed[m].words[0].start for m in range(k + 1, len(texts)) if found[m]), end)
            out[k] = (
                words[0].start,
                words[-1].end if k + 1 < len(texts) and not found[k + 1] else max(words[-1].end, following),
            )
            k += 1
            continue
        m = k
        while m < len(texts) and not found[m]:
            m += 1
        left = next((placed[n].words[-1].end for n in range(k - 1, -1, -1) if found[n]), start)
        right = max(left, next((placed[n].words[0].start for n in range(m, len(texts)) if found[n]), end))
        counts = [len(texts[n].split()) for n in range(k, m)]
        cursor = left
        for n, count in zip(range(k, m), counts, strict=True):
            share = (right - left) * count / sum(counts)
            out[n] = (cursor, cursor + share)
            cursor += share
        k = m
    return out
