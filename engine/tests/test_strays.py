import pytest

from verse_engine.alignment.align import Span
from verse_engine.alignment.strays import MAX_GAP_SECONDS, gather_strays, realign_crushed, realign_stretched
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
    15 s past it, at the song's pace, and that stands."""
    span = Span("one two three", 10.0, 12.0)
    found = [Word(" one", 25.0, 25.6, 0.9), Word(" two", 25.6, 26.2, 0.9), Word(" three", 26.2, 27.4, 0.9)]
    texts = [found, _words("four five six", (27.4, 28.0, 28.6), (28.0, 28.6, 29.4))]
    realign_crushed([span, Span("four five six", 27.0, 30.0)], texts, lambda s: pytest.fail("aligned again"))
    assert texts[0] == found
    squashed = [Word(" one", 11.0, 11.0, 0.9), Word(" two", 11.0, 11.0, 0.9), Word(" three", 11.0, 11.8, 0.9)]
    as_crushed = [Word(" one", 10.0, 10.0, 0.1), Word(" two", 10.0, 10.0, 0.1), Word(" three", 10.0, 10.5, 0.1)]
    texts = [squashed]
    realign_crushed([span], texts, lambda s: as_crushed)
    assert texts == [squashed]


def _words(text: str, starts: tuple[float, ...], ends: tuple[float, ...]) -> list[Word]:
    return [Word(f" {t}", s, e, 0.5) for t, s, e in zip(text.split(), starts, ends, strict=True)]


SCAT = "ba da da dam da da"
# Its neighbours, sung at 0.25 s a syllable, set the song's pace.
BEFORE = _words(
    "ba da da da da da", (137.0, 137.25, 137.5, 137.75, 138.0, 138.25), (137.25, 137.5, 137.75, 138.0, 138.25, 138.5)
)
AFTER = _words(SCAT, (151.2, 151.45, 151.7, 151.95, 152.2, 152.45), (151.45, 151.7, 151.95, 152.2, 152.45, 152.7))


def test_a_line_stretched_between_nearly_alike_neighbours_is_aligned_again_alone():
    """The joint alignment held two of its syllables four seconds each, over the whole stretch
    between its neighbours; alone in its window it is found where it was sung, and that is kept."""
    span = Span(SCAT, 139.3, 150.9)
    stretched = _words(SCAT, (142.0, 142.3, 146.2, 146.3, 150.6, 150.8), (142.3, 146.2, 146.3, 150.6, 150.8, 151.1))
    alone = _words(SCAT, (145.5, 145.8, 146.0, 146.3, 146.8, 147.0), (145.8, 146.0, 146.3, 146.8, 147.0, 147.2))
    asked: list[Span] = []
    texts = [BEFORE, stretched, AFTER]
    realign_stretched(
        ["ba da da da da da", SCAT, SCAT],
        [Span("", 0, 0), span, Span("", 0, 0)],
        texts,
        lambda s: asked.append(s) or alone,
    )
    assert asked == [span]
    assert texts[1] == alone


def test_a_line_at_the_song_s_pace_held_vowels_and_a_still_stretched_try_are_left_as_they_are():
    held = _words("ooh ooh ooh ooh", (96.0, 104.0, 112.0, 120.0), (104.0, 112.0, 120.0, 128.0))
    stretched = _words(SCAT, (142.0, 142.3, 146.2, 146.3, 150.6, 150.8), (142.3, 146.2, 146.3, 150.6, 150.8, 151.1))
    still = _words(SCAT, (140.0, 140.3, 143.0, 146.0, 148.0, 150.0), (140.3, 143.0, 146.0, 148.0, 150.0, 150.9))
    texts = [BEFORE, held, stretched, AFTER]
    asked: list[Span] = []
    realign_stretched(
        ["ba da da da da da", "ooh ooh ooh ooh", SCAT, SCAT],
        [Span("", 0, 0), Span("", 90, 130), Span(SCAT, 139.3, 150.9), Span("", 0, 0)],
        texts,
        lambda s: asked.append(s) or still,
    )
    assert [s.start for s in asked] == [139.3]
    assert texts[1] is held and texts[2] is stretched


def test_a_line_crushed_against_its_window_end_is_aligned_again_from_its_opening_over_the_next_window():
    """The fast class: an unanchored line's guessed window ended as the line began, its last eight
    words crushed at the end; alone in the same window it crushes again, and from where its first
    word was put to the end of the next line's window it is found."""
    span, following = Span("I been running through the city", 22.95, 26.73), Span("every beat", 26.73, 30.39)
    at_the_end = _words(
        "I been running through the city",
        (26.71, 26.81, 27.19, 27.19, 27.19, 27.19),
        (26.81, 27.19, 27.19, 27.19, 27.19, 27.19),
    )
    again_crushed = _words(
        "I been running through the city",
        (22.71, 22.81, 22.81, 22.81, 22.81, 25.55),
        (22.81, 22.81, 22.81, 22.81, 22.81, 25.9),
    )
    found = _words(
        "I been running through the city",
        (26.64, 26.74, 26.98, 27.2, 27.44, 27.62),
        (26.74, 26.98, 27.2, 27.44, 27.62, 27.82),
    )
    asked: list[Span] = []

    def align_alone(window: Span) -> list[Word]:
        asked.append(window)
        return again_crushed if window == span else found

    texts = [at_the_end, _words("every beat", (29.2, 29.9), (29.9, 30.3))]
    realign_crushed([span, following], texts, align_alone)
    assert asked == [span, Span(span.text, 26.21, 30.39)]
    assert texts[0] == found


def test_a_line_crushed_at_its_window_start_is_not_looked_for_after_it():
    span = Span("one two three", 10.0, 14.0)
    squashed = _words("one two three", (10.0, 10.0, 10.0), (10.0, 10.0, 10.6))
    asked: list[Span] = []
    realign_crushed(
        [span, Span("four", 14.0, 20.0)],
        [squashed, _words("four", (15.0,), (15.5,))],
        lambda s: asked.append(s) or squashed,
    )
    assert asked == [span]


# mes_larmes: "les larmes" ends one line and "des larmes" opens the next, so the pairing gave the
# second line's opening to the first, and the joint alignment held the first over the second's time.
PRESSED = "des larmes et la haine les larmes"
BEFORE_PRESSED = _words(
    "j'veux zapper son prénom les larmes",
    (129.72, 129.96, 130.18, 130.46, 130.88, 131.2),
    (129.96, 130.18, 130.46, 130.88, 131.2, 131.5),
)


def test_a_line_pushed_out_of_its_window_and_pressed_is_aligned_again_alone_in_it():
    """Most of its words start past its window's end, in under its time at the song's pace (two
    crushed): alone in its window it is found there, and that is kept."""
    span = Span(PRESSED, 132.13, 133.86)
    pressed = _words(
        PRESSED,
        (133.64, 133.76, 134.04, 134.38, 134.38, 134.48, 134.48),
        (133.76, 134.04, 134.38, 134.38, 134.48, 134.48, 134.7),
    )
    alone = _words(
        PRESSED,
        (131.9, 132.1, 132.3, 132.45, 132.6, 133.0, 133.45),
        (132.1, 132.3, 132.45, 132.6, 133.0, 133.45, 133.8),
    )
    asked: list[Span] = []
    texts = [BEFORE_PRESSED, pressed]
    realign_crushed([Span(BEFORE_PRESSED[0].text, 130.13, 132.13), span], texts, lambda s: asked.append(s) or alone)
    assert asked == [span]
    assert texts[1] == alone


def test_a_pushed_out_line_at_the_song_s_pace_or_no_less_crushed_alone_is_left():
    span = Span(PRESSED, 132.13, 133.86)
    at_pace = _words(
        PRESSED,
        (134.0, 134.2, 134.6, 134.75, 134.9, 135.3, 135.5),
        (134.2, 134.6, 134.75, 134.9, 135.3, 135.5, 136.0),
    )
    spans = [Span(BEFORE_PRESSED[0].text, 130.13, 132.13), span]
    realign_crushed(spans, [BEFORE_PRESSED, at_pace], lambda s: pytest.fail("aligned again"))
    pressed = _words(
        PRESSED,
        (133.64, 133.76, 134.04, 134.38, 134.38, 134.48, 134.48),
        (133.76, 134.04, 134.38, 134.38, 134.48, 134.48, 134.7),
    )
    still_crushed = _words(PRESSED, (132.0,) * 7, (132.0,) * 6 + (133.0,))
    texts = [BEFORE_PRESSED, pressed]
    realign_crushed(spans, texts, lambda s: still_crushed)
    assert texts[1] == pressed
