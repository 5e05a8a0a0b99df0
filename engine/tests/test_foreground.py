import numpy as np

from verse_engine.alignment.voice_onsets import FRAME_SAMPLES
from verse_engine.audio.decode import SAMPLE_RATE
from verse_engine.audio.foreground import HOP, foreground_db

RATE = SAMPLE_RATE


def tone(pitch: float, seconds: float, level: float = 0.1) -> np.ndarray:
    """A sung-like note: a few harmonics with a 5.5 Hz vibrato."""
    t = np.arange(int(seconds * RATE)) / RATE
    phase = 2 * np.pi * np.cumsum(pitch * (1 + 0.01 * np.sin(2 * np.pi * 5.5 * t))) / RATE
    note = sum(np.sin(k * phase) / k for k in range(1, 6))
    return (level * note / np.max(np.abs(note))).astype(np.float32)


def band(seconds: float) -> np.ndarray:
    """A 2 s bar of two plucked chords, played over and over."""
    t = np.arange(RATE) / RATE
    decay = np.exp(-t)
    chords = [(262.0, 330.0, 392.0), (196.0, 247.0, 294.0)]
    bar = np.concatenate([sum(np.sin(2 * np.pi * f * t) for f in chord) * decay for chord in chords])
    bar = (0.2 * bar / np.max(np.abs(bar))).astype(np.float32)
    return np.tile(bar, int(np.ceil(seconds / 2)))[: int(seconds * RATE)]


def frames_of(start: float, end: float) -> np.ndarray:
    return np.arange(int(start * RATE / HOP), int(end * RATE / HOP))


def test_frames_are_silero_frames():
    # held_notes reads the foreground and Silero's probabilities with one frame index.
    assert HOP == FRAME_SAMPLES


def test_a_held_note_over_a_repeating_band_is_foreground_and_the_band_is_not():
    # The note is 12 dB under the band: the mix is barely louder where it sounds.
    mix = band(30.0)
    at = 14 * RATE
    mix[at : at + 3 * RATE] += tone(440.0, 3.0, level=0.05)
    note = foreground_db(mix, frames_of(14.5, 16.5))
    alone = foreground_db(mix, np.concatenate([frames_of(4.0, 12.0), frames_of(19.0, 28.0)]))
    assert np.median(note) > np.median(alone) + 20


def test_a_song_too_short_to_repeat_is_all_foreground():
    mix = tone(330.0, 3.0)
    levels = foreground_db(mix, frames_of(0.5, 2.5))
    assert np.all(np.isfinite(levels))
    assert np.min(levels) > 0
