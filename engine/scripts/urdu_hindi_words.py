"""Writes verse_engine/text/urdu_hindi_words.tsv: Urdu words paired with their Hindi spelling, so that
the short vowels Urdu leaves unwritten are read from Devanagari, which writes them (پاکستان is
पाकिस्तान, pākistān, not pākstān).

Each of wordfreq's 50,000 commonest Hindi words is written in Urdu letters by Aksharamukha (the
engine's own version), without the short-vowel marks Urdu text leaves out. Where that spelling is
one of wordfreq's 50,000 commonest Urdu words, the pair is kept; of several Hindi words with one Urdu
spelling, the commonest. Hindi writes Arabic's consonants as its own z, s, t and h, so an Urdu word
with ض, ص, ط, ح and their like is paired through its spelling with those letters in their place
(urdu_from_hindi.as_hindi_writes: ضرورت as زرورت, ज़रूरत), and keeps its own letters when read; and
one that ends on the ہ that writes a, through its spelling with Hindi's alif there (افسانہ as
افسانا, अफ़साना).
wordfreq is not an engine dependency (its lists take 58 MB):

    cd engine && .venv/bin/pip install wordfreq==3.1.1 && .venv/bin/python -m scripts.urdu_hindi_words

wordfreq's lists are CC BY-SA 4.0 (Robyn Speer, wordfreq 3.1, https://doi.org/10.5281/zenodo.7199437).
"""

from __future__ import annotations

import re
from pathlib import Path

from verse_engine.text.urdu_from_hindi import as_hindi_writes
from verse_engine.text.urdu_words import URDU_LETTERS

OUT = Path(__file__).resolve().parents[1] / "verse_engine" / "text" / "urdu_hindi_words.tsv"
WORDS = 50_000
# Arabic short vowels, shadda, sukun, superscript alif and Aksharamukha's nasal mark: Urdu text
# writes none of them.
MARKS = re.compile("[\u064b-\u065f\u0670\u0658]")
HEADER = """\
# Urdu words and their Hindi spelling, for the short vowels Urdu does not write. Written by
# engine/scripts/urdu_hindi_words.py from wordfreq 3.1.1's Hindi and Urdu lists (CC BY-SA 4.0, Robyn
# Speer, https://doi.org/10.5281/zenodo.7199437) through Aksharamukha 2.3; see that script.
"""


def main() -> None:
    from aksharamukha import transliterate
    from wordfreq import top_n_list

    # Urdu words by the spellings their Hindi word may have, the likelier first: a word is paired
    # through its second only where no Hindi word has its first (جگہ जगह, not जगा).
    likelier: dict[str, list[str]] = {}
    other: dict[str, list[str]] = {}
    for word in dict.fromkeys(w.translate(URDU_LETTERS) for w in top_n_list("ur", WORDS)):
        first, *rest = as_hindi_writes(word)
        likelier.setdefault(first, []).append(word)
        for spelling in rest:
            other.setdefault(spelling, []).append(word)
    pairs: dict[str, str] = {}
    fallbacks: dict[str, str] = {}
    for hindi in top_n_list("hi", WORDS):
        if not all("\u0900" <= ch <= "\u097f" for ch in hindi):
            continue
        spelling = MARKS.sub("", transliterate.process("Devanagari", "Urdu", hindi)).translate(URDU_LETTERS)
        for word in likelier.get(spelling, []):
            pairs.setdefault(word, hindi)
        for word in other.get(spelling, []):
            fallbacks.setdefault(word, hindi)
    pairs = fallbacks | pairs
    OUT.write_text(HEADER + "".join(f"{u}\t{h}\n" for u, h in sorted(pairs.items())), encoding="utf-8")
    print(f"{len(pairs)} words written to {OUT}")


if __name__ == "__main__":
    main()
