"""Error rates used by the benchmarks: normalised words (WER) and characters (CER)."""

import re
import unicodedata


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFC", text.lower()).replace("'", " ").replace("’", " ")
    return re.sub(r"[^\w\s]", " ", text).split()


def edit_distance(ref: list, hyp: list) -> int:
    d = list(range(len(hyp) + 1))
    for i in range(1, len(ref) + 1):
        prev, d[0] = d[0], i
        for j in range(1, len(hyp) + 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (ref[i - 1] != hyp[j - 1]))
    return d[len(hyp)]


def wer(ref: str, hyp: str) -> tuple[int, int]:
    """(errors, reference words)"""
    r = words(ref)
    return edit_distance(r, words(hyp)), len(r)


def cer(ref: str, hyp: str) -> float:
    r, h = "".join(words(ref)), "".join(words(hyp))
    return edit_distance(list(r), list(h)) / max(1, len(r))
