"""Konkani's readable form in Romi, the Latin orthography Goa's Konkani songs, tiatr and newspapers
are written in, read from the Devanagari.

Romi is the Goa Konkani Akademi's: the short a is o (बयल boil, चलवपी choloupi), long and short
vowels are written alike (कामायस kamais), and the consonants as the language says them: ज z, श and
ष x, the retroflexes doubled (ट tt, ड dd, ण nn, ळ ll), फ f. A y or v after a vowel, with no vowel of
its own before a consonant, is the second half of a diphthong (दायज daiz, भोवतेक bhoutek, वाडोवंक
vaddounk); a y does so at a word's end too (दाखय dakhoi), a v does not (देव dev). A y with its vowel
is e after a consonant (ह्या hea, तांच्यो tancheo), i at a word's start (योगदान iogadan), and
unwritten after i (हरियाळी horialli, घोडियेक ghoddiek). A nasal ends a word as m (बावलें baulem,
येवजिलां yeujilam) and is n before a consonant (मोगियांक mogiank). Which inherent vowels are said is
Hindi's rule (inherent_vowel.py), with a diphthong's half counted as the vowel it is: बरवन is
bo-ro-un, not barvan.
"""

from __future__ import annotations

import re

from verse_engine.text.inherent_vowel import CONSONANTS, INDEPENDENT_VOWELS, NUKTA, VIRAMA, VOWEL_SIGNS, drop_unspoken

LETTERS = {
    "क": "k",
    "ख": "kh",
    "ग": "g",
    "घ": "gh",
    "ङ": "ng",
    "च": "ch",
    "छ": "chh",
    "ज": "z",
    "झ": "zh",
    "ञ": "n",
    "ट": "tt",
    "ठ": "tth",
    "ड": "dd",
    "ढ": "ddh",
    "ण": "nn",
    "त": "t",
    "थ": "th",
    "द": "d",
    "ध": "dh",
    "न": "n",
    "प": "p",
    "फ": "f",
    "ब": "b",
    "भ": "bh",
    "म": "m",
    "य": "y",
    "र": "r",
    "ल": "l",
    "व": "v",
    "श": "x",
    "ष": "x",
    "स": "s",
    "ह": "h",
    "ळ": "ll",
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
# Vowel signs and the independent vowels, by the sound Romi writes.
VOWELS = {
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
NASALS = ("\u0902", "\u0901")  # anusvara, candrabindu
VISARGA = "\u0903"
LABIALS = ("प", "फ", "ब", "भ", "म")
FRONT = ("ि", "ी", "इ", "ई")
DANDAS = str.maketrans({"।": ".", "॥": "."})

_CONSONANT = "".join(sorted(CONSONANTS))
# What a diphthong's second half follows: a vowel, said in the letter before it (a consonant with
# its a, or a vowel sign, or a vowel).
_AFTER_VOWEL = "".join(sorted(CONSONANTS | INDEPENDENT_VOWELS | (VOWEL_SIGNS - {VIRAMA}) | {NUKTA}))
# A y or v with no vowel of its own, after a vowel: y before a consonant or at the word's end (दाखय
# dakhoi), v before a consonant only (देव dev, दीव div).
_Y_HALF = re.compile(f"(?<=[{_AFTER_VOWEL}])य(?=[\u0902\u0901]?(?:[{_CONSONANT}]|$))")
_V_HALF = re.compile(f"(?<=[{_AFTER_VOWEL}])व(?=[\u0902\u0901]?[{_CONSONANT}])")


def readable(word: str) -> str:
    """A Devanagari Konkani word (with any punctuation around it) in Romi, without capitals."""
    halves = _V_HALF.sub("उ", _Y_HALF.sub("इ", word))
    said = drop_unspoken(halves)
    return "".join(_spell(_syllables(said))).translate(DANDAS)


def _syllables(text: str) -> list[tuple[str, str, str]]:
    """(letter, vowel sign or VIRAMA or "" for the a, nasal or visarga) for each consonant or vowel;
    any other character as a letter of its own with no vowel."""
    units: list[tuple[str, str, str]] = []
    for ch in text:
        if units and ch == NUKTA and units[-1][0] in CONSONANTS:
            units[-1] = (units[-1][0] + ch, *units[-1][1:])
        elif units and (ch in VOWEL_SIGNS or ch == VIRAMA) and units[-1][0][0] in CONSONANTS and not units[-1][1]:
            units[-1] = (units[-1][0], ch, units[-1][2])
        elif units and ch in (*NASALS, VISARGA) and units[-1][0][0] in CONSONANTS | INDEPENDENT_VOWELS:
            units[-1] = (*units[-1][:2], units[-1][2] + ch)
        else:
            units.append((ch, "", ""))
    return units


def _spell(units: list[tuple[str, str, str]]) -> list[str]:
    out = []
    for k, (letter, vowel, marks) in enumerate(units):
        before = units[k - 1] if k else None
        after = units[k + 1][0][0] if k + 1 < len(units) else ""
        if letter in INDEPENDENT_VOWELS:
            spelled = VOWELS.get(letter, letter)
        elif letter[0] not in CONSONANTS:
            out.append(letter)
            continue
        elif letter == "य" and vowel not in ("", VIRAMA) and (glide := _glide_spelled(before)) is not None:
            spelled = glide + VOWELS[vowel]
        else:
            spelled = LETTERS.get(letter, letter) + VOWELS.get(vowel, "")
        for mark in marks:
            if mark == VISARGA:
                spelled += "h"
            elif after in CONSONANTS:
                spelled += "m" if after in LABIALS else "n"
            else:
                spelled += "m"
        out.append(spelled)
    return out


def _glide_spelled(before: tuple[str, str, str] | None) -> str | None:
    """How a y with its own vowel is written after `before`: i at the word's start, e after a
    consonant with no vowel (र्यो reo), nothing after i, or None where it stays y."""
    if before is None or before[0][0] not in CONSONANTS | INDEPENDENT_VOWELS:
        return "i"
    if before[0][0] in CONSONANTS and before[1] == VIRAMA:
        return "e"
    if (before[1] in FRONT or before[0] in FRONT) and not before[2]:
        return ""
    return None
