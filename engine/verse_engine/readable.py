"""The readable romanisation: the standard form without diacritics, spelled the way listeners read
lyrics on streaming services ("mera naam", "tum hi ho", "wo ai ni", "ya tebya lyublyu").

For Indian scripts it follows the spelling Hindi film and pop lyrics use in Latin letters: a long
vowel inside a word doubled (ā aa, ī ee, ū oo), single at the end of one (mērā mera, terī teri);
c ch and ch chh, ś and ṣ sh, nasals n, a final ēṁ ein (mein, hamein). Arabic-script ALA-LC keeps its
consonants without marks (k͟h kh, ž zh, c ch). Pinyin drops its tones and writes ü yu after n and l
(lǚ lyu, as on Chinese passports). BGN/PCGN's ë is yo and its hard and soft signs go. What is left
of any mark is dropped. Japanese, Korean and Thai standard forms are already plain ASCII.
"""

from __future__ import annotations

import re
import unicodedata

from .text import without_marks

# Indic letters (NFC, with their marks) and their readable spelling; anything else loses its marks.
INDIC = {
    "ś": "sh",
    "ṣ": "sh",
    "ṅ": "n",
    "ñ": "n",
    "ṇ": "n",
    "ṃ": "n",
    "ṁ": "n",
    "m̐": "n",
    "ḻ": "zh",
    "r̥": "ri",
    "r̥̄": "ri",
    "l̥": "li",
    "l̥̄": "li",
    "ẏ": "y",
}
DOUBLED = {"ā": "aa", "ī": "ee", "ū": "oo"}
NASALS = ("ṁ", "m̐")
ARABIC = {"ž": "zh", "c": "ch", "ʻ": "", "ʼ": "", "k͟h": "kh", "g͟h": "gh"}
CYRILLIC = {"ë": "yo", "ʺ": "", "ʼ": ""}
# A letter and the combining marks after it.
CLUSTER = re.compile(r".[\u0300-\u036f]*", re.DOTALL)


def _clusters(text: str) -> list[str]:
    return [unicodedata.normalize("NFC", c) for c in CLUSTER.findall(unicodedata.normalize("NFD", text))]


def _indic(word: str) -> str:
    letters = _clusters(word)
    out = []
    for i, letter in enumerate(letters):
        rest = [c for c in letters[i + 1 :] if c not in NASALS]
        following = letters[i + 1] if i + 1 < len(letters) else ""
        low = letter.lower()
        if low == "c" and following == "c":
            # Doubled: bacca bachcha, but before the aspirate once: acchā achha.
            spelled = "" if letters[i + 2 : i + 3] == ["h"] else "ch"
        elif low == "c":
            spelled = "chh" if following == "h" else "ch"
            if following == "h":
                letters[i + 1] = ""
        elif low == "ē" and following in NASALS and not rest:
            spelled = "ei"
        elif low in DOUBLED and any(c.isalpha() for c in rest):
            spelled = DOUBLED[low]
        elif low == "ṁ" and following[:1] in ("p", "b", "m"):
            spelled = "m"
        else:
            spelled = INDIC.get(low, low)
        out.append(spelled.capitalize() if letter != low and spelled else spelled)
    return without_marks("".join(out))


def _pinyin(word: str) -> str:
    return without_marks(re.sub(r"([nlNL])[üǖǘǚǜ]", r"\1yu", word)).replace("ü", "u")


def _table(word: str, table: dict[str, str]) -> str:
    for letter, spelled in table.items():
        word = word.replace(letter, spelled)
    return without_marks(word)


def readable(word: str, scheme: str) -> str:
    """A word of the standard form, by the scheme it was romanised in, without diacritics."""
    if scheme == "iso15919":
        return _indic(word)
    if scheme == "pinyin":
        return _pinyin(word)
    if scheme == "ala-lc":
        return _table(word, ARABIC)
    if scheme == "bgn-pcgn":
        return _table(word.replace("yë", "yo").replace("Yë", "Yo").replace("YË", "YO"), CYRILLIC)
    return without_marks(word)
