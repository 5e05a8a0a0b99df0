"""The engine's request and response models are generated from schemas/engine and kept current."""

from scripts.contract_models import generate


def test_the_committed_models_are_those_the_schemas_generate():
    checked = generate(check=True)
    assert checked.returncode == 0, f"out of date with schemas/engine: run ops/engine.sh contract\n{checked.stdout}"
