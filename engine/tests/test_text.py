from bench.metrics import wer
from verse_engine.text.characters import normalise, words


def test_an_indic_word_keeps_its_vowel_signs_and_viramas():
    assert words("रात ढली तो मैं नदी के किनारे चला") == ["रात", "ढली", "तो", "मैं", "नदी", "के", "किनारे", "चला"]
    assert len(words("காற்றில் உன் குரல் என்னை அழைக்கிறது")) == 5
    assert normalise("मैं, तो!") == "मैं तो"


def test_a_word_error_rate_counts_indic_words_not_consonants():
    # One wrong vowel sign is one wrong word of eight.
    assert wer("रात ढली तो मैं नदी के किनारे चला", "रात ढली तो में नदी के किनारे चला") == (1, 8)


def test_latin_text_is_compared_as_before():
    assert words("L'amour, c’est TOUT!") == ["l", "amour", "c", "est", "tout"]
    assert normalise("L'amour, c'est tout!") == "lamour cest tout"
    assert words("cafe\u0301") == words("café")
