"""Translation quality on the shared songs: chrF2 of the engine's English against reference
translations of each song's first 10 hand-timed lines (test/fixtures/translations, written for
Verse), with Whisper's speech-to-English alone and with the LLM adapter pointed at its stand-in
(bench/llm_standin.py: Apertium, Spanish and French only; lines it cannot translate are filled from
Whisper, as the engine does for any LLM).

    engine/.venv/bin/python -m bench.translation        (from engine/; prints a table, writes JSON)

Each song is cut just after its 10th line and transcribed once by the production pipeline; the
same lines are then translated both ways. The English compared is that of every transcript line
sung within the ten reference lines' time span, joined (transcript lines do not split where the
reference lines do), and the reference is the ten lines joined: a document-level chrF per song.
"""

import csv
import json
import os
import tempfile
import wave
from pathlib import Path

import numpy as np

from verse_engine.asr import translate
from verse_engine.asr.pipeline import transcribe_song
from verse_engine.audio import decode as audio
from verse_engine.languages import find
from verse_engine.text.lines import Line, Word

from . import llm_standin
from .metrics import chrf
from .songs import SONGS

FIXTURES = Path(__file__).resolve().parents[2] / "test" / "fixtures" / "translations"
REFERENCE_LINES = 10


def excerpt(song: Path, until: float, folder: Path) -> Path:
    """The song's first `until` seconds as 16 kHz mono WAV (decoded by the engine's own reader)."""
    samples = audio.load(song)[: int(until * audio.SAMPLE_RATE)]
    out = folder / f"{song.parent.name}.wav"
    with wave.open(str(out), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(audio.SAMPLE_RATE)
        wav.writeframes((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())
    return out


def within(records: list[dict], translations: list[str], start: float, end: float) -> str:
    return " ".join(t for r, t in zip(records, translations, strict=True) if r["end"] > start and r["start"] < end)


def main() -> None:
    rows = []
    server, url = llm_standin.start() if llm_standin.available() else (None, None)
    with tempfile.TemporaryDirectory() as tmp:
        for fixture in sorted(FIXTURES.glob("*.json")):
            reference = json.loads(fixture.read_text())
            folder = SONGS / reference["song"]
            timed = list(csv.DictReader((folder / "lines.csv").open()))[:REFERENCE_LINES]
            start, end = float(timed[0]["start_time"]), float(timed[-1]["end_time"])
            clip = excerpt(folder / "audio.mp3", end + 2.0, Path(tmp))
            language = find(reference["language"])
            os.environ.pop("VERSE_LLM_BASE_URL", None)
            result = transcribe_song(clip, language).model_dump(mode="json")
            records = result["lines"]
            whisper_only = [r["translation"] or "" for r in records]
            row = {"song": reference["song"], "language": language.name, "lines": len(records)}
            row["whisper"] = round(chrf(" ".join(reference["lines"]), within(records, whisper_only, start, end)), 1)
            row["whisper_blank_lines"] = sum(not t.strip() for t in whisper_only)
            if url:
                os.environ |= {"VERSE_LLM_BASE_URL": url, "VERSE_LLM_MODEL": "apertium-standin"}
                lines = [Line([Word(f" {w['word']}", w["start"], w["end"], 1.0) for w in r["words"]]) for r in records]
                filled = translate.translate_lines(result["engine"]["model"], audio.load(clip), lines, language)
                row["standin"] = round(chrf(" ".join(reference["lines"]), within(records, filled.lines, start, end)), 1)
                row["standin_method"] = filled.method
                row["standin_blank_lines"] = sum(not t.strip() for t in filled.lines)
            rows.append(row)
            print(json.dumps(row, ensure_ascii=False), flush=True)
    if server:
        server.shutdown()
    print("\n| song | language | lines | chrF2, Whisper speech-to-English | chrF2, LLM adapter with its stand-in |")
    print("|---|---|---|---|---|")
    for r in rows:
        standin = f"{r['standin']} ({r['standin_method']})" if "standin" in r else "not run (no apertium)"
        print(f"| {r['song']} | {r['language']} | {r['lines']} | {r['whisper']} | {standin} |")
    Path("bench-translation.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
