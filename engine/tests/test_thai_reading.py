import pytest

from verse_engine.text.thai_reading import rtgs

# Each rule of Thai spelling that pythainlp's royin engine leaves out, with words whose RTGS form
# is published (the Royal Institute's spellings of names, and its examples).
CASES = [
    # A leading ห before a sonorant sets the tone and is not read.
    ("ใหม่", "mai"),
    ("หญิง", "ying"),
    # Two consonants that are not a cluster carry an unwritten a.
    ("สวัสดี", "sawatdi"),
    ("ตลอด", "talot"),
    # A leading อ before ย is silent in its four words only, and read a elsewhere.
    ("อย่างไร", "yangrai"),
    ("อยู่", "yu"),
    ("อยาก", "yak"),
    ("อโยธยา", "ayothaya"),
    # Written clusters read as one sound: ทร is s, ร after ส (and in จริง) silent; รร is a vowel.
    ("ทราย", "sai"),
    ("สร้าง", "sang"),
    ("จริง", "ching"),
    ("สรร", "san"),
    # A cluster after a preposed vowel keeps its first consonant.
    ("เพลง", "phleng"),
    # Two consonants after a preposed vowel that are no cluster: the first carries an unwritten a,
    # where what follows the second completes the vowel; otherwise the vowel is the first's.
    ("เฉพาะ", "chapho"),
    ("เสด็จ", "sadet"),
    ("เฉลิม", "chaloem"),
    ("เสน่ห์", "sane"),
    ("เคมี", "khemi"),
    # Short vowels royin leaves a Thai letter in: ก็ is ko, ็ and a final ะ only mark a vowel short.
    ("ก็", "ko"),
    ("แข็ง", "khaeng"),
    ("เตะ", "te"),
    ("เสร็จ", "set"),
    # ญ closing a syllable is n.
    ("สัญญา", "sanya"),
    ("กาญจนา", "kanchana"),
    ("บุญ", "bun"),
]


@pytest.mark.parametrize(("word", "expected"), CASES)
def test_thai_words_are_read_by_the_rules_of_their_spelling(word, expected):
    assert rtgs(word) == expected


def test_a_leading_o_before_y_outside_its_four_words_is_read():
    assert rtgs("อยุธยา").startswith("ayu")


def test_no_thai_letter_is_left_in_the_reading_of_a_common_word():
    """The 5,000 commonest words of the Thai National Corpus (pythainlp's list): a romanisation holds
    no Thai letter, even where royin has no reading for one."""
    from pythainlp.corpus import tnc

    common = [word for word, _count in sorted(tnc.word_freqs(), key=lambda pair: -pair[1])[:5000]]
    left = [(word, rtgs(word)) for word in common if any("\u0e00" <= ch <= "\u0e7f" for ch in rtgs(word))]
    assert left == []
