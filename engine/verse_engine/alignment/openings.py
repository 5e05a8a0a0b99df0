"""A line opens where its first word was heard, not on the voice before it.

Forced alignment times a window of several lines at once, and every stretch of voice in it goes to
some written word: a backing vocal answering the previous line, or a held note ending it, is taken
by the next line's first word, which then starts a second early. The recognition pass heard that
first word as itself, where the lead sang it. Where the aligned start lies more than
EARLY_SECONDS before that, the word starts where it was heard.
"""

from __future__ import annotations

from verse_engine.text.lines import Word

# Beyond the recognition pass's own timing error: a word it heard is seldom more than this late.
EARLY_SECONDS = 0.5


def open_where_heard(
    texts: list[list[Word]], openings: list[float | None], windows: list[tuple[float, float, bool]]
) -> None:
    """Moves each line's first word to where it was heard, when aligned EARLY_SECONDS before that.
    Only an opening inside the line's final, anchored window counts (the window search may have
    moved the line elsewhere)."""
    for words, opening, (start, end, anchored) in zip(texts, openings, windows, strict=True):
        if not words or opening is None or not anchored or not start <= opening <= end:
            continue
        first = words[0]
        if first.start >= opening - EARLY_SECONDS:
            continue
        if first.end <= opening:
            # The whole word lay on the voice before: it ends where the next word starts, or lasts
            # as long as it did.
            after = words[1].start if len(words) > 1 else None
            first.end = after if after is not None and after > opening else opening + (first.end - first.start)
        first.start = opening
