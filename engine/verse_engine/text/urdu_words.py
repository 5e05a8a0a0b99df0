"""Urdu words read from a lexicon (urdu_words.tsv), for the short vowels the script leaves out: دل is
dil, not dl. A word the lexicon lacks is read letter by letter, as before."""

from __future__ import annotations

from functools import cache
from pathlib import Path

# Arabic code points that Urdu text often carries for its own letters.
URDU_LETTERS = str.maketrans({"ي": "ی", "ك": "ک", "ه": "ہ", "ى": "ی"})


@cache
def _lexicon() -> dict[str, tuple[tuple[str, str], tuple[str, str]]]:
    """word → ((standard, readable) first in a line, (standard, readable) elsewhere)."""
    entries = {}
    for row in (Path(__file__).parent / "urdu_words.tsv").read_text(encoding="utf-8").splitlines():
        if not row or row.startswith("#"):
            continue
        word, standard, readable = row.split("\t")
        first_standard, _, other_standard = standard.partition("/")
        first_readable, _, other_readable = readable.partition("/")
        entries[word] = (
            (first_standard, first_readable),
            (other_standard or first_standard, other_readable or first_readable),
        )
    return entries


# The ergative postposition: the word before it is the verb's subject (میں نے main ne, "I did"),
# never the postposition میں (in), which no postposition follows.
ERGATIVE = "نے"


def is_ergative(word: str) -> bool:
    """Whether the word (without its punctuation) is the ergative نے."""
    return word.translate(URDU_LETTERS) == ERGATIVE


def reading(word: str, *, as_subject: bool, readable: bool) -> str | None:
    """The word's reading in the chosen form, or None when the lexicon does not have it. `as_subject`:
    the word stands where a subject does, first in its line or before نے, and takes the reading
    written first (میں: main, I; elsewhere mein, in)."""
    entry = _lexicon().get(word.translate(URDU_LETTERS))
    if entry is None:
        return None
    standard_form, readable_form = entry[0 if as_subject else 1]
    return readable_form if readable else standard_form
