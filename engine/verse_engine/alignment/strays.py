"""A bound on how far a word may stray from its line, and on a line crushed by its neighbours.

Forced alignment walks a whole window, so a word it cannot find is pinned wherever the path
leaves room: at the window's edge, or at another pass of the same words (a line's first words
timed at a chorus sung seconds earlier, the rest where the line is sung). A line's words follow
each other within SECONDS_PER_WORD[1], as the anchors assume. Where a gap between two of its word
starts is wider, the line's body is its largest run of words that holds together; the strays are
put back beside it, each at its share of the song's pace, with no confidence, so the line is
flagged and the words marked unsure rather than placed as if known. Lines of held vowels are
left alone: four held "ooh"s are sung seconds apart (vocalise.py spreads them).

Lines are aligned together, several to a window, so a line can also lose its place to its
neighbours: a repeated "les larmes" held over the next line's time, that line crushed at its end,
or pressed past it into the time of the line after. realign_crushed aligns such a line again alone
in its own window. The other way, a line between nearly alike neighbours ("ba da da da da da",
"ba da da dam da da", "ba da da dam da dam da") can be stretched over the whole stretch between
them, its syllables held seconds each, while alone in its window the alignment finds it where it
was sung: realign_stretched.
"""

from __future__ import annotations

from collections.abc import Callable

from verse_engine.alignment.align import Span, squeezed, word_pace, word_share
from verse_engine.alignment.anchors import SECONDS_PER_WORD
from verse_engine.alignment.vocalise import is_held_vowel_line
from verse_engine.text.lines import Word

MAX_GAP_SECONDS = SECONDS_PER_WORD[1]
# A line is stretched when its words take this many times their shares at the song's pace: held
# notes that long are held vowels (vocalise.py), which are left alone.
STRETCHED = 3.0
# A word starting this far outside its line's window has left it.
OUT_OF_WINDOW_SECONDS = 0.5


def runs(words: list[Word]) -> list[list[Word]]:
    """The line's words cut where the next word starts more than MAX_GAP_SECONDS later."""
    out: list[list[Word]] = [[words[0]]]
    for previous, word in zip(words, words[1:], strict=False):
        if word.start - previous.start > MAX_GAP_SECONDS:
            out.append([])
        out[-1].append(word)
    return out


def gather_strays(lines: list[str], texts: list[list[Word]]) -> list[bool]:
    """Moves each line's stray words beside its body; per line, whether any word was moved."""
    every = [w for text in texts for w in text]
    if len(every) < 2:
        return [False] * len(texts)
    pace = word_pace(every)
    moved = []
    for line, text in zip(lines, texts, strict=True):
        parts = runs(text) if text and not is_held_vowel_line(line) else []
        if len(parts) < 2:
            moved.append(False)
            continue
        # The body: most words; between equals, the one the alignment was surest of.
        body = max(parts, key=lambda run: (len(run), sum(w.probability for w in run) / len(run)))
        at = parts.index(body)
        before = [w for run in parts[:at] for w in run]
        after = [w for run in parts[at + 1 :] for w in run]
        cursor = body[0].start
        for word in reversed(before):
            word.end = cursor
            word.start = cursor - word_share(word, pace)
            word.probability = 0.0
            cursor = word.start
        cursor = body[-1].end
        for word in after:
            word.start = cursor
            word.end = cursor + word_share(word, pace)
            word.probability = 0.0
            cursor = word.end
        moved.append(True)
    return moved


def crushed(words: list[Word]) -> int:
    """How many of a line's words were crushed to nothing."""
    return sum(squeezed(w) for w in words)


def outside(words: list[Word], span: Span) -> int:
    """How many of a line's words start outside its window (beyond OUT_OF_WINDOW_SECONDS)."""
    return sum(not (span.start - OUT_OF_WINDOW_SECONDS <= w.start <= span.end + OUT_OF_WINDOW_SECONDS) for w in words)


def crushed_at_the_end(words: list[Word], span: Span) -> bool:
    """Whether a line's crushed words are pinned at its window's end (or past it), where the
    alignment leaves text that was sung after the window."""
    return all(w.start >= span.end - OUT_OF_WINDOW_SECONDS for w in words if squeezed(w))


def realign_crushed(spans: list[Span], texts: list[list[Word]], align_alone: Callable[[Span], list[Word]]) -> None:
    """Where most of a line's words are crushed, or the line was pushed out of its window
    (pushed_out), aligns it again alone in its window (`align_alone`) and keeps that if fewer of
    its words are then crushed and no more start outside the window. A line that merely left its
    window is not: an unanchored line's window is a guess, and the joint alignment is what finds
    the line after a break. Nor can the model's word probabilities choose: a crushed alignment
    scores higher than the right one. Where that leaves it crushed against its window's end, the
    guess was too early: the line starts about where the joint alignment put its first word and
    runs on past the window, so it is aligned alone again from there to the end of the next line's
    window, on the same terms. Each line is aligned again at most twice."""
    every = [w for text in texts for w in text]
    pace = word_pace(every) if every else 0.0
    for i, (span, words) in enumerate(zip(spans, texts, strict=True)):
        if not words or (2 * crushed(words) <= len(words) and not pushed_out(words, span, pace)):
            continue
        windows = [span]
        if i + 1 < len(spans):
            opening = max(span.start, min(words[0].start, span.end) - OUT_OF_WINDOW_SECONDS)
            windows.append(Span(span.text, opening, max(span.end, spans[i + 1].end)))
        for window in windows:
            if window is not span and not crushed_at_the_end(texts[i], span):
                break
            again = align_alone(window)
            if (
                len(again) == len(words)
                and crushed(again) < crushed(texts[i])
                and outside(again, window) <= outside(words, span)
            ):
                texts[i] = again
            if 2 * crushed(texts[i]) <= len(words):
                break


def pushed_out(words: list[Word], span: Span, pace: float) -> bool:
    """Whether most of a line's words start outside its window and the line is sung faster than
    the song's `pace`: its neighbour took its time and pressed it out. A line the joint alignment
    found after a break, away from a guessed window, keeps its own pace there."""
    return len(words) > 1 and 2 * outside(words, span) > len(words) and stretch(words, pace) < 1.0


def stretch(words: list[Word], pace: float) -> float:
    """How many times its words' shares at `pace` a line's words take, first start to last end."""
    return (words[-1].end - words[0].start) / sum(word_share(w, pace) for w in words)


def realign_stretched(
    lines: list[str], spans: list[Span], texts: list[list[Word]], align_alone: Callable[[Span], list[Word]]
) -> None:
    """Where a line (not of held vowels) is STRETCHED over its window, aligns it again alone in its
    window (`align_alone`) and keeps that if it is no longer stretched and crushes no more words."""
    every = [w for text in texts for w in text]
    if len(every) < 2:
        return
    pace = word_pace(every)
    for i, (line, span, words) in enumerate(zip(lines, spans, texts, strict=True)):
        if len(words) < 2 or is_held_vowel_line(line) or stretch(words, pace) <= STRETCHED:
            continue
        again = align_alone(span)
        if len(again) == len(words) and stretch(again, pace) <= STRETCHED and crushed(again) <= crushed(words):
            texts[i] = again
