import pytest

from verse_engine.alignment.align import Span
from verse_engine.alignment.strays import MAX_GAP_SECONDS, gather_strays, realign_crushed
from verse_engine.text.lines import Word


def line(*starts: float) -> list[Word]:
    return [Word(f" w{k}", s, s + 0.4, 0.9) for k, s in enumerate(starts)]


def test_words_pinned_far_before_their_line_are_put_back_beside_it_unsure():
    """The line's first two words timed at another pass of the same words 9 s earlier: they are
    moved to just before the body, with no confidence, and the line is reported as moved."""
    stray = line(30.4, 30.9, 39.1, 39.6, 40.0)
    steady = line(50.0, 50.5, 51.0)
    moved = gather_strays(["a b c d e", "f g h"], [stray, steady])
    assert moved == [True, False]
    assert [w.start for w in steady] == [50.0, 50.5, 51.0]
    assert stray[1].end == 39.1 and stray[0].end == stray[1].start
    assert 38.0 < stray[0].start < stray[1].start < 39.1
    assert [w.probability for w in stray] == [0.0, 0.0, 0.9, 0.9, 0.9]


def test_words_left_behind_after_their_line_follow_it():
    tail = line(10.0, 10.4, 10.8, 10.0 + MAX_GAP_SECONDS + 3)
    assert gather_strays(["a b c d"], [tail]) == [True]
    assert tail[3].start == tail[2].end and tail[3].probability == 0.0


def test_held_vowels_sung_seconds_apart_are_not_strays():
    held = line(96.0, 104.0, 112.0, 120.0)
    assert gather_strays(["ooh ooh ooh ooh"], [held]) == [False]
    assert [w.start for w in held] == [96.0, 104.0, 112.0, 120.0]


def test_a_line_crushed_by_its_neighbours_is_aligned_again_alone_in_its_window():
    """The joint alignment held the line before over this line's time and crushed it at the end
    of its window; alone in its window it is spread out, and that is kept."""
    span = Span("des larmes et la haine", 68.8, 70.5)
    crushed = [
        Word(f" {t}", s, e, 0.7)
        for t, s, e in zip(
            span.text.split(), (70.2, 70.4, 70.9, 70.9, 70.9), (70.4, 70.9, 70.9, 70.9, 70.9), strict=True
        )
    ]
    alone = [
        Word(f" {t}", s, s + 0.2, 0.3) for t, s in zip(span.text.split(), (68.5, 68.7, 68.9, 69.1, 69.3), strict=True)
    ]
    asked: list[Span] = []
    texts = [crushed]
    realign_crushed([span], texts, lambda s: asked.append(s) or alone)
    assert asked == [span]
    assert texts == [alone]


def test_a_line_that_only_left_its_window_is_not_aligned_again_and_a_worse_one_is_not_kept():
    """An unanchored line's window is a guess: the joint alignment found this line after a break,
    15 s past it, and that stands."""
    span = Span("one two three", 10.0, 12.0)
    found = [Word(" one", 25.0, 25.5, 0.9), Word(" two", 25.5, 26.0, 0.9), Word(" three", 26.0, 26.8, 0.9)]
    texts = [found]
    realign_crushed([span], texts, lambda s: pytest.fail("aligned again"))
    assert texts == [found]
    squashed = [Word(" one", 11.0, 11.0, 0.9), Word(" two", 11.0, 11.0, 0.9), Word(" three", 11.0, 11.8, 0.9)]
    as_crushed = [Word(" one", 10.0, 10.0, 0.1), Word(" two", 10.0, 10.0, 0.1), Word(" three", 10.0, 10.5, 0.1)]
    texts = [squashed]
    realign_crushed([span], texts, lambda s: as_crushed)
    assert texts == [squashed]
