import shutil
import subprocess
from pathlib import Path

import av
import numpy as np
import pytest

from verse_engine.asr import models


def _has_model(name: str) -> bool:
    try:
        models.resolve(name)
        return True
    except models.ModelError:
        return False


requires_base = pytest.mark.skipif(
    not _has_model("base"), reason="the base model is not installed (ops/engine.sh install)"
)


@pytest.fixture(scope="session")
def clips(tmp_path_factory) -> Path:
    """Speech with known text, spoken by espeak-ng (installed by ops/engine.sh)."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    folder = tmp_path_factory.mktemp("clips")
    for name, voice, text in SPOKEN:
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(folder / f"{name}.wav"), text], check=True)
    return folder


SPOKEN = [
    ("en", "en", "The river runs over the stones and the morning light is golden"),
    ("es", "es", "El río corre sobre las piedras y la luz de la mañana es dorada"),
    ("fr", "fr", "J'aime la rivière qui coule sur les pierres"),
    ("hi", "hi", "नदी पत्थरों के ऊपर बहती है और सुबह की रोशनी सुनहरी है"),
    # espeak-ng reads Japanese kana only: the lyrics below write the same words in kanji.
    ("ja", "ja", "きみのなまえはなんですか。わたしはあなたをあいしてる。"),
]


def encode(path: Path, fmt: str, codec: str, rate: int, seconds: float = 2.0) -> Path:
    """A tone in any accepted container, written by PyAV (the same FFmpeg the engine decodes with)."""
    t = np.arange(int(16000 * seconds)) / 16000
    samples = (0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    with av.open(str(path), "w", format=fmt) as container:
        stream = container.add_stream(codec, rate=rate)
        stream.layout = "mono"
        frame = av.AudioFrame.from_ndarray(samples.reshape(1, -1), format="flt", layout="mono")
        frame.sample_rate = 16000
        resampler = av.AudioResampler(format=stream.codec_context.format.name, layout="mono", rate=rate)
        for chunk in resampler.resample(frame):
            for packet in stream.encode(chunk):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return path


def encode_stereo(path: Path, left_hz: float, right_hz: float, seconds: float = 2.0) -> Path:
    """A WAV whose left and right channels each carry their own tone."""
    t = np.arange(int(44100 * seconds)) / 44100
    pair = np.stack([np.sin(2 * np.pi * left_hz * t), np.sin(2 * np.pi * right_hz * t)]) * 0.3
    with av.open(str(path), "w", format="wav") as container:
        stream = container.add_stream("pcm_s16le", rate=44100)
        stream.layout = "stereo"
        frame = av.AudioFrame.from_ndarray(
            (pair.T.reshape(1, -1) * 32767).astype(np.int16), format="s16", layout="stereo"
        )
        frame.sample_rate = 44100
        for packet in stream.encode(frame):
            container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return path


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """Puts files into a local object store the engine reads by key (as the platform's folder store
    does), and returns the function that stores one and gives its key."""
    from verse_engine.service import storage

    monkeypatch.setenv("VERSE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("VERSE_STORAGE_URL", raising=False)
    storage.store.cache_clear()

    def put(source: Path, key: str | None = None) -> str:
        key = key or f"audio/org_test/{source.name}"
        target = tmp_path / "data" / "objects" / key
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        return key

    yield put
    storage.store.cache_clear()
