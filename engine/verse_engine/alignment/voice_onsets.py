"""Word starts moved to where the voice comes in.

Cross-attention alignment leaves no gaps: every frame belongs to some word, so a rest between two
sung words goes to the word after it, which then starts early ("zeit | für": "für" took the 0.3 s
rest after "zeit" and started 0.4 s before it was sung). Silero VAD, which faster-whisper already
ships, hears where a voice is. Where a word's aligned start lies in a stretch Silero hears as no
voice, the word starts at the first frame inside it where the voice comes in; a word in which
Silero hears no voice at all is left where it is (Silero barely hears a held "ooh"). The words of a
line of held vowels are never moved: spread over the notes of a whole break, such a word holds
voice Silero does hear (the lead's, an instrument's) that is not its own, and moving it there put
the derailment benchmark's held "ooh"s 2 s late.

"No voice" is relative to the song: Silero was trained on speech, and its probability on a sung
voice over a band varies from song to song by two orders of magnitude. A frame is voiceless below
half the song's median inside the aligned words, and always below VOICELESS_FLOOR. Measured in
docs/benchmarks-archive.md, "Alignment".
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

import numpy as np
from faster_whisper.vad import get_vad_model

from verse_engine.audio.decode import SAMPLE_RATE
from verse_engine.text.lines import Word

# Silero scores the audio in frames of 512 samples (32 ms).
FRAME_SAMPLES = 512
FRAME_SECONDS = FRAME_SAMPLES / SAMPLE_RATE
# A frame this likely to hold a voice is never voiceless, however loud the song's singing is.
VOICELESS_FLOOR = 0.01


def voice_probabilities(audio: np.ndarray) -> np.ndarray:
    """Silero's probability of a voice in each 32 ms frame of 16 kHz audio."""
    padded = np.pad(audio.astype(np.float32), (0, (-len(audio)) % FRAME_SAMPLES))
    return np.asarray(get_vad_model()(padded)).reshape(-1)


# A word that starts on the last of a voice already sounding, which falls silent this long inside the
# word, starts where the voice comes back, if the tail it started on is this short: the aligner gave
# it the rest before it and a moment of what came before that. A stop's closure is shorter than such
# a rest (about 50 to 100 ms), and a rest inside a sung word is rarer than one between two words.
TAIL_GAP_SECONDS = 0.12
TAIL_SECONDS = 0.2


def start_words_at_voice(
    texts: list[list[Word]], probabilities: np.ndarray, unheard: Collection[int] = frozenset()
) -> None:
    """Moves each word whose start is voiceless to where the voice comes in within it, and each that
    starts on a short tail of the voice before it, cut off from the rest of the word by a rest, to
    where the voice comes back. The lines numbered in `unheard` (held vowels) count toward the
    song's threshold but are left where they are."""
    spans = word_frames(texts, probabilities)
    if not spans:
        return
    threshold = voice_threshold(spans)
    for word in (w for i, text in enumerate(texts) if i not in unheard for w in text):
        first = frame(word.start)
        span = probabilities[first : frame(word.end) + 1] >= threshold
        if not len(span):
            continue
        if not span[0]:
            onset = _first_voiced(span)
        elif first > 0 and probabilities[first - 1] >= threshold:
            onset = _own_onset(span)
        else:
            onset = None
        if onset is not None:
            word.start = max(word.start, (first + onset) * FRAME_SECONDS)


def _first_voiced(voiced: np.ndarray) -> int | None:
    frames = np.flatnonzero(voiced)
    return int(frames[0]) if len(frames) else None


def _own_onset(voiced: np.ndarray) -> int | None:
    """Where a word that starts voiced comes in again after a rest of TAIL_GAP_SECONDS that begins
    within its first TAIL_SECONDS; None where the word's start stands. A lone voiced frame inside the
    rest (Silero flickers) does not end it."""
    gap, tail = round(TAIL_GAP_SECONDS / FRAME_SECONDS), round(TAIL_SECONDS / FRAME_SECONDS)
    steady = [int(f) for f in np.flatnonzero(_steady(voiced))]
    previous = 0
    for here in steady:
        if previous > tail:
            return None
        if here - previous > gap:
            return here
        previous = here
    return None


def fainter_levels(threshold: float, background: float) -> Iterator[float]:
    """The song's threshold halved, and halved again, where a voice sung softer than the rest is
    still heard: down to VOICELESS_FLOOR, and never to `background`, the median of the stretch
    searched, under which the band itself would be heard as voice."""
    level = threshold / 2
    while level >= VOICELESS_FLOOR and level > background:
        yield level
        level /= 2


def _steady(voiced: np.ndarray) -> np.ndarray:
    """The voiced frames less those with no voiced frame beside them: Silero flickers, in a rest
    or a break, for a frame at a time."""
    lone = voiced & ~np.pad(voiced[:-1], (1, 0)) & ~np.pad(voiced[1:], (0, 1))
    return np.asarray(voiced & ~lone)


# Room left around the voice's first and last frames: Silero hears a soft onset or a fading last
# word late, and the alignment pads its windows by less.
SUNG_MARGIN_SECONDS = 1.0


class HeardVoice:
    """Where a voice sounds (anchors.Voice), by the threshold the words the recognition pass heard
    set; everywhere, when nothing was heard."""

    def __init__(self, probabilities: np.ndarray, heard: list[Word]) -> None:
        spans = word_frames([heard], probabilities)
        self._probabilities = probabilities
        #: None when no word was heard inside the audio.
        self._threshold = voice_threshold(spans) if spans else None
        self._voiced = probabilities >= self._threshold if self._threshold is not None else None

    def sung(self, duration: float) -> tuple[float, float]:
        """From where the voice first sounds to where it last does, widened by SUNG_MARGIN_SECONDS;
        the whole song when nothing was heard or nothing sounds."""
        if self._voiced is None or not self._voiced.any():
            return 0.0, duration
        at = np.flatnonzero(self._voiced)
        first, last = float(at[0]) * FRAME_SECONDS, float(at[-1] + 1) * FRAME_SECONDS
        return max(0.0, first - SUNG_MARGIN_SECONDS), min(duration, last + SUNG_MARGIN_SECONDS)

    def sounds(self, start: float, end: float) -> bool:
        return self._voiced is None or bool(self._voiced[self._frames(start, end)].any())

    def resumes(self, start: float, end: float, room: float) -> float | None:
        """A margin before the first steady voice in the stretch (_steady) that is not the fading
        tail of the voice already sounding where it starts (_past_fading_tail), and leaves `room`
        before its end: at the song's threshold, or, where the voice heard there comes too late,
        at the loudest of its halvings that hears one early enough. A line sung softer than the
        rest of the song (a verse after a break, sung alone) is still voice, only fainter. The
        halvings stop at VOICELESS_FLOOR and at the stretch's median, the band's own level in a
        stretch that holds a break: under it, the break itself would be heard as voice. None where
        no level hears voice early enough."""
        if self._threshold is None:
            return start
        frames = self._frames(start, end)
        stretch = self._probabilities[frames]
        background = float(np.median(stretch)) if len(stretch) else 0.0
        for level in (self._threshold, *fainter_levels(self._threshold, background)):
            voiced = stretch >= level
            at = _past_fading_tail(np.flatnonzero(_steady(voiced)))
            if len(at):
                resumes = max(start, float(frames.start + at[0]) * FRAME_SECONDS - SUNG_MARGIN_SECONDS)
                if end - resumes >= room:
                    return resumes
        return None

    @staticmethod
    def _frames(start: float, end: float) -> slice:
        return slice(frame(max(0.0, start)), frame(end) + 1)


# A stretch between two anchored lines starts where the recognition pass heard the line before end,
# and it hears a last word's end up to a few tenths of a second early. Voice sounding on from there
# for no longer than this, then falling silent for a rest (TAIL_GAP_SECONDS), is that word fading; a
# line sung on from it without a rest sounds on for longer and keeps the stretch's start.
FADING_TAIL_SECONDS = 0.5


def _past_fading_tail(voiced: np.ndarray) -> np.ndarray:
    """The voiced frames (indices from the stretch's start) less a fading tail at their head: a run
    from the stretch's first frame that ends within FADING_TAIL_SECONDS and is followed by a rest."""
    if not len(voiced) or voiced[0] != 0:
        return voiced
    breaks = np.flatnonzero(np.diff(voiced) > round(TAIL_GAP_SECONDS / FRAME_SECONDS))
    if not len(breaks) or (voiced[breaks[0]] + 1) * FRAME_SECONDS > FADING_TAIL_SECONDS:
        return voiced
    return voiced[breaks[0] + 1 :]


def voice_threshold(spans: list[np.ndarray]) -> float:
    """The probability under which a frame is voiceless in this song: half the median inside the
    aligned words (`spans`), and never under VOICELESS_FLOOR."""
    return max(VOICELESS_FLOOR, 0.5 * float(np.median(np.concatenate(spans))))


def word_frames(texts: list[list[Word]], probabilities: np.ndarray) -> list[np.ndarray]:
    """The probabilities of the frames inside each aligned word (words past the audio's end left out)."""
    spans = [probabilities[frame(w.start) : frame(w.end) + 1] for text in texts for w in text]
    return [span for span in spans if len(span)]


def frame(seconds: float) -> int:
    return int(seconds / FRAME_SECONDS)
