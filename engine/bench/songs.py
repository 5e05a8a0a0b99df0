"""WER and speed on ../shared/data/songs, for every model that loads here, with the language hint.

    engine/.venv/bin/python -m bench.songs            (from engine/; prints a table, writes JSON)

Each model runs in its own process so its peak memory (max RSS) is its own. Times are the engine's
whole work per song without alignment (decode, transcribe, translate, second opinion), divided by
the audio duration.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

SONGS = Path(os.environ.get("VERSE_SONGS_DIR", Path(__file__).resolve().parents[3] / "shared" / "data" / "songs"))
ANCHOR = "Whisper large-v2 with a language hint: 27.9 % WER on Jam-ALT (published)"


def one_model(model: str) -> dict:
    import resource

    from verse_engine.asr.pipeline import transcribe_song, transcript_of
    from verse_engine.languages import find

    from .metrics import wer

    rows = []
    for folder in sorted(p for p in SONGS.iterdir() if p.is_dir()):
        meta = json.loads((folder / "meta.json").read_text())
        result = transcribe_song(folder / "audio.mp3", find(meta["language"]))
        errors, n = wer((folder / "lyrics.txt").read_text(), transcript_of(result))
        rows.append(
            {
                "song": folder.name,
                "language": meta["language"],
                "duration": result.duration_seconds,
                "errors": errors,
                "words": n,
                "wer": errors / n,
                "timings": result.engine.timings if result.engine else {},
            }
        )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"model": model, "songs": rows, "peak_rss_mb": round(peak_mb)}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(json.dumps(one_model(sys.argv[2])))
        return
    from verse_engine.asr import models

    out = []
    for model in models.available():
        env = {**os.environ, "VERSE_ASR_MODEL": model}
        done = subprocess.run(
            [sys.executable, "-m", "bench.songs", "--one", model],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    header = ("model", "song", "lang", "WER", "decode", "asr", "transl", "2nd op", "total")
    print("{:8} {:24} {:8} {:>6} {:>7} {:>6} {:>7} {:>7} {:>6}".format(*header))
    for m in out:
        for r in m["songs"]:
            t = {k: v / r["duration"] for k, v in r["timings"].items()}
            ratios = (t["decode"], t["transcribe"], t["translate"], t["second_opinion"], t["total"])
            print(
                "{:8} {:24} {:8} {:6.3f} {:7.3f} {:6.3f} {:7.3f} {:7.3f} {:6.3f}".format(
                    m["model"], r["song"], r["language"], r["wer"], *ratios
                )
            )
        pooled = sum(r["errors"] for r in m["songs"]) / sum(r["words"] for r in m["songs"])
        total = sum(r["timings"]["total"] for r in m["songs"]) / sum(r["duration"] for r in m["songs"])
        print(
            f"{m['model']:8} {'POOLED':24} {'':8} {pooled:6.3f} {'':>29} {total:6.3f}   peak RSS {m['peak_rss_mb']} MB"
        )
    print(f"anchor: {ANCHOR}")
    Path("bench-songs.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
