"""Admission control: beyond its slots and queue a replica answers 503 with Retry-After at once."""

from fastapi.testclient import TestClient

from verse_engine.service.admission import Admission, admission
from verse_engine.service.app import app


def test_slots_then_queue_then_refusal():
    gate = Admission(concurrency=1, queue=1)
    assert gate.try_enter() and gate.try_enter()
    assert gate.waiting == 1
    assert not gate.try_enter()
    gate.leave(2.0)
    assert gate.try_enter()
    assert gate.rejected == 1
    assert 1 <= gate.retry_after() <= 60
    text = gate.render()
    assert "verse_engine_in_flight 2" in text and "verse_engine_rejected_total 1" in text


def test_a_full_replica_answers_503_with_retry_after_and_counts_it(monkeypatch):
    monkeypatch.setattr(admission, "concurrency", 1)
    monkeypatch.setattr(admission, "queue", 0)
    monkeypatch.setattr(admission, "in_flight", 1)  # one song is being worked on
    before = admission.rejected
    client = TestClient(app)
    res = client.post("/v1/verse/transcribe", json={"audio_key": "audio/org/x", "language": "English"})
    assert res.status_code == 503
    assert res.json()["error"]["code"] == "busy"
    assert int(res.headers["retry-after"]) >= 1
    assert admission.rejected == before + 1
    # Cheap calls are never refused: health, romanisation, metrics.
    assert client.get("/health").status_code == 200
    assert client.post("/v1/verse/romanise", json={"language": "Hindi", "lines": ["दिल"]}).status_code == 200
    metrics = client.get("/metrics")
    assert metrics.status_code == 200 and "verse_engine_rejected_total" in metrics.text
