"""The engine's HTTP API. This first version reports its health and which speech models it has;
transcription, romanisation, translation and alignment endpoints arrive with the engine issue."""

import os
from pathlib import Path

from fastapi import FastAPI

from . import __version__

app = FastAPI(title="Verse speech engine", version=__version__)


def model_dir() -> Path:
    return Path(os.environ.get("VERSE_MODEL_DIR", Path(__file__).resolve().parents[2] / "var" / "models"))


def installed_models() -> list[str]:
    root = model_dir()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "model.bin").is_file())


@app.get("/health")
def health() -> dict:
    models = installed_models()
    return {"status": "ok", "version": __version__, "models": models, "asr_ready": bool(models)}


@app.get("/v1/models")
def models() -> dict:
    return {"object": "list", "data": [{"id": m, "object": "model"} for m in installed_models()]}
