"""Arabic's short vowels from the diacritiser, Urdu's from the lexicon: both keep the line's words one
for one, and a word neither can read is read letter by letter as before."""

import pytest

from verse_engine.languages import all_languages
from verse_engine.text import arabic_diacritiser, arabic_vowels, urdu_from_hindi, urdu_words
from verse_engine.text.romanise import romanise_line, romanise_lines

ARABIC = all_languages()["Arabic"]
URDU = all_languages()["Urdu"]


@pytest.mark.parametrize(
    ("vocalised", "expected"),
    [
        ("حَبِيبِي", "ḥabībī"),  # long vowels after their short ones
        ("الْعَيْنِ", "al-ʻayn"),  # the article, a diphthong, the case ending not read in pause
        ("السَّلَامُ", "al-salām"),  # al- before a sun letter, its shadda not doubled
        ("مَرَّةً", "marrah"),  # a doubled consonant; tanwin not read in pause
        ("الْأَطْلَال", "al-aṭlāl"),  # hamza on alif after the article is not written
        ("عَلَى", "ʻalá"),  # alif maqṣūrah
        ("عَرَبِيٌّ", "ʻarabī"),  # a final -iyy read ī in pause
    ],
)
def test_a_vocalised_arabic_word_is_read_in_ala_lc(vocalised, expected):
    assert arabic_vowels.romanised(vocalised) == expected


def test_an_arabic_line_gets_its_short_vowels_and_keeps_its_words():
    line = "حبيبي يا نور العين"
    romanised = romanise_line(line, ARABIC)
    assert romanised == "ḥabībī yā nūr al-ʻayn"
    assert len(romanised.split()) == len(line.split())
    assert romanise_line(line, ARABIC, "readable") == "habibi ya nur al-ayn"


def test_punctuation_does_not_cost_a_line_its_short_vowels():
    # The diacritiser writes a comma apart from its word, which read as a respelt line: every line
    # with a comma or a question mark was read letter by letter (ḥbībī).
    assert romanise_line("يا حبيبي، يا", ARABIC) == "yā ḥabībī, yā"
    assert romanise_line("«حبيبي»", ARABIC) == "<<ḥabībī>>"


def test_the_diacritiser_is_given_the_words_without_their_punctuation(monkeypatch):
    given = []

    class Recording:
        def tashkeel_many(self, texts):
            given.extend(texts)
            return [text.replace("قلبي", "قَلْبِي") for text in texts]

    monkeypatch.setattr(arabic_vowels, "_vocaliser", lambda: Recording())
    assert arabic_vowels.vocalised("قلبي، ! يا") == "قَلْبِي، ! يا"
    assert given == ["قلبي يا"]


def test_words_spelled_without_a_long_vowel_they_are_said_with_are_read_with_it():
    assert romanise_line("يا الله، هذا قلبي", ARABIC) == "yā allāh, hādhā qalbī"


def test_ta_marbuta_is_said_a_in_the_readable_form():
    assert romanise_line("كل سنة مرة", ARABIC) == "kull sanah marrah"
    assert romanise_line("كل سنة مرة", ARABIC, "readable") == "kull sana marra"
    assert romanise_line("الله", ARABIC, "readable") == "allah"  # the h of ه is said


def test_a_line_the_diacritiser_respells_is_kept_as_written(monkeypatch):
    class Respelling:
        def tashkeel_many(self, texts):
            return [text.replace("ي", "ى") + " زائد" for text in texts]

    monkeypatch.setattr(arabic_vowels, "_vocaliser", lambda: Respelling())
    assert arabic_vowels.vocalised("حبيبي") == "حبيبي"


@pytest.fixture
def diacritiser_calls(monkeypatch):
    """What each call to the diacritiser was given; it gives the texts back as they came."""
    calls = []

    class Recording:
        def tashkeel_many(self, texts):
            calls.append(list(texts))
            return texts

    monkeypatch.setattr(arabic_vowels, "_vocaliser", lambda: Recording())
    return calls


def test_a_long_line_goes_to_the_diacritiser_in_pieces_that_fit_its_rows(diacritiser_calls):
    line = " ".join(["قلبي"] * 100)
    assert arabic_vowels.vocalised(line) == line
    [pieces] = diacritiser_calls
    assert all(len(piece) <= arabic_diacritiser.ROW_CHARACTERS for piece in pieces)
    assert " ".join(pieces) == line


def test_a_line_longer_than_one_run_is_read_as_written(diacritiser_calls):
    word = "قلبي"
    words_per_row = arabic_diacritiser.ROW_CHARACTERS // (len(word) + 1)
    line = " ".join([word] * (words_per_row * arabic_vowels.ROWS_PER_RUN + 1))
    assert arabic_vowels.vocalised_lines([line, "حبيبي"]) == [line, "حبيبي"]
    assert diacritiser_calls == [["حبيبي"]]


def test_a_song_s_lines_go_to_the_diacritiser_together(diacritiser_calls):
    romanise_lines(["قلبي", "حبيبي", "يا"], ARABIC, "standard")
    assert diacritiser_calls == [["قلبي", "حبيبي", "يا"]]


def test_the_diacritiser_packs_texts_into_rows_and_gives_each_its_own_marks():
    model = arabic_diacritiser.diacritiser()
    texts = ["حبيبي", "يا نور العين", "ش" * arabic_diacritiser.ROW_CHARACTERS]
    marked = model.tashkeel_many(texts)
    assert [arabic_vowels.strip_marks(m) for m in marked] == texts
    # Sharing a row does not change a text's marks.
    assert marked[:2] == [model.tashkeel_many([text])[0] for text in texts[:2]]
    assert arabic_vowels.romanised(marked[0]) == "ḥabībī"


def test_a_request_past_its_budget_is_read_without_the_diacritiser(diacritiser_calls):
    lines = ["قلبي", "حبيبي"]
    assert romanise_lines(lines, ARABIC, "standard", budget_seconds=0) == ["qlbī", "ḥbībī"]
    assert diacritiser_calls == []
    romanise_lines(lines, ARABIC, "standard")
    assert diacritiser_calls == [lines]


def test_a_diacritiser_failure_leaves_the_line_unvocalised(monkeypatch):
    class Failing:
        def tashkeel_many(self, texts):
            raise RuntimeError("no")

    monkeypatch.setattr(arabic_vowels, "_vocaliser", lambda: Failing())
    assert romanise_line("قلبي", ARABIC) == "qlbī"


def test_a_model_file_that_is_not_the_pinned_one_is_refused(monkeypatch, tmp_path):
    package = tmp_path / arabic_diacritiser.MODEL_PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / arabic_diacritiser.MODEL_FILE).write_bytes(b"not the model")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(arabic_diacritiser.ModelMissingError):
        arabic_diacritiser.model_path()


def test_urdu_common_words_are_read_from_the_lexicon():
    assert romanise_line("دل میں ہے درد،", URDU) == "dil meṉ hai dard,"
    assert romanise_line("دل میں ہے درد،", URDU, "readable") == "dil mein hai dard,"


def test_urdu_mein_before_the_ergative_is_the_pronoun():
    """میں is main (I) first in a line and before نے, whose word is the verb's subject; the
    postposition mein (in) is never followed by it."""
    assert romanise_line("جب میں نے دیکھا", URDU, "readable") == "jab main ne dekha"
    assert romanise_line("جب میں نے، دل میں", URDU) == "jab maiṉ ne, dil meṉ"
    assert romanise_line("دل میں ہے", URDU, "readable") == "dil mein hai"


def test_a_line_of_common_words_is_read_whole_from_the_lexicon():
    # Kabhi Kabhie (1976), its title song as Sahir Ludhianvi wrote it.
    line = "کبھی کبھی میرے دل میں خیال آتا ہے"
    assert romanise_line(line, URDU) == "kabhī kabhī mere dil meṉ k͟hayāl ātā hai"
    assert romanise_line(line, URDU, "readable") == "kabhi kabhi mere dil mein khayal aata hai"


def test_an_urdu_word_the_lexicon_lacks_is_read_letter_by_letter_with_its_opening_vowel():
    """No Urdu word opens on two consonants but for a glide (خواہش k͟hwāhish): the short vowel the
    script hides after the first is read a, the commonest. شکوہ and خواہشیں are in neither
    lexicon."""
    assert urdu_from_hindi.hindi_spelling("شکوہ") is None
    assert romanise_line("شکوہ", URDU) == "shakūh"
    assert romanise_line("خواہشیں", URDU) == "k͟hwāhshīṉ"
    assert romanise_line("(دم)", URDU) == "(dam)"
    # ع is a consonant with no vowel of its own: the word still opens on two (عقل ʻaql, عکس ʻaks).
    assert urdu_from_hindi.hindi_spelling("عقل") is None
    assert romanise_line("عقل عکس", URDU) == "ʻaql ʻaks"
    assert romanise_line("عقل عکس", URDU, "readable") == "aql aks"
    # Kashmiri's spelling writes its vowels: an unvowelled word is read as written.
    assert romanise_line("دم", all_languages()["Kashmiri"]) == "dm"


@pytest.mark.parametrize(
    ("word", "standard"),
    [
        # Three consonants or more after the last vowel hide a short vowel, read a, before every
        # second one from the end.
        ("قلندر", "qalandar"),
        ("خنجر", "k͟hanjar"),
        ("ستمگر", "satamgar"),
        ("«قلندر»،", "<<qalandar>>,"),
        # Two may be a cluster (فکر fikr) or not (فلک falak): left as written.
        ("فلک", "falk"),
        # A vowel written with its mark is read as written.
        ("قَلَنْدَر", "qalandar"),
    ],
)
def test_an_urdu_word_does_not_end_on_three_consonants(word, standard):
    core = word.strip("«»،")
    assert urdu_words.reading(core, as_subject=False, readable=False) is None
    assert urdu_from_hindi.hindi_spelling(core) is None
    assert romanise_line(word, URDU) == standard


@pytest.mark.parametrize(
    ("word", "readable"),
    [
        ("آفریں", "afreen"),  # ī inside a word, before its final nasal too
        ("پسوڑی", "pasoori"),  # ū inside, the final ī once
    ],
)
def test_an_urdu_word_writes_its_long_i_and_u_twice_inside_it_in_the_readable_form(word, readable):
    assert urdu_words.reading(word, as_subject=False, readable=True) is None
    assert romanise_line(word, URDU, "readable") == readable


def test_a_vav_between_two_vowel_letters_is_the_consonant():
    assert urdu_from_hindi.hindi_spelling("جیوے") is None
    assert romanise_line("جیوے جیوے", URDU) == "jīwe jīwe"


@pytest.mark.parametrize(
    ("word", "standard", "readable"),
    [
        # Urdu's ؤ is a vowel, after the hamza that parts it from the one before, as their Hindi
        # spellings (वफ़ाओं, घटाओं) and titles (Dhoop Chhaon, 1977; Mera Gaon Mera Desh, 1971) write it.
        ("چھاؤں", "chāʼoṉ", "chhaon"),
        ("وفاؤں", "wafāʼoṉ", "wafaon"),
        ("گھٹاؤں", "ghaṭāʼoṉ", "ghataon"),
    ],
)
def test_an_urdu_vav_with_hamza_is_the_vowel_o(word, standard, readable):
    assert urdu_words.reading(word, as_subject=False, readable=False) is None
    assert urdu_from_hindi.hindi_spelling(word) is None
    assert romanise_line(word, URDU) == standard
    assert romanise_line(word, URDU, "readable") == readable


def test_the_short_urdu_words_that_write_their_long_i_and_u_once_are_read_from_the_lexicon():
    assert romanise_line("کہیں یہیں وہیں یوں نہیں", URDU, "readable") == "kahin yahin wahin yun nahin"


def test_an_urdu_word_the_lexicon_lacks_is_read_through_its_hindi_spelling():
    """Ghalib's line, of whose words only ایسی and کہ are in the lexicon of urdu_words.tsv: the
    others but خواہشیں have a Hindi spelling, which writes their short vowels (hazāroṉ, nikle, where
    the letters give hazārūṉ, nakle)."""
    line = "ہزاروں خواہشیں ایسی کہ ہر خواہش پہ دم نکلے"
    assert romanise_line(line, URDU) == "hazāroṉ k͟hwāhshīṉ aisī kih har k͟hvāhish pah dam nikle"
    assert romanise_line(line, URDU, "readable") == "hazaron khwahsheen aisi ke har khvahish pah dam nikle"
    assert romanise_line("پاکستان", URDU, "readable") == "pakistan"
    # The Urdu spelling decides what the Hindi one may not: a word that ends on a consonant letter
    # ends on no vowel (जिस्म), and none opens on two consonants (भ्रम, بھرم bharam).
    assert romanise_line("جسم بھرم", URDU) == "jism bharam"


@pytest.mark.parametrize(
    ("iso", "word", "urdu"),
    [
        ("haṁgāmā", "ہنگامہ", "hangāmah"),  # a final ہ after a consonant is -ah
        ("mēṁ", "میں", "meṉ"),  # a nasal after a long vowel is nūn ghunnah
        ("raṁg", "رنگ", "rang"),  # after a short one, n
        ("jisma", "جسم", "jism"),  # a last consonant letter: no vowel after it
        ("śām", "شام", "shām"),
        ("ġam", "غم", "g͟ham"),
    ],
)
def test_a_hindi_reading_is_put_into_the_urdu_scheme(iso, word, urdu):
    assert urdu_from_hindi.in_urdu_scheme(iso, word) == urdu


def test_an_urdu_final_he_after_a_consonant_is_the_vowel_a():
    """ALA-LC writes it -ah and listeners -a, as the lexicon's own -ah words are (zamānah zamana): for
    words it lacks, by the same rule. After a long vowel the h is said (راہ rāh), and a two-letter
    word's h may be its own (رہ rah)."""
    assert romanise_line("ہنگامہ پردہ", URDU) == "hangāmah pardah"
    assert romanise_line("ہنگامہ پردہ", URDU, "readable") == "hangama parda"
    assert romanise_line("راہ شاہ", URDU, "readable") == "rah shah"
    assert romanise_line("رہ", URDU, "readable") == "rah"


def test_an_urdu_ye_before_alif_is_the_glide():
    """After a consonant it follows a short i (پیا piyā, دیاں diyāṉ); after a vowel letter it is y
    alone (آیا āyā)."""
    assert romanise_line("پیا دیاں", URDU) == "piyā diyāṉ"
    assert romanise_line("پیا دیاں", URDU, "readable") == "piya diyan"
    assert romanise_line("جیا", URDU) == "jiyā"


def test_an_urdu_word_with_two_readings_is_read_by_its_place_in_the_line():
    assert romanise_line("میں تیرا", URDU, "readable") == "main tera"
    assert romanise_line("دل میں", URDU, "readable") == "dil mein"


def test_urdu_written_with_arabic_code_points_is_found_too():
    # ي and ك for ی and ک, as many keyboards type them.
    assert urdu_words.reading("ميرا", as_subject=False, readable=True) == "mera"


def test_every_lexicon_entry_has_both_forms():
    for word, ((first_standard, first_readable), (standard, readable)) in urdu_words._lexicon().items():
        assert word and first_standard and first_readable and standard and readable
        assert readable.isascii(), word


SINDHI = all_languages()["Sindhi"]


@pytest.mark.parametrize(
    ("word", "standard"),
    [
        # Sindhi's own letters: its implosives, aspirates and retroflexes, and ک kh where ڪ is k.
        ("ٻار", "ḇāru"),
        ("ڀاڄي", "bhāj̄ī"),
        ("کير", "khīru"),
        # The vowel a final consonant leaves out is u, the masculine and infinitive ending; a final
        # و after a consonant is -o; a word opening on two consonants hides an a between them.
        ("پاڻي", "pāṇī"),
        ("ڇوڪرو", "chūkro"),
        ("لکڻ", "lakhaṇu"),
        # A word does not end on two consonants and its vowel: a short a is said between them (the
        # infinitive's -aṇu), unless the first is a nasal closing on the second.
        ("جبل", "jabalu"),
        ("پڙھڻ", "paṛhaṇu"),
        ("جھنگ", "jhangu"),
        ("وهڻ", "vahaṇu"),
        # و is v where it is a consonant; no word opens on two consonants, even on a glide (Urdu's
        # خواہش is k͟hwāhish), and a first و or ی is a consonant.
        ("دوا", "davā"),
        ("ثواب", "s̱avābu"),
        ("ورسپت", "varspatu"),
        # A final ن after و, ي or ه is the vowel's nasal, and takes no u; after ا it is a consonant.
        # After ه the nasal vowel is unwritten, u.
        ("اسين", "āsīn"),
        ("مينهن", "mīnhun"),
        ("رمضان", "ramẓānu"),
        # A final و after an aspirate is -o too; after ه it stays ū.
        ("ڳاڙھو", "g̈āṛho"),
        ("ماڻهو", "māṇhū"),
        # Sindhi's final ه is said, and takes the final vowel; Urdu's ہ after a consonant, and either
        # after an h or an aspirate, is the final vowel itself, a.
        ("گاه", "gāhu"),
        ("پره", "parahu"),
        ("نہ", "na"),
        ("(نہ، ٻہ.)", "(na, ḇa.)"),  # punctuation is no letter
        ("باهہ", "bāha"),
        ("منجھہ", "manjha"),
        ("وانجھه", "vānjha"),
        # The hamza's vowels: the consonant's own before it, and the next after a vowel letter.
        ("لاء", "lāʼi"),
        ("پائڻ", "pāʼiṇu"),
        ("جيئڻ", "jīʼaṇu"),
        ("ڌيء", "dhīʼa"),
        ("آئون", "āʼūn"),
        ("نئون", "naʼūn"),
        ("پئڻ", "piʼaṇu"),
        ("جونء", "jūnaʼ"),
        # A word written with its vowels is read as written.
        ("شُڪُرُ", "shukuru"),
    ],
)
def test_a_sindhi_word_is_read_with_its_own_letters_and_its_ending(word, standard):
    assert romanise_line(word, SINDHI) == standard


KASHMIRI = all_languages()["Kashmiri"]


@pytest.mark.parametrize(
    ("word", "standard", "readable"),
    [
        # Kashmiri's own vowel signs and marked vowel letters: ٔ ạ, ٕ ụ, ٲ ạ̄, وٚ o, وٗ ū, یٖ ī, یٚ e.
        ("أنْجیٖر", "ạnjīr", "anjir"),
        ("اوٚبُر", "obur", "obur"),
        ("اۆبُر", "obur", "obur"),  # the same, with the precomposed letter
        ("کرْوٗد", "krūd", "krud"),
        ("آشیٚنؠ", "āshenʼ", "ashen"),
        ("مٲنْش", "mạ̄nsh", "mansh"),
        # و between vowels, or carrying a sign, is v; after a consonant, ō.
        ("آوٕرُن", "āvụrun", "avurun"),
        ("ہیٖرو", "hīrō", "hiro"),
        # ؠ is ya before a consonant; ژ is ts; a final ہ after ụ is not said.
        ("رؠکھ", "ryakh", "ryakh"),
        ("وَژھٕر", "vatshụr", "vatshur"),
        ("نَزرانٕہ", "nazrānụ", "nazranu"),
        # ی before alif is the glide; ے after a vowel too, unless marked e.
        ("دَریاو", "daryāv", "daryav"),
        ("باے", "bāy", "bay"),
        ("شُےٚ", "shue", "shue"),
    ],
)
def test_a_kashmiri_word_is_read_with_the_vowels_its_spelling_marks(word, standard, readable):
    assert romanise_line(word, KASHMIRI) == standard
    assert romanise_line(word, KASHMIRI, "readable") == readable


def test_every_hindi_spelling_is_written_in_urdu_as_its_urdu_word():
    """The pairs of urdu_hindi_words.tsv hold the rule of scripts/urdu_hindi_words.py: Aksharamukha
    writes the Hindi word in Urdu letters as the Urdu word, but for the short-vowel marks, the Arabic
    consonants Hindi writes as its own (ضرورت, ज़रूरत) and the ہ that writes a final a (افسانہ, अफ़साना)."""
    from aksharamukha import transliterate

    from scripts.urdu_hindi_words import MARKS

    pairs = urdu_from_hindi._spellings()
    assert len(pairs) > 5000
    for urdu, hindi in pairs.items():
        written = MARKS.sub("", transliterate.process("Devanagari", "Urdu", hindi)).translate(urdu_words.URDU_LETTERS)
        assert written in urdu_from_hindi.as_hindi_writes(urdu), hindi


@pytest.mark.parametrize(
    ("word", "standard", "readable"),
    [
        # Read with Hindi's vowels and their own consonants, where the letters alone gave ẓrūrt, ṣāḥb.
        ("ضرورت", "ẓarūrat", "zaroorat"),
        ("صاحب", "ṣāḥab", "sahab"),
        ("نصیحت", "naṣīḥat", "naseehat"),
        ("تصور", "taṣavvur", "tasavvur"),
        ("ذرا", "ẕarā", "zara"),
        # Urdu's ہ for a final a, Hindi's ā: read letter by letter they were fīṣlah, salslah, qaṣah.
        ("فیصلہ", "faiṣlah", "faisla"),
        ("سلسلہ", "silsilah", "silsila"),
        ("قصہ", "qissah", "qissa"),
        ("حسینہ", "ḥasīnah", "haseena"),  # the ہ, a vowel, is no h of the reading's
        ("جگہ", "jagah", "jagah"),  # the word as written pairs first: जगह, not जगा
    ],
)
def test_an_urdu_word_hindi_spells_otherwise_is_read_through_its_hindi_word(word, standard, readable):
    assert romanise_line(word, URDU) == standard
    assert romanise_line(word, URDU, "readable") == readable


def test_hindi_sounds_take_the_urdu_letters_in_their_order():
    # The h of k͟h is no h of its own; each sound's letters are matched in order, and a sound whose
    # count differs between the reading and the word is left as Hindi's.
    assert urdu_from_hindi.in_urdu_scheme("k͟hūbsūrat", "خوبصورت") == "k͟hūbṣūrat"
    assert urdu_from_hindi.in_urdu_scheme("sāhab", "صاحب") == "ṣāḥab"
    assert urdu_from_hindi.in_urdu_scheme("sasā", "صا") == "sasā"


def test_urdu_s_a_before_a_closing_h_is_e_in_the_readable_form():
    # Mujh Se Pehli Si Mohabbat (Faiz); the h before a vowel leaves its a (bahut).
    assert romanise_line("مجھ سے پہلی سی محبت", URDU, "readable") == "mujh se pehli si mohabbat"
    assert romanise_line("محفل بہت", URDU, "readable") == "mehfil bahut"
    assert romanise_line("مجھ سے پہلی سی محبت", URDU) == "mujh se pahlī sī muḥabbat"
