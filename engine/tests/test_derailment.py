"""Short songs from the derailment benchmark (bench/derailment.py), whose word starts are known by
construction, aligned by the real aligner: no word may land over 1 s from where it was sung. The
full songs run in `make bench-engine`."""

import numpy as np
import pytest

from bench import derailment
from bench.derailment import HELD_LEVEL, RATE, Break, Held, Song, held_line, render, renderings, result, sung
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


def test_seeds_render_each_class_once_per_seed(monkeypatch):
    """The same seed draws the same song: espeak-ng's own output moves its words by a few ms."""
    song = Song("short", "breaks", "en", [Break(1.0), sung("let me go", pitch=50), sung("hold on", pitch=60)])
    monkeypatch.setitem(derailment.CLASSES, "short", lambda: song)
    espeak = Espeak()
    drawn = list(renderings(["short"], [3, 4, 3], espeak))
    assert [name for name, _ in drawn] == ["short seed 3", "short seed 4", "short seed 3"]
    assert np.allclose(drawn[0][1].starts, drawn[2][1].starts, atol=0.02)
    # Another seed, another pause between the lines.
    assert abs(drawn[0][1].starts[3] - drawn[1][1].starts[3]) > 0.05
    # Without seeds, one rendering from the generator seeded 11, as the benchmark has always drawn.
    [(name, once)] = renderings(["short"], None, espeak)
    assert name == "short"
    assert np.allclose(once.starts, render(song, espeak, np.random.default_rng(11)).starts, atol=0.02)
