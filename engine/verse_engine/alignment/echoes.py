"""Echoes: heard words that repeat the words heard just before them, where the lyrics do not sing
those words again so soon. A backing voice answering the lead with its last words ("never let me
go" ... "let me go") is heard as a second copy that the lyrics do not hold; paired with the lyrics,
the two copies score alike, and a line's last words can take the echo's time, seconds after the
lead sang them. The echo is the later copy."""

from __future__ import annotations

from difflib import SequenceMatcher

from verse_engine.text.lines import Word

# An echo answers with a phrase, not a verse: longer runs heard twice in a row are a chorus sung
# twice, which lyrics write out. Single words repeat too often by chance ("go go") to be told apart.
ECHO_WORDS = (2, 8)
# An echo follows the words it repeats within a bar or two. Two copies further apart are the same
# phrase sung twice with the words between them unheard.
ECHO_GAP_SECONDS = 2.5
# A heard run is the lyrics' own when at least half its words are theirs, in order: the share of a
# line's words that anchors it (anchors.py), as a recognition pass mishears the rest.
LYRIC_LIKENESS = 0.5


def _sung_again(lyric_words: list[str]) -> dict[int, list[tuple[tuple[str, ...], int]]]:
    """Per length, the runs of words the lyrics sing more than once, each with the fewest lyric words
    between two of its copies (0 where they follow each other)."""
    shortest, longest = ECHO_WORDS
    out: dict[int, list[tuple[tuple[str, ...], int]]] = {}
    for length in range(shortest, longest + 1):
        last_seen: dict[tuple[str, ...], int] = {}
        fewest: dict[tuple[str, ...], int] = {}
        for i in range(len(lyric_words) - length + 1):
            run = tuple(lyric_words[i : i + length])
            if run in last_seen and i - last_seen[run] < length:
                continue
            if run in last_seen:
                between = i - last_seen[run] - length
                fewest[run] = min(fewest.get(run, between), between)
            last_seen[run] = i
        out[length] = list(fewest.items())
    return out


def _one_unit_repeated(run: tuple[str, ...]) -> bool:
    """Whether a run is a shorter run sung over and over ("oh oh oh", "la la la la"): a vocalise,
    whose copies the lyrics count (repeats.py), not an echo of one."""
    return any(len(run) % unit == 0 and run == run[:unit] * (len(run) // unit) for unit in range(1, len(run) // 2 + 1))


def echoed(lyric_words: list[str], heard_words: list[str], heard: list[Word], word_seconds: float) -> set[int]:
    """The indices of the heard words that echo the ones just before them: a run of ECHO_WORDS that
    repeats the run heard right before it, starting within ECHO_GAP_SECONDS of that run's end, that
    is not one shorter run repeated, and that is not like (LYRIC_LIKENESS) a run the lyrics
    (`lyric_words`, normalised as `heard_words` are) sing again after no more words than the gap
    holds at `word_seconds` a word, the fastest a word is sung: then the words between went unheard
    ("son prénom", "son prénom les larmes" for a line sung twice whose second opening was missed).
    Likeness, not identity, as the two copies are often misheard alike ("hold onto me tonight"
    twice, for a chorus of "hold on to me tonight" sung twice). The longest such run is taken; a run
    echoed twice is two echoes."""
    again = _sung_again(lyric_words)

    def lyrics_sing_again(run: tuple[str, ...], gap: float) -> bool:
        return any(
            between * word_seconds <= gap and SequenceMatcher(None, run, copy).ratio() >= LYRIC_LIKENESS
            for copy, between in again[len(run)]
        )

    shortest, longest = ECHO_WORDS
    out: set[int] = set()
    j = shortest
    while j + shortest <= len(heard_words):
        for length in range(min(longest, j, len(heard_words) - j), shortest - 1, -1):
            run = tuple(heard_words[j : j + length])
            gap = heard[j].start - heard[j - 1].end
            if (
                run == tuple(heard_words[j - length : j])
                and gap <= ECHO_GAP_SECONDS
                and not _one_unit_repeated(run)
                and not lyrics_sing_again(run, gap)
            ):
                out.update(range(j, j + length))
                j += length
                break
        else:
            j += 1
    return out
