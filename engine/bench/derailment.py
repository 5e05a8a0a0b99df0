"""Where aligners derail, as songs whose word timings are known by construction: one generated song
per class of the field's known failures, plus the shared songs, aligned with their true lyrics.

Classes (the songs are generated on each run from the text below; no audio is stored):
- repeats: "la la la" lines, a chorus sung four times, "glou glou glou";
- fast: rap-like lines at 4 to 7 syllables a second, in French and English;
- breaks: a 25 s intro and instrumental breaks of 20 to 40 s with a lead synth playing over them;
- echo: a second voice answering each lead line with its last words (not in the lyrics);
- long: a 12-minute song of verses, choruses and breaks;
- held: backing lines sung on held vowels ("ooh ooh ooh ooh", "ah ah ah"), notes of 2 to 6 s that
  swell from a soft start and scoop up to their pitch, one after a break and one closing the song.

espeak-ng sings each line (its library reports the sample at which every word starts), each line
on its own pitch, over plucked chords, a lead synth and a kick drum, with the voice 5 dB above the
band where it sounds; a held vowel is a note of a formant synthesiser, which starts where it is
written. Per song and per class: AAE, median, PCO@0.3, the share of words over 1 s off
("derailed"), the share inside the perceptual window (-0.33 s early to +0.22 s late), the karaoke
perceptual score of Lizé-Masclef et al. (2021), the signed median (the lead or lag), alignment
time over audio time (beside the time one window's encoding takes here, which no aligner goes
under), and how honest the flags are: how many of the words over 1 s off the reader
is told about (their line is flagged or the word is marked unsure), against the share of all words
so marked; and the words timed before the word sung before them (lyrics out of order).

    engine/.venv/bin/python -m bench.derailment [--only CLASS ...] [--no-shared] [--model NAME] [--seeds N ...]

`--only` names the classes to run, `shared` among them for the shared songs (all by default).
`--seeds` renders each class once per seed, so that a class's row pools several draws of its song:
one rendering is one draw, and two draws of the held class differ by up to 15 words in 99.

No setting of the aligner may be chosen on all classes at once: choose on all but one, and check
on the one left out (docs/benchmarks.md says which was left out for each).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import numpy as np

from verse_engine.alignment.align import WINDOW_SECONDS, window_frames
from verse_engine.alignment.lyrics_align import align_lyrics
from verse_engine.asr import whisper
from verse_engine.audio.decode import SAMPLE_RATE

from .espeak import Delivery, Espeak
from .metrics import timing_scores

RATE = SAMPLE_RATE
VOICE_OVER_BAND_DB = 5.0


@dataclass(frozen=True)
class Sung:
    """A lyric line: its text, who sings it and how."""

    text: str
    delivery: Delivery
    voice: str


@dataclass(frozen=True)
class Echo:
    """A second voice answering the line before it with its last words; not part of the lyrics."""

    words: int
    voice: str
    delivery: Delivery


@dataclass(frozen=True)
class Break:
    """Music alone."""

    seconds: float


@dataclass(frozen=True)
class Held:
    """A backing line on held vowels: one note per word, (pitch in Hz, seconds) each."""

    text: str
    notes: tuple[tuple[float, float], ...]


Part = Sung | Echo | Break | Held


@dataclass
class Song:
    name: str
    klass: str
    language: str
    parts: list[Part]


@dataclass
class Rendered:
    song: Song
    audio: np.ndarray
    lines: list[str]
    #: The true start of every lyric word, in order; None where espeak-ng said a word as one with
    #: the word before it and did not report its start (such words are timed, not scored).
    starts: list[float | None]
    #: The slowest and the fastest line, in syllables a second while the voice sounds.
    pace: tuple[float, float] = (0.0, 0.0)


# ---- the songs ------------------------------------------------------------------------------------


def sung(text: str, voice: str = "en", pitch: int = 50, rate: int = 120, gap: int = 5) -> Sung:
    """A sung-like line: slow, words drawn apart, a wide pitch range."""
    return Sung(text, Delivery(rate=rate, pitch=pitch, range=90, word_gap=gap), voice)


VERSE_EN = [
    "I walked along the river when the night was falling",
    "your voice was in the wind and it was calling",
    "the lights are fading slowly but I still know",
    "every road I travel brings me back to you",
]
VERSE_EN_2 = [
    "morning comes and paints the window gold",
    "the coffee's cold the story's getting old",
    "but I can hear you singing down the hall",
    "and suddenly I don't mind it all",
]
CHORUS_EN = ["hold on to me tonight", "never let me go"]
PITCHES = (35, 60, 80, 50, 65, 40)


def _verse(lines: list[str], voice: str = "en") -> list[Part]:
    return [sung(text, voice, PITCHES[i % len(PITCHES)]) for i, text in enumerate(lines)]


def _chorus(voice: str = "en") -> list[Part]:
    return [sung(text, voice, pitch, rate=110, gap=8) for text, pitch in zip(CHORUS_EN, (70, 55), strict=True)]


def repeats() -> Song:
    la = [sung("la la la la la la la la", "en", 70, rate=130, gap=4), sung("la la la la la la", "en", 55)]
    glou = [sung("glou glou glou glou glou glou", "fr", 60, rate=130, gap=4)]
    oh = [sung("oh oh oh oh oh", "en", 75, rate=100, gap=8)]
    parts = [Break(4.0), *_verse(VERSE_EN), *_chorus(), *_chorus(), *la, *_verse(VERSE_EN_2), *_chorus()]
    return Song("repeats", "repeats", "en", [*parts, *_chorus(), *oh, *glou, *la])


RAP_FR = [
    "je marche dans la ville avec les mots qui brûlent dans ma tête",
    "on court après le temps mais le temps ne s'arrête jamais pour personne",
    "les rues sont pleines de rêves que personne ne ramasse le soir",
    "j'écris sur les murs des phrases que le vent emporte au matin",
    "mon frère me dit reste calme mais la musique parle plus fort",
    "chaque rime est une porte que j'ouvre avant de la refermer",
]
RAP_EN = [
    "I been running through the city with a notebook full of fire",
    "every beat is like a heartbeat and it pulls me ever higher",
    "they said slow it down but I was never one to hesitate",
    "got the rhythm in my pocket and I'm never ever late",
]


def fast() -> Song:
    """Rates chosen so that the lines run at about 4 to 7 syllables a second (printed per song)."""
    rates = (140, 160, 180, 200)
    parts: list[Part] = [Break(3.0)]
    for i, text in enumerate(RAP_FR):
        parts.append(Sung(text, Delivery(rate=rates[i % len(rates)], pitch=45, range=40), "fr"))
    parts.append(Break(2.0))
    for i, text in enumerate(RAP_EN):
        parts.append(Sung(text, Delivery(rate=rates[(i + 2) % len(rates)], pitch=45, range=40), "en"))
    return Song("fast", "fast", "fr+en", parts)


def breaks() -> Song:
    parts = [Break(25.0), *_verse(VERSE_EN), Break(35.0), *_verse(VERSE_EN_2), Break(22.0), *_chorus()]
    return Song("breaks", "breaks", "en", [*parts, Break(40.0), *_chorus()])


def echo() -> Song:
    answer = Echo(3, "en+f3", Delivery(rate=130, pitch=80, range=70, word_gap=3))
    parts: list[Part] = [Break(3.0)]
    for part in [*_verse(VERSE_EN), *_chorus(), *_verse(VERSE_EN_2), *_chorus()]:
        parts += [part, answer]
    return Song("echo", "echo", "en", parts)


def long_song() -> Song:
    """About 12 minutes: intro, then verse, chorus and break over and over with new verses."""
    verses = [
        VERSE_EN,
        VERSE_EN_2,
        [
            "the summer left a letter on the stair",
            "I read it twice and left it lying there",
            "the words were kind the meaning wasn't clear",
            "I only know I wish that you were here",
        ],
        [
            "a thousand miles of highway in the rain",
            "the radio keeps playing the same refrain",
            "I count the towns I count the passing cars",
            "I count the hours underneath the stars",
        ],
    ]
    parts: list[Part] = [Break(12.0)]
    round_ = 0
    while _seconds(parts) < 12 * 60 - 40:
        parts += [*_verse(verses[round_ % len(verses)]), *_chorus(), *_chorus(), Break(8.0 + 4 * (round_ % 4))]
        round_ += 1
    return Song("long", "long", "en", parts)


def _seconds(parts: list[Part]) -> float:
    """A rough length before rendering, used only to decide when the long song is long enough."""
    return sum(
        p.seconds
        if isinstance(p, Break)
        else sum(n[1] for n in p.notes)
        if isinstance(p, Held)
        else 0.45 * len(p.text.split()) + 1.0
        for p in parts
        if not isinstance(p, Echo)
    )


def held() -> Song:
    """Held-vowel lines between sung ones: after a verse, after a 20 s break, and as the last line."""
    ooh = Held("ooh ooh ooh ooh", ((330.0, 5.0), (294.0, 5.5), (262.0, 4.5), (294.0, 6.0)))
    ah = Held("ah ah ah", ((392.0, 3.0), (349.0, 2.5), (330.0, 4.0)))
    outro = Held(
        "ooh ooh oh ooh ooh oh",
        ((523.0, 1.1), (466.0, 1.0), (440.0, 2.2), (523.0, 1.1), (466.0, 0.9), (392.0, 3.0)),
    )
    parts = [Break(4.0), *_verse(VERSE_EN), ooh, *_chorus(), Break(20.0), ah, *_verse(VERSE_EN_2), *_chorus()]
    return Song("held", "held", "en", [*parts, outro])


CLASSES: dict[str, Callable[[], Song]] = {
    "repeats": repeats,
    "fast": fast,
    "breaks": breaks,
    "echo": echo,
    "long": long_song,
    "held": held,
}


# ---- rendering -----------------------------------------------------------------------------------


def _syllables(text: str) -> int:
    """Vowel groups, less a silent final e or es (rough, but the same for every run)."""
    count = 0
    for word in text.lower().split():
        groups = len(re.findall(r"[aeiouyàâéèêëîïôûùüœæ]+", word))
        count += max(1, groups - (groups > 1 and re.search(r"[^aeiou]es?$", word) is not None))
    return count


def render(song: Song, espeak: Espeak, rng: np.random.Generator) -> Rendered:
    """The voice track part by part (a pause of 0.5 to 1.2 s after each line), then the band under
    all of it. An echo starts 0.15 s after the line it answers."""
    pieces: list[np.ndarray] = []
    lines: list[str] = []
    starts: list[float] = []
    cursor = 0.0
    last_words: list[str] = []
    paces: list[float] = []
    for part in song.parts:
        if isinstance(part, Break):
            pieces.append(np.zeros(int(part.seconds * RATE), np.float32))
            cursor += len(pieces[-1]) / RATE
            continue
        if isinstance(part, Held):
            audio, note_starts = held_line(part, rng)
            lines.append(part.text)
            starts += [cursor + t for t in note_starts]
            lead_in = np.zeros(0, np.float32)
        elif isinstance(part, Echo):
            audio, _ = espeak.speak(part.voice, " ".join(last_words[-part.words :]), part.delivery)
            audio = audio * 0.5
            lead_in = np.zeros(int(0.15 * RATE), np.float32)
        else:
            audio, words = espeak.speak(part.voice, part.text, part.delivery)
            lines.append(part.text)
            starts += [None if w is None else cursor + w for w in words]
            last_words = part.text.split()
            voiced = np.flatnonzero(np.abs(audio) > 0.01)
            if len(voiced) > 1:
                paces.append(_syllables(part.text) * RATE / (voiced[-1] - voiced[0]))
            lead_in = np.zeros(0, np.float32)
        pause = np.zeros(int(rng.uniform(0.5, 1.2) * RATE), np.float32)
        pieces += [lead_in, audio.astype(np.float32), pause]
        cursor += (len(lead_in) + len(audio) + len(pause)) / RATE
    vocals = np.concatenate(pieces)
    band = _band(len(vocals) / RATE, rng)[: len(vocals)]
    voiced = vocals[np.abs(vocals) > 0.01]
    band *= _rms(voiced) / max(_rms(band), 1e-9) / (10 ** (VOICE_OVER_BAND_DB / 20))
    mix = vocals + band
    mix = (mix / max(1.0, float(np.max(np.abs(mix))) / 0.95)).astype(np.float32)
    return Rendered(song, mix, lines, starts, (min(paces), max(paces)))


# Formants (Hz) of the vowels a held line is sung on, a man's voice (Peterson and Barney, 1952).
FORMANTS = {"ooh": (300.0, 870.0, 2240.0), "oh": (570.0, 840.0, 2410.0), "ah": (730.0, 1090.0, 2440.0)}
HELD_LEVEL = 0.07


def held_line(line: Held, rng: np.random.Generator) -> tuple[np.ndarray, list[float]]:
    """The line's notes one after another, a breath of 0.2 to 0.6 s before each but the first, and
    where each starts. The notes are quieter than the lead, as backing vocals are mixed."""
    pieces: list[np.ndarray] = []
    starts: list[float] = []
    at = 0
    for k, (word, (pitch, seconds)) in enumerate(zip(line.text.split(), line.notes, strict=True)):
        if k:
            pieces.append(np.zeros(int(rng.uniform(0.2, 0.6) * RATE), np.float32))
            at += len(pieces[-1])
        starts.append(at / RATE)
        pieces.append(_held_note(pitch, seconds, FORMANTS[word], rng))
        at += len(pieces[-1])
    return np.concatenate(pieces), starts


def _held_note(pitch: float, seconds: float, formants: tuple[float, ...], rng: np.random.Generator) -> np.ndarray:
    """A sung vowel: harmonics of a pitch that scoops up a semitone over its first 0.3 s and then
    carries a 5.5 Hz vibrato, shaped by the vowel's formants, swelling over 0.5 to 1.5 s from a
    third of its level, and fading over its last 0.3 s."""
    t = np.arange(int(seconds * RATE)) / RATE
    scoop = 2 ** (-np.clip(1 - t / 0.3, 0, 1) / 12)
    frequency = pitch * scoop * (1 + 0.012 * np.sin(2 * np.pi * 5.5 * t))
    phase = 2 * np.pi * np.cumsum(frequency) / RATE
    tone = np.zeros(len(t))
    for k in range(1, int(4000 / pitch) + 1):
        gain = sum(1 / (1 + ((k * pitch - f) / 90.0) ** 2) for f in formants) / k**0.5
        tone += gain * np.sin(k * phase)
    swell = np.minimum(1, 1 / 3 + (2 / 3) * t / rng.uniform(0.5, 1.5))
    edges = np.minimum(1, np.minimum(t / 0.03, (seconds - t) / 0.3))
    note = tone * swell * edges
    return (HELD_LEVEL * note / _rms(note)).astype(np.float32)


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x**2))) if len(x) else 0.0


@cache
def _pluck(frequency: float) -> np.ndarray:
    """Karplus-Strong: a noise burst through a decaying delay line, like a plucked string. One per
    pitch, reused (the song's length then costs nothing to build)."""
    rng = np.random.default_rng(int(frequency * 10))
    period = max(2, int(RATE / frequency))
    line = rng.uniform(-1, 1, period).astype(np.float32)
    out = np.empty(2 * RATE, np.float32)
    for i in range(len(out)):
        out[i] = line[i % period]
        line[i % period] = 0.996 * 0.5 * (line[i % period] + line[(i + 1) % period])
    return out


def _lead_note(frequency: float, seconds: float) -> np.ndarray:
    """A bright synth note: odd harmonics under a quick attack and a slow decay."""
    t = np.arange(int(seconds * RATE)) / RATE
    tone = np.sum([np.sin(2 * np.pi * frequency * k * t) / k for k in (1, 3, 5, 7)], axis=0)
    return (tone * np.minimum(1, t * 50) * np.exp(-t * 2)).astype(np.float32)


def _band(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """I-V-vi-IV in C, a chord every 2 s, a kick on every beat (120 bpm) and a lead synth on a
    pentatonic scale in eighth notes, playing throughout as a band does under a voice."""
    chords = [(261.6, 329.6, 392.0), (196.0, 246.9, 293.7), (220.0, 261.6, 329.6), (174.6, 220.0, 261.6)]
    n = int(seconds * RATE) + 2 * RATE
    band = np.zeros(n, np.float32)
    for k, start in enumerate(np.arange(0, seconds, 2.0)):
        at = int(start * RATE)
        for note in chords[k % len(chords)]:
            band[at : at + 2 * RATE] += _pluck(note)[: n - at]
    t = np.arange(int(0.15 * RATE)) / RATE
    kick = (np.sin(2 * np.pi * 60 * t) * np.exp(-t * 30)).astype(np.float32)
    for beat in np.arange(0, seconds, 0.5):
        at = int(beat * RATE)
        band[at : at + len(kick)] += 1.5 * kick[: n - at]
    scale = (523.3, 587.3, 659.3, 784.0, 880.0)
    notes = {f: _lead_note(f, 0.25) for f in scale}
    for start in np.arange(0, seconds, 0.25):
        at = int(start * RATE)
        lead = notes[scale[int(rng.integers(len(scale)))]]
        band[at : at + len(lead)] += 0.3 * lead[: n - at]
    return band[: int(seconds * RATE)]


# ---- scoring -------------------------------------------------------------------------------------


def _language(song: Song) -> str:
    return "fr" if song.language.startswith("fr") else song.language


def result(name: str, klass: str, audio: np.ndarray, elapsed: float, timings: list, true: list) -> dict:
    """One song's scores. A word counts as flagged to the reader when its line is flagged (a line
    holding a word the engine doubts is); words without a true start are timed, not scored."""
    placed = [(w.start, t.flagged) for t in timings for w in t.words]
    if len(placed) != len(true):
        raise ValueError(f"{name}: {len(placed)} words timed for {len(true)}")
    scored = [(p, s, f) for (p, f), s in zip(placed, true, strict=True) if s is not None]
    derailed = [f for p, s, f in scored if abs(p - s) > 1.0]
    return {
        "song": name,
        "class": klass,
        "duration": len(audio) / RATE,
        "align_seconds": elapsed,
        "words": len(scored),
        "scores": timing_scores([p for p, _s, _f in scored], [s for _p, s, _f in scored]),
        # Of the words over 1 s off, how many the reader is told about; and at what cost in flags.
        "derailed_flagged": (sum(derailed), len(derailed)),
        "words_flagged": sum(f for _p, _s, f in scored) / len(scored),
        "errors": [round(p - s, 3) for p, s, _f in scored],
        # A word timed before the word sung before it reaches the reader as lyrics out of order.
        "out_of_order": sum(later < earlier for (earlier, _), (later, _) in pairwise(placed)),
    }


def align(rendered: Rendered, model: str, name: str | None = None) -> dict:
    started = time.perf_counter()
    timings = align_lyrics(rendered.audio, rendered.lines, _language(rendered.song), model)
    elapsed = time.perf_counter() - started
    song = name or rendered.song.name
    out = result(song, rendered.song.klass, rendered.audio, elapsed, timings, rendered.starts)
    return {**out, "pace": rendered.pace}


def renderings(names: list[str], seeds: list[int] | None, espeak: Espeak) -> Iterator[tuple[str, Rendered]]:
    """Each class's song rendered once, all drawn from one generator seeded 11; or, with `seeds`, once
    per seed, each from a generator of its own (a class's figure over several draws of its song)."""
    if not seeds:
        rng = np.random.default_rng(11)
        for name in names:
            yield name, render(CLASSES[name](), espeak, rng)
        return
    for name in names:
        for seed in seeds:
            yield f"{name} seed {seed}", render(CLASSES[name](), espeak, np.random.default_rng(seed))


def shared_songs(model: str) -> list[dict]:
    from .alignment import load_song
    from .songs import SONGS

    out = []
    for folder in sorted(p for p in SONGS.iterdir() if p.is_dir()):
        audio, lines, language, true_starts = load_song(folder)
        started = time.perf_counter()
        timings = align_lyrics(audio, lines, language, model)
        elapsed = time.perf_counter() - started
        out.append(result(folder.name, "shared", audio, elapsed, timings, list(true_starts)))
    return out


def _row(name: str, klass: str, scores: dict, words: int, ratio: float, flags: tuple[int, int, float]) -> str:
    cells = (
        f"{scores['aae']:6.3f} {scores['median']:7.3f} {scores['pco_0_3']:7.1%} {scores['derailed']:8.1%} "
        f"{scores['in_window']:8.1%} {scores['karaoke']:8.3f} {scores['signed_median']:+8.3f}"
    )
    caught, derailed, flagged = flags
    return f"{name:26} {klass:8} {words:6d} {cells} {ratio:9.3f} {f'{caught}/{derailed}':>9} {flagged:8.1%}"


def _flags(members: list[dict]) -> tuple[int, int, float]:
    words = sum(r["words"] for r in members)
    return (
        sum(r["derailed_flagged"][0] for r in members),
        sum(r["derailed_flagged"][1] for r in members),
        sum(r["words_flagged"] * r["words"] for r in members) / words,
    )


def print_table(results: list[dict]) -> None:
    print(
        f"{'song':26} {'class':8} {'words':>6} {'AAE':>6} {'median':>7} {'PCO@.3':>7} {'derailed':>8} "
        f"{'window':>8} {'karaoke':>8} {'signed':>8} {'time/dur':>9} {'told':>9} {'flagged':>8}"
    )
    for r in results:
        print(_row(r["song"], r["class"], r["scores"], r["words"], r["align_seconds"] / r["duration"], _flags([r])))
    for klass in dict.fromkeys(r["class"] for r in results):
        members = [r for r in results if r["class"] == klass]
        pooled = [e for r in members for e in r["errors"]]
        ratio = sum(r["align_seconds"] for r in members) / sum(r["duration"] for r in members)
        print(_row(f"CLASS {klass}", klass, _scores_of_errors(pooled), len(pooled), ratio, _flags(members)))
    pooled = [e for r in results for e in r["errors"]]
    ratio = sum(r["align_seconds"] for r in results) / sum(r["duration"] for r in results)
    print(_row("POOLED", "all", _scores_of_errors(pooled), len(pooled), ratio, _flags(results)))
    print("told: words over 1 s off that sit in a flagged line or are marked unsure; flagged: all words so marked")
    disordered = [f"{r['song']} {r['out_of_order']}" for r in results if r["out_of_order"]]
    print(f"words timed before the word before them: {', '.join(disordered) or 'none'}")
    for r in results:
        if "pace" in r:
            slowest, fastest = r["pace"]
            print(f"{r['song']}: lines of {slowest:.1f} to {fastest:.1f} syllables a second")


def encoding_floor(model_name: str, repeats: int = 3) -> float:
    """Seconds per second of audio that encoding one full Whisper window takes here (the median of
    `repeats`). Every window is encoded at least once by the recognition pass and once by the
    alignment, so this bounds the time from below on any machine: the time figures of two machines
    compare through it."""
    model = whisper.load(model_name)
    frames = window_frames(model.feature_extractor(np.zeros(int(WINDOW_SECONDS * RATE), np.float32)))
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        model.encode(frames)
        seconds.append(time.perf_counter() - started)
    return float(np.median(seconds)) / WINDOW_SECONDS


def _scores_of_errors(errors: list[float]) -> dict:
    return timing_scores(errors, [0.0] * len(errors))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", nargs="*", choices=[*sorted(CLASSES), "shared"], help="classes to run, shared for the shared songs"
    )
    parser.add_argument("--no-shared", action="store_true", help="leave out ../shared/data/songs")
    parser.add_argument(
        "--seeds", nargs="*", type=int, help="render each class once per seed (default: once, all from seed 11)"
    )
    parser.add_argument("--model", default=whisper.default_model())
    args = parser.parse_args()
    started = time.perf_counter()
    whisper.load(args.model)
    print(f"model {args.model} loaded in {time.perf_counter() - started:.1f} s (not counted in alignment time)")
    floor = encoding_floor(args.model)
    print(f"encoding one {WINDOW_SECONDS:.0f} s window: {floor:.3f} of its audio here (the floor under time/dur)")
    results = []
    names = [c for c in args.only or CLASSES if c != "shared"]
    for name, rendered in renderings(names, args.seeds, Espeak()):
        # The rendering's checksum tells a change of song from a change of aligner or of machine.
        digest = hashlib.sha256(rendered.audio.tobytes()).hexdigest()[:12]
        print(f"{name}: {len(rendered.audio) / RATE:.0f} s, {len(rendered.starts)} words, audio {digest}", flush=True)
        results.append(align(rendered, args.model, name))
    if not args.no_shared and (not args.only or "shared" in args.only):
        results += shared_songs(args.model)
    print_table(results)
    Path("bench-derailment.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
