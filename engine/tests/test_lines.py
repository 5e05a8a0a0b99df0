from verse_engine.text.lines import LOW_WORD_CONFIDENCE, Word, split_lines, word_record


def w(text, start, end=None, seg=False):
    return Word(
        text=text,
        start=start,
        end=end if end is not None else start + 0.3,
        probability=0.9,
        segment_start=seg,
    )


def test_breaks_at_pauses_and_keeps_word_times():
    words = [w(" la", 0), w(" la", 0.4), w(" la", 0.8), w(" again", 2.0), w(" here", 2.4)]
    lines = split_lines(words)
    assert [line.text for line in lines] == ["la la la", "again here"]
    assert lines[1].start == 2.0
    assert [x.start for x in lines[0].words] == [0, 0.4, 0.8]


def test_breaks_after_closing_punctuation_and_at_whisper_phrases():
    words = [
        w(" one", 0),
        w(" two.", 0.3),
        w(" three", 0.6),
        w(" four", 0.9),
        w(" five", 1.2, seg=True),
        w(" six", 1.5),
    ]
    assert [line.text for line in split_lines(words)] == ["one two.", "three four", "five six"]


def test_long_lines_are_split():
    words = [w(f" word{i}", i * 0.3) for i in range(30)]
    assert all(len(line.text) <= 48 for line in split_lines(words))


def test_capital_after_a_breath_starts_a_line_except_in_german():
    words = [w(" the", 0), w(" road", 0.3), w(" is", 0.6), w(" long", 0.9), w(" And", 1.45), w(" wide", 1.8)]
    assert [line.text for line in split_lines(words)] == ["the road is long", "And wide"]
    assert len(split_lines(words, capitalised_nouns=True)) == 1


def test_cjk_words_join_without_spaces():
    words = [w("你", 0), w("好", 0.2), w("世界", 0.4)]
    assert split_lines(words)[0].text == "你好世界"


def test_clean_words_drops_letterless_tokens_and_cuts_loops():
    from verse_engine.asr.pipeline import clean_words

    words = [
        w(" ।", 0),
        w(" la", 1),
        w(" la", 1.5),
        w(" la", 2),
        w(" la", 2.5),
        w(" la", 3),
        w(" end", 3.5),
        w(" -", 4),
    ]
    assert [x.text.strip() for x in clean_words(words)] == ["la", "la", "la", "end"]


def test_a_scored_word_says_whether_the_recogniser_doubts_it_and_an_unscored_one_says_nothing():
    doubted = word_record(Word(" mumbled", 1.0, 1.5, LOW_WORD_CONFIDENCE / 2), with_confidence=True)
    assert (doubted.word, doubted.confidence, doubted.unsure) == ("mumbled", 0.025, True)
    at_the_bound = word_record(Word(" sung", 1.5, 2.0, LOW_WORD_CONFIDENCE), with_confidence=True)
    assert at_the_bound.unsure is False
    unscored = word_record(Word(" warped", 2.0, 2.5, 0.0), with_confidence=False)
    assert unscored.model_dump(exclude_unset=True) == {"word": "warped", "start": 2.0, "end": 2.5}


def test_a_timed_line_is_flagged_for_any_one_doubt_and_only_then():
    from verse_engine.alignment.lyrics_align import is_doubted

    text = "and the morning light"
    sure = [Word(f" {t}", 1.0 + 0.4 * i, 1.3 + 0.4 * i, 0.9) for i, t in enumerate(text.split())]
    assert not is_doubted(text, sure, 0.9, anchored=True, stray=False)
    assert is_doubted(text, sure, 0.9, anchored=False, stray=False)
    assert is_doubted(text, sure, 0.9, anchored=True, stray=True)
    one_doubted = [*sure[:2], Word(" morning", 1.8, 2.1, LOW_WORD_CONFIDENCE / 2), sure[3]]
    assert is_doubted(text, one_doubted, 0.7, anchored=True, stray=False)
    assert is_doubted(text, sure, 0.2, anchored=True, stray=False)
    crammed = [Word(f" {t}", 1.0 + 0.01 * i, 1.01 + 0.01 * i, 0.9) for i, t in enumerate(text.split())]
    assert is_doubted(text, crammed, 0.9, anchored=True, stray=False)
    # Held seed 34's "never", given the rest before its line: 1.45 s before "let".
    rest = (("let", 53.49), ("me", 54.17), ("go", 54.75))
    opened_early = [Word(" never", 52.04, 53.49, 0.54), *[Word(f" {t}", s, s + 0.5, 0.95) for t, s in rest]]
    assert is_doubted("never let me go", opened_early, 0.86, anchored=True, stray=False)
    held = [Word(f" {t}", 25.0 + 1.5 * i, 26.4 + 1.5 * i, 0.3) for i, t in enumerate("ooh ooh ooh ooh".split())]
    assert not is_doubted("ooh ooh ooh ooh", held, 0.3, anchored=True, stray=False)
