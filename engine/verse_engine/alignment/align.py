"""Forced alignment of known text to audio with Whisper's cross-attention (CTranslate2 `align`),
window by window (at most 30 s each, as Whisper sees audio). Used to time the words of the
transcript, and by the alignment stage to time reviewed or supplied lyrics."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial

import numpy as np
from faster_whisper import WhisperModel
from faster_whisper.audio import pad_or_trim
from faster_whisper.tokenizer import Tokenizer

from verse_engine.audio.decode import SAMPLE_RATE
from verse_engine.text.lines import Word
from verse_engine.text.unspaced import UNSPACED, by_characters, segments
from verse_engine.threads import side_by_side_threads

WINDOW_SECONDS = 30.0
# Two encoder frames of 20 ms: the least a word can be aligned against.
MIN_WINDOW_SECONDS = 0.04
# Whisper's decoder has 448 positions; an alignment also takes the start sequence (start of
# transcript, language, task, no timestamps) and the end token. More text than this in one call
# fails outright: about 200 characters of Malayalam, or twelve lines of Tamil, already do.
MAX_TEXT_TOKENS = 440


@dataclass
class Span:
    """A piece of text and the audio window it is sung in (seconds, absolute)."""

    text: str
    start: float
    end: float


def tokenizer_for(model: WhisperModel, language: str) -> Tokenizer:
    return Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language=language)


def text_tokens(tokenizer: Tokenizer, text: str) -> list[int]:
    """The tokens an alignment sends for a text (as Whisper writes it: after a space)."""
    return tokenizer.encode(" " + text.strip()) if text.strip() else []


def clip_long_edges(words: list[Word], texts: list[list[Word]]) -> None:
    """Alignment paths must span the whole window, so the words at the edges of each text (a line,
    a segment) absorb the silence or instrumental around it: the first word starts early, the last
    ends late. Their inner edges are reliable; the outer ones are set from the window's pace (the
    median seconds per written character of its words), which times a line's first word better than
    faster-whisper's rule at segment boundaries (twice the median word length): docs/benchmarks-archive.md,
    "Alignment"."""
    if len(words) < 2:
        return
    pace = word_pace(words)
    for text in texts:
        if not text:
            continue
        first, last = text[0], text[-1]
        longest_first = word_share(first, pace)
        longest_last = word_share(last, pace)
        if first.end - first.start > longest_first:
            first.start = first.end - longest_first
        if last.end - last.start > longest_last:
            last.end = last.start + longest_last


def word_pace(words: list[Word]) -> float:
    """The median seconds per written character."""
    per_char = sorted((w.end - w.start) / max(1, len(w.text.strip())) for w in words)
    return per_char[len(per_char) // 2]


def word_share(word: Word, pace: float) -> float:
    """How long a word would take at that pace (at least 0.1 s)."""
    return max(0.1, pace * len(word.text.strip()))


def return_held_notes(texts: list[list[Word]]) -> None:
    """A held note is handed to the next word: the boundary lands early, so one word looks short
    and the next one long. Where a word is shorter than its share of the pace and the next word in
    its line more than twice its share, the next word starts twice its share before its end and
    the earlier word keeps the rest. A line's first word keeps only its share, or a word sung after
    a long intro is given the whole intro. Measured in docs/benchmarks-archive.md, "Alignment"."""
    words = [w for text in texts for w in text]
    if len(words) < 2:
        return
    pace = word_pace(words)
    for text in texts:
        for k, (earlier, word) in enumerate(zip(text, text[1:], strict=False)):
            longest = 2 * word_share(word, pace)
            # A word followed by a crushed one holds that word's time, not the earlier word's
            # note: return_squeezed_words gives it back.
            crushes_next = k + 2 < len(text) and squeezed(text[k + 2])
            if (
                earlier.end - earlier.start < word_share(earlier, pace)
                and word.end - word.start > longest
                and not crushes_next
            ):
                word.start = word.end - longest
                earlier.end = word.start
                if earlier is text[0]:
                    # A line's first word only holds its own share (clip_long_edges): what it
                    # would gain before that is the rest before the line, not a held note.
                    earlier.start = max(earlier.start, earlier.end - word_share(earlier, pace))


# A word aligned this short has been crushed: no sung syllable is under a tenth of a second.
SQUEEZED_SECONDS = 0.1


def return_squeezed_words(texts: list[list[Word]]) -> None:
    """The other way round: a held note takes the words after it, which are crushed to nothing at
    its end ("les" held over "larmes", both ending on the same frame; "the" over "river"). Where a
    word longer than its share of the pace is followed in its line by words shorter than
    SQUEEZED_SECONDS, those words get their shares back, counted back from where the last of them
    ends; the held word keeps at least its own share. Measured in docs/benchmarks-archive.md,
    "Alignment" and "verse-align-12"."""
    words = [w for text in texts for w in text]
    if len(words) < 2:
        return
    pace = word_pace(words)
    for text in texts:
        i = 1
        while i < len(text):
            held = text[i - 1]
            if not (squeezed(text[i]) and held.end - held.start > word_share(held, pace)):
                i += 1
                continue
            j = i
            while j + 1 < len(text) and squeezed(text[j + 1]):
                j += 1
            _spread_back(text[i : j + 1], held, pace)
            i = j + 1


def end_lines_before_the_next(texts: list[list[Word]]) -> None:
    """Lines are sung in order, yet a line aligned on its own, or one whose next line starts where
    the voice comes in, can end after the next one starts. A line's start is the better evidence
    (Silero's onset, the recognition pass); its end is where forced alignment stretches (the last
    word absorbs what follows, clip_long_edges). So where a line runs past the next line's start, its
    words that start there or after, and as many before them as could not keep their shares, are
    put back before it at the song's pace, as return_squeezed_words does; a word across the start
    only ends there. A line that starts after the next one is left as it is: its order is not
    what a line's end can tell."""
    pace = word_pace([w for text in texts for w in text]) if sum(len(t) for t in texts) > 1 else 0.0
    for text, following in zip(texts, texts[1:], strict=False):
        if not text or not following or text[-1].end <= following[0].start:
            continue
        limit = following[0].start
        late = next((k for k, w in enumerate(text) if w.start >= limit), len(text))
        if late == 0:
            continue
        if late == len(text):
            text[-1].end = limit
            continue
        shares = [word_share(w, pace) for w in text]
        while late > 1 and text[late - 1].start + sum(shares[late - 1 :]) > limit:
            late -= 1
        held, run = text[late - 1], text[late:]
        if limit - (held.start + shares[late - 1]) <= 0:
            continue
        run[-1].end = limit
        _spread_back(run, held, pace)


def squeezed(word: Word) -> bool:
    """Whether the alignment crushed the word to nothing (under SQUEEZED_SECONDS)."""
    return word.end - word.start < SQUEEZED_SECONDS


def _spread_back(run: list[Word], held: Word, pace: float) -> None:
    """The run's words take their shares back from the run's end, scaled down where the held word
    would keep less than its own share."""
    shares = [word_share(w, pace) for w in run]
    room = run[-1].end - (held.start + word_share(held, pace))
    if room <= 0:
        return
    scale = min(1.0, room / sum(shares))
    cursor = run[-1].end
    for word, share in zip(reversed(run), reversed(shares), strict=True):
        word.end = cursor
        word.start = cursor - share * scale
        cursor = word.start
    held.end = run[0].start


def align_window(
    model: WhisperModel,
    audio: np.ndarray,
    start: float,
    end: float,
    texts: list[str],
    language: str,
    lead: float = 0.0,
) -> list[list[Word]]:
    """Words of each text with absolute times, aligned inside [start, end] (at most 30 s), moved
    later by the model's measured lead (whisper.ALIGNMENT_LEAD_SECONDS). Texts are aligned in
    consecutive batches that fit the decoder (MAX_TEXT_TOKENS), against one encoding of the window."""
    tokenizer = tokenizer_for(model, language)
    per_text = [text_tokens(tokenizer, t) for t in texts]
    if not any(per_text):
        return [[] for _ in texts]
    end = min(end, start + WINDOW_SECONDS)
    out: list[list[Word]] = [[] for _ in texts]
    # A window under two encoder frames gives the alignment nothing to walk (faster-whisper's DTW
    # fails on it); its words stay untimed, and so flagged.
    if end - start < MIN_WINDOW_SECONDS:
        return out
    encoder_output = None
    num_frames = 0
    for batch in token_batches([len(toks) for toks in per_text]):
        if len(batch) == 1 and len(per_text[batch[0]]) > MAX_TEXT_TOKENS:
            parts = fitting_parts(tokenizer, Span(texts[batch[0]], start, end), language)
            if len(parts) > 1:
                spans = [part for part, _count in parts]
                out[batch[0]] = [w for words in align_spans(model, audio, spans, language, lead) for w in words]
            # else: a single written word longer than the decoder: it is left untimed (flagged).
            continue
        if encoder_output is None:
            chunk = audio[int(start * SAMPLE_RATE) : int(end * SAMPLE_RATE)]
            features = model.feature_extractor(chunk)
            num_frames = min(features.shape[-1], MAX_FRAMES)
            encoder_output = model.encode(window_frames(features))
        tokens = [tok for i in batch for tok in per_text[i]]
        try:
            aligned = model.find_alignment(tokenizer, [tokens], encoder_output, num_frames)[0]
        except IndexError:
            # faster-whisper indexes an empty path when the model finds none for the text in this
            # window; its words stay untimed, and so flagged, rather than failing the song.
            aligned = []
        # A negative lead (a model that times words late) must not move a word before the audio.
        words = [
            Word(
                text=w["word"],
                start=max(0.0, start + lead + float(w["start"])),
                end=max(0.0, start + lead + float(w["end"])),
                probability=float(w["probability"]),
            )
            for w in aligned
        ]
        # Give each text back its own words, by how many words its tokens make.
        cursor = 0
        for i in batch:
            toks = per_text[i]
            count = len(tokenizer.split_to_word_tokens(toks + [tokenizer.eot])[0]) - 1 if toks else 0
            out[i] = words[cursor : cursor + count]
            cursor += count
    out = [as_written(pieces, text, language) if pieces else [] for pieces, text in zip(out, texts, strict=True)]
    clip_long_edges([w for text in out for w in text], out)
    return out


# Whisper's 30 s of mel frames (100 a second).
MAX_FRAMES = 3000


def window_frames(features: np.ndarray) -> np.ndarray:
    """The window's own frames, cut to 30 s but not padded to it (an even count, for the encoder's
    stride-2 convolution). Whisper pads every input to 30 s, yet CTranslate2's encoder takes fewer
    frames, and its cost falls faster than the length: half a window encodes about four times as
    fast. Alignment only reads the attention over the audio's own frames, and times words better
    without the padding (docs/benchmarks-archive.md, "Alignment")."""
    frames = min(features.shape[-1], MAX_FRAMES)
    padded: np.ndarray = pad_or_trim(features, frames + frames % 2)
    return padded


def token_batches(counts: list[int]) -> list[list[int]]:
    """Consecutive indices grouped so that each group's token count fits one alignment; a text
    over the budget on its own is a group of one."""
    batches: list[list[int]] = []
    total = 0
    for i, count in enumerate(counts):
        if batches and total + count <= MAX_TEXT_TOKENS:
            batches[-1].append(i)
            total += count
        else:
            batches.append([i])
            total = count
    return batches


def split_span(span: Span, pieces: int, language: str) -> list[Span]:
    """The span's text cut into `pieces` consecutive parts (at spaces, or between characters in
    languages written without them), each given a share of the span's time by its length."""
    if pieces <= 1:
        return [span]
    unspaced = language in UNSPACED_LANGUAGES
    units = list(span.text.replace(" ", "")) if unspaced else span.text.split()
    size = -(-len(units) // min(pieces, len(units)))
    texts = [("" if unspaced else " ").join(units[k : k + size]) for k in range(0, len(units), size)]
    total = sum(len(t) for t in texts) or 1
    out, cursor = [], span.start
    for text in texts:
        seconds = (span.end - span.start) * len(text) / total
        out.append(Span(text, cursor, cursor + seconds))
        cursor += seconds
    return out


def fitting_parts(tokenizer: Tokenizer, span: Span, language: str) -> list[tuple[Span, int]]:
    """The span, or as few parts of it as fit the decoder (MAX_TEXT_TOKENS each). Only the token
    count cuts a span: cutting long spans by time as well, at shares of their length, timed words
    worse, since recognised segments can straddle instrumental breaks. Each part comes with its token
    count."""
    units = len(span.text) if language in UNSPACED_LANGUAGES else len(span.text.split())
    pieces = 1
    while True:
        parts = [(part, len(text_tokens(tokenizer, part.text))) for part in split_span(span, pieces, language)]
        if all(count <= MAX_TEXT_TOKENS for _part, count in parts) or pieces >= units:
            return parts
        pieces += 1


# Whisper splits these into words by character, not at spaces (faster-whisper's own list).
UNSPACED_LANGUAGES = {"zh", "ja", "th", "lo", "my", "yue"}


def as_written(pieces: list[Word], text: str, language: str) -> list[Word]:
    """The text's own words timed from Whisper's pieces: Whisper splits at apostrophes and some
    punctuation ("j'vois" → "j", "'vois"), but a word of the lyrics is one word in every file we
    render. Pieces are taken in order by how many characters they cover. In Japanese, Chinese and
    Thai the words are those the romanisation is written by (verse_engine.text.unspaced); other unspaced
    languages keep Whisper's pieces."""
    if language in UNSPACED:
        return by_characters(pieces, [s.text for s in segments(text, language)])
    if language in UNSPACED_LANGUAGES:
        return pieces
    out: list[Word] = []
    cursor = 0
    for word in text.split():
        group: list[Word] = []
        covered = 0
        while cursor < len(pieces) and covered < len(word):
            group.append(pieces[cursor])
            covered += len(pieces[cursor].text.strip()) or 1
            cursor += 1
        if not group:
            # The pieces ran out (text Whisper's tokenizer could not split the same way): the word
            # is placed at the end of the last one, with no confidence.
            end = out[-1].end if out else (pieces[-1].end if pieces else 0.0)
            out.append(Word(" " + word, end, end, 0.0))
            continue
        probability = sum(w.probability for w in group) / len(group)
        out.append(Word(" " + word, group[0].start, group[-1].end, probability))
    if out and cursor < len(pieces):
        out[-1].end = pieces[-1].end
    return out


PAD = 0.5
WINDOW_FILL_SECONDS = WINDOW_SECONDS - 2.0


def windows(parts: Iterable[tuple[Span, int]]) -> Iterator[tuple[float, float, list[int]]]:
    """Groups consecutive spans, each with its token count, into windows that fit Whisper's 30 s and
    its decoder: (start, end, span indices). Each window is given as soon as the next span does not
    join it, so that it can be aligned while the spans after it are still being decoded."""
    group: tuple[float, float, list[int]] | None = None
    used = 0
    for i, (span, count) in enumerate(parts):
        if group is not None:
            start, _end, members = group
            if span.end + PAD - start <= WINDOW_FILL_SECONDS and used + count <= MAX_TEXT_TOKENS:
                members.append(i)
                group = (start, span.end + PAD, members)
                used += count
                continue
            yield group
        group = (max(0.0, span.start - PAD), span.end + PAD, [i])
        used = count
    if group is not None:
        yield group


def side_by_side(model: WhisperModel, workers: int | None = None) -> AbstractContextManager[ThreadPoolExecutor]:
    """Threads for aligning several windows at once, by default one per model replica (CTranslate2's
    workers, which share the loaded weights): one window's alignment, an encoding and an `align`
    call of a few small steps, keeps the cores only partly busy. A failed window drops the windows
    not yet started (side_by_side_threads)."""
    return side_by_side_threads(workers or model.model.num_workers, "align")


def align_spans(
    model: WhisperModel,
    audio: np.ndarray,
    spans: Iterable[Span],
    language: str,
    lead: float = 0.0,
    workers: int | None = None,
) -> list[list[Word]]:
    """Each span's words, timed. Spans longer than a window are aligned alone from their start; a
    span with more text than the decoder takes is cut into parts first (fitting_parts).

    Windows are aligned side by side (side_by_side, with `workers` threads). `spans` may be a generator, such as the
    recogniser's segments as they are decoded: each window is aligned as soon as it is complete,
    while the decoding goes on. The words are the same as aligned one window after the
    other (docs/benchmarks-archive.md, "Windows aligned side by side")."""
    tokenizer = tokenizer_for(model, language)
    owners: list[int] = []
    parts: list[Span] = []
    span_count = 0
    align = partial(align_window, model, audio, language=language, lead=lead)

    def fitted() -> Iterator[tuple[Span, int]]:
        nonlocal span_count
        for i, span in enumerate(spans):
            span_count = i + 1
            for part, count in fitting_parts(tokenizer, span, language):
                owners.append(i)
                parts.append(part)
                yield part, count

    with side_by_side(model, workers) as pool:
        aligning = [
            (members, pool.submit(align, start, end, [parts[k].text for k in members]))
            for start, end, members in windows(fitted())
        ]
        out: list[list[Word]] = [[] for _ in range(span_count)]
        for members, timed in aligning:
            for k, words in zip(members, timed.result(), strict=True):
                out[owners[k]].extend(words)
    return out
