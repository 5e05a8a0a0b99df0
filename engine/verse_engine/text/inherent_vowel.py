"""Which inherent vowels a Hindi speaker leaves unsaid, marked in the Devanagari itself: a virama is
written after each consonant whose a is dropped, so any transliteration of the result reads as said
(मेरा नाम mērā nām, समझना samajhnā, अपनापन apnāpan).

The rule is the one Ohala described and Narasimhan, Sproat and Kiraz made an algorithm of ("Schwa
deletion in Hindi text-to-speech", 2004): a word's last a goes; then, from right to left, an a goes
where a vowel and one consonant stand before it and one consonant and a vowel after it (V C a C V).
Right to left matters: once an a goes, the consonant it followed no longer has a vowel, which keeps
the a before it (sa-ma-jha-nā → samajhnā, not samjhanā). Two exceptions keep the last a: after a
cluster that cannot end a syllable (मित्र mitra, सूर्य sūrya: the second consonant more sonorous
than the first), and after य following i, ī or e (प्रिय priya); an a before the suffix -iyā stays
(केसरिया kēsariyā, सँवरिया sam̐variyā), and so does one after a syllable an anusvara closes, which
is a consonant of the rule's left side, unless a glide or liquid follows it (ज़िंदगी zindagī, but
पिंजरा piñjrā). A word written with a final virama
is spelled as Sanskrit spells it, and keeps every a (मातरम् mātaram). Compounds are read as one word
(जलमहल jalamhal, said jal-mahal), which needs a lexicon, but for a few members common in
names and lyrics: last, -pati, -nagar, -sarāy, -gāṁv (करोड़पति karōṛpati, श्रीनगर śrīnagar,
राजनांदगांव rājnāṁdgāṁv), and first, ham- (हमसफ़र hamsafar).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

VIRAMA = "\u094d"
NUKTA = "\u093c"
# Vowel signs (matras): U+093A-094C but the nukta and avagraha, and the later ones.
VOWEL_SIGNS = {chr(c) for c in range(0x093A, 0x094D)} - {NUKTA, "\u093d"} | set(
    "\u094e\u094f\u0955\u0956\u0957\u0962\u0963"
)
# Candrabindu, anusvara, visarga: they nasalise or close the syllable before them.
MODIFIERS = {"\u0900", "\u0901", "\u0902", "\u0903"}
ANUSVARA = "\u0902"
GLIDES_AND_LIQUIDS = "यरलव"

INDEPENDENT_VOWELS = (
    {chr(c) for c in range(0x0904, 0x0915)} | {"\u0960", "\u0961"} | {chr(c) for c in range(0x0972, 0x0978)}
)
CONSONANTS = (
    {chr(c) for c in range(0x0915, 0x093A)}
    | {chr(c) for c in range(0x0958, 0x0960)}
    | {chr(c) for c in range(0x0978, 0x0980)}
)
# Sonority, most sonorous first: a final a after a cluster goes only where its consonants rise in
# it (धर्म dharm, अर्थ arth, मस्त mast) and stays where they fall (मित्र mitra, राज्य rājya).
SONORITY = ["यरलव", "नमणङञ", "शषस", "कखपफगघबभ", "टठतथडढदध", "चछजझ"]
ASPIRATES = dict(zip("कगचजटडतदपब", "खघछझठढथधफभ", strict=True))
FRONT_VOWEL_SIGNS = {"\u093f", "\u0940", "\u0947"}  # ि ी े


@dataclass
class Unit:
    """A consonant (with its nukta) and what follows it, an independent vowel, or any other character
    (punctuation, a sign with no letter before it) standing alone."""

    letter: str
    #: The vowel sign, VIRAMA, or "" for the inherent a (and for anything but a consonant).
    vowel: str
    modifiers: str = ""

    @property
    def consonant(self) -> bool:
        return self.letter[0] in CONSONANTS

    @property
    def inherent(self) -> bool:
        return self.consonant and self.vowel == "" and not self.modifiers

    @property
    def voiced(self) -> bool:
        """Whether a vowel is said in it: a kept a, a vowel sign, or an independent vowel."""
        return self.vowel != VIRAMA


def units_of(text: str) -> list[Unit]:
    """The text as consonants with their signs, vowels with their modifiers, and anything else one
    character at a time."""
    units: list[Unit] = []
    for ch in text:
        last = units[-1] if units else None
        if last and ch == NUKTA and last.consonant and last.vowel == "" and NUKTA not in last.letter:
            last.letter += ch
        elif last and (ch in VOWEL_SIGNS or ch == VIRAMA) and last.consonant and last.vowel == "":
            last.vowel = ch
        elif last and ch in MODIFIERS and (last.consonant or last.letter in INDEPENDENT_VOWELS):
            last.modifiers += ch
        else:
            units.append(Unit(ch, ""))
    return units


def _units(word: str) -> list[Unit] | None:
    """The word as consonants and vowels, or None where it is not a well-formed one (a sign
    without its consonant), which is left as written."""
    units = units_of(word)
    if any(not u.consonant and u.letter not in INDEPENDENT_VOWELS for u in units):
        return None
    return units


def _rank(letter: str) -> int | None:
    return next((k for k, group in enumerate(SONORITY) if letter[0] in group), None)


def _keeps_final(units: list[Unit]) -> bool:
    last = units[-1]
    before = units[-2]
    if before.vowel == VIRAMA:
        first, second = _rank(before.letter), _rank(last.letter)
        # Geminates and two stops of one row of SONORITY close a word too (शुद्ध śuddh, सत्त satt).
        same = before.letter[0] == last.letter[0] or (first is not None and first == second and first >= 3)
        return not same and not (first is not None and second is not None and first < second)
    return _glide(last, before)


def _drop(units: list[Unit], *, geminate_as_one: bool = False) -> None:
    # A word written with its final virama is spelled as Sanskrit spells it (मातरम् mātaram,
    # जगत् jagat), and said so.
    if sum(u.voiced for u in units) < 2 or units[-1].vowel == VIRAMA:
        return
    if units[-1].inherent and not _keeps_final(units):
        units[-1].vowel = VIRAMA
    for k in range(len(units) - 2, 0, -1):
        here, before, after = units[k], units[k - 1], units[k + 1]
        if (
            here.inherent
            and (
                before.voiced and not _after_nasal_coda(before, after) or geminate_as_one and _closes_geminate(units, k)
            )
            and after.consonant
            and after.voiced
            and not _before_iya(units, k + 1)
            and not _glide(here, before)
        ):
            here.vowel = VIRAMA


def _after_nasal_coda(before: Unit, after: Unit) -> bool:
    """Whether an a between `before` and `after` stands after a syllable its anusvara closes, where
    dropping it would leave three consonants no syllable can part (ज़िंदगी zin-da-gī, बंदगी): kept. Before
    a glide or liquid the two consonants can open the next syllable together (पिंजरा pin-jrā, ਅੰਗਰੇਜ
    an-grēj), and the a goes as after any vowel."""
    return ANUSVARA in before.modifiers and after.letter[0] not in GLIDES_AND_LIQUIDS


def _closes_geminate(units: list[Unit], k: int) -> bool:
    """Whether units[k] is the second half of a doubled consonant after a vowel (ਚੱਲ call, ਕੱਪ kapp,
    ਅੱਖ akkh: an aspirate doubles as its plain stop and itself)."""
    before, here = units[k - 1], units[k].letter
    doubled = before.letter == here or ASPIRATES.get(before.letter) == here
    return before.vowel == VIRAMA and doubled and k >= 2 and units[k - 2].voiced


def _glide(unit: Unit, before: Unit) -> bool:
    """Whether the unit is a य after i, ī or e: a glide out of that vowel, whose a is said wherever it
    stands (प्रिय priya, प्रियतम priyatam, पियरी piyarī)."""
    return unit.letter[0] == "य" and before.vowel in FRONT_VOWEL_SIGNS


def _before_iya(units: list[Unit], k: int) -> bool:
    """Whether units[k] opens the suffix -iyā (-iyē, -iyō), before which the a stays: केसरिया kēsariyā,
    चुनरिया cunariyā, कहनिया kahaniyā."""
    return (
        units[k].vowel == "\u093f"
        and k + 1 < len(units)
        and units[k + 1].letter == "य"
        and units[k + 1].vowel not in ("", VIRAMA)
    )


# A word's Devanagari letters and signs: what punctuation, digits and dandas do not break.
WORD = re.compile(r"[\u0900-\u0963\u0970-\u097f]+")


# The last members of compounds common enough in names and lyrics to be read apart: the rule would
# take the a that opens them (श्रीनगर śrīngar, करोड़पति karōṛapti, बेगूसराय bēgūsrāy).
COMPOUND_HEADS = ("पति", "पती", "नगर", "सराय", "गांव", "गाँव")


def _said(word: str, geminate_as_one: bool) -> str:
    units = _units(word)
    if units is None:
        return word
    _drop(units, geminate_as_one=geminate_as_one)
    return "".join(u.letter + u.vowel + u.modifiers for u in units)


# And the first member the same words are made with: हम- (with, fellow), which the rule would read
# into the word (हमसफ़र hamasfar, हमनवा hamanvā). Only before two letters or more: हमल is hamal.
COMPOUND_FIRSTS = ("हम",)


def _spoken(word: str, geminate_as_one: bool) -> str:
    firsts = ""
    while (first := _first_member(word)) is not None:
        firsts += _said(first, geminate_as_one)
        word = word[len(first) :]
    for head in COMPOUND_HEADS:
        stem = word[: -len(head)]
        if word.endswith(head) and stem and not stem.endswith(VIRAMA):
            return firsts + _said(stem, geminate_as_one) + _said(head, geminate_as_one)
    return firsts + _said(word, geminate_as_one)


def _first_member(word: str) -> str | None:
    """The COMPOUND_FIRSTS member the word opens with, where a word of two letters or more follows."""
    for first in COMPOUND_FIRSTS:
        rest = word[len(first) :]
        if word.startswith(first) and rest[:1] in CONSONANTS and len(units_of(rest)) >= 2:
            return first
    return None


def drop_unspoken(text: str, *, geminate_as_one: bool = False) -> str:
    """The text with a virama after every consonant whose inherent vowel is not said, word by word.

    `geminate_as_one` (Punjabi): a doubled consonant after a vowel, which Gurmukhi writes with the
    adhak, loses the a after it where a single consonant would (ਚੱਲਦਾ calldā, ਮਿੱਤਰਾਂ mittrāṁ,
    ਕੱਪੜਾ kappṛā), since the adhak marks the short vowel before it, not a cluster; Hindi keeps that a
    after a written cluster (पल्लवी pallavī)."""
    return WORD.sub(lambda match: _spoken(match.group(0), geminate_as_one), text)
