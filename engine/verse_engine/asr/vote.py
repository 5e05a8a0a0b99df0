"""ROVER-style voting over several transcripts of one song (Fiscus, 1997): the transcripts are
aligned word by word into one sequence of slots, each slot holding every transcript's word there
(or nothing), and each slot keeps the word most transcripts agree on. Words agree when their keys
are equal (the compared form: case and punctuation aside); the word kept is the first listed
transcript's of those that agree, so its spelling and timing come from the most trusted decode.

A tie (as many transcripts for one word there as for another, or for none) goes, given each
word's confidence, to the most confident word, with "no word" counted as confident at NOTHING_CONFIDENCE: a word is kept
when the model thinks it more likely right than wrong. Without confidences a tie goes to the
transcript listed first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import numpy as np

T = TypeVar("T")

#: How sure "no word here" counts as in a tie: even odds.
NOTHING_CONFIDENCE = 0.5


def edit_table(a: Sequence[Hashable], b: Sequence[Hashable]) -> np.ndarray:
    """The edit distance between every prefix of a and every prefix of b (substitutions, insertions
    and deletions cost 1), for walking back the cheapest path. One row at a time in numpy: a
    15-minute song's decodes run to thousands of words, and a table of Python lists that size costs
    seconds and hundreds of megabytes."""
    ids: dict[Hashable, int] = {}
    a_ids = np.array([ids.setdefault(x, len(ids)) for x in a], dtype=np.int64)
    b_ids = np.array([ids.setdefault(x, len(ids)) for x in b], dtype=np.int64)
    steps = np.arange(len(b) + 1, dtype=np.int32)
    d = np.empty((len(a) + 1, len(b) + 1), dtype=np.int32)
    d[0] = steps
    for i in range(1, len(a) + 1):
        # From above (a deletion) or diagonally (a match or a substitution)...
        row = np.empty(len(b) + 1, dtype=np.int32)
        row[0] = i
        row[1:] = np.minimum(d[i - 1, 1:] + 1, d[i - 1, :-1] + (b_ids != a_ids[i - 1]))
        # ...then from the left (insertions): d[i][j] = min over k <= j of row[k] + (j - k).
        d[i] = np.minimum.accumulate(row - steps) + steps
    return d


def _align(pivot: list[str], keys: list[str]) -> list[tuple[int | None, int | None]]:
    """The cheapest edit path between two key lists, as (pivot index, key index) pairs; None on one
    side is an insertion or a deletion. Substitutions and gaps cost 1, matches 0."""
    cost = edit_table(pivot, keys)
    path: list[tuple[int | None, int | None]] = []
    i, j = len(pivot), len(keys)
    while i > 0 or j > 0:
        if i > 0 and j > 0 and cost[i][j] == cost[i - 1][j - 1] + (0 if pivot[i - 1] == keys[j - 1] else 1):
            path.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif i > 0 and cost[i][j] == cost[i - 1][j] + 1:
            path.append((i - 1, None))
            i -= 1
        else:
            path.append((None, j - 1))
            j -= 1
    return path[::-1]


def _tied(keys: list[str | None]) -> list[str | None]:
    """The keys most of the slot's transcripts hold (None: no word here), in transcript order."""
    counts = Counter(keys)
    best = max(counts.values())
    return [k for k in dict.fromkeys(keys) if counts[k] == best]


def _winner(keys: list[str | None]) -> str | None:
    """The key most of the slot's transcripts hold; a tie goes to the earliest transcript's."""
    return _tied(keys)[0]


def _chosen(slot: list[T | None], key: Callable[[T], str], confidence: Callable[[T], float] | None) -> T | None:
    """The slot's word most transcripts agree on (None: no word); a tie as the module says."""
    tied = _tied([key(w) if w is not None else None for w in slot])
    if len(tied) == 1 or confidence is None:
        winner = tied[0]
    else:

        def sureness(k: str | None) -> float:
            if k is None:
                return NOTHING_CONFIDENCE
            return max(confidence(w) for w in slot if w is not None and key(w) == k)

        # max keeps the first of equals: the earliest transcript's.
        winner = max(tied, key=sureness)
    if winner is None:
        return None
    return next(w for w in slot if w is not None and key(w) == winner)


def vote(
    transcripts: list[list[T]], key: Callable[[T], str], confidence: Callable[[T], float] | None = None
) -> list[T]:
    """The words most of the transcripts agree on, slot by slot; `confidence` (0 to 1) settles
    ties. Words whose key is empty (no letters) take no part: nothing can agree with them."""
    words = [[w for w in transcript if key(w)] for transcript in transcripts]
    if not words:
        return []
    slots: list[list[T | None]] = [[w] for w in words[0]]
    for k, transcript in enumerate(words[1:], start=1):
        # Each further transcript is aligned to the network's current best path.
        pivot = [_winner([key(w) if w is not None else None for w in slot]) or "" for slot in slots]
        merged: list[list[T | None]] = []
        for p, j in _align(pivot, [key(w) for w in transcript]):
            if p is None:
                assert j is not None  # an edit path never pairs two gaps
                merged.append([None] * k + [transcript[j]])
            else:
                merged.append(slots[p] + [transcript[j] if j is not None else None])
        slots = merged
    return [w for w in (_chosen(slot, key, confidence) for slot in slots) if w is not None]
