"""Readable forms in a language's own Latin orthography, read from its Devanagari: Konkani's Romi
and Bodo's Roman spelling. Both say the inherent vowel as o where Hindi's spelling would write a,
and both need the Devanagari's own vowels, which the standard form has already resolved.

Romi is the Goa Konkani Akademi's orthography, in which Goa's Konkani songs, tiatr and papers are
written: the short a is o (बयल boil, चलवपी choloupi), long and short vowels are written alike
(कामायस kamais), and the consonants as the language says them: ज z, श and ष x, the retroflexes
doubled (ट tt, ड dd, ण nn, ळ ll), फ f. A y or v after a vowel, with no vowel of its own before a
consonant, is the second half of a diphthong (दायज daiz, भोवतेक bhoutek, वाडोवंक vaddounk); a y does
so at a word's end too (दाखय dakhoi), a v does not (देव dev). A y with its vowel is e after a
consonant (ह्या hea, तांच्यो tancheo), i at a word's start (योगदान iogadan), and unwritten after i
(हरियाळी horialli, घोडियेक ghoddiek). A nasal ends a word as m (बावलें baulem) and is n before a
consonant (मोगियांक mogiank).

Bodo's Roman spelling writes its Devanagari ओ, the vowel /ɯ/, as w (नों nwng, मोनसे mwnse), the
inherent vowel o (फराय phorai), व w, the anusvara ng (आं ang), and a y closing a syllable i (नाय nai).
A final consonant's o is said where the modifier apostrophe follows it (बर' boro, the language's
own name); elsewhere the inherent vowel goes where Hindi's would.

Which inherent vowels are said is Hindi's rule (inherent_vowel.py), with a diphthong's half counted
as the vowel it is: Romi's बरवन is bo-ro-un, not barvan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verse_engine.text.inherent_vowel import (
    CONSONANTS,
    INDEPENDENT_VOWELS,
    NUKTA,
    VIRAMA,
    VOWEL_SIGNS,
    Unit,
    drop_unspoken,
    units_of,
)

# The letters as Konkani and Bodo share them; each orthography changes a few (ROMI, BODO).
_LETTERS = {
    "क": "k",
    "ख": "kh",
    "ग": "g",
    "घ": "gh",
    "ङ": "ng",
    "च": "ch",
    "छ": "chh",
    "ज": "j",
    "झ": "jh",
    "ञ": "n",
    "ट": "t",
    "ठ": "th",
    "ड": "d",
    "ढ": "dh",
    "ण": "n",
    "त": "t",
    "थ": "th",
    "द": "d",
    "ध": "dh",
    "न": "n",
    "प": "p",
    "फ": "ph",
    "ब": "b",
    "भ": "bh",
    "म": "m",
    "य": "y",
    "र": "r",
    "ल": "l",
    "व": "v",
    "श": "sh",
    "ष": "sh",
    "स": "s",
    "ह": "h",
    "ळ": "l",
    # The nukta's letters, in loans.
    "क" + NUKTA: "k",
    "ख" + NUKTA: "kh",
    "ग" + NUKTA: "g",
    "ज" + NUKTA: "z",
    "ड" + NUKTA: "r",
    "ढ" + NUKTA: "rh",
    "फ" + NUKTA: "f",
    "य" + NUKTA: "y",
}
# Vowel signs and the independent vowels ("" is the inherent vowel).
_VOWELS = {
    "": "o",
    "अ": "o",
    "ा": "a",
    "आ": "a",
    "ि": "i",
    "इ": "i",
    "ी": "i",
    "ई": "i",
    "ु": "u",
    "उ": "u",
    "ू": "u",
    "ऊ": "u",
    "े": "e",
    "ए": "e",
    "ॅ": "e",
    "ऍ": "e",
    "ै": "ai",
    "ऐ": "ai",
    "ो": "o",
    "ओ": "o",
    "ॉ": "o",
    "ऑ": "o",
    "ौ": "au",
    "औ": "au",
    "ृ": "ri",
    "ऋ": "ri",
    VIRAMA: "",
}


@dataclass(frozen=True)
class Orthography:
    letters: dict[str, str]
    vowels: dict[str, str]
    #: A nasal sign before a consonant, before a labial, and anywhere else (a word's end).
    nasal: str
    nasal_before_labial: str
    nasal_final: str
    #: A v after a vowel, with no vowel of its own, before a consonant: the diphthong's u (Romi).
    v_closes_diphthong: bool
    #: A y with its vowel: e after a consonant, i at a word's start, unwritten after i (Romi).
    glides: bool
    #: An apostrophe after a final consonant says its o (Bodo's बर' boro).
    apostrophe_says_o: bool


ROMI = Orthography(
    letters=_LETTERS
    | {"ज": "z", "झ": "zh", "ट": "tt", "ठ": "tth", "ड": "dd", "ढ": "ddh", "ण": "nn", "ळ": "ll", "फ": "f"}
    | {"श": "x", "ष": "x"},
    vowels=_VOWELS,
    nasal="n",
    nasal_before_labial="m",
    nasal_final="m",
    v_closes_diphthong=True,
    glides=True,
    apostrophe_says_o=False,
)
BODO = Orthography(
    letters=_LETTERS | {"व": "w", "श": "s", "ष": "s"},
    vowels=_VOWELS | {"ो": "w", "ओ": "w", "ौ": "ou", "औ": "ou"},
    nasal="ng",
    nasal_before_labial="ng",
    nasal_final="ng",
    v_closes_diphthong=False,
    glides=False,
    apostrophe_says_o=True,
)
BY_LANGUAGE = {"kok": ROMI, "brx": BODO}

NASALS = ("\u0902", "\u0901")  # anusvara, candrabindu
VISARGA = "\u0903"
LABIALS = ("प", "फ", "ब", "भ", "म")
FRONT = ("ि", "ी", "इ", "ई")
# Signs with no letter of their own: the sacred syllable, the avagraha, which only lengthens, and a
# virama with no consonant before it.
SYMBOLS = {"ॐ": "om", "ऽ": "", VIRAMA: ""}

_CONSONANT = "".join(sorted(CONSONANTS))
# What a diphthong's second half follows: a vowel, said in the letter before it (a consonant with
# its a, or a vowel sign, or a vowel).
_AFTER_VOWEL = "".join(sorted(CONSONANTS | INDEPENDENT_VOWELS | (VOWEL_SIGNS - {VIRAMA}) | {NUKTA}))
# A y or v with no vowel of its own, after a vowel: y before a consonant or at the word's end, before
# any punctuation (दाखय dakhoi), v before a consonant only (देव dev, दीव div).
_Y_HALF = re.compile(f"(?<=[{_AFTER_VOWEL}])य(?=[\u0902\u0901]?(?:[{_CONSONANT}]|(?![\u0900-\u0963\u0970-\u097f])))")
_V_HALF = re.compile(f"(?<=[{_AFTER_VOWEL}])व(?=[\u0902\u0901]?[{_CONSONANT}])")
# Bodo's mark after a consonant that its o is said (बर' boro), the modifier letter or the apostrophe,
# with the virama the inherent-vowel rule put before it.
_SAID_O = re.compile(f"(?<=[{_CONSONANT}]){VIRAMA}?[\u02bc']")


def readable(word: str, orthography: Orthography) -> str:
    """A Devanagari word (with any punctuation around it, dandas already full stops) in the
    orthography, without capitals."""
    halves = _Y_HALF.sub("इ", word)
    if orthography.v_closes_diphthong:
        halves = _V_HALF.sub("उ", halves)
    said = drop_unspoken(halves)
    if orthography.apostrophe_says_o:
        said = _SAID_O.sub("", said)
    return "".join(_spell(units_of(said), orthography))


def _spell(units: list[Unit], orthography: Orthography) -> list[str]:
    out = []
    for k, unit in enumerate(units):
        letter, vowel, marks = unit.letter, unit.vowel, unit.modifiers
        before = units[k - 1] if k else None
        after = units[k + 1].letter[0] if k + 1 < len(units) else ""
        if letter in INDEPENDENT_VOWELS or letter in VOWEL_SIGNS:
            # A vowel sign with no consonant before it (a typing slip) is read as its vowel.
            spelled = orthography.vowels.get(letter, "")
        elif letter in NASALS:
            spelled = orthography.nasal_final
        elif letter[0] not in CONSONANTS:
            out.append(SYMBOLS.get(letter, letter))
            continue
        elif (
            orthography.glides
            and letter == "य"
            and vowel not in ("", VIRAMA)
            and (glide := _glide_spelled(before)) is not None
        ):
            spelled = glide + orthography.vowels[vowel]
        else:
            spelled = orthography.letters.get(letter, letter) + orthography.vowels.get(vowel, "")
        for mark in marks:
            if mark == VISARGA:
                spelled += "h"
            elif after == "ङ":
                # ङ says the ng itself (Bodo's सोलोँङो swlwngw).
                continue
            elif after in CONSONANTS:
                spelled += orthography.nasal_before_labial if after in LABIALS else orthography.nasal
            else:
                spelled += orthography.nasal_final
        out.append(spelled)
    return out


def _glide_spelled(before: Unit | None) -> str | None:
    """How Romi writes a y with its own vowel after `before`: i at the word's start, e after a
    consonant with no vowel (र्यो reo), nothing after i, or None where it stays y."""
    if before is None or not (before.consonant or before.letter in INDEPENDENT_VOWELS):
        return "i"
    if before.consonant and before.vowel == VIRAMA:
        return "e"
    if (before.vowel in FRONT or before.letter in FRONT) and not before.modifiers:
        return ""
    return None
