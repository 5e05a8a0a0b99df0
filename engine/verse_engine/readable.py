"""The readable romanisation: the standard form without diacritics, spelled the way listeners read
lyrics on streaming services ("mera naam", "tum hi ho", "wo ai ni", "ya tebya lyublyu").

For Indian scripts it follows the spelling each language's film and pop lyrics use in Latin letters
(`INDIC_STYLES`). Common to all: c ch and ch chh, ś and ṣ sh, nasals n, a final ēṁ ein (mein,
hamein), a final ch ch (kuch), ī before a vowel iy (Punjabi dīāṁ diyan). Hindi, Punjabi, Gujarati, Marathi, Telugu and
Kannada double a long vowel inside a word (ā aa, ī ee, ū oo) and write it single at the end of one
(mērā mera, nāṭu naatu); Bengali, Assamese, Tamil and Malayalam write every vowel single (āmār amar,
rōjā roja, malayāḷaṁ malayalam). Bengali reads its s as sh (sōnār shonar) except before a consonant it
clusters with, its ṁ as ng (bāṁlā bangla) and its য as j. The Dravidian languages end a word in m,
not n (malayalam, vanakkam). Tamil is written as its film titles write it: t as th, a stop after a nasal
voiced (taṅkam thangam, aṉpē anbe), ṭ between vowels d, c as s, ṟṟ as tr. Arabic-script ALA-LC keeps its
consonants without marks (k͟h kh, ž zh, c ch). Pinyin drops its tones and writes ü yu after n and l
(lǚ lyu, as on Chinese passports). BGN/PCGN's ë is yo, its yy y (Podmoskovnye), and its hard and
soft signs go. What is left of any mark is dropped. Japanese, Korean and Thai standard forms are already plain ASCII.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .languages import Language
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
SINGLE = {"ā": "a", "ī": "i", "ū": "u", "ē": "e", "ō": "o"}


@dataclass(frozen=True)
class IndicStyle:
    """How a language's listeners spell it in Latin letters, beyond what every Indian script shares."""

    doubles_long_vowels: bool = True
    #: ṁ (anusvara) before a consonant: n, or ng where it is read as a velar (Bengali bāṁlā bangla).
    anusvara: str = "n"
    #: A word-final ṁ: m in the Dravidian languages (malayāḷaṁ malayalam), n elsewhere.
    final_anusvara: str = "n"
    #: s read as sh outside clusters (Bengali).
    s_as_sh: bool = False
    #: y (য) read as j (Bengali); ẏ (য়) stays y.
    y_as_j: bool = False
    #: The dental t written th (Tamil, Malayalam: Thamizh, Thiruvananthapuram).
    dental_t_as_th: bool = False
    #: Tamil's consonants written as its film titles write them (_tamil).
    tamil_consonants: bool = False


_BENGALI = IndicStyle(doubles_long_vowels=False, anusvara="ng", s_as_sh=True, y_as_j=True)
_DRAVIDIAN = IndicStyle(final_anusvara="m")
INDIC_STYLES = {
    "bn": _BENGALI,
    "as": IndicStyle(doubles_long_vowels=False, anusvara="ng"),
    "mni": IndicStyle(doubles_long_vowels=False, anusvara="ng"),
    "te": _DRAVIDIAN,
    "kn": _DRAVIDIAN,
    "tcy": _DRAVIDIAN,
    "ml": IndicStyle(doubles_long_vowels=False, final_anusvara="m", dental_t_as_th=True),
    "ta": IndicStyle(doubles_long_vowels=False, final_anusvara="m", tamil_consonants=True),
}
HINDI_STYLE = IndicStyle()
NASALS = ("ṁ", "m̐")
ARABIC = {"ž": "zh", "c": "ch", "ʻ": "", "ʼ": "", "k͟h": "kh", "g͟h": "gh"}
CYRILLIC = {"ë": "yo", "ʺ": "", "ʼ": "", "yy": "y"}
# A letter and the combining marks after it.
CLUSTER = re.compile(r".[\u0300-\u036f]*", re.DOTALL)


def _clusters(text: str) -> list[str]:
    return [unicodedata.normalize("NFC", c) for c in CLUSTER.findall(unicodedata.normalize("NFD", text))]


VOWELS = {"a", "ā", "i", "ī", "u", "ū", "e", "ē", "o", "ō", "r̥"}
# Consonants a Bengali s clusters with and is read as s before (stri, snan, sporsho).
S_CLUSTERS = {"t", "ṭ", "n", "p", "k", "r", "l", "m"}


def _tamil(low: str, prev: str, following: str, after_vowel: bool, before_vowel: bool) -> str | None:
    """Tamil's consonants as its film titles write them, where that differs from the letter: t always
    th (Thalapathi, Enthiran), a stop after a nasal voiced (taṅkam thangam, aṉpē anbe, mañcaḷ manjal),
    ṭ between vowels d (paṭaiyappā padayappa), c s (civāji sivaji), ṟṟ tr. None leaves the letter."""
    if low == "t":
        return "" if following == "t" else "th"
    if low == "ṭ":
        return "d" if (after_vowel and before_vowel) or prev == "ṇ" else "t"
    if low == "k":
        return "g" if prev == "ṅ" else None
    if low == "p":
        return "b" if prev in ("m", "ṉ") else None
    if low == "c":
        if following == "c":
            return ""
        if prev == "c":
            return "ch"
        return "j" if prev == "ñ" else "s"
    if low == "ṟ":
        if following == "ṟ":
            return "t"
        return "dr" if prev == "ṉ" else "r"
    return None


def _indic(word: str, style: IndicStyle) -> str:
    letters = _clusters(word)
    lows = [letter.lower() for letter in letters]
    out = []
    for i, low in enumerate(lows):
        rest = [c for c in lows[i + 1 :] if c not in NASALS]
        prev = lows[i - 1] if i else ""
        following = lows[i + 1] if i + 1 < len(lows) else ""
        at_end = not any(c.isalpha() for c in rest)
        spoken = _tamil(low, prev, following, prev in VOWELS, following in VOWELS) if style.tamil_consonants else None
        if spoken is not None:
            spelled = spoken
        elif low == "c" and following == "c":
            # Doubled: bacca bachcha, but before the aspirate once: acchā achha.
            spelled = "" if lows[i + 2 : i + 3] == ["h"] else "ch"
        elif low == "c":
            # ch (छ) is chh, but ch at the end of a word (kuch, pūch).
            spelled = "chh" if following == "h" and i + 2 < len(lows) else "ch"
            if following == "h":
                lows[i + 1] = ""
        elif low == "ē" and following in NASALS and not rest:
            spelled = "ei"
        elif low in ("ī", "i") and following in ("a", "ā"):
            spelled = "iy"
        elif low in DOUBLED and style.doubles_long_vowels and not at_end:
            spelled = DOUBLED[low]
        elif low == "ṁ" and following[:1] in ("p", "b", "m"):
            spelled = "m"
        elif low in NASALS and at_end:
            spelled = style.final_anusvara if low == "ṁ" else "n"
        elif low == "ṁ" and following[:1] not in ("k", "g"):
            spelled = style.anusvara
        elif low == "s" and style.s_as_sh and following not in S_CLUSTERS:
            spelled = "sh"
        elif low == "y" and style.y_as_j and (not prev or prev in VOWELS):
            spelled = "j"
        elif low == "t" and style.dental_t_as_th and following != "h":
            spelled = "" if following == "t" else "th"
        else:
            spelled = SINGLE.get(low) or INDIC.get(low, low)
        out.append(spelled.capitalize() if letters[i] != low and spelled else spelled)
    return without_marks("".join(out))


def _pinyin(word: str) -> str:
    return without_marks(re.sub(r"([nlNL])[üǖǘǚǜ]", r"\1yu", word)).replace("ü", "u")


def _table(word: str, table: dict[str, str]) -> str:
    for letter, spelled in table.items():
        word = word.replace(letter, spelled)
    return without_marks(word)


def readable(word: str, language: Language) -> str:
    """A word of the standard form, in the language's scheme, without diacritics."""
    scheme = language.romanisation
    if scheme == "iso15919":
        return _indic(word, INDIC_STYLES.get(language.code, HINDI_STYLE))
    if scheme == "pinyin":
        return _pinyin(word)
    if scheme == "ala-lc":
        return _table(word, ARABIC)
    if scheme == "bgn-pcgn":
        return _table(word.replace("yë", "yo").replace("Yë", "Yo").replace("YË", "YO"), CYRILLIC)
    return without_marks(word)
