"""TTS + DTW alignment (the method for languages Whisper has no model for), on a synthetic song:
lines spoken by espeak-ng in another voice variant, slower and lower, after an intro, with uneven
pauses and a hum under it. Line starts must land within half a second."""

import io
import subprocess
import wave

import numpy as np
import pytest

from verse_engine.alignment import tts_align

pytestmark = pytest.mark.skipif("or" not in tts_align.espeak_voices(), reason="espeak-ng has no Odia voice")

LINES = ["ଆମ ଗାଁ ର ନଦୀ କୂଳରେ", "ସଞ୍ଜ ବେଳେ ଗୀତ ଗାଏ", "ମନ ମୋର ନାଚି ଉଠେ", "ଆକାଶରେ ଚାନ୍ଦ ହସେ"]


def _sung(text: str) -> np.ndarray:
    wav = subprocess.run(
        ["espeak-ng", "-v", "or+m3", "-s", "95", "-p", "30", "--stdout", text], capture_output=True, check=True
    ).stdout
    with wave.open(io.BytesIO(wav)) as w:
        rate = w.getframerate()
        s = np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(np.float32) / 32768
    return np.interp(np.arange(0, len(s), rate / 16000), np.arange(len(s)), s).astype(np.float32)


def _song() -> tuple[np.ndarray, list[float]]:
    rng = np.random.default_rng(7)
    parts, starts, position = [np.zeros(3 * 16000, np.float32)], [], 3 * 16000
    for text in LINES:
        sung = _sung(text)
        starts.append(position / 16000)
        pause = np.zeros(int(rng.uniform(0.8, 2.5) * 16000), np.float32)
        parts += [sung, pause]
        position += len(sung) + len(pause)
    song = np.concatenate(parts)
    t = np.arange(len(song)) / 16000
    song = song + 0.05 * np.sin(2 * np.pi * 110 * t) + 0.01 * rng.standard_normal(len(song))
    return song.astype(np.float32), starts


def test_line_starts_land_within_half_a_second():
    song, starts = _song()
    timings = tts_align.align_by_tts(song, LINES, "or")
    errors = [abs(t.start - s) for t, s in zip(timings, starts, strict=True)]
    assert max(errors) < 0.6, errors
    assert float(np.mean(errors)) < 0.35, errors
    assert all(t.end > t.start for t in timings)
    # Words share their line's span in order.
    for t in timings:
        assert t.words[0].start == pytest.approx(t.start)
        assert all(a.end <= b.start + 1e-9 for a, b in zip(t.words, t.words[1:], strict=False))


def test_dtw_path_follows_a_stretched_copy():
    rng = np.random.default_rng(3)
    speech = rng.standard_normal((40, 8)).astype(np.float32)
    song = np.repeat(speech, 2, axis=0)  # sung at half the pace
    song = np.concatenate([rng.standard_normal((10, 8)).astype(np.float32), song])  # an intro
    norm = lambda x: x / np.linalg.norm(x, axis=1, keepdims=True)  # noqa: E731
    path = tts_align.dtw_path(1 - norm(speech) @ norm(song).T)
    # Each speech frame lands on one of the two song frames that repeat it.
    assert all(10 + 2 * i <= j <= 11 + 2 * i for i, j in enumerate(path)), list(path)


def test_voice_falls_back_to_a_related_language():
    assert tts_align.voice_for(["zz-none", "hi"]) == "hi"
