"""How often the Arabic diacritiser (verse_engine.text.arabic_diacritiser) restores a word's short
vowels as a fully vocalised text writes them, and what it costs per line.

engine/.venv/bin/python -m bench.arabic_diacritics TEXT [--lines N]

TEXT: Arabic with every mark written, one passage a line; Fadel et al.'s test set (2019,
github.com/AliOsm/arabic-text-diacritization, dataset/test.txt) is the field's usual one. Each of its
first N lines with at least five Arabic words gives its first 20, stripped of their marks. A word is
right when every letter but its last has the marks the text gives it: the last letter's case ending
is not read in pause (verse_engine.text.arabic_vowels), so it is not scored. The figures: the share
of words wrong (WER) and of letters wrong (DER), both without case endings, and the time per line
when a whole sample goes in one call, as a song's lines do.
"""

from __future__ import annotations

import argparse
import re
import time

from verse_engine.text.arabic_diacritiser import diacritiser
from verse_engine.text.arabic_vowels import MARKS, strip_marks

ARABIC_WORD = re.compile(r"^[\u0621-\u064a]+$")
WORDS_PER_LINE = 20


def sample(path: str, lines: int) -> list[str]:
    out: list[str] = []
    with open(path, encoding="utf-8") as text:
        for line in text:
            words = [w for w in line.split() if ARABIC_WORD.match(strip_marks(w))][:WORDS_PER_LINE]
            if len(words) >= 5:
                out.append(" ".join(words))
            if len(out) == lines:
                break
    return out


def marks_per_letter(word: str) -> list[frozenset[str]]:
    letters: list[set[str]] = []
    for ch in word:
        if ch in MARKS and letters:
            letters[-1].add(ch)
        elif ch not in MARKS:
            letters.append(set())
    return [frozenset(m) for m in letters]


def scores(references: list[str], hypotheses: list[str]) -> tuple[float, float]:
    words = wrong_words = letters = wrong_letters = 0
    for reference, hypothesis in zip(references, hypotheses, strict=True):
        for want, got in zip(reference.split(), hypothesis.split(), strict=True):
            expected, given = marks_per_letter(want)[:-1], marks_per_letter(got)[:-1]
            wrong = sum(a != b for a, b in zip(expected, given, strict=True))
            words, letters = words + 1, letters + len(expected)
            wrong_words, wrong_letters = wrong_words + (wrong > 0), wrong_letters + wrong
    return wrong_words / max(1, words), wrong_letters / max(1, letters)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("text")
    parser.add_argument("--lines", type=int, default=120)
    args = parser.parse_args()
    references = sample(args.text, args.lines)
    plain = [strip_marks(r) for r in references]
    model = diacritiser()
    model.tashkeel_many(plain[:1])
    started = time.perf_counter()
    marked = model.tashkeel_many(plain)
    elapsed = time.perf_counter() - started
    started = time.perf_counter()
    model.tashkeel_many(plain[:1])
    one = time.perf_counter() - started
    wer, der = scores(references, marked)
    print(f"{len(references)} lines, {sum(len(r.split()) for r in references)} words")
    print(f"words wrong (no case endings): {wer:.1%}; letters wrong: {der:.1%}")
    print(f"time: {elapsed / len(references) * 1000:.0f} ms a line, the sample in one call; one line alone {one:.2f} s")


if __name__ == "__main__":
    main()
