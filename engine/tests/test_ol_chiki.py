"""Santali's readable form, read from its Ol Chiki letters (verse_engine.text.ol_chiki)."""

import pytest

from verse_engine.languages import all_languages
from verse_engine.text.romanise import romanise_line

SANTALI = all_languages()["Santali"]


@pytest.mark.parametrize(
    ("ol_chiki", "readable"),
    [
        # Every vowel is written and none is long: ᱟ is a, never aa, and ᱚ is o.
        ("ᱥᱟᱱᱛᱟᱲᱤ", "santari"),
        ("ᱡᱚᱦᱟᱨ", "johar"),
        ("ᱚᱞ ᱪᱤᱠᱤ", "ol chiki"),
        # ᱜ ᱡ ᱫ ᱵ with no vowel after them are checked stops: k, ch, t, p.
        ("ᱪᱮᱫ ᱞᱮᱠᱟᱛᱮ", "chet lekate"),
        ("ᱠᱟᱴᱤᱡ", "katich"),
        # ...but voiced before another consonant, before the phaarkaa's vowel, or marked by the ahad.
        ("ᱜᱤᱫᱨᱟ", "gidra"),
        ("ᱢᱮᱱᱟᱜᱼᱟ", "menaka"),
        ("ᱫᱟᱜᱽ", "dag"),
        # ᱝ is ng, n before a velar; the mu ṭuḍag nasalises the vowel before it; ᱷ aspirates.
        ("ᱢᱟᱨᱟᱝ ᱵᱩᱨᱩ", "marang buru"),
        ("ᱮᱝᱜᱚ", "engo"),
        ("ᱦᱟᱸᱰᱮ", "hande"),
        ("ᱡᱷᱚᱛᱚ", "jhoto"),
        # The gahla ṭuḍag's vowels are read as their base vowel; Ol Chiki digits are ASCII.
        ("ᱤᱨᱟᱹᱞ", "iral"),
        ("᱑᱒", "12"),
    ],
)
def test_santali_reads_as_its_letters_sound(ol_chiki, readable):
    assert romanise_line(ol_chiki, SANTALI, "readable") == readable


def test_the_standard_form_stays_ala_lc_and_latin():
    assert romanise_line("ᱡᱚᱦᱟᱨ", SANTALI, "standard") == "jahār"
    # The phaarkaa is no sound, and no Ol Chiki is left in the Latin form.
    assert romanise_line("ᱢᱮᱱᱟᱜᱼᱟ", SANTALI, "standard") == "mēnāgā"


def test_a_santali_line_keeps_one_romanised_word_per_word():
    line = "ᱤᱧ ᱨᱮᱱᱟᱜ ᱥᱮᱨᱮᱧ"
    assert len(romanise_line(line, SANTALI, "readable").split()) == len(line.split())
