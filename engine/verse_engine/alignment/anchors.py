"""Anchors: where the recogniser heard the lyrics. The lyrics' words are paired in order with the
words a recognition pass heard (a global alignment), and each line with enough paired words gets
an approximate window; the others get a share of the stretch between their anchored neighbours."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Protocol

import numpy as np

from verse_engine.alignment.echoes import echoed
from verse_engine.alignment.vocalise import is_held_vowel_line
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Word

SECONDS_PER_WORD = (0.08, 4.0)
MATCH, MISMATCH, GAP = 2.0, -1.0, -1.0
SIMILAR = 0.75
MIN_HEARD_SECONDS = 0.02
# The recognition pass times a word up to this far from where it is sung.
HEARD_OFF_SECONDS = 0.5
# Small against a match (2.0): it only decides between otherwise equal alignments.
PLACE_WEIGHT = 0.1


class Voice(Protocol):
    """Where the voice detector hears a voice."""

    def sounds(self, start: float, end: float) -> bool:
        """Whether a voice sounds anywhere between two times."""
        ...

    def resumes(self, start: float, end: float, room: float) -> float | None:
        """Where singing may resume between two times, leaving `room` before the second (a little
        before the voice is first heard, as the detector hears a soft onset late, and past the last
        of a voice already sounding at the first time, the line before fading); None where no voice
        sounds early enough."""
        ...


def similarity(a: str, b: str) -> float:
    """How alike two words are (difflib's ratio), where they are at least SIMILAR; else 0. Only
    likeness from SIMILAR up pairs words, so the pairs that cannot reach it are ruled out by the
    matcher's cheap upper bounds (lengths, then letters) before the full comparison: most pairs of
    a song's words are."""
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    matcher = SequenceMatcher(None, a, b)
    if matcher.real_quick_ratio() < SIMILAR or matcher.quick_ratio() < SIMILAR:
        return 0.0
    ratio = matcher.ratio()
    return ratio if ratio >= SIMILAR else 0.0


def pair_scores(
    ref: list[str],
    hyp: list[str],
    positions: tuple[list[float], list[float]] | None = None,
) -> np.ndarray:
    """The score of pairing each ref word with each hyp word: MATCH times their similarity when they
    are alike, else MISMATCH, less PLACE_WEIGHT times how far apart they sit. Similarity is computed
    once per pair of distinct words (a song repeats its words)."""
    ref_words, hyp_words = sorted(set(ref)), sorted(set(hyp))
    table = np.zeros((len(ref_words), len(hyp_words)))
    for i, a in enumerate(ref_words):
        for j, b in enumerate(hyp_words):
            table[i, j] = similarity(a, b)
    ref_at = {w: k for k, w in enumerate(ref_words)}
    hyp_at = {w: k for k, w in enumerate(hyp_words)}
    alike = table[np.ix_([ref_at[w] for w in ref], [hyp_at[w] for w in hyp])]
    scores = np.where(alike >= SIMILAR, MATCH * alike, MISMATCH)
    if positions:
        apart = np.abs(np.asarray(positions[0])[:, None] - np.asarray(positions[1])[None, :])
        scores = np.where(alike >= SIMILAR, scores - PLACE_WEIGHT * apart, scores)
    return scores


def global_alignment(
    ref: list[str],
    hyp: list[str],
    positions: tuple[list[float], list[float]] | None = None,
) -> list[tuple[int, int]]:
    """Pairs (i, j) of a Needleman-Wunsch alignment of two word sequences: unlike longest-block
    matching, it keeps the whole order, so a repeated verse pairs with its own repetition.

    `positions` (each word's place in its sequence, 0 to 1) breaks the ties a chorus creates when
    only some of its passes were heard: the heard pass pairs with the copy nearest its place, not
    always with the last one."""
    if not ref or not hyp:
        return []
    return best_pairs(pair_scores(ref, hyp, positions))


def best_pairs(pair: np.ndarray) -> list[tuple[int, int]]:
    """The pairs (i, j) of the best global alignment given each pair's score (rows: ref words,
    columns: hyp words), a GAP per word left unpaired.

    Filled a row at a time: a row's moves from the left are a running maximum (the best earlier
    cell in the row, less a gap per word), so a 12-minute song's thousand words take a second."""
    n, m = pair.shape
    if not n or not m:
        return []
    columns = np.arange(m + 1)
    score = np.zeros((n + 1, m + 1))
    score[0] = columns * GAP
    # Per cell, the move into it: 0 along the diagonal (a pair), 1 down (a ref word skipped), and
    # otherwise from the left (hyp words skipped) out of the column `left_from` holds.
    move = np.zeros((n + 1, m + 1), np.int8)
    left_from = np.zeros((n + 1, m + 1), np.int64)
    for i in range(1, n + 1):
        diagonal = score[i - 1, :-1] + pair[i - 1]
        down = score[i - 1] + GAP
        best = down.copy()
        best[1:] = np.maximum(diagonal, down[1:])
        move[i] = 1
        move[i, 1:] = np.where(diagonal >= down[1:], 0, 1)
        # score[i, j] = max over k <= j of best[k] + GAP * (j - k); ties keep the nearest k.
        lifted = best - GAP * columns
        running = np.maximum.accumulate(lifted)
        left_from[i] = np.maximum.accumulate(np.where(lifted >= running, columns, 0))
        score[i] = running + GAP * columns
    pairs = []
    i, j = n, m
    while i > 0 and j > 0:
        k = int(left_from[i, j])
        if k < j:
            j = k
        elif move[i, j] == 0:
            if pair[i - 1, j - 1] > 0:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        else:
            i -= 1
    return pairs[::-1]


def _window(matched: list[HeardLyric], words: int, pace: float | None = None) -> tuple[float, float] | None:
    """A line's window from its matched words, or None when they do not hold together. Words of one
    line follow each other within SECONDS_PER_WORD[1], and, once the song's pace is known, within
    HELD_PACES of it for each lyric word from one to the next (_apart); matches further apart than
    that are parts heard in different places (a recognition pass that heard a phrase in the intro's
    noise and the rest where it was sung). The largest run that holds together anchors the line, if
    it still has at least half the line's words."""
    ordered = sorted(matched, key=lambda h: h.start)
    runs: list[list[HeardLyric]] = [[ordered[0]]]
    for previous, current in zip(ordered, ordered[1:], strict=False):
        if _apart(previous, current, pace):
            runs.append([])
        runs[-1].append(current)
    run = max(runs, key=len)
    if len(run) * 2 < words:
        return None
    return run[0].start, max(h.end for h in run)


# A sung word is held up to this many times the song's pace (the median seconds a word of its
# anchored lines) before the next, mid-line: a fast song's lines do not stop for seconds between
# two words, and two of its words heard that far apart were heard in two different lines.
HELD_PACES = 8


def _apart(previous: HeardLyric, current: HeardLyric, pace: float | None) -> bool:
    gap = current.start - previous.start
    if pace is None:
        return gap > SECONDS_PER_WORD[1]
    steps = max(1, current.place - previous.place)
    return gap > min(SECONDS_PER_WORD[1], steps * HELD_PACES * pace)


def _places(lyric_words: int, heard: list[Word], duration: float) -> tuple[list[float], list[float]]:
    """Where each lyric word and each heard word sits, 0 to 1: lyric words evenly over their count,
    heard words over the song's duration (not over the heard stretch: when the end of a song goes
    unheard, the last heard chorus is not the last one sung)."""
    return (
        [i / max(1, lyric_words - 1) for i in range(lyric_words)],
        [w.start / max(duration, 1e-6) for w in heard],
    )


@dataclass(frozen=True)
class HeardLyric:
    """A lyric word the recognition pass heard: its line, its place in the line, which lyric word
    and which heard word it is (indices into each sequence), and when it was heard."""

    line: int
    place: int
    lyric: int
    heard: int
    start: float
    end: float


def _heard_lyrics(
    lyric_words: list[tuple[int, int, str]], heard: list[Word], scores: np.ndarray, kept: list[int]
) -> dict[int, list[HeardLyric]]:
    """Per line, its words the recognition pass heard, pairing the lyrics with the `kept` heard
    words only (`scores`: pair_scores of the lyrics against every heard word)."""
    found: dict[int, list[HeardLyric]] = {}
    for a, b in best_pairs(scores[:, kept]):
        line, place, _ = lyric_words[a]
        word = heard[kept[b]]
        found.setdefault(line, []).append(HeardLyric(line, place, a, kept[b], word.start, word.end))
    return found


def anchor_windows(
    lines: list[str],
    heard: list[Word],
    duration: float,
    sung: tuple[float, float] | None = None,
    voice: Voice | None = None,
) -> list[tuple[float, float, bool]]:
    """An approximate (start, end, anchored) per line from the recognised words."""
    return anchors(lines, heard, duration, sung, voice)[0]


def anchors(
    lines: list[str],
    heard: list[Word],
    duration: float,
    sung: tuple[float, float] | None = None,
    voice: Voice | None = None,
) -> tuple[list[tuple[float, float, bool]], list[list[tuple[int, float]]]]:
    """Each line's approximate (start, end, anchored) window, and the words of it the recognition
    pass heard as those words: (place in the line, start). Unanchored lines before the first anchor
    and after the last share the `sung` stretch (where the voice detector hears a voice; the whole
    song if not given), not the intro or the outro: a last line left to the music after the voice
    has stopped is placed seconds after it was sung. The detector can miss a voice: where the lines
    left to an edge would not fit between it and the nearest anchor at the song's own pace, that
    edge is the song's.

    Heard words that say nothing of where they were sung (_misplaced) are dropped before the
    pairing. Heard words are set aside, and the lyrics paired again without them, where they mislead:
    - an echo of the words heard just before it, which the lyrics do not repeat (echoes.py), is
      set aside before the first pairing: a line's last words would pair with its echo as readily
      as with the lead that sang them;
    - a heard word paired with a line that it does not help anchor is noise to the pairing, and it
      can move everything after it: one word more paired makes the alignment jump a whole verse,
      pinning the next pass of a chorus where the first was heard. Only where it sits out of place
      (_in_place): a line half heard where it was sung, between its anchored neighbours with room
      for the lines between, is kept, or a line sung twice would take its second pass's words;
    - two anchored lines with more lyric words between them than could be sung in the time between
      (SECONDS_PER_WORD[0] a word) cannot both be right: a recognition pass that wrote a later verse
      over a chorus anchors that verse there. Of the two, the line whose heard words sit further
      from its place in the lyrics loses them;
    - a line anchored where `voice` hears none: over a long held note or a break, a recognition
      pass can write the lines sung after it, and then the ones after those, in its time. A line of
      held vowels is exempt: Silero barely hears one.

    For the same reason, unanchored lines after a stretch with no voice in it share the time from
    where `voice` says singing resumes, where they fit there at the song's pace, unless the first is
    a line of held vowels."""
    lyric_words = [(i, k, normalise(w)) for i, line in enumerate(lines) for k, w in enumerate(line.split())]
    lyric_texts = [w for _, _, w in lyric_words]
    # An echo is told by the words heard, whatever their times: the lead's copy with a word squeezed
    # to no length is still the copy the echo repeats.
    echoes = echoed(lyric_texts, [normalise(w.text) for w in heard], heard, SECONDS_PER_WORD[0])
    placed = [k for k, w in enumerate(heard) if not _misplaced(w, duration)]
    echoes = {i for i, k in enumerate(placed) if k in echoes}
    heard = [heard[k] for k in placed]
    places = _places(len(lyric_words), heard, duration)
    scores = pair_scores(lyric_texts, [normalise(w.text) for w in heard], places)
    kept = [k for k in range(len(heard)) if k not in echoes]
    found = _heard_lyrics(lyric_words, heard, scores, kept)
    # The song's pace from the windows its heard words give, which then hold each line to it.
    pace = _pace(lines, _anchored(lines, found))
    anchored = _anchored(lines, found, pace)
    # Each round sets aside at least one heard word, and costs a pairing (a second at most on a
    # 12-minute song); the lines' count bounds the rounds.
    for _round in range(len(lines)):
        held = {k: window for k, window in enumerate(anchored) if window is not None}
        aside = {
            h.heard
            for line, words in found.items()
            if (anchored[line] is None and not _in_place(lines, line, words, held, duration))
            or not _voiced(lines[line], anchored[line], voice)
            for h in words
        }
        if not aside:
            crowded = _crowded(lines, anchored, found, places)
            if crowded is None:
                break
            aside = {h.heard for h in found[crowded]}
        kept = [k for k in kept if k not in aside]
        found = _heard_lyrics(lyric_words, heard, scores, kept)
        anchored = _anchored(lines, found, pace)
    heard_places = [[(h.place, h.start) for h in found.get(i, [])] for i in range(len(lines))]
    pace = _pace(lines, anchored)
    edges = _sung_edges(lines, anchored, sung, duration, pace)
    return _interpolated(lines, anchored, edges, _resuming(lines, voice, pace)), heard_places


def _misplaced(word: Word, duration: float) -> bool:
    """Whether a heard word says nothing of where it was sung: squeezed to no length (its segment's
    alignment failed there), or in a segment the decoder said ends in the silence that pads the
    last window past the audio's end. Such a segment's times are the decoder's guess, not what it
    heard (it can write a song's last lines seconds after they were sung), and its words, aligned in
    what audio is left, crowd into the song's last moments."""
    if word.end - word.start < MIN_HEARD_SECONDS:
        return True
    return word.segment_end is not None and word.segment_end > duration + HEARD_OFF_SECONDS


def _anchored(
    lines: list[str], found: dict[int, list[HeardLyric]], pace: float | None = None
) -> list[tuple[float, float] | None]:
    """Each line's window where its heard words anchor it (at the song's `pace`, where known), else
    None."""
    out: list[tuple[float, float] | None] = []
    last_start = 0.0
    for i, line in enumerate(lines):
        matched = found.get(i, [])
        # A line is anchored by at least half its words, in order after the previous anchor: one
        # stray word, or a chorus line paired with another pass of the chorus, must not pin it.
        if len(matched) * 2 < len(line.split()):
            out.append(None)
            continue
        window = _window(matched, len(line.split()), pace)
        if window is None or window[0] < last_start:
            out.append(None)
            continue
        out.append(window)
        last_start = window[0]
    return out


def _in_place(
    lines: list[str], line: int, words: list[HeardLyric], held: dict[int, tuple[float, float]], duration: float
) -> bool:
    """Whether a line's heard words sit where its anchored neighbours (`held`: the anchored lines'
    windows) leave room for it: after the anchored line before it and before the one after it,
    with time enough on either side for the lines between to be sung (_fits)."""
    first, last = min(h.start for h in words), max(h.end for h in words)
    k_before = max((k for k in held if k < line), default=-1)
    k_after = min((k for k in held if k > line), default=len(lines))
    start_before, end_before = held.get(k_before, (0.0, 0.0))
    start_after = held.get(k_after, (duration, duration))[0]
    return (
        start_before <= first
        and max(h.start for h in words) <= start_after
        and _fits(lines, k_before, line, end_before, first)
        and _fits(lines, line, k_after, last, start_after)
    )


def _voiced(line: str, window: tuple[float, float] | None, voice: Voice | None) -> bool:
    """Whether a voice sounds within HEARD_OFF_SECONDS of a line's anchored window (true of a line
    not anchored, and of one of held vowels)."""
    if window is None or voice is None or is_held_vowel_line(line):
        return True
    return voice.sounds(window[0] - HEARD_OFF_SECONDS, window[1] + HEARD_OFF_SECONDS)


def _fits(lines: list[str], first: int, last: int, start: float, end: float) -> bool:
    """Whether the lyric words of the lines strictly between `first` and `last` can be sung between
    start and end, at SECONDS_PER_WORD[0] a word at the fastest."""
    between = sum(len(lines[k].split()) for k in range(first + 1, last))
    return not between or between * SECONDS_PER_WORD[0] <= end - start


def _crowded(
    lines: list[str],
    anchored: list[tuple[float, float] | None],
    found: dict[int, list[HeardLyric]],
    places: tuple[list[float], list[float]],
) -> int | None:
    """Of the first two consecutive anchored lines with too many lyric words between them to be
    sung in the time between, the one whose heard words sit further from their places; else None."""
    held = [(k, window) for k, window in enumerate(anchored) if window is not None]
    for (previous, before), (i, window) in zip(held, held[1:], strict=False):
        if not _fits(lines, previous, i, before[1], window[0]):
            return max((previous, i), key=lambda line: _displacement(found[line], places))
    return None


def _displacement(words: list[HeardLyric], places: tuple[list[float], list[float]]) -> float:
    """How far, on average, a line's heard words sit from its place in the lyrics (0 to 1)."""
    return sum(abs(places[0][h.lyric] - places[1][h.heard]) for h in words) / len(words)


def _pace(lines: list[str], anchored: list[tuple[float, float] | None]) -> float | None:
    """The song's pace: the median seconds a word of its anchored lines (None with none)."""
    held = [(k, window) for k, window in enumerate(anchored) if window is not None]
    if not held:
        return None
    return float(np.median([(end - start) / len(lines[k].split()) for k, (start, end) in held]))


def _sung_edges(
    lines: list[str],
    anchored: list[tuple[float, float] | None],
    sung: tuple[float, float] | None,
    duration: float,
    pace: float | None,
) -> tuple[float, float]:
    """The sung stretch's edges where the unanchored lines before the first anchor, and after the
    last, fit inside it at the song's `pace`; otherwise the song's."""
    held = [(k, window) for k, window in enumerate(anchored) if window is not None]
    if sung is None or pace is None:
        return 0.0, duration
    (first, (first_start, _)), (last, (_, last_end)) = held[0], held[-1]
    before = sum(len(line.split()) for line in lines[:first])
    after = sum(len(line.split()) for line in lines[last + 1 :])
    start = sung[0] if first_start - sung[0] >= before * pace else 0.0
    end = sung[1] if sung[1] - last_end >= after * pace else duration
    return start, end


def _resuming(lines: list[str], voice: Voice | None, pace: float | None) -> Callable[[int, int, float, float], float]:
    """Where the unanchored lines i to j, between an anchored line ending at `left` and one starting
    at `right`, start: where singing resumes in that stretch early enough for them to fit before
    `right` at the song's pace, unless the first is a line of held vowels (Silero barely hears one);
    else `left`."""

    def start(i: int, j: int, left: float, right: float) -> float:
        if voice is None or pace is None or is_held_vowel_line(lines[i]):
            return left
        words = sum(len(line.split()) for line in lines[i:j])
        resumes = voice.resumes(left, right, words * pace)
        return left if resumes is None else resumes

    return start


def _interpolated(
    lines: list[str],
    anchored: list[tuple[float, float] | None],
    sung: tuple[float, float],
    resuming: Callable[[int, int, float, float], float],
) -> list[tuple[float, float, bool]]:
    """Anchored lines keep their windows; the others share the stretch between the anchored lines
    around them (from where `resuming` says they start), by text length, or between the sung
    stretch's edge and the nearest anchor."""
    out: list[tuple[float, float, bool]] = []
    i = 0
    while i < len(anchored):
        window = anchored[i]
        if window is not None:
            out.append((*window, True))
            i += 1
            continue
        j = i
        while j < len(anchored) and anchored[j] is None:
            j += 1
        after = anchored[j] if j < len(anchored) else None
        right = after[0] if after is not None else sung[1]
        left = out[-1][1] if out else min(sung[0], right)
        right = max(right, left)
        if out and after is not None:
            left = resuming(i, j, left, right)
        lengths = [max(1, len(lines[k])) for k in range(i, j)]
        total = sum(lengths)
        cursor = left
        for length in lengths:
            span = (right - left) * length / total
            out.append((cursor, cursor + span, False))
            cursor += span
        i = j
    return out


# Stretches shorter than this are left to forced alignment in their neighbours' window.
RELISTEN_MIN_SECONDS = 10.0


def unheard_regions(windows: list[tuple[float, float, bool]]) -> list[tuple[int, int, float, float]]:
    """Runs of unanchored lines (i, j) and the stretch of audio they were given: between their
    anchored neighbours, or between an edge of the sung stretch and the nearest anchor."""
    out = []
    i = 0
    while i < len(windows):
        if windows[i][2]:
            i += 1
            continue
        j = i
        while j < len(windows) and not windows[j][2]:
            j += 1
        start, stop = windows[i][0], windows[j - 1][1]
        if stop - start >= RELISTEN_MIN_SECONDS:
            out.append((i, j, start, stop))
        i = j
    return out
