"""Nothing in transcription or alignment is fitted to base's shape: tiny.en (4 decoder layers of 6
heads, where base has 6 of 8) transcribes and aligns English end to end, with its alignment heads
read from its own model.bin."""

import json
import subprocess

import numpy as np

from verse_engine.alignment.lyrics_align import align_lyrics
from verse_engine.asr import models, whisper
from verse_engine.asr.pipeline import transcribe_song, transcript_of
from verse_engine.audio import decode as audio
from verse_engine.languages import find

from .conftest import requires_base

FIRST = "The river runs over the stones"
SECOND = "and the morning light is golden"
GAP_SECONDS = 2.0


def spoken(tmp_path, text: str) -> np.ndarray:
    wav = tmp_path / f"{len(text)}.wav"
    subprocess.run(["espeak-ng", "-v", "en", "-w", str(wav), text], check=True)
    return audio.load(wav)


@requires_base
def test_tiny_en_aligns_two_lines_either_side_of_a_pause(tmp_path):
    models.resolve("tiny.en")
    first, second = spoken(tmp_path, FIRST), spoken(tmp_path, SECOND)
    gap_starts = len(first) / audio.SAMPLE_RATE
    clip = np.concatenate([first, np.zeros(int(GAP_SECONDS * audio.SAMPLE_RATE), dtype=np.float32), second])

    timings = align_lyrics(clip, [FIRST, SECOND], "en", model_name="tiny.en")

    assert [len(t.words) for t in timings] == [len(FIRST.split()), len(SECOND.split())]
    starts = [w.start for t in timings for w in t.words]
    assert starts == sorted(starts)
    assert timings[0].start < 0.5 and timings[0].end <= gap_starts + 0.3
    assert gap_starts + GAP_SECONDS - 0.3 <= timings[1].start <= gap_starts + GAP_SECONDS + 0.6
    assert timings[1].end <= len(clip) / audio.SAMPLE_RATE + 0.05


@requires_base
def test_tiny_en_is_loaded_with_the_second_half_of_its_own_heads():
    whisper.load("tiny.en")
    late = models.resolve("tiny.en").with_name("tiny.en.late-heads")
    heads = json.loads((late / "config.json").read_text())["alignment_heads"]
    assert heads == [[layer, head] for layer in (2, 3) for head in range(6)]


@requires_base
def test_tiny_en_transcribes_a_song_and_says_the_language_check_did_not_run(tmp_path, monkeypatch):
    models.resolve("tiny.en")
    monkeypatch.setenv("VERSE_ASR_MODEL", "tiny.en")
    wav = tmp_path / "song.wav"
    subprocess.run(["espeak-ng", "-v", "en", "-w", str(wav), f"{FIRST}. {SECOND}."], check=True)

    result = transcribe_song(wav, find("English"))

    assert "river" in transcript_of(result).lower()
    assert result.results.language_check is None
    assert any(d.component == "language_check" and "English-only" in d.reason for d in result.degraded)
    assert result.second_opinion is not None
    assert result.second_opinion.model == "whisper-tiny.en greedy, no VAD"
