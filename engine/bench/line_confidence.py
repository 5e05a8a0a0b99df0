"""Which transcript lines hold the word errors? Each shared song is transcribed by the production
pipeline; its word errors against the true lyrics are charged to the transcript's lines
(metrics.errors_per_line), and each measure the engine keeps per line is swept as a flagging
threshold: the share of lines flagged against the share of errors those lines hold (the flagging
curve). Each measure's threshold is then chosen on two songs and scored on the third, for each
song in turn (leave one song out), so the figure says how a threshold chosen elsewhere does.

    engine/.venv/bin/python -m bench.line_confidence      (from engine/; prints tables, writes JSON)
    engine/.venv/bin/python -m bench.line_confidence --rows bench-line-confidence.json   (analysis only)
"""

import json
import sys
from pathlib import Path

from verse_engine.asr.pipeline import transcribe_song
from verse_engine.languages import find

from .metrics import errors_per_line
from .songs import SONGS

#: What a chosen threshold must catch: most of the errors.
TARGET_CAUGHT = 0.5

MEASURES = {
    # name: (how to read it from a line record, flag when the value is below (True) or above (False))
    "avg_logprob": (lambda line: line["decoding"]["avg_logprob"], True),
    "no_speech_prob": (lambda line: line["decoding"]["no_speech_prob"], False),
    "word confidence (mean)": (lambda line: line["confidence"], True),
}


def song_lines() -> list[dict]:
    rows = []
    for folder in sorted(p for p in SONGS.iterdir() if p.is_dir()):
        meta = json.loads((folder / "meta.json").read_text())
        result = transcribe_song(folder / "audio.mp3", find(meta["language"])).model_dump(mode="json")
        lines = result["lines"]
        charged = errors_per_line((folder / "lyrics.txt").read_text(), [line["text"] for line in lines])
        for line, errors in zip(lines, charged, strict=True):
            rows.append(
                {
                    "song": folder.name,
                    "text": line["text"],
                    "errors": errors,
                    "words": len(line["text"].split()),
                    "decoding": line["decoding"],
                    "confidence": line["confidence"],
                    "flagged": line["flagged"],
                }
            )
        print(f"{folder.name}: {len(lines)} lines, {sum(charged)} errors", flush=True)
    return rows


def point(rows: list[dict], value, below: bool, threshold: float) -> tuple[float, float]:
    """(share of lines flagged, share of errors in them)."""
    flagged = [r for r in rows if (value(r) < threshold if below else value(r) > threshold)]
    errors = sum(r["errors"] for r in rows)
    return len(flagged) / max(1, len(rows)), sum(r["errors"] for r in flagged) / max(1, errors)


def candidates(rows: list[dict], value) -> list[float]:
    return sorted({round(value(r), 3) for r in rows})


def choose(rows: list[dict], value, below: bool) -> float:
    """The threshold that catches TARGET_CAUGHT of the errors while flagging the fewest lines."""
    best = None
    for t in candidates(rows, value):
        t = t + 0.0005 if below else t - 0.0005  # just past a line's own value, so that line is flagged
        lines, caught = point(rows, value, below, t)
        if caught >= TARGET_CAUGHT and (best is None or lines < best[1]):
            best = (t, lines)
    return best[0] if best else (max if below else min)(candidates(rows, value))


def main() -> None:
    # --rows FILE: the per-line figures of an earlier run, analysed again without transcribing.
    rows = json.loads(Path(sys.argv[2]).read_text())["rows"] if sys.argv[1:2] == ["--rows"] else song_lines()
    songs = sorted({r["song"] for r in rows})
    print("\nThe flagging curve (all three songs):")
    for name, (value, below) in MEASURES.items():
        print(f"\n{name}: flag when {'below' if below else 'above'}")
        print("| threshold | lines flagged | errors in them |")
        print("|---|---|---|")
        values = candidates(rows, value)
        for q in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6):
            t = values[min(len(values) - 1, int(q * len(values)))] if below else values[int((1 - q) * len(values))]
            lines, caught = point(rows, value, below, t)
            print(f"| {t} | {100 * lines:.0f} % | {100 * caught:.0f} % |")
    print("\nLeave one song out (each measure's threshold chosen on the other two songs):")
    print("| measure | held-out song | threshold | lines flagged | errors in them |")
    print("|---|---|---|---|---|")
    loso = []
    for name, (value, below) in MEASURES.items():
        for held in songs:
            t = choose([r for r in rows if r["song"] != held], value, below)
            lines, caught = point([r for r in rows if r["song"] == held], value, below, t)
            loso.append({"measure": name, "song": held, "threshold": round(t, 3), "lines": lines, "caught": caught})
            print(f"| {name} | {held} | {t:.3f} | {100 * lines:.0f} % | {100 * caught:.0f} % |")
    chosen = {}
    for name, (value, below) in MEASURES.items():
        t = choose(rows, value, below)
        lines, caught = point(rows, value, below, t)
        chosen[name] = round(t, 3)
        print(
            f"Chosen on all three, {name} {'<' if below else '>'} {t:.3f}: {100 * lines:.0f} % of lines, "
            f"{100 * caught:.0f} % of errors"
        )
    engine = [r for r in rows if r["flagged"]]
    errors = sum(r["errors"] for r in rows)
    print(
        f"The engine's flags now: {100 * len(engine) / len(rows):.0f} % of lines, "
        f"{100 * sum(r['errors'] for r in engine) / max(1, errors):.0f} % of errors"
    )
    Path("bench-line-confidence.json").write_text(
        json.dumps({"rows": rows, "leave_one_out": loso, "chosen": chosen}, indent=1, ensure_ascii=False)
    )


if __name__ == "__main__":
    main()
