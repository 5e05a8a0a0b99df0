"""Lines of held vowels ("ooh ooh ooh ooh", vocalise.py) timed by the notes the foreground holds.

Nothing else the aligner has hears a held backing vowel: Whisper barely takes it for a word, and
Silero's probability over one stays under 0.04 (voice_onsets.py), so such a line lands wherever the
alignment leaves it: inside the instrumental break before it, or crushed against the line before
it. The foreground of the mix (what its own other bars do not explain, audio/foreground.py) rises
with each held note. Between the end of the line before and the start of the next (or the song's
end), the stretches where the foreground is at least as loud as it is, at its median, inside the
lead's aligned words are the candidate notes; where there are exactly as many, at least
MIN_NOTE_SECONDS each, as the line has words, and they follow one another a breath apart (legato),
each word is its note. Otherwise the notes cannot be told apart (a lead instrument's phrase in the
same stretch is foreground too, and a note swelling from a third of its level breaks up), but
where the first one rises is still heard: the line opens on the first note that rises within
ONSET_REACH_SECONDS of its first word, and its words keep their shares of the line up to its last
word's end. The alignment puts a swelling note's word where the note is loud, or on the breath
before it, and the held-vowel spread carries that into every word. A line in which Silero heard
one note per word as clearly as the song's words (repeats.time_notes) is not of this kind: its
vowels are sung as words, and keep the notes Silero heard.
"""

from __future__ import annotations

import numpy as np

from verse_engine.alignment.repeats import NOTE_BREAK_SECONDS, voiced_stretches
from verse_engine.alignment.vocalise import is_held_vowel_line
from verse_engine.alignment.voice_onsets import FRAME_SAMPLES, FRAME_SECONDS, frame
from verse_engine.audio.decode import seconds_of
from verse_engine.audio.foreground import FLOOR_DB, foreground_db
from verse_engine.text.lines import Word

#: A held note lasts this long at least; shorter rises are the band's own (a new chord, a fill).
#: Chosen on the derailment benchmark's held class (docs/benchmarks-archive.md): its shortest notes
#: last 0.9 s and swell from a third of their level, so not all of one clears the threshold; at
#: 0.5 s the band's fills start to count as notes.
MIN_NOTE_SECONDS = 0.6
#: A line's notes are sung one after another, a breath apart, so they fill most of the time from the
#: first's start to the last's end; stretches as many as its words but seconds apart are other sounds
#: (the band's fills, or a quiet low note broken up). Chosen between the two on the derailment
#: benchmark's held class (docs/benchmarks-archive.md, verse-align-20).
LEGATO_SHARE = 0.5
#: A held line whose notes cannot be counted opens on the first note that rises this close to its
#: aligned first word: the alignment puts a swelling note's word up to a second or two off. This and
#: the two settings below were chosen together on the derailment benchmark's held class
#: (docs/benchmarks-archive.md, verse-align-18).
ONSET_REACH_SECONDS = 2.5
#: Such a note counts from this far under the lead's median: it swells from a third of its level
#: (-9.5 dB), and at the median itself its first second breaks up.
ONSET_MARGIN_DB = 6.0
#: ... and only if it lasts this long: the band's kicks leak into the foreground for 0.2 to 0.4 s.
ONSET_NOTE_SECONDS = 0.4
#: The lead's level is read off at most this many of its frames, evenly spread: the median hardly
#: moves, and every frame read is compared with the whole song.
LEAD_FRAMES = 1500


def time_held_notes(
    lines: list[str], timed: list[list[Word]], audio: np.ndarray, counted: frozenset[int] = frozenset()
) -> None:
    """Re-times, in place, each held-vowel line whose stretch holds exactly one foreground note per
    word (see the module's doc). The lines in `counted` are left as they are: Silero heard one note
    per word there as clearly as the song's words (repeats.time_notes), so they are voice this
    rule's premise says it cannot hear, and their notes may be shorter than any it takes for one
    ("oh oh oh", sung)."""
    held = {i for i, (text, words) in enumerate(zip(lines, timed, strict=True)) if words and is_held_vowel_line(text)}
    lead = [w for i, words in enumerate(timed) if i not in held for w in words]
    if not held - counted or not lead:
        return
    count, duration = -(-len(audio) // FRAME_SAMPLES), seconds_of(audio)
    stretches = {i: _stretch(timed, i, duration) for i in sorted(held - counted)}
    lead_frames = _lead_frames(lead, count)
    if not len(lead_frames):
        return
    inside = [np.arange(frame(start), frame(end) + 1) for start, end in stretches.values()]
    wanted = np.unique(np.concatenate([lead_frames, *inside]))
    wanted = wanted[wanted < count]
    # Frames not worked out are never a note.
    levels = np.full(count, -np.inf)
    levels[wanted] = foreground_db(audio, wanted)
    threshold = float(np.median(levels[lead_frames]))
    if threshold <= FLOOR_DB:
        # The lead has no foreground (silence): at the floor, every frame would be one note.
        return
    smoothed = _median_of_three(levels)
    for i, (start, end) in stretches.items():
        notes = [n for n in voiced_stretches(smoothed, threshold, start, end, NOTE_BREAK_SECONDS) if _long(n)]
        if len(notes) == len(timed[i]) and _legato(notes):
            for word, (at, until) in zip(timed[i], notes, strict=True):
                word.start, word.end = at, until
        else:
            _open_on_first_note(timed[i], smoothed, threshold - ONSET_MARGIN_DB, start, end)


def _open_on_first_note(words: list[Word], levels: np.ndarray, threshold: float, start: float, end: float) -> None:
    """Moves the line to open on the first note rising within ONSET_REACH_SECONDS of its first word,
    its words keeping their shares of the line up to its last word's end. A note already sounding
    where the stretch starts is the line before's, not a rise."""
    first, last = words[0].start, words[-1].end
    rises = [
        at
        for at, until in voiced_stretches(levels, threshold, start, end, NOTE_BREAK_SECONDS)
        if until - at >= ONSET_NOTE_SECONDS
        and max(start + FRAME_SECONDS, first - ONSET_REACH_SECONDS) < at <= first + ONSET_REACH_SECONDS
    ]
    if not rises or not first < last or rises[0] >= last:
        return
    onset, scale = rises[0], (last - rises[0]) / (last - first)
    for word in words:
        word.start, word.end = onset + (word.start - first) * scale, onset + (word.end - first) * scale


def _legato(notes: list[tuple[float, float]]) -> bool:
    """Whether the notes fill at least LEGATO_SHARE of the time from the first's start to the last's
    end, as one line's held notes do, a breath apart."""
    held = sum(until - at for at, until in notes)
    return held >= LEGATO_SHARE * (notes[-1][1] - notes[0][0])


def _stretch(timed: list[list[Word]], i: int, duration: float) -> tuple[float, float]:
    """From the end of the timed line before line i to the start of the timed line after it (the
    song's start and end where there is none)."""
    before = next((words[-1].end for words in reversed(timed[:i]) if words), 0.0)
    after = next((words[0].start for words in timed[i + 1 :] if words), duration)
    return before, max(before, after)


def _lead_frames(lead: list[Word], count: int) -> np.ndarray:
    inside = np.unique(np.concatenate([np.arange(frame(w.start), frame(w.end) + 1) for w in lead]))
    inside = inside[inside < count]
    if len(inside) > LEAD_FRAMES:
        inside = inside[np.linspace(0, len(inside) - 1, LEAD_FRAMES).astype(int)]
    return inside


def _median_of_three(levels: np.ndarray) -> np.ndarray:
    """Each frame's level as the median of it and its two neighbours: a one-frame flicker neither
    opens nor breaks a note."""
    if len(levels) < 3:
        return levels
    padded = np.concatenate([levels[:1], levels, levels[-1:]])
    smoothed: np.ndarray = np.median(np.stack([padded[:-2], padded[1:-1], padded[2:]]), axis=0)
    return smoothed


def _long(note: tuple[float, float]) -> bool:
    return note[1] - note[0] >= MIN_NOTE_SECONDS
