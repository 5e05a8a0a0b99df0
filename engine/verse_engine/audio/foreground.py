"""The level of what does not repeat in a song: REPET-SIM (Rafii and Pardo, "Music/Voice Separation
Using the Similarity Matrix", ISMIR 2012), as librosa's vocal separation example runs it.

A band plays the same bars again and again, and a voice over it seldom sings the same thing at the
same moment of them. Each frame's spectrum is compared with every other frame's at least
NEIGHBOUR_GAP_SECONDS away; the median of its nearest neighbours (by cosine similarity) is what
repeats there, and what rises above that is the foreground. Silero, trained on speech, hears nothing
in a held backing vowel ("ooh", vocalise.py), while the foreground rises with it.

Only the frames asked for are worked out, each against the whole song, a chunk at a time, so a long
song's similarity matrix is never held whole.
"""

from __future__ import annotations

import math

import numpy as np

from verse_engine.audio.decode import SAMPLE_RATE

#: 64 ms frames, one every 32 ms: the hop is Silero's frame (voice_onsets.FRAME_SAMPLES), so frame
#: k here is frame k there.
FRAME = 1024
HOP = 512
#: A voice's fundamental and its vowels' first two formants: where a sung vowel's energy lies.
LOW_HZ, HIGH_HZ = 200.0, 3000.0
#: A frame's neighbours are this far from it at least: a note held longer does not explain itself.
NEIGHBOUR_GAP_SECONDS = 2.0
#: The soft mask's margin over what repeats (librosa's example: 10 for the voice).
MARGIN = 10.0
#: Frames compared with the whole song at once.
CHUNK = 256
#: The level of nothing at all (digital silence, or a frame the band explains whole).
FLOOR_DB = -90.0

_WINDOW = np.hanning(FRAME).astype(np.float32)


def foreground_db(audio: np.ndarray, frames: np.ndarray) -> np.ndarray:
    """The foreground's level (dB, relative: compare it only within one song) at each of `frames`
    (indices of HOP-sample frames of 16 kHz audio, inside it)."""
    spectrum = _magnitudes(audio)
    unit = spectrum / np.maximum(np.linalg.norm(spectrum, axis=1, keepdims=True), 1e-9)
    count, gap = len(spectrum), round(NEIGHBOUR_GAP_SECONDS * SAMPLE_RATE / HOP)
    out = np.empty(len(frames))
    for start in range(0, len(frames), CHUNK):
        chosen = np.asarray(frames[start : start + CHUNK])
        out[start : start + len(chosen)] = _level(spectrum, unit, chosen, count, gap)
    return out


def _level(spectrum: np.ndarray, unit: np.ndarray, chosen: np.ndarray, count: int, gap: int) -> np.ndarray:
    here = spectrum[chosen]
    candidates = count - 2 * gap + 1
    if candidates < 1:
        # A song shorter than two gaps has nothing to repeat: all of it is foreground.
        return _decibels(here)
    # librosa's number of neighbours for a recurrence matrix of this many frames, made odd so that
    # their median is one of them: one partition finds it.
    nearest = min(candidates, 2 * math.ceil(math.sqrt(candidates)) + 1)
    similarity = unit[chosen] @ unit.T
    distance = np.abs(chosen[:, None] - np.arange(count)[None, :])
    similarity[distance < gap] = -np.inf
    neighbours = np.argpartition(-similarity, nearest - 1, axis=1)[:, :nearest]
    # Bins first, so that each median is taken over a contiguous run of neighbours.
    middle = nearest // 2
    median = np.partition(spectrum.T[:, neighbours], middle, axis=-1)[..., middle].T
    repeating = np.minimum(here, median)
    rise = here - repeating
    mask = rise**2 / np.maximum(rise**2 + (MARGIN * repeating) ** 2, 1e-18)
    return _decibels(mask * here)


def _decibels(magnitudes: np.ndarray) -> np.ndarray:
    """Each frame's level: its magnitudes' energy, in dB."""
    level: np.ndarray = 10 * np.log10(np.sum(magnitudes**2, axis=1) + 10 ** (FLOOR_DB / 10))
    return level


def _magnitudes(audio: np.ndarray) -> np.ndarray:
    """(frames, bins) magnitudes between LOW_HZ and HIGH_HZ; frame k is centred on the middle of
    samples [k·HOP, (k+1)·HOP)."""
    left = (FRAME - HOP) // 2
    padded = np.pad(audio.astype(np.float32, copy=False), (left, FRAME))
    frames = np.lib.stride_tricks.sliding_window_view(padded, FRAME)[::HOP][: math.ceil(len(audio) / HOP)]
    bins = np.fft.rfftfreq(FRAME, 1 / SAMPLE_RATE)
    keep = (bins > LOW_HZ) & (bins < HIGH_HZ)
    return np.abs(np.fft.rfft(frames * _WINDOW, axis=1))[:, keep].astype(np.float32)
