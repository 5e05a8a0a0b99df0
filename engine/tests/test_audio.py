import pytest

from verse_engine.audio import AudioError, load

from .conftest import encode

FORMATS = [
    ("mp3", "mp3", "libmp3lame", 44100),
    ("wav", "wav", "pcm_s16le", 16000),
    ("flac", "flac", "flac", 16000),
    ("m4a", "ipod", "aac", 44100),
    ("aac", "adts", "aac", 44100),
    ("ogg", "ogg", "libopus", 48000),
    ("webm", "webm", "libopus", 48000),
]


@pytest.mark.parametrize(("ext", "fmt", "codec", "rate"), FORMATS)
def test_every_accepted_format_decodes_to_16k_mono(tmp_path, ext, fmt, codec, rate):
    samples = load(encode(tmp_path / f"tone.{ext}", fmt, codec, rate))
    assert samples.ndim == 1
    assert abs(len(samples) / 16000 - 2.0) < 0.1


def test_empty_file(tmp_path):
    (tmp_path / "a.mp3").write_bytes(b"")
    with pytest.raises(AudioError) as error:
        load(tmp_path / "a.mp3")
    assert error.value.code == "empty_audio"


def test_text_is_not_audio(tmp_path):
    (tmp_path / "a.mp3").write_text("this is not audio, it is a text file with an mp3 name" * 20)
    with pytest.raises(AudioError) as error:
        load(tmp_path / "a.mp3")
    assert error.value.code in ("undecodable_audio", "empty_audio")


def test_truncated_file_is_a_clear_failure(tmp_path):
    whole = encode(tmp_path / "long.flac", "flac", "flac", 16000, seconds=30).read_bytes()
    (tmp_path / "cut.flac").write_bytes(whole[: len(whole) // 5])
    with pytest.raises(AudioError) as error:
        load(tmp_path / "cut.flac")
    assert error.value.code in ("truncated_audio", "undecodable_audio")


def test_the_fifteen_minute_cap(tmp_path):
    path = encode(tmp_path / "long.flac", "flac", "flac", 16000, seconds=15 * 60 + 5)
    with pytest.raises(AudioError) as error:
        load(path)
    assert error.value.code == "audio_too_long"
