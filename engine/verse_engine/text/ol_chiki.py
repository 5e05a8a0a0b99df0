"""Santali's readable form, read from its Ol Chiki letters.

Ol Chiki is an alphabet, not an abugida: every vowel is written, and none has length. ALA-LC, the
standard form, still writes its letters as an Indic table would (ᱚ a, ᱟ ā), and reading that without
its marks gives "saantaadi" and "jahaar", which no Santali reader writes. The readable form follows
the sounds, as Zide's transliteration and Wiktionary's write them (ᱚ ô, ᱟ a, ᱜ at a word's end k'),
without their marks and with the conventions every Indian script's readable form shares (c ch, ñ n,
ṅ ng where no velar follows, a nasal vowel's n).
"""

from __future__ import annotations

import unicodedata

VOWELS = {"ᱚ": "o", "ᱟ": "a", "ᱤ": "i", "ᱩ": "u", "ᱮ": "e", "ᱳ": "o"}
CONSONANTS = {
    "ᱛ": "t",
    "ᱜ": "g",
    "ᱞ": "l",
    "ᱠ": "k",
    "ᱡ": "j",
    "ᱢ": "m",
    "ᱣ": "w",
    "ᱥ": "s",
    "ᱦ": "h",
    "ᱧ": "n",
    "ᱨ": "r",
    "ᱪ": "ch",
    "ᱫ": "d",
    "ᱬ": "n",
    "ᱭ": "y",
    "ᱯ": "p",
    "ᱰ": "d",
    "ᱱ": "n",
    "ᱲ": "r",
    "ᱴ": "t",
    "ᱵ": "b",
    # The nasal w (jaw̃ay), written without its tilde.
    "ᱶ": "w",
}
ANG = "ᱝ"
VELARS = {"ᱠ", "ᱜ"}
# ᱜ ᱡ ᱫ ᱵ with no vowel after them are the checked stops k' c' t' p' (ᱢᱤᱫ mit', one), unless the
# ahad marks them voiced (ᱫᱟᱜᱽ dag). Before a vowel or another consonant they are g j d b (ᱜᱤᱫᱨᱟ gidra).
CHECKED = {"ᱜ": "k", "ᱡ": "ch", "ᱫ": "t", "ᱵ": "p"}
AHAD = "\u1c7d"
# The aspirate sign after a consonant (ᱡᱷ jh).
ASPIRATE = "ᱷ"
# The gahla ṭuḍag dot changes a vowel's quality (ᱟᱹ ă), the relaa lengthens it, the phaarkaa
# separates a checked stop from the vowel after it (ᱢᱮᱱᱟᱜᱼᱟ menak'a): none is written.
PHAARKAA = "\u1c7c"
SILENT = {"\u1c79", "\u1c7b", PHAARKAA}
# The mu ṭuḍag dot nasalises the vowel before it (ᱦᱟᱸᱰᱮ hãḍe hande); the mu-gahla mark does both.
NASAL = {"\u1c78", "\u1c7a"}
PUNCTUATION = {"᱾": ".", "᱿": "."}


def readable(word: str) -> str:
    """One Ol Chiki word (or a word mixing it with digits and punctuation) in the readable form."""
    letters = list(unicodedata.normalize("NFC", word))
    out: list[str] = []
    for i, ch in enumerate(letters):
        after = letters[i + 1] if i + 1 < len(letters) else ""
        if ch in VOWELS:
            out.append(VOWELS[ch])
        elif ch == ANG:
            out.append("n" if after in VELARS else "ng")
        elif ch in CHECKED and after not in VOWELS and after != AHAD and not _is_consonant(after):
            out.append(CHECKED[ch])
        elif ch in CONSONANTS:
            out.append(CONSONANTS[ch])
        elif ch == ASPIRATE:
            out.append("h")
        elif ch in NASAL:
            out.append("n")
        elif ch in PUNCTUATION:
            out.append(PUNCTUATION[ch])
        elif ch == AHAD or ch in SILENT:
            continue
        elif unicodedata.category(ch) == "Nd":
            out.append(str(unicodedata.decimal(ch)))
        else:
            out.append(ch)
    return "".join(out)


def _is_consonant(ch: str) -> bool:
    return ch in CONSONANTS or ch in (ANG, ASPIRATE)
