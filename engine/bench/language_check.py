"""The language check measured: how often `matches` is right when the label is right and when it is
deliberately wrong, on espeak-ng speech in every API language espeak-ng speaks and on the shared songs.

    engine/.venv/bin/python -m bench.language_check [--songs]   (from engine/; prints tables, writes JSON)

Each clip goes through the production path: the check on its vocal passages (the decode's
voice-activity detection), which do not depend on the label, so one detection answers both labels.
The wrong label for a spoken clip is the next language in the table whose Whisper language
differs (often a neighbour: Hindi → Bengali, Spanish → Mandarin); for a song, the next shared
song's language. The share of the top probability a label needs to match
(language_check.MATCH_SHARE) is chosen on the spoken clips; the songs are held out. Every share
tried is printed, so the choice can be checked.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from verse_engine.asr import language_check, whisper
from verse_engine.audio import decode as audio
from verse_engine.languages import Language, all_languages, find

from .coverage import SPOKEN
from .songs import SONGS

SHARES = (0.05, 0.1, 0.2, 0.35, 0.5, 1.0)


def spoken_clip(folder: Path, voice: str, text: str) -> Path:
    """The sentence spoken twice with a pause: about as much as a short verse."""
    wav = folder / f"{voice}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), f"{text}. . . {text}"], check=True)
    return wav


def wrong_label(name: str, names: list[str]) -> Language:
    right = language_check.accepted_codes(find(name))
    start = names.index(name)
    for other in names[start + 1 :] + names[:start]:
        if not language_check.accepted_codes(find(other)) & right:
            return find(other)
    raise ValueError(f"no wrong label for {name}")


def detection_of(path: Path, model: str) -> tuple[float, language_check.Detection | None]:
    samples = audio.load(path)
    passages = language_check.vocal_passages(samples)
    seconds = len(passages) / audio.SAMPLE_RATE
    if seconds < language_check.MIN_VOCAL_SECONDS:
        return seconds, None
    return seconds, language_check.detect(model, passages)


def rows_for(clip: str, kind: str, truth: str, labels: list[Language], found) -> list[dict]:
    seconds, detection = found
    rows = []
    for label in labels:
        row = {"clip": clip, "kind": kind, "truth": truth, "label": label.name, "label_right": label.name == truth}
        row["vocal_seconds"] = round(seconds, 1)
        if detection is None:
            rows.append(row | {"ran": False})
            continue
        top, p_top = detection.top
        claimed = detection.share_of(language_check.accepted_codes(label))
        rows.append(row | {"ran": True, "top": top, "p_top": round(p_top, 4), "claimed": round(claimed, 4)})
        print(json.dumps(rows[-1], ensure_ascii=False), flush=True)
    return rows


def correct(row: dict, share: float) -> bool:
    matches = row["claimed"] >= share * row["p_top"]
    return matches == row["label_right"]


def table(rows: list[dict], title: str) -> None:
    ran = [r for r in rows if r["ran"]]
    print(f"\n{title}: {len(rows)} checks, {len(rows) - len(ran)} did not run (too little singing)")
    print("| share of top needed | right label: matches | wrong label: mismatch |")
    print("|---|---|---|")
    for share in SHARES:
        cells = []
        for right in (True, False):
            group = [r for r in ran if r["label_right"] == right]
            good = sum(correct(r, share) for r in group)
            cells.append(f"{good}/{len(group)} ({100 * good / max(1, len(group)):.0f} %)")
        chosen = " (chosen)" if share == language_check.MATCH_SHARE else ""
        print(f"| {share}{chosen} | {cells[0]} | {cells[1]} |")


def main() -> None:
    model = whisper.default_model()
    names = [n for n in all_languages() if n in SPOKEN]
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            voice, text = SPOKEN[name]
            found = detection_of(spoken_clip(Path(tmp), voice, text), model)
            rows += rows_for(voice, "spoken", name, [find(name), wrong_label(name, names)], found)
    if "--songs" in sys.argv:
        folders = sorted(p for p in SONGS.iterdir() if p.is_dir())
        truths = [json.loads((f / "meta.json").read_text())["language"] for f in folders]
        for i, folder in enumerate(folders):
            labels = [find(truths[i]), find(truths[(i + 1) % len(truths)])]
            rows += rows_for(folder.name, "song", truths[i], labels, detection_of(folder / "audio.mp3", model))
    table([r for r in rows if r["kind"] == "spoken"], f"espeak-ng speech, {len(names)} languages ({model})")
    if "--songs" in sys.argv:
        table([r for r in rows if r["kind"] == "song"], "shared songs (held out)")
    Path("bench-language-check.json").write_text(json.dumps({"model": model, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
