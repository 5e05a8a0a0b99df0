"""Urdu words read through their Hindi spelling (urdu_hindi_words.tsv, written by
scripts/urdu_hindi_words.py), which writes the short vowels Urdu leaves out: پاکستان is पाकिस्तान,
pākistān, where the letters alone give pākstān. The Hindi reading (ISO 15919, with Hindi's own
inherent-vowel rule) is put into the Urdu scheme: ē e, ō o, ś and ṣ sh, ġ g͟h, a nasal after a long
vowel ṉ and otherwise n. Two facts of the Urdu spelling decide the ending, which the Hindi one may
not: a word that ends on a consonant letter ends on no vowel (जिस्म jisma, جسم jism), and a final ہ
after a consonant is ALA-LC's -ah (हंगामा hangāmā, ہنگامہ hangāmah). And Urdu opens no word on two
consonants but for a glide, so a Hindi word that does is read with a between them (भ्रम bhram,
بھرم bharam), as the letters are (romanise.OPENING_VOWEL_LANGUAGES). Arabic's consonants, which Hindi
writes as its own, are the Urdu word's (ضرورت ज़रूरत ẓarūrat; URDU_LETTERS_OF).

A spelling shared by two words is read as the commoner Hindi word (ہوا huā or havā): the lexicon
of urdu_words.tsv, read first, holds the common ones of these as Urdu says them."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from verse_engine.text.arabic_letters import ARABIC
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
    text = _urdu_consonants(text, word)
    if word[-1:] not in VOWEL_LETTERS and text.endswith("a"):
        text = text[:-1]
    elif word.endswith("ہ") and word[-2:-1] not in VOWEL_LETTERS and text.endswith(("a", "ā")):
        text = text[:-1] + "ah"
    return text


# The sounds Hindi writes with one letter each and Urdu with several, Arabic's among them: z (ज़ for
# ز ذ ض ظ), s (स for س ث ص), t (त for ت ط) and h (ह for ہ ح); first the letter Aksharamukha writes for
# Hindi's. Paired with Hindi through that letter (scripts/urdu_hindi_words.py), an Urdu word is read
# with Hindi's vowels and its own consonants (ARABIC's): ضرورت ẓarūrat, صاحب ṣāḥab, طرح ṭaraḥ.
URDU_LETTERS_OF = {"z": "زذضظ", "s": "سثص", "t": "تط", "h": "ہح"}
# Each sound as a Hindi reading writes it: every z and t (t's aspirate is ت and ھ in Urdu too), and s
# and h where they are no part of sh or an aspirate (k͟h among them).
_HINDI_SOUND = {
    "z": re.compile("z"),
    "s": re.compile("s(?!h)"),
    "t": re.compile("t"),
    "h": re.compile("(?<![kgcjtdpbṭḍṛs\u035f])h"),
}
_AS_HINDI_WRITES = str.maketrans({ch: letters[0] for letters in URDU_LETTERS_OF.values() for ch in letters[1:]})


def as_hindi_writes(word: str) -> list[str]:
    """The spellings the Urdu word's Hindi word may have in Urdu letters, the likelier first: with its
    Arabic consonants as the letters of Hindi's z, s, t and h (ضد as زد), and then, where it ends on
    a ہ that writes the vowel a, with that ہ as the alif of Hindi's ā (افسانہ as افسانا, अफ़साना),
    as Urdu writes the -a of its Persian and Arabic words and Hindi does not."""
    spelling = word.translate(_AS_HINDI_WRITES)
    return [spelling, spelling[:-1] + "ا"] if _ends_on_written_a(word) else [spelling]


def _ends_on_written_a(word: str) -> bool:
    return len(word) > 2 and word.endswith("ہ") and word[-2] not in VOWEL_LETTERS


def _urdu_consonants(text: str, word: str) -> str:
    """The Hindi reading `text` with the Urdu `word`'s Arabic consonants in place of Hindi's z, s, t and
    h: the n-th of a sound's letters in the word is its n-th in the reading. Where the counts differ,
    the reading is left as it is."""
    # A final ہ that writes the vowel a has no h in the reading.
    sounded = word[:-1] if _ends_on_written_a(word) else word
    for sound, letters in URDU_LETTERS_OF.items():
        written = [ch for ch in sounded if ch in letters]
        if not set(written) & set(letters[1:]):
            continue
        said = list(_HINDI_SOUND[sound].finditer(text))
        if len(said) != len(written):
            continue
        for ch, match in reversed(list(zip(written, said, strict=True))):
            if ch != letters[0]:
                text = text[: match.start()] + ARABIC[ch] + text[match.end() :]
    return text
