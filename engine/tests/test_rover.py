from bench.rover import vote


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
