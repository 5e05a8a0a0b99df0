"""Writes the engine's request and response models from its contract, the JSON Schemas in
schemas/engine (the same files the platform's TypeScript types are generated from), into
verse_engine/contract. Run by `ops/engine.sh contract`; tests/test_contract_models.py fails when
the committed models and the schemas disagree.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1]
SCHEMAS = ENGINE.parent / "schemas" / "engine"
PACKAGE = ENGINE / "verse_engine" / "contract"

OPTIONS = [
    "--input-file-type=jsonschema",
    "--output-model-type=pydantic_v2.BaseModel",
    "--target-python-version=3.11",
    "--use-annotated",
    "--field-constraints",
    "--use-standard-collections",
    "--use-union-operator",
    "--use-schema-description",
    # A string with a title (AudioKey, Language) is a str field, not a model around one.
    "--collapse-root-models",
    "--enum-field-as-literal=all",
    "--disable-timestamp",
    "--formatters=builtin",
]


def generate(*, check: bool = False) -> subprocess.CompletedProcess[str]:
    """The models of every schema in schemas/engine, one module each, into verse_engine/contract; with
    `check`, nothing is written and the exit status says whether the committed models are current."""
    command = [sys.executable, "-m", "datamodel_code_generator", f"--input={SCHEMAS}", f"--output={PACKAGE}", *OPTIONS]
    return subprocess.run([*command, *(["--check"] if check else [])], capture_output=True, text=True, timeout=120)


if __name__ == "__main__":
    written = generate()
    sys.exit(written.stderr if written.returncode else 0)
