"""Anchors: where the recogniser heard the lyrics. The lyrics' words are paired in order with the
words a recognition pass heard (a global alignment), and each line with enough paired words gets
an approximate window; the others get a share of the stretch between their anchored neighbours."""

from __future__ import annotations

from difflib import SequenceMatcher

from verse_engine.text.characters import normalise
from verse_engine.text.lines import Word

SECONDS_PER_WORD = (0.08, 4.0)
MATCH, MISMATCH, GAP = 2.0, -1.0, -1.0
SIMILAR = 0.75
MIN_HEARD_SECONDS = 0.02
# Small against a match (2.0): it only decides between otherwise equal alignments.
PLACE_WEIGHT = 0.1


def similarity(a: str, b: str) -> float:
    if a == b:
        return 1.0
    return SequenceMatcher(None, a, b).ratio() if a and b else 0.0


def global_alignment(
    ref: list[str], hyp: list[str], positions: tuple[list[float], list[float]] | None = None
) -> list[tuple[int, int]]:
    """Pairs (i, j) of a Needleman-Wunsch alignment of two word sequences: unlike longest-block
    matching, it keeps the whole order, so a repeated verse pairs with its own repetition.

    `positions` (each word's place in its sequence, 0 to 1) breaks the ties a chorus creates when
    only some of its passes were heard: the heard pass pairs with the copy nearest its place, not
    always with the last one."""
    n, m = len(ref), len(hyp)
    pair_score = [[0.0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            sim = similarity(ref[i], hyp[j])
            pair_score[i][j] = MATCH * sim if sim >= SIMILAR else MISMATCH
            if positions and sim >= SIMILAR:
                pair_score[i][j] -= PLACE_WEIGHT * abs(positions[0][i] - positions[1][j])
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


def _window(times: list[tuple[float, float]], words: int) -> tuple[float, float] | None:
    """A line's window from its matched words, or None when they do not hold together. Words of one
    line follow each other within SECONDS_PER_WORD[1]; matches further apart than that are parts
    heard in different places (a recognition pass that heard a phrase in the intro's noise and the
    rest where it was sung). The largest run that holds together anchors the line, if it still has
    at least half the line's words."""
    ordered = sorted(times)
    runs: list[list[tuple[float, float]]] = [[ordered[0]]]
    for previous, current in zip(ordered, ordered[1:], strict=False):
        if current[0] - previous[0] > SECONDS_PER_WORD[1]:
            runs.append([])
        runs[-1].append(current)
    run = max(runs, key=len)
    if len(run) * 2 < words:
        return None
    return run[0][0], max(e for _, e in run)


def _places(lyric_words: int, heard: list[Word], duration: float) -> tuple[list[float], list[float]]:
    """Where each lyric word and each heard word sits, 0 to 1: lyric words evenly over their count,
    heard words over the song's duration (not over the heard stretch: when the end of a song goes
    unheard, the last heard chorus is not the last one sung)."""
    return (
        [i / max(1, lyric_words - 1) for i in range(lyric_words)],
        [w.start / max(duration, 1e-6) for w in heard],
    )


def _heard_lyrics(lines: list[str], heard: list[Word], duration: float) -> dict[int, list[tuple[int, float, float]]]:
    """Per line, its words the recognition pass heard: (the word's place in the line, start, end)."""
    # Words squeezed to no length are where a segment's alignment failed, not where they were sung.
    heard = [w for w in heard if w.end - w.start >= MIN_HEARD_SECONDS]
    lyric_words = [(i, k, normalise(w)) for i, line in enumerate(lines) for k, w in enumerate(line.split())]
    pairs = global_alignment(
        [w for _, _, w in lyric_words], [normalise(w.text) for w in heard], _places(len(lyric_words), heard, duration)
    )
    found: dict[int, list[tuple[int, float, float]]] = {}
    for a, b in pairs:
        line, place, _ = lyric_words[a]
        found.setdefault(line, []).append((place, heard[b].start, heard[b].end))
    return found


def anchor_windows(lines: list[str], heard: list[Word], duration: float) -> list[tuple[float, float, bool]]:
    """An approximate (start, end, anchored) per line from the recognised words."""
    return anchors(lines, heard, duration)[0]


def anchors(
    lines: list[str], heard: list[Word], duration: float
) -> tuple[list[tuple[float, float, bool]], list[float | None]]:
    """Each line's approximate (start, end, anchored) window, and where the recognition pass heard
    its first word as that word (None where it did not), from one pairing of lyrics and heard words."""
    found = _heard_lyrics(lines, heard, duration)
    openings = [next((start for place, start, _ in found.get(i, []) if place == 0), None) for i in range(len(lines))]
    return _windows(lines, found, duration), openings


def _windows(
    lines: list[str], found: dict[int, list[tuple[int, float, float]]], duration: float
) -> list[tuple[float, float, bool]]:
    times = {line: [(start, end) for _, start, end in words] for line, words in found.items()}
    approx: list[tuple[float, float, bool] | None] = []
    last_start = 0.0
    for i, line in enumerate(lines):
        matched = times.get(i, [])
        # A line is anchored by at least half its words, in order after the previous anchor: one
        # stray word, or a chorus line paired with another pass of the chorus, must not pin it.
        if len(matched) * 2 < len(line.split()):
            approx.append(None)
            continue
        window = _window(matched, len(line.split()))
        if window is None or window[0] < last_start:
            approx.append(None)
            continue
        approx.append((*window, True))
        last_start = window[0]
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


# Stretches shorter than this are left to forced alignment in their neighbours' window.
RELISTEN_MIN_SECONDS = 10.0


def unheard_regions(windows: list[tuple[float, float, bool]], duration: float) -> list[tuple[int, int, float, float]]:
    """Runs of unanchored lines (i, j) and the stretch of audio between their anchored neighbours."""
    out = []
    i = 0
    while i < len(windows):
        if windows[i][2]:
            i += 1
            continue
        j = i
        while j < len(windows) and not windows[j][2]:
            j += 1
        start = windows[i - 1][1] if i > 0 else 0.0
        end = windows[j][0] if j < len(windows) else duration
        if end - start >= RELISTEN_MIN_SECONDS:
            out.append((i, j, start, end))
        i = j
    return out
