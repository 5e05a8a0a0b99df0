"""ROVER-style voting over several transcripts of one song (Fiscus, 1997): the transcripts are
aligned word by word into one sequence of slots, each slot holding every transcript's word there
(or nothing), and each slot keeps the word most transcripts agree on. A tie goes to the transcript
listed first. Used by bench.decoding to score decodes voted together against each alone.
"""

from __future__ import annotations

from collections import Counter

from .metrics import edit_table

#: A slot: each transcript's word at this place, None where that transcript has none.
Slot = list[str | None]


def _align(pivot: list[str], words: list[str]) -> list[tuple[int | None, int | None]]:
    """The cheapest edit path between two word lists, as (pivot index, word index) pairs; None
    on one side is an insertion or a deletion. Substitutions and gaps cost 1, matches 0."""
    n, m = len(pivot), len(words)
    cost = edit_table(pivot, words)
    path: list[tuple[int | None, int | None]] = []
    i, j = n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and cost[i][j] == cost[i - 1][j - 1] + (0 if pivot[i - 1] == words[j - 1] else 1):
            path.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif i > 0 and cost[i][j] == cost[i - 1][j] + 1:
            path.append((i - 1, None))
            i -= 1
        else:
            path.append((None, j - 1))
            j -= 1
    return path[::-1]


def _majority(slot: Slot) -> str | None:
    counts = Counter(slot)
    best = max(counts.values())
    # Ties go to the earliest transcript's choice.
    return next(word for word in slot if counts[word] == best)


def vote(transcripts: list[list[str]]) -> list[str]:
    """The words most of the transcripts agree on, slot by slot."""
    if not transcripts:
        return []
    slots: list[Slot] = [[word] for word in transcripts[0]]
    for k, words in enumerate(transcripts[1:], start=1):
        # Each further transcript is aligned to the network's current best path.
        pivot = [_majority(slot) or "" for slot in slots]
        merged: list[Slot] = []
        for p, w in _align(pivot, words):
            if p is None:
                assert w is not None  # an edit path never pairs two gaps
                merged.append([None] * k + [words[w]])
            else:
                merged.append(slots[p] + [words[w] if w is not None else None])
        slots = merged
    return [word for word in (_majority(slot) for slot in slots) if word is not None]
