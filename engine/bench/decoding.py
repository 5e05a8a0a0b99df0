"""Transcription settings compared in one run, so that none can overfit silently: faster-whisper's
defaults (as a popular open-source tool runs them), the engine's current song settings, and each
candidate, on the shared songs and on the synthetic sung set (bench/synthetic.py), with the
language given. WER per song or clip, pooled per set, decode time per audio second, and a
leave-one-song-out figure: the setting a selection on two shared songs would pick, scored on the
third.

    engine/.venv/bin/python -m bench.decoding          (from engine/; over 30 minutes on 2 cores)
    engine/.venv/bin/python -m bench.decoding --only "phrases, current"   (beside ALWAYS: defaults,
                                                  current and production's vote)

Decodes voted together word by word as production votes them (VOTES, pipeline.voted) are scored too, whenever every
setting they vote over ran; their time is the sum of their decodes.

A decode whose temperature fallback sampled (a segment decoded above temperature 0) is decoded
again under each further seed (--seeds, 3 by default), and its WER is the mean over the seeds: one
draw of a sampled decode moved a song's WER by up to 17 points, enough to pick the wrong setting.
Each decode starts from a freshly seeded generator on one model worker, so each is reproducible
whatever ran before it. A vote under seed k votes its decodes' k-th draws.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import ctranslate2
import numpy as np
from faster_whisper.vad import VadOptions, get_speech_timestamps

from verse_engine.asr import whisper
from verse_engine.asr.pipeline import clean_words, in_own_script, voted
from verse_engine.audio import decode as audio
from verse_engine.audio.centre import centre_channel
from verse_engine.languages import find
from verse_engine.text.lines import Word

from . import synthetic
from .metrics import wer
from .songs import SONGS

# faster-whisper's transcribe() defaults, which that tool runs.
DEFAULTS = whisper.WHISPER_DEFAULTS


@dataclass(frozen=True)
class Setting:
    name: str
    settings: dict
    #: Production's post-processing: segments that loop dropped, letterless tokens and runs cut.
    cleaned: bool = True
    notes: str = ""
    #: Decode each sung phrase on its own (clip_timestamps) rather than the VAD-concatenated stream.
    phrases: bool = False
    #: Decode the mix's centre (verse_engine/audio/centre.py) rather than the mix.
    centre: bool = False


def _with(base: dict, **changes) -> dict:
    return {**base, **changes}


SETTINGS = [
    Setting("defaults", DEFAULTS, cleaned=False, notes="faster-whisper's own, nothing dropped"),
    Setting("current", dict(whisper.SONG_SETTINGS), notes="the engine's song settings"),
    Setting("defaults + cleaning", DEFAULTS, notes="defaults, loops and letterless tokens dropped"),
    Setting(
        "defaults + song VAD",
        _with(DEFAULTS, vad_filter=True, vad_parameters=whisper.SONG_VAD),
        notes="defaults with the loose VAD, cleaned",
    ),
    Setting(
        "current + previous text",
        _with(whisper.SONG_SETTINGS, condition_on_previous_text=True),
        notes="current, conditioned on previous text",
    ),
    Setting(
        "current + full temperatures",
        _with(whisper.SONG_SETTINGS, temperature=DEFAULTS["temperature"]),
        notes="current with Whisper's six fallback temperatures",
    ),
    Setting(
        "defaults, three temperatures",
        _with(DEFAULTS, temperature=whisper.SONG_SETTINGS["temperature"]),
        cleaned=False,
        notes="defaults with the song settings' three fallback temperatures, nothing dropped",
    ),
    Setting("current, no VAD", _with(whisper.SONG_SETTINGS, vad_filter=False), notes="current without VAD"),
    Setting(
        "phrases + neighbour prompt",
        _with(DEFAULTS, condition_on_previous_text=True),
        phrases=True,
        notes="defaults, each sung phrase decoded in place with the phrase before as its prompt",
    ),
    Setting(
        "phrases, current",
        _with(whisper.SONG_SETTINGS, vad_filter=False),
        phrases=True,
        notes="current settings, each sung phrase decoded in place, no prompt",
    ),
    Setting(
        "second opinion",
        _with(whisper.SONG_SETTINGS, **whisper.GREEDY),
        notes="the second opinion's decode outside English: greedy, no VAD, one temperature",
    ),
    Setting(
        "second opinion, centre",
        _with(whisper.SONG_SETTINGS, **whisper.GREEDY),
        centre=True,
        notes="the same greedy decode on the mix's centre (verse_engine/audio/centre.py)",
    ),
    Setting(
        "defaults, centre",
        DEFAULTS,
        cleaned=False,
        centre=True,
        notes="faster-whisper's defaults on the mix's centre, nothing dropped",
    ),
    Setting(
        "current, centre",
        dict(whisper.SONG_SETTINGS),
        centre=True,
        notes="the song settings on the mix's centre",
    ),
    Setting(
        "phrases + neighbour prompt, current",
        _with(whisper.SONG_SETTINGS, vad_filter=False, condition_on_previous_text=True),
        phrases=True,
        notes="current settings, each sung phrase decoded in place with the phrase before as its prompt",
    ),
]

#: Decodes voted together word by word as production votes them (pipeline.voted), each named with
#: the settings it votes over, in their order of precedence on a tie. The first is production's
#: (pipeline.transcribe_song), the second what production voted before its greedy decode heard the
#: centre.
VOTES = {
    "vote: current, defaults, second opinion on the centre": ["current", "defaults", "second opinion, centre"],
    "vote: current, defaults, second opinion": ["current", "defaults", "second opinion"],
    "vote on the centre: current, defaults, second opinion": [
        "current, centre",
        "defaults, centre",
        "second opinion, centre",
    ],
    "vote: current, defaults on the centre, second opinion": ["current", "defaults, centre", "second opinion"],
    "vote: current on the centre, defaults, second opinion": ["current, centre", "defaults", "second opinion"],
    "vote: current, defaults, phrases": ["current", "defaults", "phrases, current"],
    "vote of four: current, defaults, second opinion, phrases": [
        "current",
        "defaults",
        "second opinion",
        "phrases, current",
    ],
    "vote: current, phrases, second opinion": ["current", "phrases, current", "second opinion"],
    "vote: current, defaults with three temperatures, second opinion": [
        "current",
        "defaults, three temperatures",
        "second opinion",
    ],
}

#: A sung phrase: the song VAD's speech, cut at 30 s so each phrase is one Whisper window.
PHRASE_VAD = {**whisper.SONG_VAD, "max_speech_duration_s": 30.0}


def phrase_clips(samples: np.ndarray) -> list[float]:
    """The phrases' start and end seconds, flattened as faster-whisper's clip_timestamps wants them.
    Unlike vad_filter, which decodes the phrases glued together, each is decoded at its own place
    in the song, so a window never spans the silence between two phrases."""
    chunks = get_speech_timestamps(samples, VadOptions(**PHRASE_VAD))
    return [t / audio.SAMPLE_RATE for c in chunks for t in (c["start"], c["end"])]


@dataclass
class Item:
    name: str
    kind: str  # "song" or "synthetic"
    language: str
    reference: str
    samples: np.ndarray
    #: What the mix's centre holds (the samples themselves for a mono recording).
    centre: np.ndarray
    results: dict[str, dict] = field(default_factory=dict)
    #: Each setting's words as production would hold them, one list per seed it was decoded under
    #: (one when it never sampled), for the votes.
    words: dict[str, list[list[Word]]] = field(default_factory=dict)


def items() -> list[Item]:
    out = []
    for folder in sorted(p for p in SONGS.iterdir() if p.is_dir()):
        meta = json.loads((folder / "meta.json").read_text())
        samples, channels = audio.load_with_channels(folder / "audio.mp3")
        centre = samples if channels is None else centre_channel(channels, audio.SAMPLE_RATE)
        out.append(Item(folder.name, "song", meta["language"], (folder / "lyrics.txt").read_text(), samples, centre))
    for clip in synthetic.clips():
        centre = centre_channel(clip.channels, audio.SAMPLE_RATE)
        out.append(Item(clip.name, "synthetic", clip.language, clip.text, clip.samples, centre))
    return out


def transcript(model: str, item: Item, setting: Setting, seed: int) -> tuple[list[Word], float, bool]:
    """The setting's words for the item, the seconds the decode took, and whether it sampled."""
    language = find(item.language)
    # A fresh generator for this decode alone: a model loaded after the seed is set draws from it.
    ctranslate2.set_random_seed(seed)
    whisper.load.cache_clear()
    started = time.perf_counter()
    loop_ratio = whisper.LOOP_COMPRESSION_RATIO if setting.cleaned else float("inf")
    settings = dict(setting.settings)
    if setting.phrases:
        clips = phrase_clips(item.samples)
        if not clips:
            return [], time.perf_counter() - started, False
        settings["clip_timestamps"] = clips
    # Loops are dropped here rather than by run(), so that a loop decoded while sampling still
    # counts as sampling; the text kept is the same.
    samples = item.centre if setting.centre else item.samples
    words, segments = whisper.run(model, samples, language.decode_as, loop_ratio=float("inf"), **settings)
    sampled = any(segment.temperature > 0 for segment in segments)
    words = [w for w in words if w.decoding is None or w.decoding.compression_ratio <= loop_ratio]
    if setting.cleaned:
        words = clean_words(words)
    # Every setting's words are put in the language's own script as production does: that is not a
    # decoding setting, and a Hindi transcript in Urdu letters would otherwise score as all wrong.
    words, _ = in_own_script(words, language, model)
    return words, time.perf_counter() - started, sampled


def score(item: Item, texts: list[str], seconds: float) -> dict:
    """WER over the draws of a decode (one text per seed): errors are their mean."""
    counts = [wer(item.reference, text) for text in texts]
    words = counts[0][1]
    errors = sum(e for e, _ in counts) / len(counts)
    return {
        "wer": errors / max(1, words),
        "errors": errors,
        "words": words,
        "seconds": seconds,
        "text": texts[0],
        "wer_by_seed": [round(e / max(1, words), 4) for e, _ in counts],
    }


def pooled(group: list[Item], name: str) -> float:
    errors = sum(i.results[name]["errors"] for i in group)
    return errors / max(1, sum(i.results[name]["words"] for i in group))


def table(title: str, group: list[Item], names: list[str]) -> None:
    print(f"\n{title}")
    print("| setting | " + " | ".join(i.name for i in group) + " | pooled WER | decode s per audio s |")
    print("|---|" + "---|" * len(group) + "---|---|")
    seconds = sum(len(i.samples) for i in group) / audio.SAMPLE_RATE
    for name in names:
        cells = [f"{i.results[name]['wer']:.3f}" for i in group]
        speed = sum(i.results[name]["seconds"] for i in group) / seconds
        print(f"| {name} | " + " | ".join(cells) + f" | {pooled(group, name):.3f} | {speed:.3f} |")


def leave_one_song_out(songs: list[Item], names: list[str]) -> list[dict]:
    print("\nLeave one song out: the setting with the lowest pooled WER on the other two songs, on this one")
    print("| held-out song | picked | its WER | defaults' WER | current's WER |")
    print("|---|---|---|---|---|")
    rows = []
    for held in songs:
        others = [s for s in songs if s is not held]
        picked = min(names, key=lambda n: pooled(others, n))
        row = {"song": held.name, "picked": picked, "wer": held.results[picked]["wer"]}
        rows.append(row)
        print(
            f"| {held.name} | {picked} | {row['wer']:.3f} | {held.results['defaults']['wer']:.3f} "
            f"| {held.results['current']['wer']:.3f} |"
        )
    return rows


#: What every run compares: the defaults, the song settings alone, and the decodes of production's vote.
ALWAYS = {"defaults", "current", *next(iter(VOTES.values()))}


def chosen(only: list[str] | None) -> list[Setting]:
    """Every setting, or the named ones beside those every table compares (ALWAYS)."""
    if not only:
        return SETTINGS
    unknown = set(only) - {s.name for s in SETTINGS}
    if unknown:
        raise SystemExit(f"unknown settings: {sorted(unknown)}")
    return [s for s in SETTINGS if s.name in {*ALWAYS, *only}]


#: Seeds a sampling decode is drawn under; the first is production's (whisper.py).
SEEDS = (1234, 11, 22, 33, 44)


def main(progress: Callable[[str], None] = print, only: list[str] | None = None, seeds: int = 3) -> None:
    model = whisper.default_model()
    # One worker: a decode's sampled windows all draw from the one generator seeded for it.
    whisper.DECODE_WORKERS = 1
    every = items()
    settings = chosen(only)
    names = [s.name for s in settings]
    for setting in settings:
        for item in every:
            draws: list[list[Word]] = []
            seconds = 0.0
            for seed in SEEDS[:seeds]:
                words, took, sampled = transcript(model, item, setting, seed)
                draws.append(words)
                seconds = seconds or took
                if not sampled:
                    break
            item.words[setting.name] = draws
            item.results[setting.name] = score(item, ["".join(w.text for w in d) for d in draws], seconds)
            by_seed = item.results[setting.name]["wer_by_seed"]
            progress(f"{setting.name:28} {item.name:24} WER {' '.join(f'{w:.3f}' for w in by_seed)}  {seconds:5.1f}s")
    for name, voters in VOTES.items():
        if not set(voters) <= set(names):
            continue
        names.append(name)
        for item in every:
            # Under seed k each voter gives its k-th draw (its only one when it never sampled).
            draws = max(len(item.words[v]) for v in voters)
            texts = [
                "".join(w.text for w in voted([item.words[v][min(k, len(item.words[v]) - 1)] for v in voters]))
                for k in range(draws)
            ]
            item.results[name] = score(item, texts, sum(item.results[v]["seconds"] for v in voters))
    songs = [i for i in every if i.kind == "song"]
    synthetic_set = [i for i in every if i.kind == "synthetic"]
    table(f"Shared songs ({model}, language given)", songs, names)
    table(f"Synthetic sung set ({model}, language given)", synthetic_set, names)
    loso = leave_one_song_out(songs, names)
    Path("bench-decoding.json").write_text(
        json.dumps(
            {
                "model": model,
                "settings": {s.name: s.notes for s in settings},
                "items": [{"name": i.name, "kind": i.kind, "results": i.results} for i in every],
                "leave_one_song_out": loso,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", help="a setting to run beside defaults and current")
    parser.add_argument(
        "--seeds", type=int, default=3, choices=range(1, len(SEEDS) + 1), help="draws of a sampling decode"
    )
    args = parser.parse_args()
    main(only=args.only, seeds=args.seeds)
