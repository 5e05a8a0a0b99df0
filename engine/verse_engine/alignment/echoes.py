"""Echoes: heard words that repeat the words heard just before them, where the lyrics do not sing
those words again so soon. A backing voice answering the lead with its last words ("never let me
go" ... "let me go") is heard as a second copy that the lyrics do not hold; paired with the lyrics,
the two copies score alike, and a line's last words can take the echo's time, seconds after the
lead sang them. The echo is the later copy."""

from __future__ import annotations

from verse_engine.text.lines import Word

# An echo answers with a phrase, not a verse: longer runs heard twice in a row are a chorus sung
# twice, which lyrics write out. Single words repeat too often by chance ("go go") to be told apart.
ECHO_WORDS = (2, 8)
# An echo follows the words it repeats within a bar or two. Two copies further apart are the same
# phrase sung twice with the words between them unheard.
ECHO_GAP_SECONDS = 2.5


def _lyric_runs(lyric_words: list[str]) -> dict[tuple[str, ...], int | None]:
    """Every run of words the lyrics sing, with the fewest lyric words between two of its copies (0
    where they follow each other), or None where they sing it once."""
    shortest, longest = ECHO_WORDS
    out: dict[tuple[str, ...], int | None] = {}
    for length in range(shortest, longest + 1):
        last_seen: dict[tuple[str, ...], int] = {}
        for i in range(len(lyric_words) - length + 1):
            run = tuple(lyric_words[i : i + length])
            if run not in last_seen:
                out[run] = None
                last_seen[run] = i
            elif i - last_seen[run] >= length:
                between = i - last_seen[run] - length
                fewest = out[run]
                out[run] = between if fewest is None else min(fewest, between)
                last_seen[run] = i
    return out


def _sung_again_within(words_between: int | None, gap: float, word_seconds: float) -> bool:
    """Whether the lyrics sing a run again after so few words that they fit in the gap between the
    two copies heard, at `word_seconds` a word (the words between went unheard)."""
    return words_between is not None and words_between * word_seconds <= gap


def _one_unit_repeated(run: tuple[str, ...]) -> bool:
    """Whether a run is a shorter run sung over and over ("oh oh oh", "la la la la"): a vocalise,
    whose copies the lyrics count (repeats.py), not an echo of one."""
    return any(len(run) % unit == 0 and run == run[:unit] * (len(run) // unit) for unit in range(1, len(run) // 2 + 1))


def echoed(lyric_words: list[str], heard_words: list[str], heard: list[Word], word_seconds: float) -> set[int]:
    """The indices of the heard words that echo the ones just before them: a run of ECHO_WORDS that
    repeats the run heard right before it, starting within ECHO_GAP_SECONDS of that run's end, that
    is not one shorter run repeated, and that the lyrics (`lyric_words`, normalised as `heard_words`
    are) sing, but not again after no more words than the gap holds at `word_seconds` a word (the
    fastest a word is sung). A run the lyrics do not hold as it was heard ("hold onto me" for "hold
    on to me") cannot be checked against them, and is left to the pairing. The longest such run is
    taken; a run echoed twice is two echoes."""
    runs = _lyric_runs(lyric_words)
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
                and run in runs
                and not _one_unit_repeated(run)
                and not _sung_again_within(runs[run], gap, word_seconds)
            ):
                out.update(range(j, j + length))
                j += length
                break
        else:
            j += 1
    return out
