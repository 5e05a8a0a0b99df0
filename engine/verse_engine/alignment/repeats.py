"""Lines of one syllable sung over and over ("la la la la", "glou glou glou"), timed as repeats.

Every word of such a line is the same token, so cross-attention has nothing to tell one from the
next: the alignment keeps the block's outer edges (distinct words stand on either side) but slides
the syllables inside it, and where two such lines follow each other the first spills into the
second. Within a block of consecutive repeat lines, the voice decides: where Silero hears one
stretch of voice per line, each line's syllables share its stretch evenly, as a rhythmic figure is
sung; otherwise the block's syllables share the block, from its aligned start to where the voice
last sounds in it, evenly, line by line. Held vowels ("ooh
ooh") are vocalise.py's.
"""

from __future__ import annotations

import numpy as np

from verse_engine.alignment.vocalise import is_held_vowel_line
from verse_engine.alignment.voice_onsets import FRAME_SECONDS, frame, voice_threshold, word_frames
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Word

# A repeat line has at least this many words, all the same.
MIN_REPEATS = 3
# Shorter silences than this are the breaks between syllables, not between lines.
LINE_BREAK_SECONDS = 0.3


def is_repeat_line(text: str) -> bool:
    words = [normalise(w) for w in text.split()]
    return len(words) >= MIN_REPEATS and len(set(words)) == 1 and not is_held_vowel_line(text)


def blocks(lines: list[str], timed: list[list[Word]]) -> list[list[int]]:
    """Runs of consecutive timed repeat lines, by index."""
    out: list[list[int]] = []
    for i, (text, words) in enumerate(zip(lines, timed, strict=True)):
        if not words or not is_repeat_line(text):
            continue
        if out and out[-1][-1] == i - 1:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def voiced_stretches(
    probabilities: np.ndarray, threshold: float, start: float, end: float
) -> list[tuple[float, float]]:
    """The stretches of [start, end] where the voice sounds, joined across silences shorter than
    LINE_BREAK_SECONDS."""
    first = frame(start)
    voiced = probabilities[first : frame(end) + 1] >= threshold
    stretches: list[tuple[float, float]] = []
    k = 0
    while k < len(voiced):
        if not voiced[k]:
            k += 1
            continue
        j = k
        while j < len(voiced) and voiced[j]:
            j += 1
        at, until = (first + k) * FRAME_SECONDS, (first + j) * FRAME_SECONDS
        if stretches and at - stretches[-1][1] < LINE_BREAK_SECONDS:
            stretches[-1] = (stretches[-1][0], until)
        else:
            stretches.append((at, until))
        k = j
    return stretches


def _share_out(words: list[Word], start: float, end: float) -> None:
    step = (end - start) / len(words)
    for k, word in enumerate(words):
        word.start, word.end = start + k * step, start + (k + 1) * step


def time_repeats(lines: list[str], timed: list[list[Word]], probabilities: np.ndarray) -> None:
    """Re-times, in place, the syllables of each block of repeat lines (see the module's doc)."""
    spans = word_frames(timed, probabilities)
    if not spans:
        return
    threshold = voice_threshold(spans)
    for block in blocks(lines, timed):
        start, end = timed[block[0]][0].start, timed[block[-1]][-1].end
        stretches = voiced_stretches(probabilities, threshold, start, end)
        if stretches:
            # The block's last word absorbs the silence after it, up to its share of the pace
            # (align.clip_long_edges): the voice says where it ends. Its start stands: the word
            # before it is a different one, which the alignment tells apart.
            end = stretches[-1][1]
        if len(stretches) == len(block):
            for i, (at, until) in zip(block, stretches, strict=True):
                _share_out(timed[i], at, until)
            continue
        total = sum(len(timed[i]) for i in block)
        cursor = start
        for i in block:
            length = (end - start) * len(timed[i]) / total
            _share_out(timed[i], cursor, cursor + length)
            cursor += length
