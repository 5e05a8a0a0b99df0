"""The language check: the rule on given probabilities, and the real model on real audio (an
espeak-ng English clip and 30 s of the shared German song) with the right and a wrong label."""

import os
from pathlib import Path

import numpy as np
import pytest

from verse_engine.asr import language_check
from verse_engine.asr.language_check import Detection, accepted_codes, check_language, name_of, verdict
from verse_engine.audio import decode as audio
from verse_engine.contract.common import LanguageCheck
from verse_engine.languages import find

from .conftest import requires_base

SONGS = Path(os.environ.get("VERSE_SONGS_DIR", Path(__file__).resolve().parents[3] / "shared" / "data" / "songs"))


def test_a_label_heard_as_the_top_language_matches_and_reports_it_by_its_api_name():
    result = verdict(Detection({"fr": 0.9, "it": 0.05}), find("French"))
    assert result == LanguageCheck(detected="French", probability=0.9, matches=True)


def test_a_label_far_below_the_top_language_is_a_mismatch_and_an_unlisted_language_keeps_its_code():
    result = verdict(Detection({"vi": 0.8, "fr": 0.01}), find("French"))
    assert result == LanguageCheck(detected="vi", probability=0.8, matches=False)
    assert name_of("vi") == "vi"


def test_a_label_close_enough_to_the_top_language_matches():
    share = language_check.MATCH_SHARE
    assert verdict(Detection({"es": 0.6, "pt": 0.6 * share}), find("Portuguese")).matches is True
    assert verdict(Detection({"es": 0.6, "pt": 0.6 * share * 0.9}), find("Portuguese")).matches is False


def test_hindi_and_urdu_answer_for_each_other_and_a_fallback_language_is_checked_as_its_stand_in():
    assert accepted_codes(find("Hindi")) == {"hi", "ur"}
    assert accepted_codes(find("Bhojpuri")) == {"hi", "ur"}
    assert accepted_codes(find("Zulu")) == {"sw"}
    assert verdict(Detection({"ur": 0.7, "hi": 0.01}), find("Hindi")).matches is True


def test_silence_has_no_singing_to_check():
    assert check_language("base", np.zeros(audio.SAMPLE_RATE * 10, dtype=np.float32), find("English")) is None


@requires_base
def test_english_speech_matches_english_and_not_russian(clips):
    samples = audio.load(clips / "en.wav")
    assert check_language("base", samples, find("English")).matches is True
    wrong = check_language("base", samples, find("Russian"))
    assert wrong.matches is False
    assert wrong.detected == "English"


@requires_base
def test_a_sung_german_song_matches_german_and_not_spanish():
    song = SONGS / "veranderung_doromusis" / "audio.mp3"
    if not song.exists():
        pytest.skip(f"the shared songs are not at {SONGS}")
    samples = audio.load(song)[: 60 * audio.SAMPLE_RATE]
    right = check_language("base", samples, find("German"))
    assert right.matches is True
    assert right.detected == "German"
    assert check_language("base", samples, find("Spanish")).matches is False
