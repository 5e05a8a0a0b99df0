"""The three decodes production votes together (pipeline.voted), and the second opinion taken from
the greedy decode the vote already made. The decoders are stood in for by word lists; the real
decodes are measured in bench/decoding.py and run end to end in test_real_model.py."""

import numpy as np
import pytest

from verse_engine.asr import pipeline, whisper
from verse_engine.contract.common import LanguageCheck
from verse_engine.languages import find
from verse_engine.text.lines import Line, Word


def words(text: str, start: float = 0.0) -> list[Word]:
    return [Word(f" {w}", start + i, start + i + 0.5, 0.8) for i, w in enumerate(text.split())]


def test_a_chorus_the_song_settings_left_out_is_kept_when_the_other_two_heard_it():
    sung = words("La tristeza es muy extraña")
    plain = words("La tristeza es muy extraña") + words("se alimenta de la belleza", start=10)
    greedy = words("la tristeza es muy extraña,") + words("se alimenta de la belleza.", start=10.2)
    kept = pipeline.voted([sung, plain, greedy])
    assert " ".join(w.text.strip() for w in kept) == "La tristeza es muy extraña se alimenta de la belleza"
    # The added words are the defaults' own, with their times.
    assert kept[5].start == 10


def test_a_word_only_one_decode_heard_is_dropped_and_a_misheard_one_outvoted():
    sung = words("un beso que no deja huella")
    plain = words("un beso que no deja huella mi")
    greedy = words("un besso que no deja huella")
    assert [w.text for w in pipeline.voted([sung, plain, greedy])] == [w.text for w in sung]


def test_outside_english_the_second_opinion_is_the_greedy_decode_already_made(monkeypatch):
    def no_decoding(*_args, **_kwargs):
        raise AssertionError("the greedy decode was made already")

    monkeypatch.setattr(whisper, "run", no_decoding)
    lines = [Line(words("un beso que no deja huella"))]
    opinion = pipeline.second_opinion(None, lines, find("Spanish"), "base", greedy=words("un beso que no deja huella"))
    assert opinion is not None
    assert opinion.model == "whisper-base greedy, no VAD"
    assert opinion.match_ratio == pytest.approx(1.0)


def test_a_song_decoded_into_nothing_under_its_label_still_has_its_language_checked(tmp_path, monkeypatch):
    from verse_engine.asr import language_check

    from .conftest import encode

    heard_german = LanguageCheck(detected="German", probability=0.9, matches=False)
    monkeypatch.setattr(whisper, "run_together", lambda *_args: [([], []), ([], []), ([], [])])
    monkeypatch.setattr(language_check, "can_identify", lambda _model: True)
    monkeypatch.setattr(language_check, "check_language", lambda _model, _samples, _language: heard_german)

    result = pipeline.transcribe_song(encode(tmp_path / "song.wav", "wav", "pcm_s16le", 16000), find("Spanish"))

    assert result.lines == []
    assert result.results.language_check == heard_german
    assert any(d.component == "language_check" and "German" in d.reason for d in result.degraded)


def test_the_greedy_decode_hears_a_stereo_mix_s_centre_and_a_mono_file_as_it_is(tmp_path, monkeypatch):
    from verse_engine.asr import language_check
    from verse_engine.audio import decode as audio

    from .conftest import encode, encode_stereo

    heard = []

    def decodes(_model, samples, _language, settings):
        # What each decode hears: (the defaults, the song settings, the greedy decode).
        heard.append([entry.get("audio", samples) for entry in settings])
        return [([], []), ([], []), ([], [])]

    monkeypatch.setattr(whisper, "run_together", decodes)
    monkeypatch.setattr(language_check, "can_identify", lambda _model: False)
    rms = lambda samples: float(np.sqrt(np.mean(samples**2)))  # noqa: E731

    # Each channel carries its own tone, as instruments panned apart: nothing is in the centre.
    wide = encode_stereo(tmp_path / "wide.wav", 440, 1250)
    pipeline.transcribe_song(wide, find("Spanish"))
    defaults, song_settings, greedy = heard[0]
    np.testing.assert_array_equal(defaults, audio.load(wide))
    np.testing.assert_array_equal(song_settings, audio.load(wide))
    assert greedy.shape == audio.load(wide).shape
    assert rms(greedy) < 0.2 * rms(audio.load(wide))

    mono = encode(tmp_path / "mono.wav", "wav", "pcm_s16le", 16000)
    pipeline.transcribe_song(mono, find("Spanish"))
    for samples in heard[1]:
        np.testing.assert_array_equal(samples, audio.load(mono))
