from pathlib import Path

from verse_engine.asr import models
from verse_engine.asr.second_opinion import compare
from verse_engine.contract.common import SecondOpinion
from verse_engine.text.lines import Line, Word


def test_second_opinion_agreeing_gives_no_suggestions():
    lines = [Line([Word(" hello", 0, 0.5, 1), Word(" world", 0.5, 1, 1)])]
    result = compare(lines, [Word(" Hello", 0, 0.5, 1), Word(" world!", 0.5, 1, 1)], "m")
    assert result == SecondOpinion(match_ratio=1.0, suggestions=[], model="m")


def test_second_opinion_suggests_lines_heard_differently():
    lines = [Line([Word(" cold", 0, 1, 1)]), Line([Word(" same", 2, 3, 1)])]
    result = compare(
        lines, [Word(" gold", 0, 1, 1), Word(" entirely different", 0.2, 0.9, 1), Word(" same", 2, 3, 1)], "m"
    )
    assert result.match_ratio < 1
    assert [s.line for s in result.suggestions] == [0]
    assert result.suggestions[0].suggested == "gold entirely different"


def test_verify_detects_a_changed_file(tmp_path: Path):
    spec = models.ModelSpec(
        name="t",
        repo="x/y",
        revision="r",
        multilingual=True,
        size_mb=1,
        sha256={"model.bin": models.hashlib.sha256(b"weights").hexdigest()},
    )
    for name in models.REQUIRED_FILES:
        (tmp_path / name).write_bytes(b"weights" if name == "model.bin" else b"{}")
    assert models.verify(spec, tmp_path) == []
    (tmp_path / "model.bin").write_bytes(b"tampered")
    assert models.verify(spec, tmp_path) == ["model.bin does not match its pinned SHA-256"]


def test_unpinned_models_are_refused():
    assert models.verify(models.MODELS["turbo"], Path("/nonexistent"))[0].startswith("turbo has no pinned checksums")


def test_the_packaged_models_verify_where_installed():
    for name in ("base", "tiny.en"):
        try:
            folder = models.resolve(name)
        except models.ModelError:
            continue
        assert models.verify(models.MODELS[name], folder) == []
