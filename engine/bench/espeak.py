"""espeak-ng through its C library: speech with the sample at which every word starts, so that the
benchmarks built on it know each word's true time by construction."""

import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from verse_engine.audio.decode import SAMPLE_RATE

_UTTERANCE = Path(__file__).with_name("espeak_utterance.py")
#: The longest line a benchmark says takes espeak-ng well under a second.
UTTERANCE_TIMEOUT_SECONDS = 60


@dataclass(frozen=True)
class Delivery:
    """How a line is said: words per minute, pitch and pitch range (0-100), and the pause added
    between words in units of 10 ms. espeak-ng's own defaults are 175, 50, 50 and 0."""

    rate: int = 175
    pitch: int = 50
    range: int = 50
    word_gap: int = 0


class Espeak:
    """espeak-ng: speech and the sample at which each word starts.

    Each utterance is said in a process of its own (espeak_utterance.py): espeak-ng 1.51 carries
    state from one utterance to the next, so the same line said twice in one process differs in
    every sample and by a few in length, and a song rendered after others would not be the song its
    seed names."""

    def speak(self, voice: str, text: str, delivery: Delivery | None = None) -> tuple[np.ndarray, list[float | None]]:
        """16 kHz samples and each whitespace-separated word's start in seconds, or None for a word
        espeak-ng says as one with the word before it ("in the"), whose own start it does not
        report."""
        request = {"voice": voice, "text": text, **asdict(delivery or Delivery())}
        said = subprocess.run(
            [sys.executable, "-I", "-S", str(_UTTERANCE), json.dumps(request)],
            capture_output=True,
            check=True,
            timeout=UTTERANCE_TIMEOUT_SECONDS,
        ).stdout
        header, _, samples = said.partition(b"\n")
        told = json.loads(header)
        audio = np.frombuffer(samples, np.int16).astype(np.float32) / 32768
        picks = np.arange(0, len(audio), told["rate"] / SAMPLE_RATE).astype(int)
        # An event's text position counts characters from 1.
        at = {position: sample / told["rate"] for position, sample in told["words"]}
        starts = [at.get(m.start() + 1) for m in re.finditer(r"\S+", text)]
        return audio[picks], starts
