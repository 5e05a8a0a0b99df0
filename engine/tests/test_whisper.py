import threading
import time
from types import SimpleNamespace

import pytest

from verse_engine.alignment.align import text_tokens, tokenizer_for
from verse_engine.asr import whisper
from verse_engine.audio.decode import load as load_audio

from .conftest import requires_base


@requires_base
def test_listening_for_known_lyrics_may_write_twice_their_tokens_and_no_more_than_the_cap():
    model = whisper.load("base")
    prompt = "ooh ooh ooh ooh la tristeza es muy extraña"
    tokens = len(text_tokens(tokenizer_for(model, "es"), prompt))
    assert whisper.listening_budget(model, "es", prompt) == 2 * tokens + 16
    # A long stretch of lyrics still leaves the prompt and start sequence room in 448 positions.
    assert whisper.listening_budget(model, "es", prompt * 20) == whisper.MAX_LISTENING_TOKENS


@requires_base
def test_stretches_listened_to_side_by_side_give_what_each_gives_alone_in_their_order(clips):
    import numpy as np

    speech = load_audio(clips / "en.wav")
    seconds = len(speech) / 16000
    song = np.concatenate([np.zeros(16000, dtype=speech.dtype), speech, np.zeros(32000, dtype=speech.dtype), speech])
    text = "The river runs over the stones and the morning light is golden"
    # The second stretch is the longer: decoded first, it must still come back second.
    stretches = [(0.5, 1.0 + seconds, text), (2.0 + seconds, 3.0 + 2 * seconds, text)]
    together = whisper.listen("base", song, "en", stretches, temperature=0.0, beam_size=1)
    alone = [
        w for stretch in stretches for w in whisper.listen("base", song, "en", [stretch], temperature=0.0, beam_size=1)
    ]
    assert [(w.text, w.start, w.end) for w in together] == [(w.text, w.start, w.end) for w in alone]
    assert together[0].start < 1.0 + seconds < together[-1].start


class _Segment:
    """What faster-whisper yields for one segment, as much as whisper.run reads of it."""

    def __init__(self, text: str):
        self.text = text
        self.start, self.end = 0.0, 1.0
        self.avg_logprob, self.no_speech_prob, self.compression_ratio = -0.2, 0.01, 1.0
        self.words = [SimpleNamespace(word=f" {text}", start=0.0, end=1.0, probability=0.9)]


class _TwoAtOnce:
    """A model whose decodes each wait until another is under way: run one after the other, the
    first would wait out the barrier's timeout and fail."""

    def __init__(self):
        self.meeting = threading.Barrier(2, timeout=10)

    def transcribe(self, _audio, language, task, **settings):
        self.meeting.wait()
        return [_Segment(f"{settings['beam_size']}")], None


def test_decodes_asked_together_run_side_by_side_and_come_back_in_the_order_asked(monkeypatch):
    model = _TwoAtOnce()
    monkeypatch.setattr(whisper, "load", lambda _name: model)
    together = whisper.run_together(
        "base", None, "es", [{"beam_size": n, "word_timestamps": True} for n in (5, 1, 3, 2)]
    )
    assert [words[0].text for words, _segments in together] == [" 5", " 1", " 3", " 2"]


@requires_base
def test_decodes_side_by_side_hear_what_they_hear_one_at_a_time(clips):
    # Settings without the sampled fallback, which draws from whichever worker takes the window.
    settings = [{"temperature": 0.0}, {**whisper.GREEDY}]
    audio = load_audio(clips / "es.wav")
    alone = [whisper.run("base", audio, "es", **s)[0] for s in settings]
    together = [words for words, _segments in whisper.run_together("base", audio, "es", settings)]
    assert [[(w.text, w.start) for w in words] for words in together] == [
        [(w.text, w.start) for w in words] for words in alone
    ]


class _Heard:
    """Answers each decode with what it was given to hear."""

    def transcribe(self, audio, language, task, **settings):
        return [_Segment(audio)], None


def test_a_decode_asked_with_its_own_audio_hears_it_and_the_others_the_song(monkeypatch):
    monkeypatch.setattr(whisper, "load", lambda _name: _Heard())
    together = whisper.run_together(
        "base", "mix", "es", [{"word_timestamps": True}, {"word_timestamps": True, "audio": "centre"}]
    )
    assert [words[0].text.strip() for words, _segments in together] == ["mix", "centre"]


class _OneFails(_TwoAtOnce):
    """The greedy decode fails once both have started; the other finishes."""

    def transcribe(self, audio, language, task, **settings):
        segments = super().transcribe(audio, language, task, **settings)
        if settings["beam_size"] == 1:
            raise RuntimeError("decoder failed")
        return segments


def test_a_decode_that_fails_side_by_side_fails_the_call_and_frees_the_lock(monkeypatch):
    model = _OneFails()
    monkeypatch.setattr(whisper, "load", lambda _name: model)
    with pytest.raises(RuntimeError, match="decoder failed"):
        whisper.run_together("base", None, "es", [{"beam_size": n, "word_timestamps": True} for n in (5, 1)])
    # The lock is free again: another thread can take it at once (this thread could re-enter it anyway).
    taken: list[bool] = []

    def take() -> None:
        got = whisper.lock().acquire(blocking=False)
        taken.append(got)
        if got:
            whisper.lock().release()

    other = threading.Thread(target=take)
    other.start()
    other.join(5)
    assert taken == [True]


class _FirstFails:
    """The first decode asked fails at once; each other one takes a moment and is counted."""

    def __init__(self):
        self.decoded: list[int] = []

    def transcribe(self, _audio, language, task, **settings):
        if settings["beam_size"] == 5:
            raise RuntimeError("decoder failed")
        self.decoded.append(settings["beam_size"])
        time.sleep(0.5)
        return [_Segment(f"{settings['beam_size']}")], None


def test_decodes_queued_behind_one_that_failed_are_not_run(monkeypatch):
    model = _FirstFails()
    monkeypatch.setattr(whisper, "load", lambda _name: model)
    with pytest.raises(RuntimeError, match="decoder failed"):
        whisper.run_together("base", None, "es", [{"beam_size": n, "word_timestamps": True} for n in (5, 1, 2, 3, 4)])
    # The other worker may have started the next decode; the three queued after it are dropped.
    assert len(model.decoded) <= 2
