"""Lines of one syllable sung over and over ("la la la la", "glou glou glou"), timed as repeats.

Every word of such a line is the same token, so cross-attention has nothing to tell one from the
next: the alignment keeps the block's outer edges (distinct words stand on either side) but slides
the syllables inside it, and where two such lines follow each other the first spills into the
second. Within a block of consecutive repeat lines, the voice decides (each of its stretches
opened back over the faint voice rising into it, the one the block's aligned end cuts taken whole,
and those too short to hold a line left out):
- where Silero hears one stretch of voice per line, each line's syllables share its stretch
  evenly, as a rhythmic figure is sung;
- otherwise each stretch goes to the lines whose aligned middle it holds (or, a line heard as two
  stretches, to the line it overlaps most) and they share it; a line Silero does not hear keeps
  its aligned start and takes the pace of the nearest line it heard. Where such a line has no room
  at that pace between its neighbours (the alignment slid an unheard line over the next line's
  voice, and each line after it one stretch on), the stretches go one to a line, to the lines that
  leave the others room. A line still without a stretch takes the one stretch a fainter level
  hears in the room its neighbours leave it, where there is one (a line sung softer, or fast);
- where it hears nothing, the block's syllables share the block evenly.
Then any such line, and any line of held vowels ("ooh ooh", vocalise.py), in which Silero hears
exactly one note per word, takes its notes (time_notes).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np

from verse_engine.alignment.anchors import SECONDS_PER_WORD
from verse_engine.alignment.vocalise import is_held_vowel_line
from verse_engine.alignment.voice_onsets import (
    FRAME_SECONDS,
    VOICELESS_FLOOR,
    fainter_levels,
    frame,
    voice_threshold,
    word_frames,
)
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Word

# A repeat line has at least this many words, all the same.
MIN_REPEATS = 3
# Shorter silences than this are the breaks between syllables, not between lines.
LINE_BREAK_SECONDS = 0.3
# Shorter dips than this (three of Silero's frames) are a wavering inside a note, not a breath
# between two notes.
NOTE_BREAK_SECONDS = 0.1
# A faint onset is told from the tail of the note before by whether it rises into the stretch, in
# the mean of this many of Silero's frames (0.16 s), so that a wavering inside the rise does not end it.
ONSET_FRAMES = 5
# The most ways of giving a block's stretches one to a line that are tried (a block of 12 lines and
# 6 stretches has 924): a longer block keeps the stretches its aligned middles give.
MAX_CHOICES = 5000


def is_repeat_line(text: str) -> bool:
    words = [normalise(w) for w in text.split()]
    return len(words) >= MIN_REPEATS and len(set(words)) == 1 and not is_held_vowel_line(text)


def blocks(lines: list[str], timed: list[list[Word]]) -> list[list[int]]:
    """Runs of consecutive timed repeat lines, by index."""
    out: list[list[int]] = []
    for i, (text, words) in enumerate(zip(lines, timed, strict=True)):
        if not words or not is_repeat_line(text):
            continue
        if out and out[-1][-1] == i - 1:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def voiced_stretches(
    probabilities: np.ndarray, threshold: float, start: float, end: float, join: float = LINE_BREAK_SECONDS
) -> list[tuple[float, float]]:
    """The stretches of [start, end] where the voice sounds, joined across silences shorter than
    `join` seconds."""
    first = frame(start)
    voiced = probabilities[first : frame(end) + 1] >= threshold
    stretches: list[tuple[float, float]] = []
    k = 0
    while k < len(voiced):
        if not voiced[k]:
            k += 1
            continue
        j = k
        while j < len(voiced) and voiced[j]:
            j += 1
        at, until = (first + k) * FRAME_SECONDS, (first + j) * FRAME_SECONDS
        if stretches and at - stretches[-1][1] < join:
            stretches[-1] = (stretches[-1][0], until)
        else:
            stretches.append((at, until))
        k = j
    return stretches


def _share_out(words: list[Word], start: float, end: float) -> None:
    step = (end - start) / len(words)
    for k, word in enumerate(words):
        word.start, word.end = start + k * step, start + (k + 1) * step


def _midpoint(words: list[Word]) -> float:
    return (words[0].start + words[-1].end) / 2


def _overlap(words: list[Word], at: float, until: float) -> float:
    return max(0.0, min(until, words[-1].end) - max(at, words[0].start))


def _claims(block: list[int], timed: list[list[Word]], stretches: list[tuple[float, float]]) -> list[list[int]]:
    """For each stretch of voice, the lines of the block it holds: those whose aligned midpoint lies
    inside it, or else (a line Silero heard as two stretches) the line it overlaps most."""
    claims = []
    for at, until in stretches:
        inside = [i for i in block if at <= _midpoint(timed[i]) <= until]
        claims.append(inside or [max(block, key=lambda i: _overlap(timed[i], at, until))])
    return claims


def _unheard_places(
    block: list[int],
    timed: list[list[Word]],
    spans: dict[int, tuple[float, float]],
    bounds: tuple[float, float],
) -> tuple[dict[int, tuple[float, float]], bool]:
    """Where each line of the block in no stretch goes, at the pace of the nearest line that was
    heard: from its aligned start, moved into the room between the lines either side of it (the
    block's bounds at its ends) as far as it must. And whether every such line fits its room; one
    that does not is cut short at its room's end, and then the stretches may have gone to the wrong
    lines."""
    pace = {i: (until - at) / len(timed[i]) for i, (at, until) in spans.items()}
    places: dict[int, tuple[float, float]] = {}
    fits = True
    for position, i in enumerate(block):
        if i in spans:
            continue
        before = [places.get(j) or spans[j] for j in block[:position] if j in spans or j in places]
        after = [spans[j] for j in block[position + 1 :] if j in spans]
        room_start = before[-1][1] if before else bounds[0]
        room_end = after[0][0] if after else bounds[1]
        length = pace[min(pace, key=lambda j: (abs(j - i), -j))] * len(timed[i])
        if length <= room_end - room_start:
            start = min(max(timed[i][0].start, room_start), room_end - length)
            places[i] = (start, start + length)
            continue
        fits = False
        start = max(timed[i][0].start, room_start)
        if room_end > start:
            places[i] = (start, room_end)
    return places, fits


def _one_stretch_per_line(
    block: list[int],
    timed: list[list[Word]],
    stretches: list[tuple[float, float]],
    bounds: tuple[float, float],
) -> tuple[dict[int, tuple[float, float]], dict[int, tuple[float, float]]] | None:
    """The stretches given in order one to a line, where every line left without one fits its room
    (_unheard_places): of those choices, the one whose stretches open nearest their lines' aligned
    starts. None if no choice fits, or there are too many to try."""
    if math.comb(len(block), len(stretches)) > MAX_CHOICES:
        return None
    best = None
    for heard in itertools.combinations(block, len(stretches)):
        spans = dict(zip(heard, stretches, strict=True))
        places, fits = _unheard_places(block, timed, spans, bounds)
        if not fits:
            continue
        moved = sum(abs(timed[i][0].start - at) for i, (at, _until) in spans.items())
        if best is None or moved < best[0]:
            best = (moved, spans, places)
    return None if best is None else (best[1], best[2])


def _time_by_voice(
    block: list[int],
    timed: list[list[Word]],
    stretches: list[tuple[float, float]],
    bounds: tuple[float, float],
    fainter: Callable[[float, float], tuple[float, float] | None],
) -> None:
    """Each stretch's syllables share it evenly, line by line; a line in no stretch (Silero did
    not hear it) keeps its aligned start where it fits and takes the pace of the nearest line that
    was heard. Where such a line would not fit between its neighbours (the stretches went by
    aligned middles to the lines the alignment slid over them), the stretches go one to a line, to
    the lines that leave room for the others. A line left without a stretch that a fainter level
    hears in the room its neighbours leave it (`fainter`) takes that voice instead."""
    spans: dict[int, tuple[float, float]] = {}
    for (at, until), lines in zip(stretches, _claims(block, timed, stretches), strict=True):
        if len(lines) == 1 and lines[0] in spans:
            at = min(at, spans[lines[0]][0])
        total = sum(len(timed[i]) for i in lines)
        cursor = at
        for i in lines:
            length = (until - at) * len(timed[i]) / total
            spans[i] = (cursor, cursor + length)
            cursor += length
    places, fits = _unheard_places(block, timed, spans, bounds)
    if not fits and len(stretches) < len(block):
        spans, places = _one_stretch_per_line(block, timed, stretches, bounds) or (spans, places)
    for position, i in enumerate(block):
        if i not in places:
            continue
        taken = {**spans, **places}
        room_start = max([bounds[0], *(taken[j][1] for j in block[:position] if j in taken)])
        room_end = min([bounds[1], *(taken[j][0] for j in block[position + 1 :] if j in taken)])
        places[i] = fainter(room_start, room_end) or places[i]
    for i, (at, until) in {**spans, **places}.items():
        _share_out(timed[i], at, until)


def _fainter_stretch(
    probabilities: np.ndarray, threshold: float, start: float, end: float
) -> tuple[float, float] | None:
    """The one stretch of voice in [start, end] long enough to hold a line, at the loudest of the
    song's fainter levels that hears any (voice_onsets.fainter_levels, which never go under the
    room's median), and nowhere as loud as the threshold: a line sung softer than the rest (a backing
    voice, a whisper) is still voice, only fainter, while voice that reaches the threshold is a line
    Silero heard (the line before, where the alignment cut its last note). None where the first
    level that hears any hears two or more: which is the line's is not known."""
    frames = probabilities[frame(start) : frame(end) + 1]
    if not len(frames):
        return None
    for level in fainter_levels(threshold, float(np.median(frames))):
        found = [
            (at, until)
            for at, until in voiced_stretches(probabilities, level, start, end)
            if until - at >= MIN_REPEATS * SECONDS_PER_WORD[0]
            and probabilities[frame(at) : frame(until)].max() < threshold
        ]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _with_faint_onsets(
    probabilities: np.ndarray, start: float, stretches: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Each stretch opened back over the faint frames before it (at VOICELESS_FLOOR or over, under
    the song's threshold) as long as they rise into it, down to the block's start or the stretch
    before: Silero hears the first syllables of a line sung high and soft under its threshold, and
    the run of syllables shared out from where it crosses it would start late and run fast. Faint
    frames that fall away going back are the tail of the note before, not this line's onset."""
    out: list[tuple[float, float]] = []
    earliest = start
    for at, until in stretches:
        out.append((min(at, _faint_onset(probabilities, frame(at), earliest) * FRAME_SECONDS), until))
        earliest = until
    return out


def _faint_onset(probabilities: np.ndarray, first: int, earliest: float) -> int:
    """The frame where the faint voice rising into frame `first` begins, not before `earliest`."""
    lowest, half = frame(earliest), ONSET_FRAMES // 2

    def mean(k: int) -> float:
        return float(np.mean(probabilities[max(lowest, k - half) : k + half + 1]))

    while (
        first > 0
        and (first - 1) * FRAME_SECONDS >= earliest
        and probabilities[first - 1] >= VOICELESS_FLOOR
        and mean(first - 1) <= mean(first)
    ):
        first -= 1
    return first


def time_repeats(lines: list[str], timed: list[list[Word]], probabilities: np.ndarray) -> None:
    """Re-times, in place, the syllables of each block of repeat lines (see the module's doc)."""
    spans = word_frames(timed, probabilities)
    if not spans:
        return
    threshold = voice_threshold(spans)
    for block in blocks(lines, timed):
        start, end = timed[block[0]][0].start, timed[block[-1]][-1].end
        bounds = _bounds(block, timed, len(probabilities) * FRAME_SECONDS)
        # A stretch the block's aligned end cuts is taken whole, up to the next line.
        found = voiced_stretches(probabilities, threshold, start, max(end, bounds[1]))
        # A stretch too short to hold a line at the fastest words are sung is the edge of a line
        # either side, or a sound in the accompaniment.
        long_enough = [s for s in found if s[0] < end and s[1] - s[0] >= MIN_REPEATS * SECONDS_PER_WORD[0]]
        stretches = _with_faint_onsets(probabilities, start, long_enough)
        if len(stretches) == len(block):
            for i, (at, until) in zip(block, stretches, strict=True):
                _share_out(timed[i], at, until)
        elif stretches:
            _time_by_voice(
                block, timed, stretches, bounds, lambda at, until: _fainter_stretch(probabilities, threshold, at, until)
            )
        else:
            _share_out([w for i in block for w in timed[i]], start, end)


def _own_notes(
    probabilities: np.ndarray, threshold: float, start: float, end: float, previous: Word | None
) -> list[tuple[float, float]]:
    """The notes Silero hears in [start, end], each whole: one sounding at `start` is taken from
    where it began, unless it began before the word sung before it ended, when it is that word's
    voice running on (the alignment opened the line inside it), not a note of this line."""
    if previous is None:
        return voiced_stretches(probabilities, threshold, start, end, NOTE_BREAK_SECONDS)
    heard = voiced_stretches(probabilities, threshold, min(start, previous.start), end, NOTE_BREAK_SECONDS)
    return [(at, until) for at, until in heard if until > start and (at >= start or at >= previous.end)]


def _bounds(block: list[int], timed: list[list[Word]], audio_end: float) -> tuple[float, float]:
    """The time between the lines either side of the block: from the last word timed before it to
    the first timed after it, or the audio's end."""
    before = [words[-1].end for words in timed[: block[0]] if words]
    after = [words[0].start for words in timed[block[-1] + 1 :] if words]
    return (before[-1] if before else 0.0, after[0] if after else audio_end)


def time_notes(lines: list[str], timed: list[list[Word]], probabilities: np.ndarray) -> frozenset[int]:
    """Re-times, in place, each line of one repeated syllable or held vowel in which Silero hears
    exactly as many notes as the line has words (between the line's aligned start and the next
    line's): each word is its note. Notes are told apart by a breath; one the aligner stretched
    over a rest, or squeezed into the next line's time, lands where it was sung. Returns the lines
    so timed whose every note Silero heard as clearly as the song's words (over the threshold read
    off the lines that are not held vowels): those are sung notes, not a break's flickers."""
    counted: set[int] = set()
    spans = word_frames(timed, probabilities)
    if not spans:
        return frozenset()
    threshold = voice_threshold(spans)
    # Read off the lines of words, which Silero is meant to hear: held vowels, scored near zero,
    # pull the song's threshold down to its floor, where a break's flickers count as notes.
    sung = word_frames(
        [words for text, words in zip(lines, timed, strict=True) if not is_held_vowel_line(text)], probabilities
    )
    clearly = voice_threshold(sung) if sung else 1.0
    for i, (text, words) in enumerate(zip(lines, timed, strict=True)):
        if not words or not (is_repeat_line(text) or is_held_vowel_line(text)):
            continue
        following = next((t[0].start - NOTE_BREAK_SECONDS for t in timed[i + 1 :] if t), words[-1].end)
        start = words[0].start - NOTE_BREAK_SECONDS
        previous = next((t[-1] for t in reversed(timed[:i]) if t), None)
        notes = _own_notes(probabilities, threshold, start, following, previous)
        if len(notes) == len(words):
            for word, (at, until) in zip(words, notes, strict=True):
                word.start, word.end = at, until
            if all(probabilities[frame(at) : frame(until) + 1].max() >= clearly for at, until in notes):
                counted.add(i)
    return frozenset(counted)
