import random

from verse_engine.asr.vote import edit_table
from verse_engine.asr.vote import vote as vote_by
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Word


def vote(transcripts):
    return vote_by(transcripts, key=lambda w: w)


def test_agreeing_transcripts_are_kept_as_they_are():
    assert vote([["la", "vie", "en", "rose"]] * 3) == ["la", "vie", "en", "rose"]


def test_a_word_two_transcripts_agree_on_outvotes_a_substitution():
    assert vote([["a", "b", "c"], ["a", "x", "c"], ["a", "b", "c"]]) == ["a", "b", "c"]
    assert vote([["a", "x", "c"], ["a", "b", "c"], ["a", "b", "c"]]) == ["a", "b", "c"]


def test_a_dropped_word_and_an_inserted_word_are_outvoted():
    assert vote([["a", "b", "c"], ["a", "c"], ["a", "b", "c"]]) == ["a", "b", "c"]
    assert vote([["a", "b"], ["a", "z", "b"], ["a", "b"]]) == ["a", "b"]
    # Two transcripts that both lack a word drop it.
    assert vote([["a", "b", "c"], ["a", "c"], ["a", "c"]]) == ["a", "c"]


def test_a_tie_goes_to_the_transcript_listed_first():
    assert vote([["a", "b"], ["a", "x"]]) == ["a", "b"]
    assert vote([["a", "x"], ["a", "b"]]) == ["a", "x"]


def test_no_transcripts_and_empty_transcripts():
    assert vote([]) == []
    assert vote([[], ["a"], []]) == []
    assert vote([["a"], [], ["a"]]) == ["a"]


def test_words_agree_by_their_key_and_the_first_transcript_s_word_is_kept():
    def word(text, start):
        return Word(text, start, start + 0.4, 0.9)

    first = [word(" Hello,", 1.0), word(" World", 1.5)]
    second = [word(" hello", 1.1), word(" word", 1.6), word(" ♪", 2.0)]
    third = [word(" Hello", 1.2), word(" world!", 1.7)]
    kept = vote_by([first, second, third], key=lambda w: normalise(w.text))
    # Its spelling and timing come from the first transcript holding the agreed word.
    assert [(w.text, w.start) for w in kept] == [(" Hello,", 1.0), (" World", 1.5)]
    # A word the first transcript lacks, when the other two agree on it, comes from the first of them.
    kept = vote_by([first[:1], [second[0], word(" world", 1.6)], third], key=lambda w: normalise(w.text))
    assert [(w.text, w.start) for w in kept] == [(" Hello,", 1.0), (" world", 1.6)]


def test_the_edit_table_is_the_textbook_one_in_four_bytes_a_cell():
    def textbook(a, b):
        d = [[i + j if i == 0 or j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
        for i in range(1, len(a) + 1):
            for j in range(1, len(b) + 1):
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
        return d

    rng = random.Random(3)
    for _ in range(200):
        a = [rng.choice("abcd") for _ in range(rng.randint(0, 12))]
        b = [rng.choice("abcd") for _ in range(rng.randint(0, 12))]
        assert edit_table(a, b).tolist() == textbook(a, b)
    # A 15-minute song's decodes of 3,000 words each: a 36 MB table, not one of Python lists.
    words = [f"w{rng.randrange(300)}" for _ in range(3000)]
    assert edit_table(words, words[::-1]).nbytes <= 3001 * 3001 * 4


def _sure(text: str, probability: float) -> Word:
    return Word(f" {text}", 0.0, 0.4, probability)


def _vote_with_confidence(transcripts: list[list[Word]]) -> list[str]:
    kept = vote_by(transcripts, key=lambda w: normalise(w.text), confidence=lambda w: w.probability)
    return [w.text.strip() for w in kept]


def test_where_all_disagree_the_surest_word_is_kept():
    sung = [_sure("un", 0.9), _sure("besso", 0.4), _sure("que", 0.9)]
    plain = [_sure("un", 0.9), _sure("beso", 0.8), _sure("que", 0.9)]
    greedy = [_sure("un", 0.9), _sure("peso", 0.6), _sure("que", 0.9)]
    assert _vote_with_confidence([sung, plain, greedy]) == ["un", "beso", "que"]
    # Agreement still outweighs confidence.
    assert _vote_with_confidence([sung, plain, [*greedy[:1], _sure("besso", 0.1), *greedy[2:]]]) == [
        "un",
        "besso",
        "que",
    ]


def test_a_word_against_nothing_is_kept_only_when_more_likely_right_than_wrong():
    sung = [_sure("la", 0.9), _sure("vie", 0.9)]
    heard_once_sure = [_sure("la", 0.9), _sure("belle", 0.7), _sure("vie", 0.9)]
    heard_once_unsure = [_sure("la", 0.9), _sure("bête", 0.3), _sure("vie", 0.9)]
    # One decode heard nothing, one heard "belle", one "bête": three ways, and "belle" is surest.
    assert _vote_with_confidence([sung, heard_once_sure, heard_once_unsure]) == ["la", "belle", "vie"]
    # Only unsure words against nothing: nothing is kept.
    assert _vote_with_confidence(
        [sung, heard_once_unsure, [*heard_once_unsure[:1], _sure("bel", 0.2), _sure("vie", 0.9)]]
    ) == [
        "la",
        "vie",
    ]
