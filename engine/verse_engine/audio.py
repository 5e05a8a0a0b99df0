"""Decoding every accepted format to 16 kHz mono float32, with explicit failures for audio that is
empty, unreadable, cut short or longer than the 15-minute cap."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
from faster_whisper import decode_audio

SAMPLE_RATE = 16000
MAX_SECONDS = 15 * 60


class AudioError(Exception):
    """A failure of the input audio itself: reported to the job, never retried."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def declared_duration(path: Path) -> float | None:
    try:
        with av.open(str(path)) as container:
            if container.duration:
                return container.duration / av.time_base
            stream = next((s for s in container.streams if s.type == "audio"), None)
            if stream is not None and stream.duration and stream.time_base:
                return float(stream.duration * stream.time_base)
    except av.error.FFmpegError as error:
        raise AudioError("undecodable_audio", f"The audio could not be read: {error}") from error
    return None


def load(path: str | Path) -> np.ndarray:
    path = Path(path)
    if not path.is_file() or path.stat().st_size == 0:
        raise AudioError("empty_audio", "The audio file is empty")
    declared = declared_duration(path)
    if declared is not None and declared > MAX_SECONDS + 1:
        raise AudioError("audio_too_long", f"The audio is {declared / 60:.1f} minutes long; the limit is 15 minutes")
    try:
        audio = decode_audio(str(path), sampling_rate=SAMPLE_RATE)
    except (av.error.FFmpegError, ValueError, IndexError) as error:
        raise AudioError("undecodable_audio", f"The audio could not be decoded: {error}") from error
    seconds = len(audio) / SAMPLE_RATE
    if seconds < 0.1:
        raise AudioError("empty_audio", "The audio contains no sound to transcribe")
    if seconds > MAX_SECONDS + 1:
        raise AudioError("audio_too_long", f"The audio is {seconds / 60:.1f} minutes long; the limit is 15 minutes")
    if declared is not None and declared > 10 and seconds < 0.5 * declared:
        raise AudioError(
            "truncated_audio",
            f"The audio is cut short: it declares {declared:.0f} s but only {seconds:.0f} s could be decoded",
        )
    return audio
