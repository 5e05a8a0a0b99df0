"""TTS + DTW: the second alignment method, for languages Whisper has no model for (Odia, Maithili, …).

Every line is spoken by espeak-ng in the language's voice (or the closest voice it has); the spoken
lines are joined with their boundaries recorded. Log-mel frames of that speech and of the song are
compared, and an open-begin, open-end dynamic time warping path maps each speech frame to a song
frame: the song may start (an intro) and end (an outro) anywhere, and locally run from half to three
times the pace of the speech, as singing does. Line starts and ends follow from the path; words share
their line's span in proportion to their length.
"""

from __future__ import annotations

import io
import subprocess
import wave
from functools import cache

import numpy as np

from verse_engine.alignment.lyrics_align import LineTiming
from verse_engine.audio.decode import SAMPLE_RATE
from verse_engine.text.lines import Word

METHOD = "tts-dtw"
FRAMES_PER_SECOND = 25  # log-mel at 100 frames/s, averaged in fours
_POOL = 100 // FRAMES_PER_SECOND
LINE_GAP_SECONDS = 0.5
# A line whose path cost is high (the song did not resemble its speech) is flagged for review.
FLAG_COST = 0.75


@cache
def espeak_voices() -> frozenset[str]:
    out = subprocess.run(["espeak-ng", "--voices"], capture_output=True, text=True, check=True).stdout
    return frozenset(line.split()[1] for line in out.splitlines()[1:] if len(line.split()) > 1)


def voice_for(codes: list[str | None]) -> str:
    """The first of the language's codes espeak-ng speaks (its own, then its related languages)."""
    for code in codes:
        if code and code in espeak_voices():
            return code
    return "en"


def synthesize(text: str, voice: str, speed: int = 160) -> np.ndarray:
    """Speech for one line, mono float32 at 16 kHz."""
    wav = subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "--stdout", text], capture_output=True, check=True
    ).stdout
    with wave.open(io.BytesIO(wav)) as w:
        rate = w.getframerate()
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float32) / 32768
    if rate == SAMPLE_RATE:
        return samples
    positions = np.arange(0, len(samples), rate / SAMPLE_RATE)
    return np.interp(positions, np.arange(len(samples)), samples).astype(np.float32)


def features(audio: np.ndarray) -> np.ndarray:
    """Log-mel frames at FRAMES_PER_SECOND, each band mean- and variance-normalised, unit length."""
    from faster_whisper.feature_extractor import FeatureExtractor

    mel = FeatureExtractor()(audio, padding=0)  # (80, frames at 100/s)
    frames = mel.shape[1] // _POOL
    pooled = mel[:, : frames * _POOL].reshape(80, frames, _POOL).mean(axis=2).T
    pooled = (pooled - pooled.mean(axis=0)) / (pooled.std(axis=0) + 1e-6)
    normalised: np.ndarray = pooled / (np.linalg.norm(pooled, axis=1, keepdims=True) + 1e-6)
    return normalised


# Steps into (i, j): one speech frame may cover 1 to 8 song frames (singing is slower than speech,
# and the pauses between sung lines are longer than those between spoken ones), and two speech
# frames may share one song frame.
_STEPS = ((1, 1), (1, 2), (1, 3), (1, 4), (1, 6), (1, 8), (2, 1))


def dtw_path(cost: np.ndarray) -> np.ndarray:
    """For each row (speech frame), the column (song frame) of the cheapest open-begin, open-end path."""
    n, m = cost.shape
    total = np.full((n, m), np.inf, dtype=np.float32)
    choice = np.zeros((n, m), dtype=np.int8)
    total[0] = cost[0]
    for i in range(1, n):
        best = np.full(m, np.inf, dtype=np.float32)
        for k, (di, dj) in enumerate(_STEPS):
            if i - di < 0:
                continue
            shifted = np.full(m, np.inf, dtype=np.float32)
            shifted[dj:] = total[i - di, : m - dj]
            better = shifted < best
            best[better] = shifted[better]
            choice[i, better] = k
        total[i] = cost[i] + best
    path = np.zeros(n, dtype=np.int64)
    j = int(np.argmin(total[n - 1]))
    i = n - 1
    path[i] = j
    while i > 0:
        di, dj = _STEPS[choice[i, j]]
        for back in range(1, di):  # a row skipped by a (2, 1) step shares the column
            path[i - back] = j - dj
        i, j = i - di, j - dj
        path[i] = j
    return path


def align_by_tts(audio: np.ndarray, lines: list[str], voice: str) -> list[LineTiming]:
    gap = np.zeros(int(LINE_GAP_SECONDS * SAMPLE_RATE), dtype=np.float32)
    spoken: list[np.ndarray] = []
    bounds: list[tuple[int, int]] = []
    position = 0
    for text in lines:
        speech = synthesize(text, voice) if text.strip() else np.zeros(SAMPLE_RATE // 4, dtype=np.float32)
        start = position
        position += len(speech)
        bounds.append((start, position))
        spoken += [speech, gap]
        position += len(gap)
    speech_features = features(np.concatenate(spoken))
    song_features = features(audio)
    cost = 1 - speech_features @ song_features.T
    path = dtw_path(cost)

    def frame_of(sample: int) -> int:
        return min(len(path) - 1, sample * FRAMES_PER_SECOND // SAMPLE_RATE)

    out = []
    for text, (a, b) in zip(lines, bounds, strict=True):
        first, last = frame_of(a), frame_of(b)
        start = path[first] / FRAMES_PER_SECOND
        end = max(start + 0.1, path[last] / FRAMES_PER_SECOND)
        line_cost = float(cost[np.arange(first, last + 1), path[first : last + 1]].mean())
        out.append(
            LineTiming(
                start, end, _share(text, start, end), round(max(0.0, 1 - line_cost), 3), line_cost > FLAG_COST, True
            )
        )
    return out


def _share(text: str, start: float, end: float) -> list[Word]:
    """Words spread over the line's span in proportion to their length."""
    words = text.split()
    if not words:
        return []
    weights = np.array([len(w) + 1 for w in words], dtype=np.float64)
    edges = start + (end - start) * np.concatenate([[0.0], np.cumsum(weights) / weights.sum()])
    return [Word(w, float(edges[k]), float(edges[k + 1]), 0.0) for k, w in enumerate(words)]
