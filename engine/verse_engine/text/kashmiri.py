"""Kashmiri in Latin letters, read with the vowels its Perso-Arabic spelling writes.

Unlike Urdu's, Kashmiri's spelling marks nearly every vowel: the Arabic signs (َ a, ِ i, ُ u), its own
(ٔ ạ, ٕ ụ, ٟ ụ̄, ٲ ạ̄), and vowel letters told apart by a mark (وٚ o, وٗ ū, یٚ e, یٖ ī, ۄ ŏ). Read letter by
letter as Urdu's table reads them, أنْجیٖر was "anjīir" and اوٚبُر "āūobur"; read by its marks they are
ạnjīr and obur, as Wiktionary's entries write them. Consonants are ALA-LC's, ژ ts, as in the rest of
verse_engine.text.romanise; the readable form drops the marks (verse_engine.text.readable).
"""

from __future__ import annotations

import unicodedata

from anyascii import anyascii

from verse_engine.text.arabic_letters import ARABIC

# Urdu's table for the consonants Kashmiri shares (ALA-LC's), with its own ژ ts; the vowel letters
# (ا و ی ے) are read below, by their marks.
CONSONANTS = ARABIC | {"ژ": "ts"}
# The signs written over or under a letter, and the vowel each is.
VOWEL_SIGNS = {
    "\u064e": "a",
    "\u0650": "i",
    "\u064f": "u",
    "\u0654": "ạ",
    "\u0655": "ụ",
    "\u065f": "ụ̄",
}
ALEF, MADDA = "ا", "\u0653"
WAW, YEH = "و", {"ی", "ي"}
SMALL_V, INVERTED_DAMMA, SUBSCRIPT_ALEF = "\u065a", "\u0657", "\u0656"
SHADDA = "\u0651"
SILENT_H_AFTER = {"\u0655", "\u065f"}
KASHMIRI_YEH = "ؠ"
# The precomposed forms of وٚ and یٚ some keyboards write.
MARKED_VOWEL_LETTERS = {"ۆ": "o", "ێ": "e"}
LONG_A_WITH_HAMZA = "ٲ"
# Vowels as said so far, without their marks (ạ̄ is a).
VOWELS = set("aeiou")
MARKS = "\u0300\u0304\u0306\u0323"


def _clusters(word: str) -> list[tuple[str, str]]:
    """Each letter with the marks after it, decomposed (أ is ا with ٔ, ؤ is و with ٔ)."""
    out: list[tuple[str, str]] = []
    for ch in unicodedata.normalize("NFD", word):
        if unicodedata.category(ch) == "Mn" and out:
            out[-1] = (out[-1][0], out[-1][1] + ch)
        elif ch != "\u200c":
            out.append((ch, ""))
    return out


def _sign_vowel(marks: str) -> str:
    return "".join(VOWEL_SIGNS[m] for m in marks if m in VOWEL_SIGNS)


def romanised(word: str) -> str:
    """One Kashmiri word in the standard form, its vowels as its marks write them."""
    letters = _clusters(word)
    out: list[str] = []
    carrier = False
    for i, (base, marks) in enumerate(letters):
        after = letters[i + 1][0] if i + 1 < len(letters) else ""
        said = unicodedata.normalize("NFD", "".join(out)).rstrip(MARKS)
        follows_vowel = not said or said[-1] in VOWELS or carrier
        vowel = _sign_vowel(marks)
        if base == ALEF:
            # A bare alif opening a word carries the vowel of the و or ی after it (اوٚبُر obur).
            carrier = not out and not marks and (after == WAW or after in YEH or after in MARKED_VOWEL_LETTERS)
            out.append("ā" if MADDA in marks else vowel if vowel else "" if carrier else "a" if not out else "ā")
            continue
        if base == LONG_A_WITH_HAMZA:
            out.append("ạ̄")
        elif base == WAW:
            if SMALL_V in marks:
                out.append("o")
            elif INVERTED_DAMMA in marks:
                out.append("ū")
            elif vowel or (follows_vowel and not carrier) or (not after and said[-1:] in VOWELS):
                # A consonant: carrying a sign, opening a word or a syllable, or ending one (آلَو ālav).
                out.append("v" + vowel)
            else:
                out.append("ō")
        elif base in YEH:
            if SMALL_V in marks:
                out.append("e")
            elif SUBSCRIPT_ALEF in marks:
                out.append("ī")
            elif vowel or (follows_vowel and not carrier and after) or after == ALEF:
                out.append("y" + vowel)
            else:
                out.append("ī" if not after else "ē")
        elif base == "ے":
            # After a vowel, the glide (باے bāy), unless marked e (شُےٚ she); after a consonant, e.
            out.append("y" if said and said[-1] in VOWELS and SMALL_V not in marks else "e")
        elif base == "ۄ":
            out.append("ŏ")
        elif base in MARKED_VOWEL_LETTERS:
            out.append(MARKED_VOWEL_LETTERS[base])
        elif base == KASHMIRI_YEH:
            # The palatal glide: ya before a consonant (رؠکھ ryakh), y before a vowel, ʼ at the end.
            glide = vowel or after in (WAW, ALEF) or after in YEH
            out.append("ʼ" if not after and not vowel else "y" + vowel if glide else "ya")
        elif base == "ہ" and not after and (vowel or letters[i - 1][1][-1:] in SILENT_H_AFTER):
            # A final ہ that carries a vowel sign is only that vowel (طوطہٕ tōtụ), and after ụ it is
            # not said (تٕہ tụ, نَزرانٕہ nazrānụ).
            out.append(vowel)
        elif base in CONSONANTS:
            consonant = CONSONANTS[base]
            out.append((consonant * 2 if SHADDA in marks else consonant) + vowel)
        else:
            # Punctuation and digits as they are; a letter this table lacks still ends up Latin.
            out.append(base if base.isascii() else anyascii(base))
        carrier = False
    return "".join(out)
