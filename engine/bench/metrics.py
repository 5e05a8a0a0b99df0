"""Error rates used by the benchmarks: normalised words (WER) and characters (CER), and word-start
timing against true times."""

import math
import statistics

from verse_engine.asr.vote import edit_table
from verse_engine.text.characters import words


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


def _char_ngrams(text: str, n: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for i in range(len(text) - n + 1):
        gram = text[i : i + n]
        counts[gram] = counts.get(gram, 0) + 1
    return counts


def chrf(ref: str, hyp: str, max_order: int = 6, beta: float = 2.0) -> float:
    """chrF2 (Popović 2015) as sacrebleu computes it: character 1- to 6-gram precision and recall,
    each averaged over the orders, combined with recall weighted beta times; spaces removed. Text is
    lowercased first (transcripts and references differ in capitals, not in meaning). 0 to 100."""
    r, h = "".join(ref.lower().split()), "".join(hyp.lower().split())
    precisions, recalls = [], []
    for n in range(1, max_order + 1):
        rn, hn = _char_ngrams(r, n), _char_ngrams(h, n)
        if not rn or not hn:
            continue
        matched = sum(min(count, rn.get(gram, 0)) for gram, count in hn.items())
        precisions.append(matched / sum(hn.values()))
        recalls.append(matched / sum(rn.values()))
    if not precisions:
        return 0.0
    p, rec = sum(precisions) / len(precisions), sum(recalls) / len(recalls)
    if p == 0 and rec == 0:
        return 0.0
    return 100 * (1 + beta**2) * p * rec / (beta**2 * p + rec)


def errors_per_line(ref: str, hyp_lines: list[str]) -> list[int]:
    """The word errors of a transcript against its reference, charged to the transcript's lines: a
    wrong or extra word to its own line, a missing word to the line of the transcript word before
    it (the first line when none is). They add up to the WER's error count."""
    r = words(ref)
    hyp: list[tuple[str, int]] = [(w, i) for i, line in enumerate(hyp_lines) for w in words(line)]
    n, m = len(r), len(hyp)
    d = edit_table(r, [w for w, _ in hyp])
    charged = [0] * len(hyp_lines)
    i, j = n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (r[i - 1] != hyp[j - 1][0]):
            charged[hyp[j - 1][1]] += r[i - 1] != hyp[j - 1][0]
            i, j = i - 1, j - 1
        elif j > 0 and d[i][j] == d[i][j - 1] + 1:
            charged[hyp[j - 1][1]] += 1
            j -= 1
        else:
            if charged:
                charged[hyp[j - 1][1] if j > 0 else 0] += 1
            i -= 1
    return charged


#: Errors a listener does not notice, by the field's measure: up to 0.33 s early or 0.22 s late.
PERCEPTUAL_WINDOW = (-0.33, 0.22)
#: Lizé-Masclef et al. (2021), as mir_eval's karaoke_perceptual_metric fits them: a skew-normal
#: density over (predicted - true), divided so that its peak is about 1.
_KARAOKE_SKEW, _KARAOKE_LOC, _KARAOKE_SCALE, _KARAOKE_NORM = 1.12244251, -0.22270315, 0.29779424, 1.6857


def karaoke_score(offset: float) -> float:
    z = (offset - _KARAOKE_LOC) / _KARAOKE_SCALE
    density = math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    below = 0.5 * (1 + math.erf(_KARAOKE_SKEW * z / math.sqrt(2)))
    return 2 / _KARAOKE_SCALE * density * below / _KARAOKE_NORM


def timing_scores(predicted: list[float], true: list[float]) -> dict:
    """Word-start accuracy: the average and median absolute error (s), the share within 0.3 s, the
    share over 1 s off (derailed), the share inside the perceptual window, the mean karaoke score,
    and the signed median (negative: words placed early)."""
    signed = [p - t for p, t in zip(predicted, true, strict=True)]
    errors = [abs(e) for e in signed]
    early, late = PERCEPTUAL_WINDOW
    return {
        "aae": statistics.mean(errors),
        "median": statistics.median(errors),
        "pco_0_3": sum(e <= 0.3 for e in errors) / len(errors),
        "derailed": sum(e > 1.0 for e in errors) / len(errors),
        "in_window": sum(early <= e <= late for e in signed) / len(signed),
        "karaoke": statistics.mean(karaoke_score(e) for e in signed),
        "signed_median": statistics.median(signed),
    }
