"""Arabic in ALA-LC with its short vowels: the lines are first vocalised by libtashkeel's neural
diacritiser (verse_engine.text.arabic_diacritiser), then each word is read letter by letter with its
marks. Words are read in pause, as sung lines end them: the case ending and tanwin of a word's last
letter are not read (ʻalaykum, not ʻalaykumu). The article is al- before every letter, as ALA-LC
writes it.

The diacritiser reads Modern Standard Arabic; a colloquial line (إنت for أنت, بحبك) is vocalised as if
it were standard, which docs/languages.md measures against published romanisations.
"""

from __future__ import annotations

import logging
import time
import unicodedata

from verse_engine.text import arabic_diacritiser
from verse_engine.text.arabic_diacritiser import ROW_CHARACTERS

FATHA, DAMMA, KASRA, SUKUN, SHADDA = "\u064e", "\u064f", "\u0650", "\u0652", "\u0651"
TANWIN = {"\u064b", "\u064c", "\u064d"}
DAGGER_ALIF = "\u0670"
SHORT = {FATHA: "a", DAMMA: "u", KASRA: "i"}
MARKS = {FATHA, DAMMA, KASRA, SUKUN, SHADDA, DAGGER_ALIF, *TANWIN}

CONSONANTS = {
    "ب": "b", "ت": "t", "ث": "th", "ج": "j", "ح": "ḥ", "خ": "kh", "د": "d", "ذ": "dh", "ر": "r",
    "ز": "z", "س": "s", "ش": "sh", "ص": "ṣ", "ض": "ḍ", "ط": "ṭ", "ظ": "ẓ", "ع": "ʻ", "غ": "gh",
    "ف": "f", "ق": "q", "ك": "k", "ل": "l", "م": "m", "ن": "n", "ه": "h", "ء": "ʼ", "ئ": "ʼ",
    "ؤ": "ʼ", "ة": "h",
}  # fmt: skip
HAMZA_ON_ALIF = {"أ": "a", "إ": "i", "آ": "ā"}

log = logging.getLogger(__name__)


def _vocaliser() -> arabic_diacritiser.Diacritiser:
    return arabic_diacritiser.diacritiser()


# Lines go to the diacritiser in groups of about this many of its rows (a run of such a group takes
# about a second on one core), so that a request's budget is checked between groups.
ROWS_PER_RUN = 32


def vocalised(line: str) -> str:
    return vocalised_lines([line])[0]


def vocalised_lines(lines: list[str], deadline: float | None = None) -> list[str]:
    """The lines with their short vowels written; those not reached by `deadline` (time.monotonic())
    as written. The diacritiser is given each line's words without the punctuation around them (it
    would read a comma as part of the passage), in pieces of at most a row, and each word's marks are
    put back inside its punctuation. Where the vocalised words, without their marks, are not the
    words as written, or the diacritiser fails, the line is kept as written."""
    out = list(lines)
    pieces: list[tuple[int, str]] = []
    for k, line in enumerate(lines):
        pieces += [(k, piece) for piece in _pieces([core for _lead, core, _trail in _parts(line)])]
    group: list[tuple[int, str]] = []
    size = 0
    for n, (k, piece) in enumerate(pieces):
        group.append((k, piece))
        size += len(piece) + 1
        last = n + 1 == len(pieces)
        if last or (pieces[n + 1][0] != k and size >= ROWS_PER_RUN * ROW_CHARACTERS):
            if deadline is not None and time.monotonic() >= deadline:
                break
            _vocalise_group(lines, group, out)
            group, size = [], 0
    return out


def _parts(line: str) -> list[tuple[str, str, str]]:
    return [split_punctuation(w) for w in line.split()]


def _pieces(cores: list[str]) -> list[str]:
    """A line's words, without marks, in runs that each fit in a row. None for a word longer than a
    row, nor for a line longer than ROWS_PER_RUN rows (no sung line is): a line is vocalised in one
    run, and that keeps every run, and so the time between budget checks, bounded."""
    pieces: list[str] = []
    for word in (strip_marks(core) for core in cores if core):
        if len(word) > ROW_CHARACTERS:
            return []
        if pieces and len(pieces[-1]) + 1 + len(word) <= ROW_CHARACTERS:
            pieces[-1] += " " + word
        else:
            pieces.append(word)
    return pieces if len(pieces) <= ROWS_PER_RUN else []


def _vocalise_group(lines: list[str], group: list[tuple[int, str]], out: list[str]) -> None:
    try:
        marked = _vocaliser().tashkeel_many([piece for _k, piece in group])
    except Exception:  # noqa: BLE001 - a diacritiser's failure leaves the lines as written
        log.warning("the Arabic diacritiser failed; %d lines are read as written", len({k for k, _ in group}))
        return
    by_line: dict[int, list[str]] = {}
    for (k, _piece), text in zip(group, marked, strict=True):
        by_line.setdefault(k, []).extend(text.split())
    for k, words in by_line.items():
        parts = _parts(lines[k])
        cores = [core for _lead, core, _trail in parts if core]
        if [strip_marks(w) for w in words] != [strip_marks(w) for w in cores]:
            continue
        vocalised_words = iter(words)
        out[k] = " ".join(lead + (next(vocalised_words) if core else "") + trail for lead, core, trail in parts)


def split_punctuation(word: str) -> tuple[str, str, str]:
    """The punctuation and symbols before a word, the word, and those after it."""
    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start])[0] in "PS":
        start += 1
    while end > start and unicodedata.category(word[end - 1])[0] in "PS":
        end -= 1
    return word[:start], word[start:end], word[end:]


# Words whose spelling leaves out a long vowel they are said with, read as ALA-LC's table gives them
# (rule 6, and its list of words written with a dagger alif or none): the name of God and the
# demonstratives, which no diacritiser's short vowels restore (the diacritiser writes اللهُ, هَذَا).
UNWRITTEN_LONG_VOWELS = {
    "الله": "allāh",
    "لله": "lillāh",
    "بالله": "billāh",
    "والله": "wallāh",
    "تالله": "tallāh",
    "اللهم": "allāhumma",
    "إله": "ilāh",
    "هذا": "hādhā",
    "هذه": "hādhihi",
    "ذلك": "dhālika",
    "هؤلاء": "hāʼulāʼ",
    "أولئك": "ulāʼika",
    "لكن": "lākin",
    "الرحمن": "al-raḥmān",
}


def known_reading(word: str) -> str | None:
    """The reading of a word (without its punctuation) in UNWRITTEN_LONG_VOWELS; None for any other."""
    return UNWRITTEN_LONG_VOWELS.get(strip_marks(word).replace("ٱ", "ا"))


def strip_marks(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFC", text) if ch not in MARKS)


def ends_in_ta_marbuta(word: str) -> bool:
    """Whether the word's last letter is ة (punctuation and marks after it aside), which ALA-LC reads
    -ah in pause and a speaker says -a."""
    letters = [ch for ch in strip_marks(word) if unicodedata.category(ch).startswith("L")]
    return bool(letters) and letters[-1] == "ة"


def has_vowels(word: str) -> bool:
    return any(ch in SHORT or ch == SUKUN for ch in word)


def _units(word: str) -> list[tuple[str, set[str]]]:
    units: list[tuple[str, set[str]]] = []
    for ch in word:
        if ch in MARKS and units:
            units[-1][1].add(ch)
        elif ch not in MARKS:
            units.append((ch, set()))
    return units


def _vowel(marks: set[str]) -> str:
    for mark, vowel in SHORT.items():
        if mark in marks:
            return vowel
    return ""


def romanised(word: str) -> str:
    """One vocalised word in ALA-LC, read in pause."""
    units = _units(word)
    out: list[str] = []
    start = 0
    if len(units) > 2 and units[0][0] == "ا" and units[1][0] == "ل":
        out.append("al-")
        start = 2
    last = len(units) - 1
    for i in range(start, len(units)):
        letter, marks = units[i]
        vowel = "" if i == last else _vowel(marks)
        previous = out[-1] if out else ""
        # The letter after the article is written once, whatever its shadda (al-shams).
        doubled = SHADDA in marks and i != start
        if letter == "ا" and i == 0:
            out.append(_vowel(marks) or "a")
            continue
        if letter == "ا":
            if previous == "a":
                out[-1] = "ā"
            else:
                out.append("ā")
            continue
        if letter == "ى":
            if previous == "a":
                out[-1] = ""
            out.append("á")
            continue
        if letter in ("و", "ي", "ی") and i > 0:
            short, long = {"و": ("u", "ū"), "ي": ("i", "ī"), "ی": ("i", "ī")}[letter]
            unmarked = not marks - {SUKUN}
            if previous == short and (unmarked or i == last):
                # A long vowel; a final -iyy is read ī in pause (ʻarabī).
                out[-1] = long
                continue
            if not marks and previous not in ("a", "i", "u", "ā", "ī", "ū", "al-"):
                # The diacritiser left the consonant before it unvocalised: the long vowel is the reading.
                out.append(long)
                continue
        if letter in HAMZA_ON_ALIF:
            sound = "" if i in (0, start) else "ʼ"
            out.append(sound + (_vowel(marks) or HAMZA_ON_ALIF[letter]) if i != last else sound)
            continue
        consonant = {"و": "w", "ي": "y", "ی": "y"}.get(letter) or CONSONANTS.get(letter, letter)
        out.append(consonant * 2 if doubled and consonant != "ʼ" else consonant)
        if DAGGER_ALIF in marks:
            out.append("ā")
        elif vowel:
            out.append(vowel)
    return "".join(out)
