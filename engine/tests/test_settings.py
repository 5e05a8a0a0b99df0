"""The engine's settings are read from the environment when asked, with their defaults and checks."""

import pytest

from verse_engine.settings import CHECKOUT, settings


def test_unset_variables_take_their_defaults(monkeypatch):
    for name in ("VERSE_DATA_DIR", "VERSE_ENGINE_CACHE_DIR", "VERSE_ENGINE_QUEUE", "VERSE_LLM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    config = settings()
    assert config.data_dir == CHECKOUT / "var" / "data" / "verse"
    assert config.cache_dir == config.data_dir / "engine-cache"
    assert config.queue == 2
    assert not config.llm_configured


def test_a_setting_is_read_when_asked_not_at_import(monkeypatch, tmp_path):
    monkeypatch.setenv("VERSE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("VERSE_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("VERSE_LLM_MODEL", "m")
    config = settings()
    assert config.data_dir == tmp_path
    assert config.cache_dir == tmp_path / "engine-cache"
    assert config.llm_configured


def test_a_negative_count_is_refused_with_its_name(monkeypatch):
    monkeypatch.setenv("VERSE_ENGINE_QUEUE", "-1")
    with pytest.raises(ValueError, match="VERSE_ENGINE_QUEUE"):
        settings()
