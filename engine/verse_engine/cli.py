"""`verse-engine`: models and one-song transcription without the platform.

verse-engine models list                 the known models, where each comes from, and its state
verse-engine models pull NAME            installed package or official source → verified folder
verse-engine models verify [NAME]        re-check pinned SHA-256 of local copies
verse-engine models path NAME            the verified folder (for other tools)
verse-engine transcribe FILE --language NAME   the result JSON on stdout, progress on stderr
"""

from __future__ import annotations

import argparse
import json
import sys

from verse_engine.asr import models
from verse_engine.languages import find


def _progress(stage: str, fraction: float) -> None:
    print(f"[{fraction * 100:5.1f}%] {stage}", file=sys.stderr, flush=True)


def _models(args: argparse.Namespace) -> int:
    if args.action == "list":
        rows = []
        for name, spec in models.MODELS.items():
            folder = models.model_dir() / name
            problems = models.verify(spec, folder)
            state = (
                "verified"
                if not problems
                else ("missing" if not (folder / "model.bin").exists() else "; ".join(problems))
            )
            packaged = "PyPI package" if spec.packages else "-"
            rows.append(
                (
                    name,
                    "multilingual" if spec.multilingual else "English",
                    f"{spec.size_mb} MB",
                    packaged,
                    state,
                )
            )
        width = [max(len(r[i]) for r in rows) for i in range(5)]
        for r in [("model", "languages", "size", "also from", "local copy"), *rows]:
            print("  ".join(c.ljust(w) for c, w in zip(r, width, strict=True)))
        return 0
    if not args.name and args.action in ("pull", "path"):
        print(f"usage: verse-engine models {args.action} NAME", file=sys.stderr)
        return 2
    try:
        if args.action == "pull":
            print(str(models.pull(args.name)))
        elif args.action == "path":
            print(str(models.resolve(args.name)))
        elif args.action == "verify":
            names = [args.name] if args.name else list(models.MODELS)
            bad = 0
            for name in names:
                problems = models.verify(models.MODELS[name], models.model_dir() / name)
                print(f"{name}: {'ok' if not problems else '; '.join(problems)}")
                bad += bool(problems) and bool(args.name)
            return 1 if bad else 0
    except models.ModelError as error:
        print(f"verse-engine: {error}", file=sys.stderr)
        return 1
    return 0


def _transcribe(args: argparse.Namespace) -> int:
    from verse_engine.asr.pipeline import transcribe_song
    from verse_engine.audio.decode import AudioError

    language = find(args.language)
    if language is None:
        print(f"verse-engine: unknown language {args.language!r}", file=sys.stderr)
        return 2
    try:
        result = transcribe_song(args.file, language, _progress)
    except AudioError as error:
        print(f"verse-engine: {error}", file=sys.stderr)
        return 1
    json.dump(result.model_dump(mode="json", exclude_unset=True), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="verse-engine")
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("models")
    m.add_argument("action", choices=["list", "pull", "verify", "path"])
    m.add_argument("name", nargs="?")
    t = sub.add_parser("transcribe")
    t.add_argument("file")
    t.add_argument("--language", required=True)
    args = parser.parse_args(argv)
    return _models(args) if args.command == "models" else _transcribe(args)


if __name__ == "__main__":
    sys.exit(main())
