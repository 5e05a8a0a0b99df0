from verse_engine.alignment.strays import MAX_GAP_SECONDS, gather_strays
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
