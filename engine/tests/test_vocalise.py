import pytest

from verse_engine.alignment.vocalise import GAP_SECONDS, is_held_vowel_line, spread_held_vowel_lines
from verse_engine.text.lines import Word


@pytest.mark.parametrize(
    "text",
    ["ooh ooh ooh ooh", "ah ah ah ah ah ah", "Ooh, ooh! oh", "Aah", "ohh uh eh", "mmm hmm", "आ आ ओ"],
)
def test_held_vowel_lines_are_recognised(text):
    assert is_held_vowel_line(text)


@pytest.mark.parametrize(
    "text",
    # Scat, syllables sung to a rhythm; words that are vowels in our languages ("a", "o", "e",
    # "ou", "ai", "oui"); a line with one real word; nothing at all.
    ["ba da da dam", "la la la", "a o e", "ou ai", "oui oui", "yeah yeah", "oh my love", "", "!!"],
)
def test_other_lines_are_not(text):
    assert not is_held_vowel_line(text)


def _line(start: float, texts: list[str], step: float) -> list[Word]:
    return [Word(f" {t}", start + k * step, start + (k + 1) * step, 0.5) for k, t in enumerate(texts)]


def test_a_squeezed_held_vowel_line_is_spread_until_just_before_the_next_line():
    # Fantasma's outro, as the alignment left it: four "ooh"s over 12 s, the next line 33 s on.
    lines = ["ooh ooh ooh ooh", "la tristeza es muy extraña"]
    timed = [_line(98.0, ["ooh"] * 4, 3.0), _line(131.0, lines[1].split(), 0.5)]
    spread_held_vowel_lines(lines, timed)
    share = (131.0 - GAP_SECONDS - 98.0) / 4
    assert [round(w.start, 3) for w in timed[0]] == [round(98.0 + k * share, 3) for k in range(4)]
    assert timed[0][-1].end == pytest.approx(131.0 - GAP_SECONDS)
    # The next line is left as it was.
    assert timed[1][0].start == 131.0


def test_a_held_vowel_line_that_fills_its_stretch_keeps_its_times():
    lines = ["ah ah ah", "soy el sombrero"]
    timed = [_line(43.0, ["ah"] * 3, 2.0), _line(49.8, lines[1].split(), 0.5)]
    before = [(w.start, w.end) for w in timed[0]]
    spread_held_vowel_lines(lines, timed)
    assert [(w.start, w.end) for w in timed[0]] == before


def test_scat_and_the_songs_last_line_keep_their_times():
    lines = ["ba da da dam", "ooh ooh"]
    timed = [_line(150.0, ["ba", "da", "da", "dam"], 0.4), _line(170.0, ["ooh", "ooh"], 1.0)]
    before = [[(w.start, w.end) for w in words] for words in timed]
    spread_held_vowel_lines(lines, timed)
    assert [[(w.start, w.end) for w in words] for words in timed] == before


def test_a_held_vowel_line_before_an_untimed_line_keeps_its_times():
    # The untimed line may be sung anywhere in the stretch: spreading over it would cover it.
    lines = ["ooh ooh", "never heard", "la la"]
    timed = [_line(10.0, ["ooh", "ooh"], 1.0), [], _line(30.0, ["la", "la"], 0.5)]
    spread_held_vowel_lines(lines, timed)
    assert [(w.start, w.end) for w in timed[0]] == [(10.0, 11.0), (11.0, 12.0)]
