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
