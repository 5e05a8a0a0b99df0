"""The engine is ready only once its model has loaded; alive from the start."""

from fastapi.testclient import TestClient

from verse_engine.service import app as app_module
from verse_engine.service.readiness import Readiness


def test_ready_only_once_the_model_has_loaded(monkeypatch):
    gate = Readiness(lambda: None)
    monkeypatch.setattr(app_module, "readiness", gate)
    client = TestClient(app_module.app)
    assert client.get("/health").status_code == 200
    answer = client.get("/ready")
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "not_ready"
    gate.warm()
    assert client.get("/ready").status_code == 200


def test_a_model_that_cannot_load_keeps_it_unready_and_says_why(monkeypatch):
    def broken() -> None:
        raise RuntimeError("checksum mismatch")

    gate = Readiness(broken)
    monkeypatch.setattr(app_module, "readiness", gate)
    gate.warm()
    answer = TestClient(app_module.app).get("/ready")
    assert answer.status_code == 503
    assert "checksum mismatch" in answer.json()["error"]["message"]
