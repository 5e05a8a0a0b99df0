"""Lines of one syllable sung over and over ("la la la la", "glou glou glou"), timed as repeats.

Every word of such a line is the same token, so cross-attention has nothing to tell one from the
next: the alignment keeps the block's outer edges (distinct words stand on either side) but slides
the syllables inside it, and where two such lines follow each other the first spills into the
second. Within a block of consecutive repeat lines, the voice decides (each of its stretches
opened back over the faint voice before it):
- where Silero hears one stretch of voice per line, each line's syllables share its stretch
  evenly, as a rhythmic figure is sung;
- otherwise each stretch goes to the lines whose aligned middle it holds (or, a line heard as two
  stretches, to the line it overlaps most) and they share it; a line Silero does not hear keeps
  its aligned start and takes the pace of the nearest line it heard;
- where it hears nothing, the block's syllables share the block evenly.
Then any such line, and any line of held vowels ("ooh ooh", vocalise.py), in which Silero hears
exactly one note per word, takes its notes (time_notes).
"""

from __future__ import annotations

import numpy as np

from verse_engine.alignment.vocalise import is_held_vowel_line
from verse_engine.alignment.voice_onsets import FRAME_SECONDS, VOICELESS_FLOOR, frame, voice_threshold, word_frames
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Word

# A repeat line has at least this many words, all the same.
MIN_REPEATS = 3
# Shorter silences than this are the breaks between syllables, not between lines.
LINE_BREAK_SECONDS = 0.3
# Shorter dips than this (three of Silero's frames) are a wavering inside a note, not a breath
# between two notes.
NOTE_BREAK_SECONDS = 0.1


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


def _time_by_voice(block: list[int], timed: list[list[Word]], stretches: list[tuple[float, float]]) -> None:
    """Each stretch's syllables share it evenly, line by line; a line in no stretch (Silero did
    not hear it) keeps its aligned start and takes the pace of the nearest line that was heard."""
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
    pace = {i: (until - at) / len(timed[i]) for i, (at, until) in spans.items()}
    for position, i in enumerate(block):
        if i in spans:
            _share_out(timed[i], *spans[i])
            continue
        nearest = min(pace, key=lambda j: (abs(j - i), -j))
        start = timed[i][0].start
        if position:
            start = max(start, timed[block[position - 1]][-1].end)
        end = start + pace[nearest] * len(timed[i])
        later = [spans[j][0] for j in block[position + 1 :] if j in spans]
        if later:
            end = min(end, later[0])
        if end > start:
            _share_out(timed[i], start, end)


def _with_faint_onsets(
    probabilities: np.ndarray, start: float, stretches: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Each stretch opened back over the faint frames before it (at VOICELESS_FLOOR or over, under
    the song's threshold), down to the block's start or the stretch before: Silero hears the first
    syllables of a line sung high and soft under its threshold, and the run of syllables shared out
    from where it crosses it would start late and run fast."""
    out: list[tuple[float, float]] = []
    earliest = start
    for at, until in stretches:
        first = frame(at)
        while first > 0 and (first - 1) * FRAME_SECONDS >= earliest and probabilities[first - 1] >= VOICELESS_FLOOR:
            first -= 1
        out.append((min(at, first * FRAME_SECONDS), until))
        earliest = until
    return out


def time_repeats(lines: list[str], timed: list[list[Word]], probabilities: np.ndarray) -> None:
    """Re-times, in place, the syllables of each block of repeat lines (see the module's doc)."""
    spans = word_frames(timed, probabilities)
    if not spans:
        return
    threshold = voice_threshold(spans)
    for block in blocks(lines, timed):
        start, end = timed[block[0]][0].start, timed[block[-1]][-1].end
        stretches = _with_faint_onsets(probabilities, start, voiced_stretches(probabilities, threshold, start, end))
        if len(stretches) == len(block):
            for i, (at, until) in zip(block, stretches, strict=True):
                _share_out(timed[i], at, until)
        elif stretches:
            _time_by_voice(block, timed, stretches)
        else:
            _share_out([w for i in block for w in timed[i]], start, end)


def time_notes(lines: list[str], timed: list[list[Word]], probabilities: np.ndarray) -> None:
    """Re-times, in place, each line of one repeated syllable or held vowel in which Silero hears
    exactly as many notes as the line has words (between the line's aligned start and the next
    line's): each word is its note. Notes are told apart by a breath; one the aligner stretched
    over a rest, or squeezed into the next line's time, lands where it was sung."""
    spans = word_frames(timed, probabilities)
    if not spans:
        return
    threshold = voice_threshold(spans)
    for i, (text, words) in enumerate(zip(lines, timed, strict=True)):
        if not words or not (is_repeat_line(text) or is_held_vowel_line(text)):
            continue
        following = next((t[0].start - NOTE_BREAK_SECONDS for t in timed[i + 1 :] if t), words[-1].end)
        start = words[0].start - NOTE_BREAK_SECONDS
        notes = voiced_stretches(probabilities, threshold, start, following, NOTE_BREAK_SECONDS)
        if len(notes) == len(words):
            for word, (at, until) in zip(words, notes, strict=True):
                word.start, word.end = at, until
