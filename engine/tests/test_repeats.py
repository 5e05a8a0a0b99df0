import numpy as np
import pytest

from verse_engine.alignment.repeats import blocks, is_repeat_line, time_notes, time_repeats
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


def test_a_line_silero_does_not_hear_keeps_its_start_and_takes_its_neighbours_pace():
    """Three lines, two stretches: the stretches go to the lines whose aligned middle they hold;
    the first line, unheard, is not spread over the rest before the second."""
    first = words((10.0, 10.5), (10.5, 11.0), (11.0, 12.5), (12.5, 13.0))
    second = words((12.8, 13.5), (13.5, 14.5), (14.5, 16.0), (16.0, 16.5))
    third = words((17.0, 17.5), (17.5, 18.0), (18.0, 18.5), (18.5, 19.0))
    lines = ["la la la la"] * 3
    time_repeats(lines, [first, second, third], voice(25.0, (14.0, 16.0), (17.0, 19.0)))
    assert [w.start for w in second] == pytest.approx([14.0, 14.5, 15.0, 15.5], abs=FRAME_SECONDS)
    assert [w.start for w in third] == pytest.approx([17.0, 17.5, 18.0, 18.5], abs=FRAME_SECONDS)
    assert [w.start for w in first] == pytest.approx([10.0, 10.5, 11.0, 11.5], abs=FRAME_SECONDS)


def test_a_line_silero_hears_only_faintly_takes_the_voice_a_fainter_level_hears_in_its_room():
    """The same three lines, but the first is sung softly, 8.6 to 10.6 s (Silero at 0.2, under the
    song's threshold of 0.45), before where the alignment put it: it takes that voice, at its own
    pace, where it would have kept its aligned start."""
    first = words((11.0, 11.5), (11.5, 12.0), (12.0, 12.5), (12.5, 13.0))
    second = words((12.8, 13.5), (13.5, 14.5), (14.5, 16.0), (16.0, 16.5))
    third = words((17.0, 17.5), (17.5, 18.0), (18.0, 18.5), (18.5, 19.0))
    probabilities = voice(25.0, (14.0, 16.0), (17.0, 19.0))
    probabilities[probabilities < 0.9] = 0.005
    probabilities[int(8.6 / FRAME_SECONDS) : int(10.6 / FRAME_SECONDS)] = 0.2
    time_repeats(["la la la la"] * 3, [first, second, third], probabilities)
    assert [w.start for w in first] == pytest.approx([8.6, 9.1, 9.6, 10.1], abs=FRAME_SECONDS)
    assert [w.start for w in second] == pytest.approx([14.0, 14.5, 15.0, 15.5], abs=FRAME_SECONDS)


def test_a_line_heard_as_one_note_per_word_takes_its_notes():
    """The aligner stretched the fourth "oh" over the rest and pushed the fifth into the next
    line's time; Silero hears five notes, one per word."""
    oh = words((1.0, 1.5), (1.5, 2.4), (2.4, 3.2), (3.2, 5.0), (5.0, 5.4))
    after = words((5.4, 6.0))
    notes = [(1.0, 1.4), (1.6, 2.0), (2.2, 2.6), (2.8, 3.2), (3.4, 3.9)]
    counted = time_notes(["oh oh oh oh oh", "and"], [oh, after], voice(8.0, *notes, (5.4, 6.0)))
    assert [w.start for w in oh] == pytest.approx([at for at, _ in notes], abs=FRAME_SECONDS)
    assert counted == {0}


def test_the_voice_of_the_word_before_running_into_the_line_is_not_its_first_note():
    """The alignment opened the line inside the last word of the line before (sung 0.5 to 1.3 s):
    that word's voice, sounding where the line's window starts, is not one of its three notes.
    A note that began after that word ended, cut by the line's late start, is taken whole."""
    before = words((0.5, 1.2))
    oh = words((1.1, 2.0), (2.0, 3.0), (3.0, 4.0))
    notes = [(1.6, 2.0), (2.4, 2.8), (3.2, 3.6)]
    counted = time_notes(["go", "oh oh oh"], [before, oh], voice(6.0, (0.5, 1.3), *notes))
    assert counted == {1}
    assert [w.start for w in oh] == pytest.approx([at for at, _ in notes], abs=FRAME_SECONDS)
    late = words((1.8, 2.0), (2.0, 3.0), (3.0, 4.0))
    time_notes(["go", "oh oh oh"], [words((0.5, 1.2)), late], voice(6.0, (0.5, 1.3), *notes))
    assert late[0].start == pytest.approx(1.6, abs=FRAME_SECONDS)


def test_notes_heard_only_at_a_threshold_held_vowels_pulled_down_are_timed_but_not_reported():
    """Held vowels, which Silero scores near zero, pull the song's threshold down to where a
    break's faint sounds (here 0.05, under the 0.45 that the line of words sets) count as notes:
    the line takes them, as before, but is not reported as heard, so the foreground may still time
    it (held_notes.py)."""
    ah = words((1.0, 3.0), (3.0, 5.0), (5.0, 7.0))
    after = words((7.4, 8.0))
    probabilities = voice(9.0, (7.4, 8.0))
    for at in (1.2, 3.5, 5.6):
        probabilities[int(at / FRAME_SECONDS) : int((at + 0.2) / FRAME_SECONDS)] = 0.05
    assert time_notes(["ah ah ah", "and"], [ah, after], probabilities) == set()
    assert [w.start for w in ah] == pytest.approx([1.2, 3.5, 5.6], abs=FRAME_SECONDS)


def test_a_line_whose_notes_do_not_match_its_words_is_left_alone():
    oh = words((1.0, 1.5), (1.5, 2.4), (2.4, 3.2))
    assert time_notes(["oh oh oh"], [oh], voice(8.0, (1.0, 3.2))) == set()
    assert [w.start for w in oh] == [1.0, 1.5, 2.4]


def test_a_line_heard_late_as_it_comes_in_soft_starts_where_its_faint_voice_does():
    """Silero hears the first syllables of a line sung high and soft under the song's threshold
    (here 0.05 from 10.0 s, over the threshold from 11.0 s): the syllables start where the faint
    voice does, at their own pace, not crowded into the stretch it hears."""
    line = words((9.5, 10.5), (10.5, 11.0), (11.0, 12.0), (12.0, 14.0))
    probabilities = voice(20.0, (11.0, 14.0))
    probabilities[int(10.0 / FRAME_SECONDS) : int(11.0 / FRAME_SECONDS)] = 0.05
    time_repeats(["la la la la"], [line], probabilities)
    assert [w.start for w in line] == pytest.approx([10.0, 11.0, 12.0, 13.0], abs=FRAME_SECONDS)


def test_faint_voice_before_the_block_or_in_the_line_before_is_not_taken():
    """The faint voice is taken back to the block's aligned start, and never into the stretch of
    the line before."""
    early = words((10.5, 11.0), (11.0, 11.5), (11.5, 12.0))
    probabilities = voice(20.0, (11.0, 12.5))
    probabilities[int(9.0 / FRAME_SECONDS) : int(11.0 / FRAME_SECONDS)] = 0.05
    time_repeats(["la la la"], [early], probabilities)
    assert early[0].start == pytest.approx(10.5, abs=FRAME_SECONDS)

    first = words((10.0, 10.5), (10.5, 11.0), (11.0, 11.9))
    second = words((12.0, 12.5), (12.5, 13.0), (13.0, 13.5))
    probabilities = voice(20.0, (10.0, 11.5), (12.5, 14.0))
    probabilities[int(11.5 / FRAME_SECONDS) : int(12.5 / FRAME_SECONDS)] = 0.05
    time_repeats(["la la la"] * 2, [first, second], probabilities)
    assert first[-1].end == pytest.approx(11.5, abs=FRAME_SECONDS)
    assert second[0].start == pytest.approx(11.5, abs=FRAME_SECONDS)


def test_a_line_without_room_at_its_neighbours_pace_leaves_the_stretches_to_the_lines_after_it():
    """The alignment slid an unheard "glou" line over the first "la" line's voice, and that line
    over the second's: by aligned middles the last line would be left past the voice, with no room
    before the audio's end. The stretches go one to a line, to the two "la" lines, and the unheard
    line takes its room before them."""
    glou = words(*[(11.5 + 0.45 * k, 11.95 + 0.45 * k) for k in range(6)])
    first = words(*[(14.5 + 0.4 * k, 14.9 + 0.4 * k) for k in range(8)])
    second = words(*[(17.6 + 0.2 * k, 17.8 + 0.2 * k) for k in range(6)])
    lines = ["glou glou glou glou glou glou", "la la la la la la la la", "la la la la la la"]
    time_repeats(lines, [glou, first, second], voice(19.0, (12.0, 14.5), (16.0, 18.0)))
    assert [w.start for w in first] == pytest.approx([12.0 + 2.5 / 8 * k for k in range(8)], abs=FRAME_SECONDS)
    assert [w.start for w in second] == pytest.approx([16.0 + 2.0 / 6 * k for k in range(6)], abs=FRAME_SECONDS)
    assert glou[-1].end <= 12.0 + FRAME_SECONDS
    assert glou[-1].end - glou[0].start == pytest.approx(6 * 2.5 / 8, abs=FRAME_SECONDS)


def test_a_stretch_the_blocks_aligned_end_cuts_is_taken_whole_up_to_the_next_line():
    """The alignment ended the block 2 s before its last line's voice does: the line takes the
    whole stretch, not the part of it the alignment left it."""
    first = words((10.0, 10.5), (10.5, 11.0), (11.0, 11.5), (11.5, 12.0))
    second = words((12.5, 12.9), (12.9, 13.3), (13.3, 13.6), (13.6, 14.0))
    after = words((17.0, 17.5))
    lines = ["la la la la", "la la la la", "and"]
    time_repeats(lines, [first, second, after], voice(20.0, (10.0, 12.0), (13.5, 16.0), (17.0, 17.5)))
    assert [w.start for w in second] == pytest.approx([13.5, 14.125, 14.75, 15.375], abs=FRAME_SECONDS)


def test_faint_frames_that_fall_away_from_the_note_before_are_not_the_next_lines_onset():
    """Between two lines the first's note dies away (0.3 down to 0.02) before the second rises in
    faintly: the second line opens where its own rise begins, not where the first line's voice
    ends."""
    first = words((10.0, 10.5), (10.5, 11.0), (11.0, 11.5), (11.5, 12.0))
    second = words((12.0, 12.5), (12.5, 13.0), (13.0, 15.0), (15.0, 16.0))
    probabilities = voice(20.0, (10.0, 12.0), (14.0, 16.0))
    tail = range(int(12.0 / FRAME_SECONDS), int(13.3 / FRAME_SECONDS))
    probabilities[tail] = np.linspace(0.3, 0.02, len(tail))
    probabilities[int(13.3 / FRAME_SECONDS) : int(13.5 / FRAME_SECONDS)] = 0.02
    rise = range(int(13.5 / FRAME_SECONDS), int(14.0 / FRAME_SECONDS))
    probabilities[rise] = np.linspace(0.05, 0.3, len(rise))
    time_repeats(["la la la la"] * 2, [first, second], probabilities)
    assert 13.3 <= second[0].start <= 13.55


def test_a_stretch_too_short_to_hold_a_line_is_not_given_one():
    """The next line's first sound comes in 0.1 s before its aligned start, inside the block's
    aligned end: too short to hold three syllables at the fastest words are sung, it is not taken
    for a third stretch, and the two lines keep one stretch each."""
    first = words((10.0, 11.0), (11.0, 12.0), (12.0, 13.2))
    second = words((13.2, 14.0), (14.0, 15.0), (15.0, 16.1))
    after = words((16.2, 16.8))
    probabilities = voice(20.0, (10.0, 12.0), (12.6, 14.6), (16.0, 16.8))
    time_repeats(["la la la", "la la la", "and"], [first, second, after], probabilities)
    assert [w.start for w in first] == pytest.approx([10.0, 10.67, 11.33], abs=FRAME_SECONDS)
    assert [w.start for w in second] == pytest.approx([12.6, 13.27, 13.93], abs=FRAME_SECONDS)


def test_a_block_with_too_many_ways_to_give_its_stretches_keeps_the_aligned_middles_claims():
    """Thirty lines and fifteen stretches, the last line with no room before the audio's end: the
    155 million ways of giving the stretches one to a line are not tried."""
    lines = ["la la la"] * 30
    timed = [words(*[(2.0 * i + 0.5 * k, 2.0 * i + 0.5 * k + 0.5) for k in range(3)]) for i in range(30)]
    stretches = [(4.0 * i, 4.0 * i + 1.5) for i in range(15)]
    time_repeats(lines, timed, voice(58.0, *stretches))
    assert timed[0][0].start == pytest.approx(0.0, abs=FRAME_SECONDS)


def test_a_fainter_level_never_hears_the_band_as_the_unheard_lines_voice():
    # Silero at 0.2 from the song's start to 13 s, in the room before the second line: the band's
    # own level, its median, which no halving goes under, so the first line keeps its aligned start.
    first = words((11.0, 11.5), (11.5, 12.0), (12.0, 12.5), (12.5, 13.0))
    second = words((12.8, 13.5), (13.5, 14.5), (14.5, 16.0), (16.0, 16.5))
    third = words((17.0, 17.5), (17.5, 18.0), (18.0, 18.5), (18.5, 19.0))
    probabilities = voice(25.0, (14.0, 16.0), (17.0, 19.0))
    probabilities[probabilities < 0.9] = 0.005
    probabilities[: int(13.0 / FRAME_SECONDS)] = 0.2
    time_repeats(["la la la la"] * 3, [first, second, third], probabilities)
    assert [w.start for w in first] == pytest.approx([11.0, 11.5, 12.0, 12.5], abs=FRAME_SECONDS)


def test_voice_as_loud_as_the_songs_in_the_room_is_not_the_unheard_lines():
    # The alignment ended the line before at 9.0 s, but its last note sounds on to 9.6 s, as loud
    # as the song's voice: that is the line before's, heard, not the unheard line sung softly.
    before = words((8.0, 9.0))
    first = words((11.0, 11.5), (11.5, 12.0), (12.0, 12.5), (12.5, 13.0))
    second = words((12.8, 13.5), (13.5, 14.5), (14.5, 16.0), (16.0, 16.5))
    third = words((17.0, 17.5), (17.5, 18.0), (18.0, 18.5), (18.5, 19.0))
    probabilities = voice(25.0, (8.0, 9.6), (14.0, 16.0), (17.0, 19.0))
    probabilities[probabilities < 0.9] = 0.005
    time_repeats(["go", *["la la la la"] * 3], [before, first, second, third], probabilities)
    assert [w.start for w in first] == pytest.approx([11.0, 11.5, 12.0, 12.5], abs=FRAME_SECONDS)
