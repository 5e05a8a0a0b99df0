"""The real model on short clips with known text (espeak-ng), in English, Spanish and Hindi."""

import re
import unicodedata

from fastapi.testclient import TestClient

from verse_engine.asr.pipeline import transcribe_song, transcript_of
from verse_engine.languages import find
from verse_engine.service.app import app

from .conftest import SPOKEN, requires_base


def cer(ref: str, hyp: str) -> float:
    def norm(t):
        return "".join(re.sub(r"[^\w\s]", "", unicodedata.normalize("NFC", t.lower())).split())

    r, h = norm(ref), norm(hyp)
    d = list(range(len(h) + 1))
    for i in range(1, len(r) + 1):
        prev, d[0] = d[0], i
        for j in range(1, len(h) + 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (r[i - 1] != h[j - 1]))
    return d[len(h)] / max(1, len(r))


TEXT = {name: text for name, _voice, text in SPOKEN}


@requires_base
def test_english_is_transcribed_and_its_translation_is_itself(clips):
    result = transcribe_song(clips / "en.wav", find("English"))
    assert cer(TEXT["en"], transcript_of(result)) < 0.15
    assert all(line.translation == line.text for line in result.lines)
    assert result.second_opinion is not None and result.second_opinion.model == "whisper-tiny.en"
    assert all(
        line.words and line.start is not None and line.end is not None and line.start <= line.end
        for line in result.lines
    )


@requires_base
def test_spanish_is_transcribed_romanised_and_translated_line_by_line(clips):
    result = transcribe_song(clips / "es.wav", find("Spanish"))
    assert cer(TEXT["es"], transcript_of(result)) < 0.35
    lines = result.lines
    assert all(line.transliteration == line.text for line in lines)
    assert any((line.translation or "").strip() for line in lines)
    assert result.second_opinion is not None


@requires_base
def test_hindi_comes_back_in_devanagari_with_a_latin_romanisation(clips):
    result = transcribe_song(clips / "hi.wav", find("Hindi"))
    letters = [ch for ch in transcript_of(result) if ch.isalpha()]
    assert letters and all("DEVANAGARI" in unicodedata.name(ch) for ch in letters)
    for line in result.lines:
        assert len(line.transliteration.split()) == len(line.text.split())
        assert all(not ch.isalpha() or "LATIN" in unicodedata.name(ch) for ch in line.transliteration)


@requires_base
def test_http_api(clips, stored):
    client = TestClient(app)
    health = client.get("/health").json()
    assert health["asr_ready"] is True and "base" in health["models"]
    key = stored(clips / "en.wav")
    body = client.post("/v1/verse/transcribe", json={"audio_key": key, "language": "English"}).json()
    assert cer(TEXT["en"], "\n".join(line["text"] for line in body["lines"])) < 0.15
    with (clips / "en.wav").open("rb") as f:
        openai = client.post(
            "/v1/audio/transcriptions", files={"file": ("en.wav", f, "audio/wav")}, data={"language": "en"}
        )
    assert cer(TEXT["en"], openai.json()["text"]) < 0.15
    missing = {"audio_key": "audio/org_test/nope.wav", "language": "English"}
    assert client.post("/v1/verse/transcribe", json=missing).status_code == 400
    # A key that would leave the store is not a key: no path of the engine's host can be named.
    for escape in ("../../etc/passwd", "/etc/passwd", "audio/../../x"):
        refused = client.post("/v1/verse/transcribe", json={"audio_key": escape, "language": "English"})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "audio_not_found"
    bad = client.post("/v1/verse/transcribe", json={"audio_key": key, "language": "Klingon"})
    assert bad.json()["error"]["code"] == "unknown_language"
    romanised = client.post("/v1/verse/romanise", json={"language": "Hindi", "lines": ["दिल कमल"]}).json()
    assert romanised == {"lines": ["dil kamal"]}


def test_undecodable_audio_is_422(tmp_path, stored):
    (tmp_path / "x.mp3").write_text("not audio at all " * 50)
    client = TestClient(app)
    res = client.post("/v1/verse/transcribe", json={"audio_key": stored(tmp_path / "x.mp3"), "language": "English"})
    assert res.status_code == 422
    assert res.json()["error"]["code"] in ("undecodable_audio", "empty_audio")
