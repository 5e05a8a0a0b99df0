import numpy as np
import pytest

from verse_engine.alignment.held_notes import time_held_notes
from verse_engine.audio.decode import SAMPLE_RATE
from verse_engine.text.lines import Word

from .test_foreground import band, tone

RATE = SAMPLE_RATE
LEAD = [(2.0, 523.0), (2.5, 587.0), (3.0, 659.0), (3.5, 698.0), (34.0, 784.0), (34.5, 880.0), (35.0, 988.0)]
NOTES = [(20.0, 2.0, 440.0), (22.4, 2.2, 415.0), (25.0, 2.5, 370.0)]


def song() -> np.ndarray:
    """A repeating band; lead words (short notes, none repeated, each sounding for 0.25 s of the
    0.5 s the alignment gives it, as a sung word's consonants and release do) before a 16 s break
    and after three held notes that end the break, as loud as the lead."""
    mix = band(40.0)
    for at, seconds, pitch in [(at, 0.25, pitch) for at, pitch in LEAD] + NOTES:
        note = tone(pitch, seconds, level=0.05)
        mix[int(at * RATE) : int(at * RATE) + len(note)] += note
    return mix


def words(starts: list[float], length: float, text: str) -> list[Word]:
    return [Word(f" {text}", s, s + length, 0.5) for s in starts]


def lines_and_timing(held_words: int) -> tuple[list[str], list[list[Word]]]:
    lines = ["one two three four", " ".join(["ah"] * held_words), "five six seven"]
    timed = [
        words([2.0, 2.5, 3.0, 3.5], 0.5, "la"),
        # Where the alignment leaves a line nothing hears: at the start of the break.
        words([4.5 + k for k in range(held_words)], 1.0, "ah"),
        words([34.0, 34.5, 35.0], 0.5, "la"),
    ]
    return lines, timed


def test_a_held_line_in_a_break_takes_the_notes_the_foreground_holds():
    lines, timed = lines_and_timing(3)
    time_held_notes(lines, timed, song())
    for word, (at, seconds, _pitch) in zip(timed[1], NOTES, strict=True):
        assert word.start == pytest.approx(at, abs=0.15)
        assert word.end == pytest.approx(at + seconds, abs=0.35)
    # The lines around it are not moved.
    assert [w.start for w in timed[0]] == [2.0, 2.5, 3.0, 3.5]
    assert [w.start for w in timed[2]] == [34.0, 34.5, 35.0]


def test_a_line_with_more_words_than_notes_and_none_rising_near_it_keeps_its_timing():
    lines, timed = lines_and_timing(4)
    time_held_notes(lines, timed, song())
    assert [w.start for w in timed[1]] == [4.5, 5.5, 6.5, 7.5]


def test_a_song_without_held_vowel_lines_is_left_alone():
    lines, timed = lines_and_timing(3)
    lines[1] = "la la la"
    time_held_notes(lines, timed, song())
    assert [w.start for w in timed[1]] == [4.5, 5.5, 6.5]


def test_where_the_lead_has_no_foreground_nothing_counts_as_a_note():
    # Digital silence: every frame is at the floor, the lead's median too, and at the threshold
    # every frame would be "on", one note from line to line.
    lines, timed = lines_and_timing(1)
    time_held_notes(lines, timed, np.zeros(40 * RATE, np.float32))
    assert [(w.start, w.end) for w in timed[1]] == [(4.5, 5.5)]


def test_a_line_whose_notes_cannot_be_counted_opens_on_the_first_note_that_rises():
    # Four words for three notes: the notes cannot be given out, but the first rises at 20.0 s,
    # 1.5 s before the alignment put the line.
    lines, timed = lines_and_timing(4)
    timed[1] = words([21.5, 23.0, 24.5, 26.0], 1.0, "ah")
    time_held_notes(lines, timed, song())
    starts = [w.start for w in timed[1]]
    assert starts[0] == pytest.approx(20.0, abs=0.15)
    assert starts == sorted(starts) and timed[1][-1].end == pytest.approx(27.0)
    # Each word keeps its share of the line: 1.5 s of 5.5 then, of about 7 now.
    assert starts[1] - starts[0] == pytest.approx(1.5 * 7.0 / 5.5, abs=0.2)


def test_a_line_whose_notes_silero_counted_keeps_them():
    # The same line as above, but Silero heard one note per word in it as clearly as the song's
    # words (repeats.time_notes): they are sung notes, shorter than any held note, and they stand.
    lines, timed = lines_and_timing(4)
    timed[1] = words([21.5, 23.0, 24.5, 26.0], 1.0, "ah")
    time_held_notes(lines, timed, song(), counted=frozenset({1}))
    assert [w.start for w in timed[1]] == [21.5, 23.0, 24.5, 26.0]


def test_a_line_opens_on_the_first_note_rising_within_reach_of_it_not_on_one_further():
    lines, timed = lines_and_timing(4)
    timed[1] = words([23.0, 24.0, 25.0, 26.0], 1.0, "ah")
    time_held_notes(lines, timed, song())
    # 20.0 s is 3 s away; the notes at 22.4 and 25.0 s rise after the first word's start but within
    # the reach: the first of them opens the line.
    assert timed[1][0].start == pytest.approx(22.4, abs=0.15)


def test_as_many_stretches_as_words_but_seconds_apart_are_not_the_lines_notes():
    # Three notes as loud as the lead, but 5 s apart: a held line's notes follow one another a
    # breath apart, so these are other sounds, and the line opens on the first that rises near it.
    mix = band(40.0)
    for at, pitch in [*LEAD, (10.0, 440.0), (16.0, 415.0), (22.0, 370.0)]:
        note = tone(pitch, 0.25 if at < 4 or at > 30 else 1.0, level=0.05)
        mix[int(at * RATE) : int(at * RATE) + len(note)] += note
    lines, timed = lines_and_timing(3)
    timed[1] = words([11.0, 12.0, 13.0], 1.0, "ah")
    time_held_notes(lines, timed, mix)
    starts = [w.start for w in timed[1]]
    assert starts[0] == pytest.approx(10.0, abs=0.15)
    assert starts[1] < 13.0 and timed[1][-1].end == pytest.approx(14.0)
