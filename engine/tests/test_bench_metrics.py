"""The benchmarks' chrF2 agrees with sacrebleu's (values computed by sacrebleu 2.x, CHRF(lowercase=True))."""

import pytest

from bench.metrics import chrf


@pytest.mark.parametrize(
    ("reference", "hypothesis", "sacrebleu"),
    [
        ("I am a ghost that gets frightened of itself", "I am a ghost who is scared of myself", 33.376),
        ("this is the time for change", "it is time for changes now", 60.309),
        ("no noo", "", 0.0),
    ],
)
def test_chrf_matches_sacrebleu(reference, hypothesis, sacrebleu):
    assert chrf(reference, hypothesis) == pytest.approx(sacrebleu, abs=0.001)


def test_identical_text_scores_100_whatever_its_case_and_spacing():
    assert chrf("Lucky Hans", "lucky  hans") == pytest.approx(100.0)


def test_word_errors_are_charged_to_the_lines_that_hold_them_and_add_up_to_the_wer():
    from bench.metrics import errors_per_line, wer

    reference = "soy un fantasma que se asusta de si mismo"
    lines = ["soy un fantasma", "que se susto", "de", "mismo"]
    charged = errors_per_line(reference, lines)
    assert charged == [0, 1, 1, 0]  # "susto" for "asusta"; "si" missing after "de", charged to that line
    assert sum(charged) == wer(reference, " ".join(lines))[0]


def test_timing_scores_count_derailed_words_and_the_perceptual_window():
    from bench.metrics import timing_scores

    true = [1.0, 2.0, 3.0, 4.0]
    scores = timing_scores([1.1, 1.6, 3.25, 6.0], true)
    assert scores["derailed"] == pytest.approx(0.25)  # 6.0 for 4.0
    assert scores["pco_0_3"] == pytest.approx(0.5)  # 0.1 and 0.25 off
    assert scores["in_window"] == pytest.approx(0.25)  # -0.4 is too early, +0.25 too late
    assert scores["signed_median"] == pytest.approx(0.175)


def test_the_karaoke_score_matches_mir_evals_skew_normal():
    """Values of mir_eval.alignment.karaoke_perceptual_metric for one word at each offset."""
    from bench.metrics import karaoke_score

    assert karaoke_score(0.0) == pytest.approx(0.9612, abs=1e-3)
    assert karaoke_score(-0.1) > karaoke_score(0.1) > karaoke_score(0.3) > karaoke_score(1.0)
    assert karaoke_score(1.0) < 1e-3


def test_generated_songs_know_where_each_word_starts():
    """The derailment bench's truth: each word espeak-ng reports starts where the voice comes in
    after a pause (a line's first word), and the song is as long as its parts."""
    import numpy as np

    from bench.derailment import Break, Song, render, sung
    from bench.espeak import Espeak

    song = Song("t", "breaks", "en", [Break(3.0), sung("hold on to me"), Break(4.0), sung("never let me go")])
    rendered = render(song, Espeak(), np.random.default_rng(0))
    assert rendered.lines == ["hold on to me", "never let me go"]
    assert len(rendered.starts) == 8 and None not in rendered.starts
    first, second = rendered.starts[0], rendered.starts[4]
    assert first == pytest.approx(3.0, abs=0.01)
    assert second > first + 4.0
    assert rendered.starts == sorted(rendered.starts)
    assert len(rendered.audio) / 16000 > second + 1.0
