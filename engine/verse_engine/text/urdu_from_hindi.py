"""Urdu words read through their Hindi spelling (urdu_hindi_words.tsv, written by
scripts/urdu_hindi_words.py), which writes the short vowels Urdu leaves out: پاکستان is पाकिस्तान,
pākistān, where the letters alone give pākstān. The Hindi reading (ISO 15919, with Hindi's own
inherent-vowel rule) is put into the Urdu scheme: ē e, ō o, ś and ṣ sh, ġ g͟h, a nasal after a long
vowel ṉ and otherwise n. Two facts of the Urdu spelling decide the ending, which the Hindi one may
not: a word that ends on a consonant letter ends on no vowel (जिस्म jisma, جسم jism), and a final ہ
after a consonant is ALA-LC's -ah (हंगामा hangāmā, ہنگامہ hangāmah). And Urdu opens no word on two
consonants but for a glide, so a Hindi word that does is read with a between them (भ्रम bhram,
بھرم bharam), as the letters are (romanise.OPENING_VOWEL_LANGUAGES).

A spelling shared by two words is read as the commoner Hindi word (ہوا huā or havā): the lexicon
of urdu_words.tsv, read first, holds the common ones of these as Urdu says them."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from verse_engine.text.urdu_words import URDU_LETTERS

# Letters that end an Urdu word on a vowel (or write one: ع); any other last letter is a consonant.
VOWEL_LETTERS = "اآہھیےۓوعئ"
LONG_VOWELS = "āīūeoēō"
SCHEME = {"ē": "e", "ō": "o", "ś": "sh", "ṣ": "sh", "ġ": "g͟h", "ṅ": "n", "ñ": "n", "ṇ": "n", "r̥": "ri"}
# A nasal after a long vowel or a diphthong is the vowel's nasality, nūn ghunnah (ṉ).
_NASAL_VOWEL = re.compile(f"(?<=[{LONG_VOWELS}])ṁ|(?<=ai)ṁ|(?<=au)ṁ")


@cache
def _spellings() -> dict[str, str]:
    rows = (Path(__file__).parent / "urdu_hindi_words.tsv").read_text(encoding="utf-8").splitlines()
    return dict(row.split("\t") for row in rows if row and not row.startswith("#"))


# A Devanagari word that opens on a consonant (with its nukta) joined by a virama to one that is no
# glide (य, व).
_OPENING_CLUSTER = re.compile("^([\u0915-\u0939]\u093c?)\u094d(?![यव])")


def hindi_spelling(word: str) -> str | None:
    """The word's Hindi spelling, as Urdu says it (see the module), or None where the list does not
    have it."""
    hindi = _spellings().get(word.translate(URDU_LETTERS))
    return None if hindi is None else _OPENING_CLUSTER.sub(r"\1", hindi)


def in_urdu_scheme(iso: str, word: str) -> str:
    """The Hindi reading `iso` (ISO 15919) of the Urdu `word`, in the Urdu scheme (see the module)."""
    text = unicodedata.normalize("NFC", iso).replace("m̐", "ṁ")
    text = _NASAL_VOWEL.sub("ṉ", text).replace("ṁ", "n")
    for letter, urdu in SCHEME.items():
        text = text.replace(letter, urdu)
    word = word.translate(URDU_LETTERS)
    if word[-1:] not in VOWEL_LETTERS and text.endswith("a"):
        text = text[:-1]
    elif word.endswith("ہ") and word[-2:-1] not in VOWEL_LETTERS and text.endswith(("a", "ā")):
        text = text[:-1] + "ah"
    return text
