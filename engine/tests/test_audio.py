import subprocess
import sys

import av
import numpy as np
import pytest

from verse_engine.audio.decode import AudioError, load

from .conftest import encode, encode_stereo

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


def lying_flac(tmp_path, actual_seconds: int, declared_seconds: int, layout: str = "mono"):
    """A FLAC of silence whose STREAMINFO claims declared_seconds (an audio bomb: tiny, decodes long)."""
    path = tmp_path / "bomb.flac"
    with av.open(str(path), "w", format="flac") as container:
        stream = container.add_stream("flac", rate=16000)
        stream.layout = layout
        channels = 2 if layout == "stereo" else 1
        silence = np.zeros((1, 16000 * 60 * channels), dtype=np.int16)
        for _ in range(actual_seconds // 60):
            frame = av.AudioFrame.from_ndarray(silence, format="s16", layout=layout)
            frame.sample_rate = 16000
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    data = bytearray(path.read_bytes())
    # STREAMINFO starts after 'fLaC' and a 4-byte block header; total samples are its 36 bits at byte 13.
    info = 8
    total = declared_seconds * 16000
    data[info + 13] = (data[info + 13] & 0xF0) | ((total >> 32) & 0x0F)
    data[info + 14 : info + 18] = (total & 0xFFFFFFFF).to_bytes(4, "big")
    path.write_bytes(bytes(data))
    return path


PEAK_RSS_PROBE = """
import resource, sys
from verse_engine.audio import decode as audio
from verse_engine.audio.decode import AudioError
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    getattr(audio, sys.argv[2])(sys.argv[1])
    print("decoded")
except AudioError as error:
    print(error.code)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def decoded_in_a_fresh_process(path, loader: str) -> tuple[str, int]:
    """What `audio.<loader>` made of the file ("decoded" or its error code), and by how many MB it
    grew a fresh process at its peak."""
    probe = subprocess.run(
        [sys.executable, "-c", PEAK_RSS_PROBE, str(path), loader],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    outcome, peak_mb = probe.stdout.split()
    return outcome, int(peak_mb)


@pytest.mark.parametrize(("layout", "loader"), [("mono", "load"), ("stereo", "load_with_channels")])
def test_a_file_that_lies_about_its_length_stops_at_the_cap(tmp_path, layout, loader):
    """Declares 3 minutes, holds 60: refused once decoding passes 15 minutes, in bounded memory.

    Decoding all of it before checking (as before) peaks near 350 MB for the 0.6 MB mono file; the
    bounded decoder stops at 15 minutes of output (about 29 MB of samples, three times that with
    both channels kept), whichever it is asked for.
    """
    path = lying_flac(tmp_path, actual_seconds=60 * 60, declared_seconds=180, layout=layout)
    assert path.stat().st_size < 1_000_000
    outcome, peak_mb = decoded_in_a_fresh_process(path, loader)
    assert outcome == "audio_too_long"
    assert peak_mb < 150, f"decoding the bomb grew the engine by {peak_mb} MB"


def test_the_longest_stereo_song_is_held_once_beside_the_chunks_it_was_decoded_in(tmp_path):
    """15 minutes of stereo, the longest accepted: the mono mix and both channels come back as
    164 MB of float32, decoded in 82 MB of s16 chunks, and the process grows by little more than
    the two. Joining the chunks through whole-song temporaries, as before, grew it by 370 MB."""
    path = lying_flac(tmp_path, actual_seconds=900, declared_seconds=900, layout="stereo")
    outcome, peak_mb = decoded_in_a_fresh_process(path, "load_with_channels")
    assert outcome == "decoded"
    assert peak_mb < 300, f"decoding 15 minutes of stereo grew the engine by {peak_mb} MB"


def test_decoding_is_bounded_by_output_not_by_file(tmp_path):
    from verse_engine.audio.decode import decode_bounded

    path = encode(tmp_path / "ten.flac", "flac", "flac", 16000, seconds=10)
    assert abs(len(decode_bounded(path, max_seconds=60)) / 16000 - 10) < 0.1
    with pytest.raises(AudioError) as error:
        decode_bounded(path, max_seconds=3)
    assert error.value.code == "audio_too_long"


def test_both_channels_come_from_the_same_pass_on_the_mono_timeline(tmp_path):
    from verse_engine.audio.decode import load_with_channels

    path = encode_stereo(tmp_path / "two.wav", 440, 1000)
    mono, channels = load_with_channels(path)
    assert channels is not None and channels.shape == (2, mono.size)
    assert np.array_equal(mono, load(path))
    # Each channel is its own tone, and the mono mix is their average.
    spectra = np.abs(np.fft.rfft(channels, axis=1))
    assert [int(np.argmax(s) * 16000 / channels.shape[1]) for s in spectra] == [440, 1000]
    assert np.max(np.abs(channels.mean(axis=0) - mono)) < 1e-3


def test_a_mono_file_has_no_channels_to_separate(tmp_path):
    from verse_engine.audio.decode import load_with_channels

    mono, channels = load_with_channels(encode(tmp_path / "one.wav", "wav", "pcm_s16le", 16000))
    assert channels is None and mono.size > 0
