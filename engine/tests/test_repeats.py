import numpy as np
import pytest

from verse_engine.alignment.repeats import blocks, is_repeat_line, time_repeats
from verse_engine.alignment.voice_onsets import FRAME_SECONDS
from verse_engine.text.lines import Word


def words(*spans: tuple[float, float]) -> list[Word]:
    return [Word(" la", start, end, 0.9) for start, end in spans]


def voice(seconds: float, *stretches: tuple[float, float]) -> np.ndarray:
    """Voice probabilities: 0.9 inside the stretches, 0.001 elsewhere."""
    frames = np.full(int(seconds / FRAME_SECONDS) + 1, 0.001)
    for start, end in stretches:
        frames[int(start / FRAME_SECONDS) : int(end / FRAME_SECONDS)] = 0.9
    return frames


def test_a_repeat_line_is_one_word_at_least_three_times_and_not_a_held_vowel():
    assert is_repeat_line("la la la la")
    assert is_repeat_line("Glou, glou, glou")
    assert not is_repeat_line("la la")
    assert not is_repeat_line("ooh ooh ooh")
    assert not is_repeat_line("la la la land")
    assert blocks(["la la la", "na na na", "a verse", "la la la"], [words((0, 1))] * 4) == [[0, 1], [3]]


def test_two_repeat_lines_share_the_voices_two_stretches():
    """The alignment slid the first line's last syllables into the second line's time: each line's
    syllables are spread over the stretch of voice that is its own."""
    first = words((10.0, 10.4), (10.4, 10.8), (10.8, 12.5), (12.5, 13.5))
    second = words((13.5, 13.6), (13.6, 13.7), (13.7, 14.0), (14.0, 16.0))
    time_repeats(["la la la la", "la la la la"], [first, second], voice(20.0, (10.0, 12.0), (12.8, 14.8)))
    assert [round(w.start, 1) for w in first] == [10.0, 10.5, 11.0, 11.5]
    assert [round(w.start, 1) for w in second] == [12.8, 13.3, 13.8, 14.3]


def test_without_one_stretch_per_line_the_block_is_shared_evenly_up_to_where_the_voice_ends():
    line = words((5.0, 5.2), (5.2, 5.4), (5.4, 9.0))
    time_repeats(["la la la"], [line], voice(20.0, (5.0, 6.0), (6.5, 7.5)))
    assert [w.start for w in line] == pytest.approx([5.0, 5.83, 6.67], abs=FRAME_SECONDS)
    assert line[-1].end == pytest.approx(7.5, abs=FRAME_SECONDS)
