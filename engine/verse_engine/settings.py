"""Every environment variable the engine reads, with its default and its check, in one place.

Read when asked (`settings()`), not at import, so a process started with other values, and a test
that sets them, sees its own. Where a path has no variable, the default is the checkout's `var/`
folder (`CHECKOUT`), which `make up` creates; the engine's image sets every path it needs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

#: The repository checkout the package runs from in development (engine/verse_engine/ → the root).
CHECKOUT = Path(__file__).resolve().parents[2]


def _text(name: str) -> str | None:
    value = os.environ.get(name)
    return value or None


def _count(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = int(raw)
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, got {raw!r}")
    return value


@dataclass(frozen=True)
class Settings:
    #: VERSE_DATA_DIR: the engine's data (local objects, its cache, derived model folders).
    data_dir: Path
    #: VERSE_MODEL_DIR: where the verified Whisper weights are.
    model_dir: Path
    #: VERSE_LANGUAGES_FILE: the language table, when not the packaged or the checkout's copy.
    languages_file: Path | None
    #: VERSE_ASR_MODEL: the Whisper model to use; unset, the best verified one that meets the speed target.
    asr_model: str | None
    #: VERSE_ENGINE_THREADS: CPU threads per model replica.
    threads: int
    #: VERSE_ENGINE_CONCURRENCY and VERSE_ENGINE_QUEUE: requests at work, and waiting, before a 503.
    concurrency: int
    queue: int
    #: VERSE_STORAGE_URL (s3://bucket/prefix), VERSE_S3_ENDPOINT, VERSE_S3_REGION: the object store;
    #: unset, a local folder under data_dir.
    storage_url: str | None
    s3_endpoint: str | None
    s3_region: str
    #: VERSE_ENGINE_CACHE_DIR and VERSE_ENGINE_CACHE_BYTES: the local copy of objects read from S3.
    cache_dir: Path
    cache_bytes: int
    #: VERSE_LLM_BASE_URL, VERSE_LLM_MODEL, VERSE_LLM_API_KEY: an OpenAI-compatible translator.
    llm_base_url: str | None
    llm_model: str | None
    llm_api_key: str

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)


def settings() -> Settings:
    data_dir = Path(_text("VERSE_DATA_DIR") or CHECKOUT / "var" / "data" / "verse")
    languages = _text("VERSE_LANGUAGES_FILE")
    return Settings(
        data_dir=data_dir,
        model_dir=Path(_text("VERSE_MODEL_DIR") or CHECKOUT / "var" / "models"),
        languages_file=Path(languages) if languages else None,
        asr_model=_text("VERSE_ASR_MODEL"),
        threads=_count("VERSE_ENGINE_THREADS", os.cpu_count() or 2),
        concurrency=max(1, _count("VERSE_ENGINE_CONCURRENCY", 1)),
        queue=_count("VERSE_ENGINE_QUEUE", 2),
        storage_url=_text("VERSE_STORAGE_URL"),
        s3_endpoint=_text("VERSE_S3_ENDPOINT"),
        s3_region=_text("VERSE_S3_REGION") or "us-east-1",
        cache_dir=Path(_text("VERSE_ENGINE_CACHE_DIR") or data_dir / "engine-cache"),
        cache_bytes=_count("VERSE_ENGINE_CACHE_BYTES", 4 * 1024 * 1024 * 1024),
        llm_base_url=_text("VERSE_LLM_BASE_URL"),
        llm_model=_text("VERSE_LLM_MODEL"),
        llm_api_key=os.environ.get("VERSE_LLM_API_KEY", ""),
    )
