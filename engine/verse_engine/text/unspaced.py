"""Words of the languages written without spaces (Japanese, Chinese, Thai), each with its
romanisation. One analysis of the whole line gives both, so that a reading can depend on its
neighbours (は read "wa" as a particle, 行 read "háng" in 银行) and so that the romanised line has
exactly one word per word of the original: the word files pair them by position.

Japanese: UniDic-lite through fugashi, romanised and grouped into words by cutlet (Hepburn, particles
wa, e, o; a verb keeps its endings: tabemashita). Chinese: one word per character, pinyin with tone
marks read in context by pypinyin's phrase dictionary and CC-CEDICT's. Thai: pythainlp's dictionary tokenizer (newmm),
a compound of its dictionary split into the words it is made of, each word in RTGS (thai_reading).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from anyascii import anyascii

from verse_engine.text.characters import ascii_digits
from verse_engine.text.lines import Word
from verse_engine.text.thai_reading import rtgs

UNSPACED = {"ja", "zh", "th"}

# Readings UniDic-lite gets wrong in everyday lyrics: it reads 私 and 明日 in their formal readings
# and the greetings' は as the particle's spelling.
JAPANESE_READINGS = {"私": "watashi", "明日": "ashita", "こんにちは": "konnichiwa", "こんばんは": "konbanwa"}

# Family words addressed with さん or ちゃん take their colloquial readings (お父さん otousan, not
# the o-chichi-san UniDic-lite gives); bare, 父 stays chichi ("my father").
_FAMILY = {"父": "tou", "母": "kaa", "兄": "nii", "姉": "nee", "爺": "jii", "婆": "baa"}
JAPANESE_WORDS = {
    f"{prefix}{kanji}{suffix}": f"{prefix and 'o'}{reading}{'san' if suffix == 'さん' else 'chan'}"
    for kanji, reading in _FAMILY.items()
    for prefix in ("", "お")
    for suffix in ("さん", "ちゃん")
}


@dataclass(frozen=True)
class Segment:
    text: str
    romanised: str


def _has_letters(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


@cache
def _cutlet() -> Any:  # cutlet ships no type information
    import cutlet

    katsu = cutlet.Cutlet(system="hepburn", use_foreign_spelling=False)
    katsu.use_wo = False
    for surface, reading in JAPANESE_READINGS.items():
        katsu.add_exception(surface, reading)
    return katsu


def _japanese(text: str) -> list[Segment]:
    katsu = _cutlet()
    # cutlet's own romaji() normalises the text first (NFKC); the surfaces must stay the line's own
    # characters, so the text goes to the tagger as written.
    nodes = katsu.tagger(text)
    tokens = katsu.romaji_tokens(nodes, capitalize=False)
    out: list[Segment] = []
    surface, romaji = "", ""
    for node, token in zip(nodes, tokens, strict=True):
        surface += node.surface
        romaji += token.surface
        if token.space:
            out.append(_japanese_word(surface, romaji))
            surface, romaji = "", ""
    if surface:
        out.append(_japanese_word(surface, romaji))
    return out


def _japanese_word(surface: str, romaji: str) -> Segment:
    return Segment(surface, JAPANESE_WORDS.get(surface, romaji))


def _is_han(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith("CJK UNIFIED")


@cache
def _pinyin_dictionary() -> None:
    """pypinyin's own phrases, then CC-CEDICT's (CC BY-SA 4.0, through pypinyin-dict), which write
    the neutral tone (朋友 péng you, 月亮 yuè liang) where pypinyin's give the citation tone."""
    from pypinyin_dict.phrase_pinyin_data import cc_cedict

    cc_cedict.load()


def _chinese(text: str) -> list[Segment]:
    from pypinyin import Style, pinyin

    _pinyin_dictionary()

    # One reading per character of the line, chosen in context; anything else passes through as it is.
    # pypinyin documents a callable `errors` returning a list; its type hints only know the string form.
    keep_each = lambda chars: list(chars)  # noqa: E731
    readings = [r[0] for r in pinyin(text, style=Style.TONE, errors=keep_each)]  # type: ignore[arg-type]
    if len(readings) != len(text):
        readings = [pinyin(ch, style=Style.TONE, errors=keep_each)[0][0] for ch in text]  # type: ignore[arg-type]
    out: list[Segment] = []
    run = ""
    for ch, reading in zip(text, readings, strict=True):
        if _is_han(ch):
            if run.strip():
                out.extend(Segment(w, anyascii(ascii_digits(w))) for w in run.split())
            run = ""
            out.append(Segment(ch, reading))
        else:
            run += ch
    if run.strip():
        out.extend(Segment(w, anyascii(ascii_digits(w))) for w in run.split())
    return out


def _thai(text: str) -> list[Segment]:
    from pythainlp.tokenize import word_tokenize

    words = word_tokenize(text, engine="newmm", keep_whitespace=False)
    return [Segment(part, rtgs(part)) if not w.isascii() else Segment(w, w) for w in words for part in _thai_parts(w)]


# A syllable written with ะ (a short vowel and no final) is a minor syllable, bound to the one after
# it (ประเทศ prathet, ยะลา Yala), though the dictionary lists some of them as words of their own.
MINOR_SYLLABLE = "ะ"


@cache
def _thai_dictionary() -> frozenset[str]:
    from pythainlp.corpus import thai_words

    return frozenset(thai_words())


def _thai_parts(word: str) -> list[str]:
    """A compound of the dictionary (กรุงเทพ, ขอบคุณ, ความรัก, น้ำตา) as the words it is made of,
    as RTGS writes them apart (Krung Thep, khop khun, khwam rak) and karaoke lines sing them: the
    fewest words of two letters or more, each in pythainlp's dictionary. Only where that changes
    no letter of the reading (ราช reads ratcha inside นครราชสีมา, rat alone), and where no part but
    the last is a minor syllable; otherwise the word."""
    known = _thai_dictionary()
    if word not in known:
        return [word]
    # fewest[k]: the fewest dictionary words that spell word[:k], with the split that does.
    fewest: list[list[str] | None] = [[]] + [None] * len(word)
    for end in range(2, len(word) + 1):
        for start in range(end - 1):
            head, piece = fewest[start], word[start:end]
            if head is not None and len(piece) >= 2 and piece != word and piece in known:
                candidate = [*head, piece]
                best = fewest[end]
                if best is None or len(candidate) < len(best):
                    fewest[end] = candidate
    parts = fewest[len(word)]
    if parts is None or len(parts) < 2 or any(p.endswith(MINOR_SYLLABLE) for p in parts[:-1]):
        return [word]
    if "".join(rtgs(p) for p in parts) != rtgs(word):
        return [word]
    return parts


ANALYSERS = {"ja": _japanese, "zh": _chinese, "th": _thai}


def segments(text: str, code: str) -> list[Segment]:
    """The line's words in order with their romanisation. Punctuation joins the word before it (the
    first word when it opens the line), so every segment has a letter or digit and the segments,
    put together, are the line without its spaces."""
    raw = [s for s in ANALYSERS[code](text) if s.text.strip()]
    out: list[Segment] = []
    pending = Segment("", "")
    for seg in raw:
        if not _has_letters(seg.text):
            if out:
                last = out[-1]
                out[-1] = Segment(last.text + seg.text, last.romanised + seg.romanised.strip())
            else:
                pending = Segment(pending.text + seg.text, pending.romanised + seg.romanised.strip())
            continue
        out.append(Segment(pending.text + seg.text, pending.romanised + seg.romanised.strip()))
        pending = Segment("", "")
    if not out and pending.text:
        out.append(pending)
    return [Segment(s.text, ascii_digits(s.romanised).replace(" ", "") or "-") for s in out]


def by_characters(pieces: list[Word], words: list[str]) -> list[Word]:
    """The given words timed from pieces that cover the same characters but split elsewhere (Whisper
    splits these languages into tokens, not words). Each piece's time is shared evenly among its
    characters; a word runs from its first character's start to its last's end, with the mean
    probability of the pieces it touches."""
    timeline: list[tuple[float, float, float]] = []  # (start, end, probability) per character
    for piece in pieces:
        chars = "".join(piece.text.split())
        step = (piece.end - piece.start) / max(len(chars), 1)
        timeline.extend(
            (piece.start + i * step, piece.start + (i + 1) * step, piece.probability) for i in range(len(chars))
        )
    out: list[Word] = []
    cursor = 0
    for word in words:
        span = timeline[cursor : cursor + len(word)]
        cursor += len(word)
        if not span:
            # The pieces ran out (the word's characters were normalised differently): placed at the
            # end of the last, with no confidence.
            end = out[-1].end if out else (pieces[-1].end if pieces else 0.0)
            out.append(Word(word, end, end, 0.0))
            continue
        probability = sum(p for _s, _e, p in span) / len(span)
        out.append(Word(word, span[0][0], span[-1][1], probability))
    if out and timeline and cursor < len(timeline):
        out[-1].end = timeline[-1][1]
    return out
