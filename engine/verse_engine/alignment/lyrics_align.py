"""Timing known lyrics against a song (the alignment stage): every line's and word's start and end,
with a confidence per line.

1. Anchors (anchors.py): a recognition pass; the lyrics' words are paired in order with the words
   heard, and each line with enough of its words heard gets an approximate window. Words of a
   segment the decoder said ends past the audio's end (its times a guess) anchor nothing. Heard words
   that echo the words heard just before them, where the lyrics do not repeat them, are left out
   of the pairing (echoes.py); those that anchor no line (unless they sit in place between its
   anchored neighbours), or anchor one where the lines before it could not be sung, are set aside
   and the pairing done again without them. Unanchored lines at either end keep to where Silero
   hears the voice, where they fit there at the song's pace.
2. Re-listening: stretches of 10 s or more with no anchored line are recognised again with their
   lyrics as the prompt and without the voice-activity filter, and the anchors are recomputed.
3. Search: lines still unanchored in a stretch longer than one Whisper window take the window
   where forced alignment is surest of them, if it is sure of them anywhere, and the others share
   the time between those (window_search.py).
4. Refinement: Whisper forced alignment (CTranslate2 `align`) of every line in its window; a line
   aligned seconds after where its words were heard aligned again alone from its opening, in the
   window that agrees with them (openings.realign_slipped_lines), one crushed or pushed out of its
   window by its neighbours aligned again alone in it, and one crushed against its window's end
   aligned again alone from its opening over the next line's window (strays.realign_crushed),
   and one stretched over its window between nearly alike neighbours aligned again alone
   (strays.realign_stretched); held
   notes handed back to the word that holds them and words crushed at a held note's end given their
   time back (align.return_held_notes, align.return_squeezed_words), and lines of held vowels that
   the alignment squeezed spread over their stretch (vocalise.py). Words that strayed
   from their line are put back beside it, unsure (strays.py). Lines of one syllable repeated
   share the voice's stretches (repeats.py). Words whose start Silero VAD hears
   as voiceless start where the voice comes in, but for held vowels, which it does not hear
   (voice_onsets.py). A line of held vowels whose
   stretch holds one note per word in the foreground of the mix, which Silero does not hear, takes
   those notes (unless Silero counted one note per word there, repeats.time_notes), and one whose
   notes cannot be counted opens on the first that rises near it
   (held_notes.py). A line's first word opens where it was heard, if that is before its
   second word (openings.open_where_heard). A line that runs past the next line's start ends before it
   (align.end_lines_before_the_next).
5. Flags: lines without anchors, with low confidence, with implausible timing, with strays, or with
   a word the recogniser doubts (lines.is_unsure): the whole verdict, which the platform takes as given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from verse_engine.alignment.align import (
    WINDOW_SECONDS,
    Span,
    align_spans,
    end_lines_before_the_next,
    return_held_notes,
    return_squeezed_words,
)
from verse_engine.alignment.anchors import SECONDS_PER_WORD, anchors, unheard_regions
from verse_engine.alignment.held_notes import time_held_notes
from verse_engine.alignment.openings import open_where_heard, opening, realign_slipped_lines
from verse_engine.alignment.repeats import time_notes, time_repeats
from verse_engine.alignment.strays import gather_strays, realign_crushed, realign_stretched
from verse_engine.alignment.vocalise import is_held_vowel_line, spread_held_vowel_lines
from verse_engine.alignment.voice_onsets import (
    HeardVoice,
    start_words_at_voice,
    voice_probabilities,
)
from verse_engine.alignment.window_search import place_lines, searched_windows
from verse_engine.asr import whisper
from verse_engine.audio.decode import seconds_of
from verse_engine.text.lines import LOW_LINE_CONFIDENCE, Word, is_unsure

# 3: re-listening, the window search, lyric words kept whole, line edges clipped to the song's pace,
# held notes given back, the model's lead corrected. 4: held-vowel lines spread over their stretch.
# 5: words crushed at the end of a held note given their time back; words start where the voice
# comes in. 6: anchors only where a line's heard words hold together, strays gathered back to their
# line, lines of one repeated syllable timed by the voice. 7: a line's first word starts where the
# recognition pass heard it, not on the voice before it (openings.py). 8: heard words that anchor
# no line are set aside and the lyrics paired again without them (anchors.py). 9: except where
# they sit in place between their line's anchored neighbours. 10: a line that lost its place to its
# neighbours in a shared window is aligned again alone (strays.realign_crushed); a line of held
# vowels keeps its notes; a repeat line Silero misses takes its neighbour's pace, and a line heard
# as one note per word takes its notes (repeats.py). 11: a line that runs past the next line's start
# ends before it (align.end_lines_before_the_next). 12: a word that starts on the tail of the voice
# before it, cut off by a rest, starts after the rest (voice_onsets.py); a crushed word gets its time
# back from any word held past its share (align.return_squeezed_words). 13: a repeat line's stretch
# of voice opens where Silero first hears it faintly (repeats.py); a word that holds the time of a
# crushed word after it is not taken for a held note (align.return_held_notes). 14: a line aligned
# seconds after where its words were heard is aligned again alone from its opening
# (openings.realign_slipped_lines). 15: a line stretched over its window between nearly alike
# neighbours is aligned again alone (strays.realign_stretched). 16: a line of held vowels takes the
# notes the foreground of the mix holds, one per word (held_notes.py). 17: a held vowel's word is
# not moved to voice Silero hears inside it, which is not its own (voice_onsets.py). 18: a held-vowel
# line whose notes cannot be counted opens on the first note that rises near it (held_notes.py). 19: a
# line heard where no voice sounds anchors nothing, and lines after a break share the time from where
# singing resumes (anchors.py). 20: a held line's counted notes are taken only where they follow one
# another a breath apart (held_notes.py). 21: the window search keeps only the lines it is sure of,
# and the others share the time between them (window_search.py); a line crushed against its
# window's end is aligned again alone from its opening over the next line's window (strays.py); a
# line that opens on a word held over a second is flagged. 22: heard words that echo the words
# heard just before them, which the lyrics do not repeat, anchor nothing (echoes.py). 23: a line
# pushed out of its window, faster than the song's pace, is aligned again alone in it (strays.py).
# 24: the words of a segment the decoder timed past the audio's end anchor nothing (anchors.py). 25:
# in a block of repeat lines, a line Silero does not hear leaves the voice to the lines that leave
# it room; the stretch the block's aligned end cuts is taken whole, and a faint onset only where it
# rises (repeats.py). 26: singing after a break resumes where the voice sounds steadily, not on a
# frame Silero flickers on, nor on the fading tail of the line before it (voice_onsets.py); a line's
# heard words hold together only within HELD_PACES of the song's pace a word, and an echo is told by
# the words heard, a lead's word squeezed to no length included (anchors.py). 27: where the voice heard
# at the song's threshold comes back too late for the lines after a break, singing resumes where a
# fainter level, above the break's own, hears it (voice_onsets.py). 28: a line whose notes Silero
# counted as clearly as the song's words keeps them, and the foreground's notes are left to the
# lines Silero does not hear (held_notes.py); the voice of the word before, running on where the
# alignment opened a line of notes, is not its first note (repeats.time_notes); a repeat line
# Silero does not hear at the song's threshold takes the voice a fainter level hears in the room
# its neighbours leave it.
ALIGNER_VERSION = "verse-align-28"
METHOD = "whisper-forced-alignment"
# The recognition passes only look for anchors: greedy and without the temperature fallbacks, which
# re-decode a window Whisper found hard, the alignment keeps to its time target; forced alignment,
# not the recognised words, times the lyrics (docs/benchmarks-archive.md, "Anchors that mislead").
# Repeated text is kept up to a higher compression ratio than in a transcript: a chorus sung four
# times compresses like a loop, and the lyrics hold the same repeats, so it anchors those lines
# instead of being dropped and listened to again.
#: A line's first word held longer than this has usually been given the rest before the line too
#: (how it was chosen, and what it flags: docs/benchmarks-archive.md, verse-align-21).
OPENING_SECONDS = 1.0
ANCHOR_PASS: dict[str, Any] = {"temperature": 0.0, "beam_size": 1, "loop_ratio": 3.0}


@dataclass
class LineTiming:
    start: float
    end: float
    words: list[Word]
    confidence: float
    flagged: bool
    anchored: bool


def _search_long_runs(
    model_name: str,
    audio: np.ndarray,
    lines: list[str],
    windows: list[tuple[float, float, bool]],
    language: str,
) -> list[tuple[float, float, bool]]:
    """Unanchored lines in a stretch longer than one window get the window where Whisper is surest
    of them (window_search.py), instead of an even share of the stretch; those it is not sure of
    anywhere share the time between the lines it found."""
    out = list(windows)
    for i, j, start, end in unheard_regions(windows):
        if end - start <= WINDOW_SECONDS:
            continue
        with whisper.lock():
            placed = place_lines(whisper.load(model_name), audio, lines[i:j], start, end, language)
        for k, window in enumerate(searched_windows(lines[i:j], placed, start, end), start=i):
            out[k] = (*window, False)
    return out


def _relisten(
    model_name: str,
    audio: np.ndarray,
    lines: list[str],
    heard: list[Word],
    regions: list[tuple[int, int, float, float]],
    language: str,
) -> list[Word]:
    """The heard words, with each unheard region's replaced by a second pass told its lyrics."""
    stretches = [(start, end, " ".join(lines[i:j])) for i, j, start, end in regions]
    again = whisper.listen(model_name, audio, language, stretches, **ANCHOR_PASS)
    kept = [w for w in heard if not any(start <= w.start < end for _i, _j, start, end in regions)]
    return sorted(kept + again, key=lambda w: w.start)


def align_lyrics(audio: np.ndarray, lines: list[str], language: str, model_name: str | None = None) -> list[LineTiming]:
    model_name = model_name or whisper.default_model()
    duration = seconds_of(audio)
    heard, _segments = whisper.run(model_name, audio, language, **ANCHOR_PASS)
    voice = voice_probabilities(audio)
    heard_voice = HeardVoice(voice, heard)
    sung = heard_voice.sung(duration)
    windows, heard_places = anchors(lines, heard, duration, sung, heard_voice)
    regions = unheard_regions(windows)
    if regions:
        heard = _relisten(model_name, audio, lines, heard, regions, language)
        windows, heard_places = anchors(lines, heard, duration, sung, HeardVoice(voice, heard))
    windows = _search_long_runs(model_name, audio, lines, windows, language)
    spans = [Span(text, start, max(end, start + 0.3)) for text, (start, end, _) in zip(lines, windows, strict=True)]
    with whisper.lock():
        model, lead = whisper.load(model_name), whisper.lead(model_name)
        timed = align_spans(model, audio, spans, language, lead)

        def align_alone(span: Span) -> list[Word]:
            return align_spans(model, audio, [span], language, lead)[0]

        realign_crushed(spans, timed, align_alone)
        realign_stretched(lines, spans, timed, align_alone)
        realign_slipped_lines(spans, timed, heard_places, windows, align_alone)
    # A line of held vowels is nothing but held notes: what looks like one handed on is the next.
    held = {i for i, text in enumerate(lines) if is_held_vowel_line(text)}
    return_held_notes([[] if i in held else words for i, words in enumerate(timed)])
    return_squeezed_words(timed)
    spread_held_vowel_lines(lines, timed)
    strayed = gather_strays(lines, timed)
    time_repeats(lines, timed, voice)
    counted = time_notes(lines, timed, voice)
    start_words_at_voice(timed, voice, unheard=held)
    # After the voice's threshold is read off the aligned words: held notes move into frames
    # Silero hears nothing in.
    time_held_notes(lines, timed, audio, counted)
    open_where_heard(timed, [opening(h) for h in heard_places], windows)
    end_lines_before_the_next(timed)
    out = []
    for text, words, (start, end, anchored), stray in zip(lines, timed, windows, strayed, strict=True):
        if not words:
            out.append(LineTiming(start, end, [], 0.0, True, anchored))
            continue
        confidence = sum(w.probability for w in words) / len(words)
        flagged = is_doubted(text, words, confidence, anchored=anchored, stray=stray)
        out.append(LineTiming(words[0].start, words[-1].end, words, confidence, flagged, anchored))
    return out


def is_doubted(text: str, words: list[Word], confidence: float, *, anchored: bool, stray: bool) -> bool:
    """Whether a timed line is flagged for review: it was not anchored, its words' mean probability
    (`confidence`) is low, its pace is implausible, strays were gathered back to it, it holds a
    word the recogniser doubts, or it opens on a word held too long (`opens_held`)."""
    per_word = (words[-1].end - words[0].start) / max(1, len(text.split()))
    plausible = SECONDS_PER_WORD[0] <= per_word <= SECONDS_PER_WORD[1]
    return (
        not anchored
        or confidence < LOW_LINE_CONFIDENCE
        or not plausible
        or stray
        or any(is_unsure(w) for w in words)
        or opens_held(text, words)
    )


def opens_held(text: str, words: list[Word]) -> bool:
    """Whether the line's second word starts more than OPENING_SECONDS after its first, in a line
    that is not of held vowels. A sung line's long notes close its phrases; a first word that long
    has usually been given the rest before the line as well, and starts early, even where nothing
    else about the line is doubted."""
    return len(words) > 1 and not is_held_vowel_line(text) and words[1].start - words[0].start > OPENING_SECONDS
