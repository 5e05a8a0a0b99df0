"""Decoding every accepted format to 16 kHz mono float32, with explicit failures for audio that is
empty, unreadable, cut short or longer than the 15-minute cap.

The file's own claims (duration, sample rate, channels) are never trusted for memory: decoding
streams frame by frame through a resampler into 16 kHz mono, and stops as soon as the output passes
the cap, so a small file that declares 3 minutes but decodes to an hour costs at most the cap's
worth of samples (15 min x 16 kHz x 2 bytes, about 29 MB; three times that when the left and right
channels are kept too, for the mix's centre), whatever its header says."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np

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


def _too_long(seconds: float) -> AudioError:
    return AudioError("audio_too_long", f"The audio is over {seconds / 60:.1f} minutes long; the limit is 15 minutes")


def decode_bounded(path: Path, max_seconds: float) -> np.ndarray:
    """16 kHz mono float32, decoded as a stream; AudioError past max_seconds of output.

    Packets that fail to decode are skipped (as faster-whisper's decoder does), so a damaged frame
    costs its few milliseconds, not the song; a file with nothing decodable comes back empty.
    """
    return _decode(path, max_seconds, stereo=False)[0]


def _decode(path: Path, max_seconds: float, stereo: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """Mono, and with `stereo` the left and right channels (2, n) from the same pass, or None for a
    file of one channel. Both count against the same budget of output seconds."""
    budget = int(max_seconds * SAMPLE_RATE)
    mono: list[np.ndarray] = []
    pairs: list[np.ndarray] = []
    total = 0

    def keep(frames: list[av.AudioFrame]) -> None:
        nonlocal total
        for out in frames:
            samples = out.to_ndarray().reshape(-1)
            total += samples.size
            if total > budget:
                raise _too_long(max_seconds)
            mono.append(samples)

    def keep_pairs(frames: list[av.AudioFrame]) -> None:
        # Packed s16 stereo: left and right interleaved; bounded by the mono budget, same length.
        pairs.extend(out.to_ndarray().reshape(-1, 2) for out in frames)

    try:
        with av.open(str(path), metadata_errors="ignore") as container:
            stream = container.streams.audio[0] if container.streams.audio else None
            if stream is None:
                raise AudioError("undecodable_audio", "The file has no audio stream")
            resampler = av.AudioResampler(format="s16", layout="mono", rate=SAMPLE_RATE)
            two = stereo and stream.layout.nb_channels >= 2
            pair_resampler = av.AudioResampler(format="s16", layout="stereo", rate=SAMPLE_RATE) if two else None
            for packet in container.demux(stream):
                try:
                    frames = packet.decode()
                except av.error.InvalidDataError:
                    continue
                for frame in frames:
                    if isinstance(frame, av.AudioFrame):
                        keep(resampler.resample(frame))
                        if pair_resampler is not None:
                            keep_pairs(pair_resampler.resample(frame))
            keep(resampler.resample(None))
            if pair_resampler is not None:
                keep_pairs(pair_resampler.resample(None))
    except (av.error.FFmpegError, ValueError, IndexError) as error:
        raise AudioError("undecodable_audio", f"The audio could not be decoded: {error}") from error
    if not mono:
        return np.zeros(0, dtype=np.float32), None
    samples = _as_float(mono, total)
    if not pairs:
        return samples, None
    # The two resamplers may end a few samples apart: the channels keep the mono timeline.
    return samples, _as_float([pair.T for pair in pairs], total)


def _as_float(chunks: list[np.ndarray], length: int) -> np.ndarray:
    """s16 chunks (..., n) joined along their last axis into float32 in [-1, 1), `length` samples
    long (cut, or padded with silence). Each chunk is written into place: a 15-minute stereo song's
    channels would otherwise pass through three whole-song temporaries (docs/benchmarks-archive.md)."""
    out = np.zeros((*chunks[0].shape[:-1], length), dtype=np.float32)
    at = 0
    for chunk in chunks:
        take = min(chunk.shape[-1], length - at)
        out[..., at : at + take] = chunk[..., :take]
        at += take
    out /= 32768.0
    return out


def load(path: str | Path) -> np.ndarray:
    """The song as 16 kHz mono float32, after the checks every decode of an upload passes."""
    return _checked(Path(path), stereo=False)[0]


def load_with_channels(path: str | Path) -> tuple[np.ndarray, np.ndarray | None]:
    """As load, with the left and right channels (2, n) decoded in the same pass, or None when the
    file has one channel."""
    return _checked(Path(path), stereo=True)


def seconds_of(samples: np.ndarray) -> float:
    """How long decoded audio lasts (it is always SAMPLE_RATE samples a second)."""
    return len(samples) / SAMPLE_RATE


def _checked(path: Path, stereo: bool) -> tuple[np.ndarray, np.ndarray | None]:
    if not path.is_file() or path.stat().st_size == 0:
        raise AudioError("empty_audio", "The audio file is empty")
    declared = declared_duration(path)
    if declared is not None and declared > MAX_SECONDS + 1:
        raise AudioError("audio_too_long", f"The audio is {declared / 60:.1f} minutes long; the limit is 15 minutes")
    audio, channels = _decode(path, max_seconds=MAX_SECONDS + 1, stereo=stereo)
    seconds = seconds_of(audio)
    if seconds < 0.1:
        raise AudioError("empty_audio", "The audio contains no sound to transcribe")
    if seconds > MAX_SECONDS + 1:
        raise AudioError("audio_too_long", f"The audio is {seconds / 60:.1f} minutes long; the limit is 15 minutes")
    if declared is not None and declared > 10 and seconds < 0.5 * declared:
        raise AudioError(
            "truncated_audio",
            f"The audio is cut short: it declares {declared:.0f} s but only {seconds:.0f} s could be decoded",
        )
    return audio, channels
