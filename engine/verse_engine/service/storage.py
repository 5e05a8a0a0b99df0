"""Where the engine finds a job's audio: in the same object store the platform writes, by storage key,
never by a path it would have to share with the caller. Configured like the platform:

- ``VERSE_STORAGE_URL=s3://bucket/prefix`` (with ``VERSE_S3_ENDPOINT`` for a non-AWS endpoint and the
  standard AWS credential variables): each object is downloaded once into a local cache
  (``VERSE_ENGINE_CACHE_DIR``), under a temporary name renamed into place, so any engine replica on
  any host can serve any job;
- unset: the local folder ``$VERSE_DATA_DIR/objects`` (one host, or a shared volume).

Keys are the platform's own (``audio/<org>/<uuid>``); anything that could leave the store is refused.
"""

from __future__ import annotations

import os
import re
import threading
import uuid
from functools import lru_cache
from pathlib import Path
from typing import Protocol
from urllib.parse import urlparse

from verse_engine.settings import settings

KEY = re.compile(r"^[A-Za-z0-9_.=-]+(/[A-Za-z0-9_.=-]+)*$")
# Objects the engine reads are the platform's audio copies: 100 MB at most (spec, Limits).
MAX_OBJECT_BYTES = 100 * 1024 * 1024


class AudioNotFound(Exception):
    """No object under the key (or a key that is not one)."""


def check_key(key: str) -> str:
    if not KEY.match(key) or any(part in ("", ".", "..") for part in key.split("/")):
        raise AudioNotFound(f"not a storage key: {key[:80]!r}")
    return key


class AudioStore(Protocol):
    def path(self, key: str) -> Path:
        """A local file holding the object's bytes."""
        ...


class LocalStore:
    def __init__(self, root: Path):
        self.root = root.resolve()

    def path(self, key: str) -> Path:
        file = (self.root / check_key(key)).resolve()
        if self.root not in file.parents or not file.is_file():
            raise AudioNotFound(f"no audio under {key!r}")
        return file


class S3Store:
    """Objects fetched from S3-compatible storage into a bounded local cache."""

    def __init__(self, url: str, cache_dir: Path, endpoint: str | None, region: str):
        import boto3

        parsed = urlparse(url)
        self.bucket = parsed.netloc
        self.prefix = parsed.path.strip("/")
        self.cache = cache_dir
        self.cache.mkdir(parents=True, exist_ok=True)
        self.client = boto3.client("s3", endpoint_url=endpoint, region_name=region)
        self._lock = threading.Lock()

    def path(self, key: str) -> Path:
        check_key(key)
        cached = self.cache / key.replace("/", "__")
        if cached.is_file():
            os.utime(cached)  # recently used: evicted last
            return cached
        name = f"{self.prefix}/{key}" if self.prefix else key
        try:
            response = self.client.get_object(Bucket=self.bucket, Key=name)
        except self.client.exceptions.NoSuchKey as error:
            raise AudioNotFound(f"no audio under {key!r}") from error
        partial = cached.with_name(f"{cached.name}.{uuid.uuid4().hex}.part")
        written = 0
        try:
            with partial.open("wb") as out:
                for chunk in response["Body"].iter_chunks(1 << 20):
                    written += len(chunk)
                    if written > MAX_OBJECT_BYTES:
                        raise AudioNotFound(f"{key!r} is larger than {MAX_OBJECT_BYTES} bytes")
                    out.write(chunk)
            partial.replace(cached)
        finally:
            partial.unlink(missing_ok=True)
        self._trim()
        return cached

    def _trim(self) -> None:
        """Keeps the cache under its size (VERSE_ENGINE_CACHE_BYTES), dropping the least recently used
        files first."""
        limit = settings().cache_bytes
        with self._lock:
            files = sorted(
                (f for f in self.cache.iterdir() if f.is_file() and not f.name.endswith(".part")),
                key=lambda f: f.stat().st_mtime,
            )
            total = sum(f.stat().st_size for f in files)
            for f in files:
                if total <= limit:
                    break
                total -= f.stat().st_size
                f.unlink(missing_ok=True)


@lru_cache(maxsize=1)
def store() -> AudioStore:
    config = settings()
    if config.storage_url:
        return S3Store(config.storage_url, config.cache_dir, config.s3_endpoint, config.s3_region)
    return LocalStore(config.data_dir / "objects")
