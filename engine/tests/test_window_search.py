import numpy as np

from verse_engine.alignment.window_search import (
    Placement,
    best_in_order,
    line_score,
    place_lines,
    searched_windows,
    window_starts,
)
from verse_engine.text.lines import Word

from .conftest import requires_base


def placed(start: float, end: float, score: float) -> Placement:
    return Placement([Word(" a", start, (start + end) / 2, 0.0), Word(" b", (start + end) / 2, end, 0.0)], score)


def test_line_score_ignores_the_first_word_and_is_nil_when_squeezed_against_the_end():
    words = [Word(" la", 10.0, 10.2, 0.0), Word(" tristeza", 10.2, 10.8, 0.9), Word(" es", 10.8, 11.0, 0.7)]
    assert line_score(words, 40.0) == 0.8
    assert line_score([Word(" la", 39.95, 40.0, 0.9)], 40.0) == 0.0
    assert line_score([], 40.0) == 0.0


def test_windows_overlap_and_the_last_one_reaches_the_end():
    assert window_starts(10.0, 70.0) == [10.0, 20.0, 30.0, 40.0]
    assert window_starts(0.0, 25.0) == [0.0]


def test_each_line_takes_its_surest_window_in_order():
    candidates = [
        [placed(12, 14, 0.2), placed(31, 33, 0.9), placed(50, 52, 0.1)],
        [placed(14, 16, 0.8), placed(35, 37, 0.7), placed(55, 57, 0.3)],
    ]
    # Line 2's best (14 s) would come before line 1's best (31 s): order wins, 0.9 + 0.7.
    chosen = best_in_order(candidates)
    assert [p.words[0].start for p in chosen] == [31, 35]


@requires_base
def test_a_phrase_inside_a_long_instrumental_stretch_is_found(clips):
    from verse_engine.asr import whisper
    from verse_engine.audio.decode import load

    speech = load(clips / "en.wav")
    rng = np.random.default_rng(7)
    # 60 s of quiet noise with the spoken phrase at 38 s: longer than one Whisper window.
    stretch = (0.003 * rng.standard_normal(60 * 16000)).astype(np.float32)
    at = 38 * 16000
    stretch[at : at + len(speech)] += speech
    texts = ["The river runs over the stones", "and the morning light is golden"]
    first, second = place_lines(whisper.load("base"), stretch, texts, 0.0, 60.0, "en")
    assert abs(first.words[0].start - 38.0) < 1.0
    assert first.words[-1].end <= second.words[0].start + 0.5
    assert second.words[-1].end < 38.0 + len(speech) / 16000 + 1.0


def test_a_line_the_search_is_not_sure_of_takes_the_time_between_the_lines_found_around_it():
    """Whisper barely hears the held class's synthetic vowels: every window scores "ooh ooh ooh ooh"
    0.12 to 0.22, mostly at its opening, so where the search put it is chance (10 s after its first note in
    one rendering). Unsure lines share the time between the lines found around them."""
    texts = ["every road I travel", "ooh ooh ooh ooh", "hold on to me", "never let me go"]
    found = [placed(20.0, 24.0, 0.8), placed(34.8, 47.0, 0.16), placed(47.5, 51.0, 0.6), Placement([], 0.0)]
    windows = searched_windows(texts, found, 18.0, 80.0)
    assert windows == [(20.0, 24.0), (24.0, 47.5), (47.5, 51.0), (51.0, 80.0)]


def test_a_line_found_runs_on_to_the_next_and_lines_not_found_share_by_words():
    texts = ["one two", "ooh ooh", "ah ah ah ah", "three four"]
    found = [placed(10.0, 12.0, 0.8), Placement([], 0.0), placed(13.0, 14.0, 0.1), placed(30.0, 32.0, 0.6)]
    windows = searched_windows(texts, found, 5.0, 40.0)
    assert windows == [(10.0, 12.0), (12.0, 18.0), (18.0, 30.0), (30.0, 40.0)]
    # Fantasma's "ooh ooh ooh ooh", a real voice, is found (0.79) and keeps its place after the break.
    sure = [placed(74.3, 77.3, 0.8), placed(98.8, 105.0, 0.79), placed(131.9, 134.0, 0.4)]
    assert searched_windows(["la tristeza", "ooh ooh ooh ooh", "la tristeza"], sure, 78.6, 166.0) == [
        (74.3, 98.8),
        (98.8, 131.9),
        (131.9, 166.0),
    ]
