"""A line's first word starts where the recognition pass heard it, not on the voice before it."""

from collections.abc import Callable

import pytest

from verse_engine.alignment.align import Span
from verse_engine.alignment.anchors import anchors
from verse_engine.alignment.openings import EARLY_SECONDS, open_where_heard, opening, realign_slipped_lines
from verse_engine.text.lines import Word


def line(*spans: tuple[str, float, float]) -> list[Word]:
    return [Word(text, start, end, 0.9) for text, start, end in spans]


def test_a_first_word_stretched_over_the_echo_before_it_starts_where_it_was_heard():
    words = line(("but", 59.3, 61.0), ("I", 61.1, 61.3), ("can", 61.3, 61.6))
    open_where_heard([words], [60.6], [(60.6, 66.0, True)])
    assert (words[0].start, words[0].end) == (60.6, 61.0)
    assert words[1].start == 61.1


def test_a_first_word_entirely_on_the_voice_before_moves_up_to_the_next_word():
    words = line(("but", 59.3, 60.2), ("I", 61.1, 61.3))
    open_where_heard([words], [60.6], [(60.6, 66.0, True)])
    assert (words[0].start, words[0].end) == (60.6, 61.1)


def test_an_opening_heard_on_a_later_word_of_the_line_leaves_the_first_word_in_order():
    # "ooh ooh oh": the recognition pass heard an "ooh" where the line's fourth note is sung.
    words = line(("ooh", 113.9, 114.9), ("ooh", 115.5, 116.5), ("oh", 117.1, 118.8), ("ooh", 119.1, 120.1))
    open_where_heard([words], [118.6], [(118.6, 122.3, True)])
    assert (words[0].start, words[0].end) == (113.9, 114.9)


def test_a_small_difference_an_unanchored_line_or_an_opening_outside_the_window_is_left_alone():
    close = line(("but", 60.6 - EARLY_SECONDS + 0.05, 61.0))
    unanchored = line(("but", 59.3, 61.0))
    moved_away = line(("but", 59.3, 61.0))
    open_where_heard(
        [close, unanchored, moved_away],
        [60.6, 60.6, 60.6],
        [(60.6, 66.0, True), (60.6, 66.0, False), (70.0, 75.0, True)],
    )
    assert close[0].start == 60.6 - EARLY_SECONDS + 0.05
    assert unanchored[0].start == 59.3
    assert moved_away[0].start == 59.3


def test_openings_are_where_each_line_s_first_word_was_heard_as_itself():
    heard = line(("me", 9.0, 9.3), ("tonight", 9.3, 9.9), ("never", 11.0, 11.4), ("let", 11.4, 11.6))
    lines = ["hold on to me tonight", "never let me go", "la la"]
    assert [opening(h) for h in anchors(lines, heard, 20.0)[1]] == [None, 11.0, None]


def _slipped_line() -> list[Word]:
    """'des larmes et la haine' laid over the next line's opening, two seconds after it was sung."""
    return line(("des", 133.6, 133.8), ("larmes", 133.8, 134.0), ("et", 134.0, 134.2), ("la", 134.2, 134.3))


HEARD = [(0, 131.7), (1, 131.9), (2, 132.1)]


def _aligner(found_from: float) -> tuple[list[float], Callable[[Span], list[Word]]]:
    """An alignment that finds the line where it was sung only from windows opening at
    `found_from` or later, and lays it over the next line before that; and the window starts it
    was asked for."""
    asked: list[float] = []

    def align_alone(span: Span) -> list[Word]:
        asked.append(span.start)
        at = 131.8 if span.start >= found_from else 133.6
        return line(
            ("des", at, at + 0.2),
            ("larmes", at + 0.2, at + 0.4),
            ("et", at + 0.4, at + 0.6),
            ("la", at + 0.6, at + 0.7),
        )

    return asked, align_alone


def test_a_line_aligned_seconds_after_its_heard_words_is_aligned_again_from_its_opening():
    words = _slipped_line()
    texts = [words]
    asked, align_alone = _aligner(found_from=131.7 + 0.1)
    realign_slipped_lines([Span("des larmes et la", 131.7, 134.3)], texts, [HEARD], [(131.7, 134.3, True)], align_alone)
    assert [round(w.start, 2) for w in texts[0]] == [131.8, 132.0, 132.2, 132.4]
    assert min(asked) < 131.7 < max(asked)


def test_a_line_no_window_finds_near_its_heard_words_keeps_its_alignment():
    texts = [_slipped_line()]
    _asked, align_alone = _aligner(found_from=140.0)
    realign_slipped_lines([Span("des larmes et la", 131.7, 134.3)], texts, [HEARD], [(131.7, 134.3, True)], align_alone)
    assert texts[0][0].start == 133.6


def test_lines_heard_after_them_far_before_them_or_unanchored_are_not_aligned_again():
    echoed = line(("des", 129.6, 129.8), ("larmes", 129.8, 130.0), ("et", 130.0, 130.2), ("la", 130.2, 130.3))
    after_a_break = line(("des", 147.6, 147.8), ("larmes", 147.8, 148.0), ("et", 148.0, 148.2), ("la", 148.2, 148.3))
    unanchored = _slipped_line()
    texts = [echoed, after_a_break, unanchored]
    asked, align_alone = _aligner(found_from=0.0)
    span = Span("des larmes et la", 131.7, 150.0)
    realign_slipped_lines(
        [span] * 3, texts, [HEARD] * 3, [(131.7, 150.0, True), (131.7, 150.0, True), (131.7, 150.0, False)], align_alone
    )
    assert asked == []
    assert [t[0].start for t in texts] == [129.6, 147.6, 133.6]


def test_a_line_timed_by_other_words_than_its_spaced_ones_is_not_set_against_its_heard_places():
    """A Japanese line is timed by its own words: place 1 of "君の 名前は" is 名前は, the third
    timed word here, not the second."""
    texts = [line(("君", 133.6, 133.8), ("の", 133.8, 134.0), ("名前は", 134.0, 134.3))]
    realign_slipped_lines(
        [Span("君の 名前は", 131.7, 134.3)],
        texts,
        [[(0, 131.7), (1, 132.1)]],
        [(131.7, 134.3, True)],
        lambda s: pytest.fail("aligned again"),
    )
    assert texts[0][0].start == 133.6
