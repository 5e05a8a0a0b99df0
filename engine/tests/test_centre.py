"""The centre of a stereo mix (verse_engine/audio/centre.py, what the voted decodes hear): what both
channels share is kept, what one channel carries alone is turned down, and a mono signal passes
through."""

import numpy as np

from verse_engine.audio.centre import centre_channel

RATE = 16000


def tone(hz: float, seconds: float) -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    return (0.3 * np.sin(2 * np.pi * hz * t)).astype(np.float32)


def level(samples: np.ndarray, hz: float) -> float:
    """The amplitude of one frequency in the signal (a single-bin Fourier transform)."""
    t = np.arange(samples.size) / RATE
    return float(2 * np.abs(np.mean(samples * np.exp(-2j * np.pi * hz * t))))


def test_a_mono_signal_longer_than_a_block_comes_back_whole():
    noise = np.random.default_rng(0).standard_normal(RATE * 70).astype(np.float32) * 0.1
    out = centre_channel(np.stack([noise, noise]), RATE)
    assert out.shape == noise.shape
    # Blocks of 30 s join without a seam: every sample, the joins included, is the input's.
    assert np.max(np.abs(out - noise)) < 1e-4


def test_the_centred_voice_is_kept_and_an_instrument_in_one_channel_turned_down():
    voice, guitar = tone(440, 5), tone(1250, 5)
    out = centre_channel(np.stack([voice + guitar, voice]), RATE)
    mix = (voice + voice + guitar) / 2
    assert abs(20 * np.log10(level(out, 440) / level(mix, 440))) < 1.0
    assert 20 * np.log10(level(out, 1250) / level(mix, 1250)) < -15
