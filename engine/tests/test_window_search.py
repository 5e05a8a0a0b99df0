import numpy as np

from verse_engine.alignment.window_search import Placement, best_in_order, line_score, place_lines, window_starts
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
