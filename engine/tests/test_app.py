from fastapi.testclient import TestClient

from verse_engine.app import app


def test_health_reports_models_and_readiness(tmp_path, monkeypatch):
    monkeypatch.setenv("VERSE_MODEL_DIR", str(tmp_path))
    client = TestClient(app)
    body = client.get("/health").json()
    assert body["status"] == "ok"
    assert body["models"] == []
    assert body["asr_ready"] is False

    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "model.bin").write_bytes(b"x")
    body = client.get("/health").json()
    assert body["models"] == ["tiny"]
    assert body["asr_ready"] is True
    assert client.get("/v1/models").json()["data"] == [{"id": "tiny", "object": "model"}]
