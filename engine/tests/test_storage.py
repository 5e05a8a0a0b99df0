"""The engine reads audio by storage key from the platform's object store: a local folder, or
S3-compatible storage (moto's server, started by `make test`, on VERSE_TEST_S3_ENDPOINT)."""

import os
import urllib.request
import uuid

import pytest

from verse_engine.service.storage import AudioNotFound, LocalStore, S3Store

S3_ENDPOINT = os.environ.get("VERSE_TEST_S3_ENDPOINT", "http://127.0.0.1:5055")


def _s3_answers() -> bool:
    try:
        urllib.request.urlopen(S3_ENDPOINT, timeout=2)
        return True
    except Exception:
        return False


def test_local_store_reads_keys_and_refuses_anything_that_leaves_it(tmp_path):
    (tmp_path / "objects" / "audio" / "org").mkdir(parents=True)
    (tmp_path / "objects" / "audio" / "org" / "a").write_bytes(b"RIFF")
    (tmp_path / "secret").write_text("outside the store")
    store = LocalStore(tmp_path / "objects")
    assert store.path("audio/org/a").read_bytes() == b"RIFF"
    for key in ("audio/org/missing", "../secret", "audio/../../secret", "/etc/passwd", "audio//a", ""):
        with pytest.raises(AudioNotFound):
            store.path(key)


@pytest.mark.skipif(not _s3_answers(), reason="no S3 endpoint (ops/s3.sh start)")
def test_s3_store_downloads_once_into_its_cache_and_reports_a_missing_key(tmp_path, monkeypatch):
    import boto3

    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "test")
    bucket = f"engine-{uuid.uuid4().hex[:12]}"
    s3 = boto3.client("s3", endpoint_url=S3_ENDPOINT, region_name="us-east-1")
    s3.create_bucket(Bucket=bucket)
    s3.put_object(Bucket=bucket, Key="verse/audio/org/song", Body=b"RIFF" + b"\0" * 1000)
    store = S3Store(f"s3://{bucket}/verse", tmp_path / "cache", S3_ENDPOINT, "us-east-1")

    first = store.path("audio/org/song")
    assert first.read_bytes().startswith(b"RIFF") and first.stat().st_size == 1004
    s3.delete_object(Bucket=bucket, Key="verse/audio/org/song")
    assert store.path("audio/org/song") == first  # served from the cache, not fetched again
    assert not list((tmp_path / "cache").glob("*.part"))
    with pytest.raises(AudioNotFound):
        store.path("audio/org/never-stored")
