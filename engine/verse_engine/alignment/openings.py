"""A line opens where its first word was heard, not on the voice before it.

Forced alignment times a window of several lines at once, and every stretch of voice in it goes to
some written word: a backing vocal answering the previous line, or a held note ending it, is taken
by the next line's first word, which then starts a second early. The recognition pass heard that
first word as itself, where the lead sang it. Where the aligned start lies more than
EARLY_SECONDS before that, the word starts where it was heard.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from verse_engine.alignment.align import Span
from verse_engine.alignment.anchors import SECONDS_PER_WORD
from verse_engine.text.lines import Word

# Beyond the recognition pass's own timing error: a word it heard is seldom more than this late.
EARLY_SECONDS = 0.5
# A word more than a second off is derailed (the benchmark's measure): a line this late against
# where its words were heard is no timing error of the recognition pass.
LATE_SECONDS = 1.0
# Heard further away than a line's words can be apart (the anchors' bound), the words are no slip
# inside a passage: after a break the joint alignment is what finds a line, and the recognition
# pass may have heard its words in the break (strays.realign_crushed says the same of windows).
MOST_LATE_SECONDS = SECONDS_PER_WORD[1]
# Where a slipped line's window starts, against its opening. Whisper's path through a short window
# of nearly alike lines turns on a few frames at its edge: the same line, windowed 50 ms apart,
# lands on its own voice or on the next line's. Of the tries, the one nearest the heard words is
# kept.
RETRY_OFFSETS_SECONDS = (-0.1, 0.0, 0.05, 0.1, 0.2, 0.3)


def opening(heard: list[tuple[int, float]]) -> float | None:
    """Where the recognition pass heard a line's first word as that word; None where it did not.
    `heard`: the line's heard words, (place in the line, start), as anchors() gives them."""
    return next((start for place, start in heard if place == 0), None)


def lateness(words: list[Word], heard: list[tuple[int, float]]) -> float:
    """How much later the line's words start than where they were heard (the median, seconds)."""
    return statistics.median(words[place].start - start for place, start in heard if place < len(words))


def open_where_heard(
    texts: list[list[Word]], openings: list[float | None], windows: list[tuple[float, float, bool]]
) -> None:
    """Moves each line's first word to where it was heard, when aligned EARLY_SECONDS before that.
    Only an opening inside the line's final, anchored window counts (the window search may have
    moved the line elsewhere), and only one before the line's second word: a line whose words are
    alike ("ooh ooh oh ooh") can be heard "opening" on a later word of its own."""
    for words, opening, (start, end, anchored) in zip(texts, openings, windows, strict=True):
        if not words or opening is None or not anchored or not start <= opening <= end:
            continue
        first = words[0]
        after = words[1].start if len(words) > 1 else None
        if first.start >= opening - EARLY_SECONDS or (after is not None and after <= opening):
            continue
        if first.end <= opening:
            # The whole word lay on the voice before: it ends where the next word starts, or lasts
            # as long as it did.
            first.end = after if after is not None else opening + (first.end - first.start)
        first.start = opening


def realign_slipped_lines(
    spans: list[Span],
    texts: list[list[Word]],
    heard: list[list[tuple[int, float]]],
    windows: list[tuple[float, float, bool]],
    align_alone: Callable[[Span], list[Word]],
) -> None:
    """Aligns again alone each anchored line whose words start between LATE_SECONDS and
    MOST_LATE_SECONDS after they were heard, from windows opening around its first word's
    (RETRY_OFFSETS_SECONDS) to its window's end. The try whose words lie nearest the heard ones is
    kept if they are within EARLY_SECONDS of them. Words it crushes are given their time back after
    (align.return_squeezed_words), as in any line; the heard words, not the crushing, say where the
    line is."""
    for i, (span, words, line_heard, (_start, end, anchored)) in enumerate(
        zip(spans, texts, heard, windows, strict=True)
    ):
        first = opening(line_heard)
        # The heard places count the line's spaced words; a line timed by other words (Japanese,
        # Chinese and Thai are timed by their own segments) cannot be set against them.
        if not words or first is None or not anchored or len(words) != len(span.text.split()):
            continue
        if not LATE_SECONDS < lateness(words, line_heard) <= MOST_LATE_SECONDS:
            continue
        tries = [
            again
            for offset in RETRY_OFFSETS_SECONDS
            if first + offset < end
            for again in [align_alone(Span(span.text, first + offset, end))]
            if len(again) == len(words)
        ]
        best = min(tries, key=lambda again: abs(lateness(again, line_heard)), default=None)
        if best is not None and abs(lateness(best, line_heard)) <= EARLY_SECONDS:
            texts[i] = best
