"""The centre of a stereo mix: what the two channels share, in phase and at equal level.

Mixes pan the lead vocal to the centre and spread instruments and reverb across the stereo field,
so keeping each time-frequency cell in proportion to how alike the two channels are there (the
inter-channel similarity of Avendano and Jot's stereo upmix) leaves the voice and turns the
accompaniment down. The greedy decode of the transcript's vote hears this rather than the mix
(pipeline.transcribe_song; docs/benchmarks-archive.md, "Transcription settings"): the model is still given
a mix, not separated vocals, only one with the accompaniment turned down where it is panned.

A mono file has nothing to separate: its two channels are alike everywhere, and it comes back as it
went in.
"""

from __future__ import annotations

import numpy as np

#: 64 ms frames at 16 kHz, a quarter apart: fine enough in frequency to tell a voice's harmonics
#: from the instruments between them.
FRAME = 1024
HOP = FRAME // 4
#: Amplitude kept where the channels share nothing: -20 dB. Silencing such cells outright leaves
#: holes that the decoder hears as noise.
FLOOR = 0.1
#: The similarity is squared: a cell half shared keeps a quarter, so partly panned instruments
#: are turned down too.
SHARPNESS = 2
#: Seconds processed at a time, so a 15-minute song's spectrogram is never held whole.
BLOCK_SECONDS = 30

_WINDOW = np.hanning(FRAME).astype(np.float32)


def centre_channel(stereo: np.ndarray, sample_rate: int) -> np.ndarray:
    """(2, n) left and right samples → n samples of their shared centre, float32."""
    left, right = stereo[0].astype(np.float32, copy=False), stereo[1].astype(np.float32, copy=False)
    n = left.size
    out = np.empty(n, dtype=np.float32)
    block = BLOCK_SECONDS * sample_rate
    # Each block is processed with a frame of its neighbours on either side, and only its own
    # samples kept: every kept sample is covered by whole frames, so blocks join without seams.
    for start in range(0, n, block):
        end = min(n, start + block)
        lo, hi = max(0, start - FRAME), min(n, end + FRAME)
        centred = _centre(left[lo:hi], right[lo:hi])
        out[start:end] = centred[start - lo : end - lo]
    return out


def _centre(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    spectrum_left, spectrum_right = _stft(left), _stft(right)
    shared = 2 * np.real(spectrum_left * np.conj(spectrum_right))
    power = np.abs(spectrum_left) ** 2 + np.abs(spectrum_right) ** 2
    similarity = np.clip(shared / np.maximum(power, 1e-12), 0.0, 1.0)
    mask = FLOOR + (1 - FLOOR) * similarity**SHARPNESS
    return _istft(mask * (spectrum_left + spectrum_right) / 2, left.size)


def _stft(x: np.ndarray) -> np.ndarray:
    padded = np.pad(x, (FRAME, FRAME))
    frames = np.lib.stride_tricks.sliding_window_view(padded, FRAME)[::HOP] * _WINDOW
    return np.fft.rfft(frames, axis=1)


def _istft(spectrum: np.ndarray, length: int) -> np.ndarray:
    frames = np.fft.irfft(spectrum, n=FRAME, axis=1).astype(np.float32) * _WINDOW
    total = (len(frames) - 1) * HOP + FRAME
    out = np.zeros(total, dtype=np.float32)
    weight = np.zeros(total, dtype=np.float32)
    # Overlap-add in four passes of frames a whole frame apart, so each pass is one strided add.
    for phase in range(FRAME // HOP):
        chosen = frames[phase :: FRAME // HOP]
        starts = phase * HOP
        span = chosen.size
        out[starts : starts + span] += chosen.reshape(-1)
        weight[starts : starts + span] += np.tile(_WINDOW**2, len(chosen))
    return out[FRAME : FRAME + length] / np.maximum(weight[FRAME : FRAME + length], 1e-8)
