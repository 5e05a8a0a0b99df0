"""A line's first word starts where the recognition pass heard it, not on the voice before it."""

from verse_engine.alignment.anchors import anchors
from verse_engine.alignment.openings import EARLY_SECONDS, open_where_heard
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
    assert anchors(lines, heard, 20.0)[1] == [None, 11.0, None]
