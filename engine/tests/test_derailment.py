"""Short songs from the derailment benchmark (bench/derailment.py), whose word starts are known by
construction, aligned by the real aligner: no word may land over 1 s from where it was sung. The
full songs run in `make bench-engine`."""

import numpy as np
import pytest

from bench.derailment import HELD_LEVEL, RATE, Break, Held, Song, held_line, render, result, sung
from bench.espeak import Espeak
from verse_engine.alignment.lyrics_align import LineTiming, align_lyrics
from verse_engine.text.lines import Word

from .conftest import requires_base

SHORT_SONGS = [
    Song(
        "two lines of la",
        "repeats",
        "en",
        [
            Break(2.0),
            sung("the lights are fading slowly but I still know", pitch=40),
            sung("la la la la la la la la", pitch=70, rate=130, gap=4),
            sung("la la la la la la", pitch=55),
            sung("never let me go", pitch=60),
        ],
    ),
    Song(
        "a long break",
        "breaks",
        "en",
        [Break(3.0), sung("hold on to me tonight", pitch=60), Break(24.0), sung("never let me go", pitch=50)],
    ),
]


@requires_base
@pytest.mark.parametrize("song", SHORT_SONGS, ids=lambda song: song.name)
def test_no_word_derails(song):
    rendered = render(song, Espeak(), np.random.default_rng(5))
    timings = align_lyrics(rendered.audio, rendered.lines, "en", "base")
    placed = [w.start for line in timings for w in line.words]
    off = [round(p - s, 2) for p, s in zip(placed, rendered.starts, strict=True) if s is not None]
    assert len(placed) == len(rendered.starts)
    assert max(abs(e) for e in off) <= 1.0, off


def test_aheld_line_sounds_from_each_start_it_reports_and_not_before():
    # The held class's word starts are known by construction only if each note begins where the
    # renderer says: silence (the breath) up to it, the note's own level within 50 ms after it.
    line = Held("ooh ah oh", ((330.0, 2.0), (294.0, 1.5), (262.0, 3.0)))
    audio, starts = held_line(line, np.random.default_rng(3))
    assert starts[0] == 0.0 and starts == sorted(starts)
    for start in starts:
        at = round(start * RATE)
        before = audio[max(0, at - RATE // 10) : at]
        after = audio[at + RATE // 20 : at + RATE // 10]
        assert not np.any(before), start
        assert np.sqrt(np.mean(after**2)) > 0.2 * HELD_LEVEL, start


def test_a_word_timed_before_the_word_before_it_is_counted_out_of_order():
    timings = [
        LineTiming(1.0, 4.0, [Word("ooh", 3.0, 4.0, 0.9), Word("ooh", 1.0, 2.0, 0.9)], 0.9, True, True),
        LineTiming(5.0, 6.0, [Word("go", 5.0, 6.0, 0.9)], 0.9, False, True),
    ]
    scored = result("song", "held", np.zeros(RATE * 7), 1.0, timings, [1.0, 3.0, 5.0])
    assert scored["out_of_order"] == 1
