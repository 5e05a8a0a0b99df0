"""The engine's answers against its contract: the JSON Schemas in schemas/engine, from which the
platform's TypeScript types are generated. Every endpoint, errors included, on real requests."""

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft7Validator
from referencing import Registry, Resource

from verse_engine.service.admission import admission
from verse_engine.service.app import app

from .conftest import requires_base

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas" / "engine"


def _registry() -> Registry:
    resources = []
    for file in SCHEMAS.glob("*.json"):
        schema = json.loads(file.read_text())
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


REGISTRY = _registry()


def conforms(name: str, document: object) -> None:
    schema = json.loads((SCHEMAS / name).read_text())
    errors = sorted(Draft7Validator(schema, registry=REGISTRY).iter_errors(document), key=str)
    assert not errors, f"{name}: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


def test_every_schema_is_valid_draft_7():
    for file in SCHEMAS.glob("*.json"):
        Draft7Validator.check_schema(json.loads(file.read_text()))


def test_health_models_romanise_and_errors():
    client = TestClient(app)
    conforms("health-response.json", client.get("/health").json())
    conforms("models-response.json", client.get("/v1/models").json())
    request = {"language": "Hindi", "lines": ["दिल कमल"]}
    conforms("romanise-request.json", request)
    conforms("romanise-response.json", client.post("/v1/verse/romanise", json=request).json())
    unknown = client.post("/v1/verse/romanise", json={"language": "Klingon", "lines": ["x"]})
    assert unknown.status_code == 400
    conforms("error.json", unknown.json())
    for refused in (
        {"language": "Hindi", "lines": ["x"], "colour": "blue"},  # a field the contract does not have
        {"language": "Hindi"},  # a field missing
        {"language": "Hindi", "lines": "not a list"},
    ):
        answer = client.post("/v1/verse/romanise", json=refused)
        assert answer.status_code == 400, refused
        conforms("error.json", answer.json())
        assert answer.json()["error"]["code"] == "invalid_request"
    missing = client.post("/v1/verse/transcribe", json={"audio_key": "audio/org/none", "language": "English"})
    assert missing.status_code == 400
    conforms("error.json", missing.json())


def test_a_busy_replica_answers_the_error_shape(monkeypatch):
    monkeypatch.setattr(admission, "queue", 0)
    monkeypatch.setattr(admission, "in_flight", admission.concurrency)
    busy = TestClient(app).post(
        "/v1/verse/align", json={"audio_key": "audio/org/x", "language": "English", "lines": []}
    )
    assert busy.status_code == 503
    conforms("error.json", busy.json())


def test_unusable_audio_answers_the_error_shape(tmp_path, stored):
    (tmp_path / "x.mp3").write_text("not audio at all " * 50)
    res = TestClient(app).post(
        "/v1/verse/transcribe", json={"audio_key": stored(tmp_path / "x.mp3"), "language": "English"}
    )
    assert res.status_code == 422
    conforms("error.json", res.json())


@requires_base
def test_transcribe_align_second_opinion_and_openai_answers(clips, stored):
    client = TestClient(app)
    key = stored(clips / "en.wav")
    transcribe = {"audio_key": key, "language": "English"}
    conforms("transcribe-request.json", transcribe)
    transcript = client.post("/v1/verse/transcribe", json=transcribe).json()
    conforms("transcribe-response.json", transcript)

    lines = [{"text": line["text"]} for line in transcript["lines"]] or [{"text": "the river runs"}]
    align = {"audio_key": key, "language": "English", "lines": lines, "word_level": True}
    conforms("align-request.json", align)
    conforms("align-response.json", client.post("/v1/verse/align", json=align).json())

    opinion = {"audio_key": key, "language": "English", "lines": lines}
    conforms("second-opinion-request.json", opinion)
    conforms("second-opinion-response.json", client.post("/v1/verse/second-opinion", json=opinion).json())

    for response_format in ("json", "verbose_json"):
        with (clips / "en.wav").open("rb") as f:
            answer = client.post(
                "/v1/audio/transcriptions",
                files={"file": ("en.wav", f, "audio/wav")},
                data={"language": "en", "response_format": response_format},
            )
        conforms("openai-transcription-response.json", answer.json())
        # OpenAI's json answer is the text alone; verbose_json adds its fields, none of them null.
        keys = {"text"} if response_format == "json" else {"text", "task", "language", "duration", "segments", "words"}
        assert keys <= set(answer.json()) and (response_format != "json" or set(answer.json()) == {"text"})


@pytest.mark.parametrize("name", ["transcribe-request.json", "align-request.json"])
def test_a_request_with_a_path_instead_of_a_key_is_not_the_contract(name):
    with pytest.raises(AssertionError):
        conforms(name, {"audio_path": "/tmp/song.wav", "language": "English", "lines": []})
