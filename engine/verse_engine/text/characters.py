"""How lyrics are compared: lower case, NFC, and only letters, marks and digits. Marks belong to
their word: the vowel signs and viramas of Indic scripts (रात is र + ा + त) are marks, and a rule
that drops them compares loose consonants."""

from __future__ import annotations

import unicodedata


def _kept(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LMN"


def normalise(text: str) -> str:
    """The text with everything but letters, marks, digits and spaces removed (l'amour → lamour)."""
    text = unicodedata.normalize("NFC", text.lower())
    return "".join(ch for ch in text if _kept(ch) or ch.isspace()).strip()


def words(text: str) -> list[str]:
    """The words a word error rate counts: split at anything but letters, marks and digits, so at
    apostrophes too (l'amour → l, amour)."""
    text = unicodedata.normalize("NFC", text.lower())
    return "".join(ch if _kept(ch) else " " for ch in text).split()


def ascii_digits(text: str) -> str:
    """Decimal digits of every script (Devanagari ६०, Arabic-Indic ٦٠, Thai ๖๐, full-width ６０...) as
    ASCII digits. The romanisation is read by people who may not read the original script; the
    original keeps its digits as sung."""
    return "".join(str(unicodedata.decimal(ch)) if unicodedata.category(ch) == "Nd" else ch for ch in text)


# The danda and double danda close a sentence or verse in every Indic script, and Urdu's ۔ does in
# the Arabic script: full stops in Latin, as the Arabic comma and question mark are Latin's own.
# The zero-width joiner and non-joiner only choose a letter's shape (क्‍ष with a half k); they are
# no sound, and a romanised line is better without invisible characters.
_TO_LATIN = str.maketrans({"\u0964": ".", "\u0965": ".", "۔": ".", "،": ",", "؟": "?", "\u200c": None, "\u200d": None})


def latin_punctuation(text: str) -> str:
    """The text with Indic and Arabic-script punctuation in Latin, and without zero-width joiners."""
    return text.translate(_TO_LATIN)


def without_marks(text: str) -> str:
    """Each letter without its combining marks (é → e, ā → a, k͟h → kh)."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn"))
