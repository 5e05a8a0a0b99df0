"""Alignment accuracy on ../shared/data/songs given the true lyrics, against words.csv and lines.csv:
AAE (s), median error, PCO@0.3, share of line starts within 0.5 s; per song and averaged. In the
same run, a baseline: the recogniser's own word times from free transcription, matched to the true
words in order (unmatched words interpolated between matched neighbours). The aligner's words are
the lyrics' own, compared one for one.

    engine/.venv/bin/python -m bench.alignment      (from engine/)

Alignment time is a running engine's: the models (Whisper and the VAD) are loaded before the first
song is timed, as the engine loads them once at start, and the load time is printed on its own.
"""

import csv
import json
import resource
import statistics
import time
from pathlib import Path

import numpy as np
from faster_whisper.vad import get_vad_model

from verse_engine.alignment.anchors import global_alignment
from verse_engine.alignment.lyrics_align import align_lyrics
from verse_engine.asr import whisper
from verse_engine.audio.decode import load, seconds_of
from verse_engine.languages import find
from verse_engine.text.characters import normalise
from verse_engine.text.lines import split_lines

from .songs import SONGS


def metrics(pred: list[float], true: list[float], pred_lines: list[float], true_lines: list[float]) -> dict:
    signed = [p - t for p, t in zip(pred, true, strict=True)]
    errors = [abs(e) for e in signed]
    line_hits = [abs(p - t) <= 0.5 for p, t in zip(pred_lines, true_lines, strict=True)]
    return {
        "aae": statistics.mean(errors),
        "median": statistics.median(errors),
        "pco_0_3": sum(e <= 0.3 for e in errors) / len(errors),
        "lines_0_5": sum(line_hits) / len(line_hits),
        # Negative: words placed early.
        "signed_median": statistics.median(signed),
    }


def interpolate(starts: list[float | None], duration: float) -> list[float]:
    """Fills words without a time linearly between the nearest timed neighbours."""
    out = list(starts)
    known = [i for i, s in enumerate(out) if s is not None]
    for i, s in enumerate(out):
        if s is not None:
            continue
        left = max((k for k in known if k < i), default=None)
        right = min((k for k in known if k > i), default=None)
        a = out[left] if left is not None else 0.0
        b = out[right] if right is not None else duration
        la = left if left is not None else -1
        rb = right if right is not None else len(out)
        out[i] = a + (b - a) * (i - la) / (rb - la)
    return [float(x) for x in out]


def matched_starts(true_words: list[str], heard: list[tuple[str, float]], duration: float) -> list[float]:
    """True words get the time of the word paired with them by the same global alignment the
    aligner uses (fair to both methods); unpaired words are interpolated."""
    pairs = global_alignment([normalise(w) for w in true_words], [normalise(w) for w, _ in heard])
    starts: list[float | None] = [None] * len(true_words)
    for a, b in pairs:
        starts[a] = heard[b][1]
    return interpolate(starts, duration)


def load_song(folder: Path) -> tuple[np.ndarray, list[str], str, list[float]]:
    """A shared song: its audio, its lyric lines, the language Whisper is told, and the hand-timed
    start of every word."""
    meta = json.loads((folder / "meta.json").read_text())
    lines = [line.strip() for line in (folder / "lyrics.txt").read_text().splitlines() if line.strip()]
    true_starts = [float(r["word_start"]) for r in csv.DictReader((folder / "words.csv").open())]
    return load(folder / "audio.mp3"), lines, find(meta["language"]).decode_as, true_starts


def main() -> None:
    started = time.perf_counter()
    whisper.load(whisper.default_model())
    get_vad_model()
    print(f"models loaded in {time.perf_counter() - started:.1f} s (not counted in alignment time)")
    results = []
    for folder in sorted(p for p in SONGS.iterdir() if p.is_dir()):
        audio, lines, decode_as, true_starts = load_song(folder)
        true_words = [w.strip() for w in (folder / "words.txt").read_text().splitlines() if w.strip()]
        true_line_starts = [float(r["start_time"]) for r in csv.DictReader((folder / "lines.csv").open())]
        duration = seconds_of(audio)

        started = time.perf_counter()
        timings = align_lyrics(audio, lines, decode_as)
        elapsed = time.perf_counter() - started
        ours = [(w.text.strip(), w.start) for t in timings for w in t.words]
        probabilities = [w.probability for t in timings for w in t.words]
        line_of_word = [i for i, t in enumerate(timings) for _w in t.words]
        # The aligner returns the lyrics' own words, so word i is true word i; the global alignment
        # is only the fallback should a word have been lost.
        if len(ours) == len(true_words):
            pred = [start for _word, start in ours]
        else:
            pred = matched_starts(true_words, ours, duration)
        ours_lines = [t.start for t in timings]

        heard, _ = whisper.run(whisper.default_model(), audio, decode_as)
        base = matched_starts(true_words, [(w.text.strip(), w.start) for w in heard], duration)
        base_lines = [base[i] for i in _line_first_word_indices(lines)]
        transcript_words, transcript_lines = _transcript_words(audio, decode_as, heard, true_words)

        n = min(len(true_line_starts), len(ours_lines))
        results.append(
            {
                "song": folder.name,
                "duration": duration,
                "align_seconds": elapsed,
                "ours": metrics(pred, true_starts, ours_lines[:n], true_line_starts[:n]),
                "baseline": metrics(base, true_starts, base_lines[:n], true_line_starts[:n]),
                "flagged_lines": sum(t.flagged for t in timings),
                "lines": len(timings),
                # Per word: (probability, misplaced by over 0.3 s, line), when the words pair one for one.
                "words": [
                    (p, abs(s - t) > 0.3, line)
                    for p, s, t, line in zip(probabilities, pred, true_starts, line_of_word, strict=True)
                ]
                if len(ours) == len(true_words)
                else [],
                "transcript_words": transcript_words,
                "transcript_lines": transcript_lines,
                # The line of each word placed over 1 s from the hand timing.
                "far_word_lines": [
                    line for s, t, line in zip(pred, true_starts, line_of_word, strict=True) if abs(s - t) > 1.0
                ]
                if len(ours) == len(true_words)
                else [],
                # Per line: whether the engine flagged it, and its least probable word's probability.
                "line_flags": [(t.flagged, min((w.probability for w in t.words), default=0.0)) for t in timings],
                "word_count": len(true_words),
            }
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    keys = ("aae", "median", "pco_0_3", "lines_0_5", "signed_median")
    print(
        f"{'song':24} {'method':10} {'AAE':>6} {'median':>7} {'PCO@.3':>7} {'line<.5':>8} {'signed':>7} {'time/dur':>9}"
    )
    for r in results:
        for method in ("ours", "baseline"):
            ratio = f"{r['align_seconds'] / r['duration']:9.3f}" if method == "ours" else ""
            print(f"{r['song']:24} {method:10} {_cells(r[method])} {ratio}")
    for method in ("ours", "baseline"):
        print(f"{'AVERAGE':24} {method:10} {_cells({k: statistics.mean(r[method][k] for r in results) for k in keys})}")
    Path("bench-alignment.json").write_text(json.dumps(results, indent=1))
    _confidence_table(results, "true lyrics", "the aligner placed it over 0.3 s from the hand timing")
    _confidence_table(
        [{**r, "words": r["transcript_words"], "lines": r["transcript_lines"]} for r in results],
        "transcript",
        "the transcript has it wrong (no equal word of the true lyrics pairs with it)",
    )
    _derailment_table(results)
    total = sum(r["align_seconds"] for r in results) / sum(r["duration"] for r in results)
    print(f"alignment time / audio duration: {total:.3f}; peak RSS {peak:.0f} MB")


def _confidence_table(results: list[dict], title: str, bad: str) -> None:
    """How well a word's probability points at a bad word (`bad` says what that is): per threshold,
    the share of words below it, how many of those are bad (precision), how many bad words it
    catches (recall), and the lines with any word below it. Per song, so a threshold that only
    suits one song shows."""
    print(f"word confidence ({title}): a word is bad when {bad}")
    print(f"{'song':24} {'below':>6} {'words<':>7} {'precision':>9} {'recall':>7} {'lines':>6} {'of':>4}")
    songs = [(r["song"], [(r["song"], *w) for w in r["words"]], r["lines"]) for r in results]
    songs.append(("ALL", [w for _s, words, _n in songs for w in words], sum(n for _s, _w, n in songs)))
    for song, words, line_count in songs:
        if not words:
            continue
        bad_count = sum(is_bad for _s, _p, is_bad, _l in words)
        for below in (0.02, 0.05, 0.1, 0.2, 0.3, 0.5):
            caught = [(s, p, is_bad, line) for s, p, is_bad, line in words if p < below]
            hits = sum(is_bad for _s, _p, is_bad, _l in caught)
            lines = len({(s, line) for s, _p, _b, line in caught})
            print(
                f"{song:24} {below:6.2f} {len(caught) / len(words):7.1%} "
                f"{hits / len(caught) if caught else 0:9.1%} {hits / bad_count if bad_count else 0:7.1%} "
                f"{lines:6d} {line_count:4d}"
            )
        print(f"{song:24} bad overall: {bad_count / len(words):.1%} of {len(words)} words")


def _derailment_table(results: list[dict]) -> None:
    """Words the aligner placed over 1 s from the hand timing, and how many of them sit in a flagged
    line: flagged by the engine (its own word bound, `LOW_WORD_CONFIDENCE` in verse_engine/text/lines.py,
    included), then also by a word below each probability, beside how
    many lines each rule flags: catching every derailed word by flagging every line is no catch."""
    bounds = (None, 0.02, 0.05, 0.1)
    names = ["engine" if b is None else f"or <{b:.2f}" for b in bounds]
    print("derailed words: placed over 1 s from the hand timing; in flagged lines (lines flagged)")
    print(f"{'song':24} {'words':>6} {'off>1s':>7} " + " ".join(f"{n:>16}" for n in names))
    caught_all, flagged_all = dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    for r in results:
        far, flags = r["far_word_lines"], r["line_flags"]
        cells = []
        for name, bound in zip(names, bounds, strict=True):
            flagged = {i for i, (engine, least) in enumerate(flags) if engine or (bound is not None and least < bound)}
            caught = sum(line in flagged for line in far)
            caught_all[name] += caught
            flagged_all[name] += len(flagged)
            cells.append(_caught_cell(caught, len(far), len(flagged), len(flags)))
        print(f"{r['song']:24} {r['word_count']:6d} {len(far) / r['word_count']:7.1%} " + " ".join(cells))
    words = sum(r["word_count"] for r in results)
    far_all = sum(len(r["far_word_lines"]) for r in results)
    lines = sum(len(r["line_flags"]) for r in results)
    cells = [_caught_cell(caught_all[n], far_all, flagged_all[n], lines) for n in names]
    print(f"{'ALL':24} {words:6d} {far_all / words:7.1%} " + " ".join(cells))


def _caught_cell(caught: int, far: int, flagged: int, lines: int) -> str:
    share = f"{caught / far:.0%}" if far else "-"
    return f"{share:>5} ({flagged:3d}/{lines:3d})".rjust(16)


def _transcript_words(audio, language: str, heard: list, true_words: list[str]) -> tuple[list, int]:
    """The review case: the recogniser's own transcript aligned to the song, each of its words with
    the aligner's probability and whether it is wrong (not paired with an equal word of the true
    lyrics); and the transcript's line count."""
    lines = [line.text for line in split_lines(heard)]
    timings = align_lyrics(audio, lines, language)
    words = [(w.text.strip(), w.probability, i) for i, t in enumerate(timings) for w in t.words]
    pairs = global_alignment([normalise(w) for w in true_words], [normalise(w) for w, _p, _l in words])
    right = {j for i, j in pairs if normalise(true_words[i]) == normalise(words[j][0])}
    return [(p, j not in right, line) for j, (_w, p, line) in enumerate(words)], len(timings)


def _cells(m: dict) -> str:
    return f"{m['aae']:6.3f} {m['median']:7.3f} {m['pco_0_3']:7.1%} {m['lines_0_5']:8.1%} {m['signed_median']:+7.3f}"


def _line_first_word_indices(lines: list[str]) -> list[int]:
    out, cursor = [], 0
    for line in lines:
        out.append(cursor)
        cursor += len(line.split())
    return out


if __name__ == "__main__":
    main()
