"""Lines sung on held vowels ("ooh ooh ooh ooh", "ah ah ah"), spread over the time they fill.

Whisper barely hears a held vowel as a word, so cross-attention alignment squeezes such a line into
the first seconds of its stretch and leaves the rest empty until the next line: Fantasma's
"ooh ooh ooh ooh", four notes of about 6 s over 32 s, came out over 12 s, its last word 12.7 s
early. Where a line consists only of held vowels and its aligned words end well before the next
line starts, its words are given equal shares of the stretch from its start to just before the
next line. Scat syllables ("ba da dam") are not held vowels: they are short, rhythmic notes, and
the aligner places them; a scat line followed by an instrumental would be spread over the solo.
"""

from __future__ import annotations

import re
import unicodedata

from verse_engine.text.lines import Word

# A held vowel as lyrics write it: "ah", "aah", "oh", "ooh", "uh", "eh", "mm", "hmm", in Latin
# script; "आ", "ओ", "ऊ" (repeated or not) in Devanagari. A bare "a", "o" or "e" is a word in
# several of our languages ("to", "or", "and"), and so are two different vowels ("ou", "ai",
# "oui"): a Latin vowel needs its "h" or to be the same letter doubled.
HELD_VOWEL = re.compile(r"^(?:([aeiou])\1*h+|([aeiou])\2+|h?m{2,}|[आओऊ]+)$")
# Less unexplained time than this after the line's words is the singer's breath, not a squeeze.
MIN_UNFILLED_SECONDS = 1.0
# The next line's first word is not shared out: the spread stops this long before it.
GAP_SECONDS = 0.5


def _bare(word: str) -> str:
    text = unicodedata.normalize("NFC", word).lower()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LM")


def is_held_vowel_line(text: str) -> bool:
    words = [_bare(w) for w in text.split()]
    return bool(words) and all(w and HELD_VOWEL.match(w) for w in words)


def spread_held_vowel_lines(lines: list[str], timed: list[list[Word]]) -> None:
    """Re-time, in place, each held-vowel line whose words end more than MIN_UNFILLED_SECONDS
    before the next line starts: equal shares of [its first word's start, next start - GAP]. The
    song's last line, and a line before an untimed one (which may be sung in that stretch), keep
    their times."""
    for text, words, following in zip(lines, timed, timed[1:], strict=False):
        if not words or not following or not is_held_vowel_line(text):
            continue
        start, until = words[0].start, following[0].start - GAP_SECONDS
        if until - words[-1].end <= MIN_UNFILLED_SECONDS:
            continue
        share = (until - start) / len(words)
        for k, word in enumerate(words):
            word.start = start + k * share
            word.end = start + (k + 1) * share
