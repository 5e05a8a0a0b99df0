"""Turning Whisper's words into sung lines: a new line at a pause, after closing punctuation, or
when a line grows too long. Each word keeps its time for the alignment stage."""

from __future__ import annotations

from dataclasses import dataclass

from verse_engine.contract import common as contract

PAUSE_SECONDS = 0.6
MAX_CHARS = 48
MAX_WORDS = 12
CLOSING = (".", "!", "?", ";", "。", "！", "？", "…", "।", "॥")
SOFT = (",", "、", "，")


@dataclass(frozen=True)
class Decoding:
    """How sure Whisper's decoder was of the segment a word was heard in: the mean log-probability
    of its tokens, the probability that it held no speech, and how repetitive its text is."""

    avg_logprob: float
    no_speech_prob: float
    compression_ratio: float

    @staticmethod
    def least_sure(decodings: list[Decoding]) -> Decoding | None:
        """The least sure of each measure over the segments a line was heard in."""
        if not decodings:
            return None
        return Decoding(
            min(d.avg_logprob for d in decodings),
            max(d.no_speech_prob for d in decodings),
            max(d.compression_ratio for d in decodings),
        )

    def record(self) -> contract.Decoding:
        return contract.Decoding(
            avg_logprob=round(self.avg_logprob, 3),
            no_speech_prob=round(self.no_speech_prob, 3),
            compression_ratio=round(self.compression_ratio, 3),
        )


@dataclass
class Word:
    text: str
    start: float
    end: float
    probability: float
    #: True for the first word of a Whisper segment (Whisper segments follow sung phrases).
    segment_start: bool = False
    #: Where the decoder said the word's segment ends; None where nothing was decoded.
    segment_end: float | None = None
    #: The decoder's scores for the segment the word was heard in; None where nothing was decoded.
    decoding: Decoding | None = None


# A word the recogniser gives a probability below this, where it was placed, is one it doubts: the
# review page marks it and an aligned line holding one is flagged. Chosen from the per-word table in
# docs/benchmarks-archive.md ("Word confidence").
LOW_WORD_CONFIDENCE = 0.05
#: An aligned line whose words' mean probability is under this is one the recogniser doubts: it is
#: flagged (lyrics_align.is_doubted), and a window search that finds a line no surer than this has not
#: found it (window_search.searched_windows).
LOW_LINE_CONFIDENCE = 0.25


def is_unsure(word: Word) -> bool:
    return word.probability < LOW_WORD_CONFIDENCE


def word_record(word: Word, *, with_confidence: bool) -> contract.Word:
    """A word as the engine's contract carries it; without confidence, it carries no doubt either."""
    if not with_confidence:
        return contract.Word(word=word.text.strip(), start=round(word.start, 3), end=round(word.end, 3))
    return contract.Word(
        word=word.text.strip(),
        start=round(word.start, 3),
        end=round(word.end, 3),
        confidence=round(min(max(word.probability, 0.0), 1.0), 3),
        unsure=is_unsure(word),
    )


@dataclass
class Line:
    words: list[Word]

    @property
    def text(self) -> str:
        return join_words([w.text for w in self.words])

    @property
    def start(self) -> float:
        return self.words[0].start

    @property
    def end(self) -> float:
        return self.words[-1].end

    @property
    def confidence(self) -> float:
        return sum(w.probability for w in self.words) / len(self.words)

    @property
    def decoding(self) -> Decoding | None:
        return Decoding.least_sure([w.decoding for w in self.words if w.decoding is not None])


def join_words(tokens: list[str]) -> str:
    """Whisper's word tokens carry their own leading spaces (none in Chinese or Japanese)."""
    return "".join(tokens).strip()


def _starts_sung_line(word: Word, capitalised_nouns: bool) -> bool:
    """Whisper capitalises the first word of a sung line; in German every noun is capitalised."""
    first = word.text.strip()[:1]
    return (
        not capitalised_nouns and first.isalpha() and first.isupper() and word.text.strip() not in ("I", "I'm", "I'll")
    )


def split_lines(words: list[Word], capitalised_nouns: bool = False) -> list[Line]:
    lines: list[Line] = []
    current: list[Word] = []
    for word in words:
        if not word.text.strip():
            continue
        if current:
            prev = current[-1]
            text = join_words([w.text for w in current])
            pause = word.start - prev.end >= PAUSE_SECONDS
            closed = prev.text.strip().endswith(CLOSING) and len(current) >= 2
            comma = prev.text.strip().endswith(SOFT) and len(text) >= MAX_CHARS // 2
            too_long = len(text) + len(word.text) > MAX_CHARS or len(current) >= MAX_WORDS
            phrase = word.segment_start and len(current) >= 2
            # A capital after a breath: Whisper also capitalises words mid-line, so a gap is needed too.
            capital = _starts_sung_line(word, capitalised_nouns) and len(current) >= 3 and word.start - prev.end >= 0.2
            if pause or closed or comma or too_long or phrase or capital:
                lines.append(Line(current))
                current = []
        current.append(word)
    if current:
        lines.append(Line(current))
    return lines
