"""Romanisation per script, word for word: a romanised line has exactly as many words as its
original, so romanised timing files reuse the original timings.

Schemes: ISO 15919 for Indic scripts (aksharamukha), Revised Romanisation of Korean
(korean-romanizer), BGN/PCGN for Cyrillic and an ALA-LC-style table for Arabic-script languages
(below; Arabic vocalised first by verse_engine.text.arabic_vowels, Urdu's common words read from
verse_engine.text.urdu_words, Sindhi with its own letters, Kashmiri by the vowels its spelling marks,
verse_engine.text.kashmiri), anyascii only as the last resort; Japanese, Chinese and Thai by their words
(verse_engine.text.unspaced). Latin-script languages keep their text. Each comes in two forms: the
standard one and the readable one (verse_engine.text.readable; Santali's Ol Chiki is read for it from
its own letters, verse_engine.text.ol_chiki, and Konkani's and Bodo's Devanagari in
their own Latin orthographies, verse_engine.text.own_orthography).
"""

from __future__ import annotations

import re
import time
import unicodedata
import warnings
from typing import Literal

from anyascii import anyascii

from verse_engine.languages import Language, find
from verse_engine.text import arabic_vowels, kashmiri, ol_chiki, own_orthography, urdu_from_hindi, urdu_words
from verse_engine.text.arabic_letters import ARABIC
from verse_engine.text.characters import ascii_digits, latin_punctuation, without_marks
from verse_engine.text.inherent_vowel import drop_unspoken
from verse_engine.text.readable import readable
from verse_engine.text.unspaced import UNSPACED, Segment, segments

RomanisationForm = Literal["standard", "readable"]
# What a request that names no form gets (schemas/engine/common.json, Romanisation).
STANDARD: RomanisationForm = "standard"

# ISO 15924 code → aksharamukha script name.
AKSHARAMUKHA = {
    "Deva": "Devanagari",
    "Beng": "Bengali",
    "Telu": "Telugu",
    "Taml": "Tamil",
    "Gujr": "Gujarati",
    "Knda": "Kannada",
    "Orya": "Oriya",
    "Mlym": "Malayalam",
    "Guru": "Gurmukhi",
    "Olck": "Santali",
    # Saurashtra's own script; its speakers mostly write Tamil's, the script decoding gives.
    "Saur": "Saurashtra",
}

# BGN/PCGN (1947) for Russian, the phonetic scheme English-language readers know ("ya tebya
# lyublyu"), with Ukrainian's own letters as BGN/PCGN writes them for Ukrainian. The middle dot it puts
# between letters that would read as one digraph (t·s) is left out. е and ё take a y where they
# begin a syllable: see _cyrillic.
BGN_PCGN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "ë", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "ʺ", "ы": "y", "ь": "ʼ", "э": "e", "ю": "yu", "я": "ya",
    "і": "i", "ї": "yi", "є": "ye", "ґ": "g",
}  # fmt: skip
# After these (or at the start of a word) е and ё begin a syllable: ye, yë.
SYLLABLE_START = set("аеёиоуыэюяіїєйъь")


# Sindhi's own letters, and its ک, which is kh where Urdu's is k (Sindhi writes k ڪ). The implosives
# are marked as Wiktionary's Sindhi entries mark them (ٻ ḇ, ڄ j̄, ڏ ḍ̠, ڳ g̈); ڇ is the aspirate, ch, as
# چھ is in Urdu; و, where it is a consonant, is v (واء vāi, دوا davā), as they write it.
SINDHI = ARABIC | {
    "و": "v",
    "ٻ": "ḇ",
    "ڀ": "bh",
    "ٽ": "ṭ",
    "ٿ": "th",
    "ٺ": "ṭh",
    "ڄ": "j̄",
    "ڃ": "ñ",
    "ڇ": "ch",
    "ڊ": "ḍ",
    "ڌ": "dh",
    "ڍ": "ḍh",
    "ڏ": "ḍ̠",
    "ڙ": "ṛ",
    "ڦ": "ph",
    "ڪ": "k",
    "ک": "kh",
    "ڳ": "g̈",
    "ڱ": "ṅ",
    "ڻ": "ṇ",
}

WORD = re.compile(r"\S+")
# Punctuation that stays attached to an Urdu word and is not part of its lexicon entry.
URDU_PUNCTUATION = "!?.,:;\"'()"
# The kasra, written at a word's end only as the izafat (Mughal-e-Azam, Rashk-e-Qamar).
IZAFAT = "\u0650"


# Languages whose speakers drop the inherent vowel at the end of a word, and within it, as Hindi's do
# (ਨਾਮ nām, আমার āmār, નામ nām): their words go through Devanagari, where inherent_vowel.py has the rule.
# Odia, the Dravidian languages and Sanskrit keep it (ମୋର mōra, ನನ್ನ nanna).
SPOKEN_INHERENT_VOWEL_DROPPED = {"Punjabi", "Bengali", "Assamese", "Gujarati", "Manipuri"}
# Languages whose doubled consonants are one consonant to the inherent-vowel rule (see drop_unspoken).
GEMINATE_AS_ONE = {"Punjabi"}
# Scripts aksharamukha names after the language rather than the Unicode block.
AKSHARAMUKHA_BY_LANGUAGE = {"Assamese": "Assamese"}


def _aksharamukha(script: str, text: str, language: Language) -> str:
    from aksharamukha import transliterate

    source = AKSHARAMUKHA_BY_LANGUAGE.get(language.name, AKSHARAMUKHA[script])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if script != "Deva" and language.name in SPOKEN_INHERENT_VOWEL_DROPPED:
            text, source = transliterate.process(source, "Devanagari", text), "Devanagari"
        # Modern Indo-Aryan languages drop the final and medial inherent vowel (dil, not dila);
        # Sanskrit keeps it.
        if source == "Devanagari" and language.name != "Sanskrit":
            text = drop_unspoken(text, geminate_as_one=language.name in GEMINATE_AS_ONE)
        iso = transliterate.process(source, "ISO", text)
        # Dropping the schwa leaves an underscore where c and ch meet (अच्छा acch_ā); ISO 15919 has none.
        return str(iso).replace("_", "")


def _arabic(text: str, *, opening_vowel: bool = False, final_he: bool = False, letters: dict[str, str] = ARABIC) -> str:
    """Letter by letter, by `letters` (Sindhi's are SINDHI, with its endings). `opening_vowel` (Urdu,
    Sindhi): a word that opens on two consonants, the second no glide, has the short vowel the script
    leaves out between them, read a (see OPENING_VOWEL). `final_he` (Urdu): see URDU_FINAL_HE."""
    out = []
    for i, ch in enumerate(text):
        mapped = letters.get(ch)
        if mapped is None:
            out.append(anyascii(ch) if ord(ch) > 127 else ch)
            continue
        # و and ی are long vowels between consonants; و before alif is the consonant (خواب k͟hwāb),
        # and so is و between two vowel letters (جیوے jīwe, جاوید jāwīd).
        if ch == "و" and i > 0 and text[i + 1 : i + 2] not in ("ا", "آ") and not _between_vowel_letters(text, i):
            mapped = "ū"
        elif ch in ("ی", "ي") and text[i + 1 : i + 2] in ("ا", "آ") and i > 0 and text[i - 1] in letters:
            # Before alif, ی is the glide, after a short i where a consonant precedes it (پیا piyā,
            # دنیا duniyā) and alone after a vowel letter (آیا āyā).
            mapped = "y" if text[i - 1] in URDU_VOWEL_LETTERS else "iy"
        elif ch in ("ی", "ي") and 0 < i < len(text) - 1 or ch in ("ی", "ي") and i == len(text) - 1 and i > 0:
            mapped = "ī"
        out.append(mapped)
    if letters is SINDHI:
        _sindhi_hamza(text, out)
        _sindhi_ending(text, out)
    # One entry of `out` per character of `text`: the vowel goes after the first letter (and its
    # aspiration, ھ), past any punctuation before it.
    lead = next((i for i, ch in enumerate(text) if ch.isalpha()), len(text))
    opening = opening_vowel and _opens_on_two_consonants(text[lead:], letters)
    if final_he:
        _urdu_final_he(text, out)
        _urdu_final_run(text, out, first_voiced=lead if opening else None)
    if opening:
        out.insert(lead + (2 if text[lead + 1 : lead + 2] == "ھ" else 1), OPENING_VOWEL)
    return "".join(out)


def _between_vowel_letters(text: str, i: int) -> bool:
    return text[i - 1] in ("ا", "آ", "ی", "ي") and text[i + 1 : i + 2] in ("ے", "ی", "ي")


# Urdu, like Hindi, opens no native word on two consonants unless the second is a glide (کیا kyā,
# خواب k͟hwāb): a word written so hides a short vowel after its first consonant. Which one the script
# does not say; a is the commonest (دم dam, مست mast, ہلکا halkā, لمبی lambī), and where it is
# another (سرور surūr) the reading is no further from the word than the bare consonants were.
OPENING_VOWEL = "a"
URDU_VOWEL_LETTERS = set("اآویيےىءئؤعَُِ")


VOWEL_MARKS = set("َُِّْ")


# Languages whose words never open on two consonants (Urdu's rule, Sindhi's too).
OPENING_VOWEL_LANGUAGES = {"ur", "sd"}


# Urdu's ؤ is a vowel, not Arabic's seat for a hamza: the hamza marks where one vowel meets another,
# and the و is the second, o, as the word's Hindi spelling writes it (جاؤ जाओ jāo, ہواؤں हवाओं
# havāoṉ, دعاؤں duʻāoṉ, گاؤں gāoṉ, چھاؤں chāoṉ). Read as a bare hamza, the word lost its vowel (چھاؤں
# chāʼṉ). Where the word is a verb's -ūṉ (جاؤں जाऊँ) the lexicon or the Hindi spelling says so.
URDU = ARABIC | {"ؤ": "ʼo"}


def _letters(language: Language) -> dict[str, str]:
    return SINDHI if language.code == "sd" else URDU if language.code == "ur" else ARABIC


TRAILING_PUNCTUATION = re.compile(r"\W+$")


def _opens_on_two_consonants(word: str, letters: dict[str, str]) -> bool:
    """Whether the word opens on two consonant letters. A word's first letter و or ی is the consonant
    (w or v, y): a word that opens on a vowel writes alif first."""
    bare = word.replace("ھ", "")
    return (
        len(bare) >= 2
        and bare[1].isalpha()
        and bare[0] in letters
        and bare[1] in letters
        and bare[0] not in URDU_VOWEL_LETTERS - OPENING_CONSONANTS
        and (bare[1] not in URDU_VOWEL_LETTERS or letters is SINDHI and _glide_before_alif(bare))
        and not (letters is SINDHI and TRAILING_PUNCTUATION.sub("", bare)[1:] == SINDHI_FINAL_VOWEL_LETTER)
        and not VOWEL_MARKS & set(word)
    )


def _glide_before_alif(word: str) -> bool:
    """Whether the word's second letter is و before alif, the consonant: Sindhi opens no word on two
    consonants even where Urdu does, on a glide (ثواب savābu, دوا davā; Urdu خواہش k͟hwāhish)."""
    return word[1] == "و" and word[2:3] in ("ا", "آ")


OPENING_GLIDES = set("ویي")
# Letters that, first in a word, are its first consonant: the glides, and ع, which carries no vowel
# of its own (عقل ʻaql, عکس ʻaks, عجب ʻajab; read as a vowel letter it gave ʻql, ʻks, ʻjb).
OPENING_CONSONANTS = OPENING_GLIDES | {"ع"}


# Urdu's final ہ after a consonant writes the vowel a, which ALA-LC spells -ah (زمانہ zamānah, پردہ
# pardah) and listeners -a (zamana, parda): the rule of the lexicon's (urdu_words.tsv) -ah words, for
# those it lacks. Two letters (رہ rah, کہ kih) are too few to tell the vowel from the word's own h.
URDU_FINAL_HE = "ہه"
URDU_FINAL_HE_READING = "ah"


def _urdu_final_he(text: str, out: list[str]) -> None:
    """Urdu's final ہ after a consonant, as the vowel it writes, in `out` (one entry per character)."""
    last = next((i for i in range(len(text) - 1, -1, -1) if text[i].isalpha()), None)
    if last is None or last < 2 or text[last] not in URDU_FINAL_HE or VOWEL_MARKS & set(text):
        return
    before = text[last - 1]
    if before in ARABIC and before not in URDU_VOWEL_LETTERS | set(URDU_FINAL_HE) | {"ھ"}:
        out[last] = URDU_FINAL_HE_READING


def _urdu_final_run(text: str, out: list[str], *, first_voiced: int | None) -> None:
    """Urdu ends no word on more than two consonants (مست mast, درد dard): a word written with three or
    more after its last vowel hides a short vowel in them, which, unwritten, is read a. Each closes a
    syllable from the end, as Hindi's inherent-vowel rule would read them: قلندر qalandar, خنجر
    k͟hanjar, مقدر maqdar, ستمگر satamgar. Two (فلک falak or فکر fikr) the letters cannot tell apart,
    so they stay as written. `first_voiced`: where the word's first consonant is, when it is read
    with the opening a (OPENING_VOWEL) after it, and so is no part of the run."""
    if not text or VOWEL_MARKS & set(text):
        return
    # The consonants after the last vowel letter, each as the entry of `out` a vowel would follow: the
    # consonant's own, or its aspiration's (ھ).
    units: list[int] = []
    i = next((k for k in range(len(text) - 1, -1, -1) if text[k].isalpha()), -1)
    while i >= 0:
        after = i
        if text[i] == "ھ" and i > 0:
            i -= 1
        if text[i] not in ARABIC or text[i] in URDU_VOWEL_LETTERS or text[i] in URDU_FINAL_HE or i == first_voiced:
            break
        units.insert(0, after)
        i -= 1
    if len(units) < 3:
        return
    for k in range(len(units) - 2, -1, -2):
        out[units[k]] += OPENING_VOWEL


# A Sindhi word ends in a vowel, which the script leaves out after a final consonant: u is the
# commonest, the ending of masculine nouns and of every infinitive (آسمان āsmānu, هلڻ halaṇu); a final
# و after a consonant or its aspiration is the masculine -o (آنو āno, ٿورو thoro, ڳاڙھو gāṛho), not ū;
# after ه it may be either (ماڻهو māṇhū, ڄاهو j̄āho), and stays ū. A final ن after و, ي or ه
# is no consonant but the vowel's nasal (نئون naõ, اسين asī̃, مينهن mī̃hũ); after ه that vowel is
# unwritten, and is u. Two consonants before that vowel are not said together: a short vowel, a
# (the infinitive's -aṇu, جبل jabalu), is said between them, unless the first is a nasal that closes
# on the second (جھنگ jhangu); an h there is a consonant (وهڻ vahaṇu).
SINDHI_FINAL_VOWEL = "u"
SINDHI_MEDIAL_VOWEL = "a"
SINDHI_NOT_CONSONANTS = URDU_VOWEL_LETTERS | set("ہهھ")
SINDHI_NASAL_AFTER = set("ويیهئ")
# Sindhi's own h is ه, and it is said at a word's end too, with the final vowel after it (گاه gāhu,
# ڪپاه kapāhu). A final ہ after a consonant, Urdu's letter for its final a, writes that vowel where
# a Sindhi spelling uses it (نہ na, ٻہ ba), as does either letter after an h or an aspirate, which
# no second h could follow (باهہ bāha, منجھہ manjha, وانجھه vānjha).
SINDHI_H = "ه"
SINDHI_FINAL_VOWEL_LETTER = "ہ"
SINDHI_WRITTEN_FINAL_VOWEL = "a"


# Sindhi's hamza (ء, ئ) stands where one vowel meets another, and the vowels are not written. After a
# consonant, the consonant's own vowel comes before it: a where و or ي, the vowel after it, follows
# (نئون naʼūn, ڳئون g̈aʼūn) or nothing does (جونء jūnaʼ), and i before a consonant, where the hamza
# carries an a too: the -iaṇu of infinitives whose stem ends in a vowel (پئڻ piʼaṇu, ڏئڻ ḍ̠iʼaṇu).
# After a vowel letter the hamza carries the next vowel: i after ا or و, the -āi endings and -āiṇu
# infinitives (لاء lāʼi, پائڻ pāʼiṇu), a after ي (جيئڻ jīʼaṇu, ڪيئن kīʼan, ڌيء dhīʼa), none before و
# or ي (آئون āʼūn). Read as a bare hamza, as in Urdu, the word lost its vowels (لاء lā, پئڻ pṇu).
SINDHI_HAMZA = "ءئ"


def _sindhi_hamza(text: str, out: list[str]) -> None:
    """The vowels around each of Sindhi's hamzas, in `out` (one entry per character of text)."""
    if VOWEL_MARKS & set(text):
        return
    for i, ch in enumerate(text):
        if ch not in SINDHI_HAMZA or i == 0 or text[i - 1] not in SINDHI:
            continue
        before, after = text[i - 1], text[i + 1 : i + 2]
        vowel_follows = after in ("و", "ي", "ی")
        if before not in URDU_VOWEL_LETTERS:
            out[i] = ("a" + out[i]) if vowel_follows or not after.isalpha() else ("i" + out[i] + "a")
        elif not vowel_follows:
            out[i] += "i" if before in ("ا", "آ", "و") else "a"


def _sindhi_ending(text: str, out: list[str]) -> None:
    """Sindhi's unwritten final vowel and its final -o, in `out` (one entry per character of text)."""
    last = next((i for i in range(len(text) - 1, -1, -1) if text[i].isalpha()), None)
    # A word written with its vowels is read as written.
    if last is None or last == 0 or VOWEL_MARKS & set(text):
        return
    if text[last] == "و":
        if text[last - 1] not in URDU_VOWEL_LETTERS | {SINDHI_H}:
            out[last] = "o"
    elif text[last] in (SINDHI_H, SINDHI_FINAL_VOWEL_LETTER) and (
        text[last - 1] in "هھ" or text[last] == SINDHI_FINAL_VOWEL_LETTER and text[last - 1] not in URDU_VOWEL_LETTERS
    ):
        out[last] = SINDHI_WRITTEN_FINAL_VOWEL
    elif text[last] == "ن" and text[last - 1] == SINDHI_H:
        out[last] = SINDHI_FINAL_VOWEL + out[last]
    elif text[last] == "ن" and text[last - 1] in SINDHI_NASAL_AFTER:
        return
    elif text[last] == SINDHI_H or text[last] in SINDHI and text[last] not in SINDHI_NOT_CONSONANTS:
        out[last] += SINDHI_FINAL_VOWEL
        # The consonant before the last, past the aspiration (ھ) that belongs to it.
        before = last - 2 if text[last - 1] == "ھ" else last - 1
        if before > 0 and text[before] in SINDHI and text[before] not in URDU_VOWEL_LETTERS | {"ن"}:
            out[last - 1] += SINDHI_MEDIAL_VOWEL


def _cyrillic(text: str) -> str:
    out = []
    previous = ""
    for ch in text:
        low = ch.lower()
        mapped = BGN_PCGN.get(low)
        if mapped is None:
            out.append(ch)
        else:
            if low in "её" and (not previous or previous in SYLLABLE_START or not previous.isalpha()):
                mapped = "y" + mapped
            if ch != low:
                mapped = mapped.upper() if text.isupper() and len(text) > 1 else mapped.capitalize()
            out.append(mapped)
        previous = low
    return "".join(out)


# Hangul syllables are 0xAC00 + (initial × 21 + vowel) × 28 + final. Finals by the sound they take
# before a nasal (Standard Pronunciation, articles 18-20), and the initials that matter.
HANGUL_BASE = 0xAC00
FINAL_TO_NG = {1, 2, 3, 9, 24}  # ㄱ ㄲ ㄳ ㄺ ㅋ
FINAL_TO_N = {7, 19, 20, 22, 23, 25, 27}  # ㄷ ㅅ ㅆ ㅈ ㅊ ㅌ ㅎ
FINAL_TO_M = {11, 14, 17, 18, 26}  # ㄼ ㄿ ㅂ ㅄ ㅍ
FINAL_N, FINAL_L, FINAL_M, FINAL_NG = 4, 8, 16, 21
INITIAL_N, INITIAL_L, INITIAL_M, INITIAL_SILENT, INITIAL_J, INITIAL_CH = 2, 5, 6, 11, 12, 14
FINAL_D, FINAL_T, VOWEL_I, INITIAL_H = 7, 25, 20, 18


def _as_pronounced(text: str) -> str:
    """Hangul respelled as it is said across syllables, which Revised Romanisation writes (its rules,
    section 3, article 1): nasal assimilation (합니다 hamnida, 백마 baengma), ㄹ after a nasal or an
    obstruent said ㄴ (종로 Jongno, 십리 simni), ㄴ next to ㄹ said ㄹ (신라 Silla, 별내 Byeollae),
    and ㄷ ㅌ before 이 said ㅈ ㅊ, ㄷ before 히 ㅊ (해돋이 haedoji, 같이 gachi, 굳히다 guchida)."""
    syllables = [ord(ch) - HANGUL_BASE if 0 <= ord(ch) - HANGUL_BASE < 11172 else None for ch in text]
    for i in range(len(syllables) - 1):
        this, following = syllables[i], syllables[i + 1]
        if this is None or following is None:
            continue
        final, initial = this % 28, following // (21 * 28)
        before_i = following % (21 * 28) // 28 == VOWEL_I
        if final in (FINAL_D, FINAL_T) and initial == INITIAL_SILENT and before_i:
            final, initial = 0, INITIAL_J if final == FINAL_D else INITIAL_CH
        elif final == FINAL_D and initial == INITIAL_H and before_i:
            final, initial = 0, INITIAL_CH
        elif initial == INITIAL_L:
            if final in FINAL_TO_NG | FINAL_TO_M | {FINAL_M, FINAL_NG}:
                initial = INITIAL_N
            elif final == FINAL_N:
                final = FINAL_L
        elif initial == INITIAL_N and final == FINAL_L:
            initial = INITIAL_L
        if initial in (INITIAL_N, INITIAL_M):
            if final in FINAL_TO_NG:
                final = FINAL_NG
            elif final in FINAL_TO_N:
                final = FINAL_N
            elif final in FINAL_TO_M:
                final = FINAL_M
        syllables[i] = this - this % 28 + final
        syllables[i + 1] = initial * 21 * 28 + following % (21 * 28)
    return "".join(ch if code is None else chr(HANGUL_BASE + code) for ch, code in zip(text, syllables, strict=True))


def _korean(text: str) -> str:
    from korean_romanizer.romanizer import Romanizer

    # ㄹㄹ is ll (the romaniser writes an initial ㄹ as r whatever comes before it).
    return str(Romanizer(_as_pronounced(text)).romanize()).replace("lr", "ll")


def _is_latin(text: str) -> bool:
    """Latin letters, modifier letters (ʻ ʼ) and marks count; any other script does not."""
    return all(
        not ch.isalpha() or "LATIN" in unicodedata.name(ch, "") or unicodedata.category(ch) == "Lm" for ch in text
    )


# Unicode script name prefix → ISO 15924 code, for words written in another script than expected.
SCRIPT_NAMES = {
    "DEVANAGARI": "Deva",
    "BENGALI": "Beng",
    "TELUGU": "Telu",
    "TAMIL": "Taml",
    "GUJARATI": "Gujr",
    "KANNADA": "Knda",
    "ORIYA": "Orya",
    "MALAYALAM": "Mlym",
    "GURMUKHI": "Guru",
    "OL CHIKI": "Olck",
    "SAURASHTRA": "Saur",
}


def script_of(word: str) -> str | None:
    for ch in word:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            for prefix, code in SCRIPT_NAMES.items():
                if name.startswith(prefix):
                    return code
            return None
    return None


def _standard(word: str, language: Language) -> tuple[str, str]:
    """One word (or token) of a spaced language in Latin script, and the scheme that wrote it."""
    scheme = language.romanisation
    script = script_of(word) or language.script
    try:
        if script in AKSHARAMUKHA:
            # Ol Chiki's phaarkaa only keeps a checked stop from the vowel after it (ᱢᱮᱱᱟᱜᱼᱟ), which
            # aksharamukha leaves in place, in Ol Chiki; it is no sound.
            return _aksharamukha(script, word.replace(ol_chiki.PHAARKAA, ""), language), "iso15919"
        if scheme == "revised":
            return _korean(word), scheme
        if scheme == "bgn-pcgn":
            return _cyrillic(word), scheme
        if scheme == "ala-lc":
            if language.code == "ks":
                return kashmiri.romanised(word), scheme
            if language.code == "ar":
                # Read without the punctuation around it, which is no letter of the word: a word's
                # last letter decides how it ends in pause.
                lead, core, trail = arabic_vowels.split_punctuation(word)
                reading = arabic_vowels.known_reading(core) or (
                    arabic_vowels.romanised(core) if arabic_vowels.has_vowels(core) else None
                )
                if reading is not None:
                    return anyascii(lead) + reading + anyascii(trail), scheme
            return _arabic(
                word,
                opening_vowel=language.code in OPENING_VOWEL_LANGUAGES,
                final_he=language.code == "ur",
                letters=_letters(language),
            ), scheme
    except Exception:  # noqa: BLE001 - a library's failure on one word must not lose the line
        pass
    return anyascii(word), "anyascii"


def romanise_word(
    word: str, language: Language, form: RomanisationForm = "standard", *, as_subject: bool = False
) -> str:
    """One word of a spaced language to Latin script, by the language's scheme, in either form."""
    word = latin_punctuation(ascii_digits(word))
    if not word or _is_latin(word):
        return word
    if language.code == "ur" and len(word) > 1 and word.endswith(IZAFAT):
        # The izafat: a kasra closing a word joins it to the next (دلِ ناداں dil-e nadan, the -i of
        # ALA-LC's dil-i nādān), and the word is read without it. The next word stays a word of its
        # own, so each romanised word still maps to one written word.
        base = romanise_word(word[:-1], language, form, as_subject=as_subject)
        return base + ("-e" if form == "readable" else "-i")
    if language.code == "ur":
        core = _urdu_core(word)
        known = urdu_words.reading(core, as_subject=as_subject, readable=form == "readable")
        if known is None:
            known = _through_hindi(core, language, form)
        if known is not None:
            return word.replace(core, known)
    if form == "readable" and script_of(word) == "Olck":
        return ol_chiki.readable(word)
    orthography = own_orthography.BY_LANGUAGE.get(language.code)
    if form == "readable" and orthography and script_of(word) == "Deva":
        # Konkani's and Bodo's readers read their own orthographies, not Hindi's spelling.
        return own_orthography.readable(word, orthography)
    result, _scheme = _standard(word, language)
    # Whatever a scheme could not handle (mixed scripts) still ends up Latin, with ASCII digits.
    result = ascii_digits(result if _is_latin(result) else anyascii(result))
    if form == "standard":
        return result
    # A Malayalam word ending in a virama (not a chillu) is said with a short u (കാറ്റ് kāṟṟ kattu),
    # which only the script shows: ISO 15919 writes both endings alike.
    said_u = language.code == "ml" and word.endswith(MALAYALAM_VIRAMA)
    if language.code == "ar" and arabic_vowels.ends_in_ta_marbuta(word):
        # ة in pause is said -a, as titles write it (sanah sana, laylah layla); a final h of the
        # letter ه is said (allāh).
        result = re.sub(r"ah(?=\W*$)", "a", result)
    return readable(result, language) + ("u" if said_u else "")


MALAYALAM_VIRAMA = "\u0d4d"


def _urdu_core(word: str) -> str:
    """An Urdu word without the punctuation around it (its own, ، ۔ ؟, written as Latin first)."""
    return latin_punctuation(word).strip(URDU_PUNCTUATION)


def _through_hindi(word: str, urdu: Language, form: RomanisationForm) -> str | None:
    """An Urdu word read through its Hindi spelling (urdu_from_hindi), or None where it has none."""
    hindi, hindi_language = urdu_from_hindi.hindi_spelling(word), find("Hindi")
    if hindi is None or hindi_language is None:
        return None
    standard = urdu_from_hindi.in_urdu_scheme(_aksharamukha("Deva", hindi, hindi_language), word)
    return readable(standard, urdu) if form == "readable" else standard


def romanised_segments(words: list[Segment], language: Language, form: RomanisationForm) -> str:
    """The romanised line of an unspaced language's words (verse_engine.text.unspaced.segments)."""
    return " ".join(readable(w.romanised, language) if form == "readable" else w.romanised for w in words)


def romanise_line(text: str, language: Language, form: RomanisationForm = "standard", *, vocalise: bool = True) -> str:
    """Word for word: the result has as many whitespace-separated words as the line has words (for
    Japanese, Chinese and Thai, the words of verse_engine.text.unspaced.segments). `vocalise`: Arabic's
    short vowels are restored first (arabic_vowels); without it the line is read as written."""
    if language.code in UNSPACED:
        return romanised_segments(segments(text, language.code), language, form)
    if language.code == "ar" and vocalise:
        text = arabic_vowels.vocalised(text)
    words = list(WORD.finditer(text))
    first = words[0].start() if words else None
    # Urdu's میں is the pronoun before the ergative too (urdu_words.ERGATIVE).
    before_ergative = (
        {m.start() for m, after in zip(words, words[1:], strict=False) if urdu_words.is_ergative(_urdu_core(after[0]))}
        if language.code == "ur"
        else set()
    )

    def romanised(m: re.Match[str]) -> str:
        subject = m.start() == first or m.start() in before_ergative
        return romanise_word(m.group(0), language, form, as_subject=subject) or "-"

    return WORD.sub(romanised, text)


# The diacritiser's time one request may spend, inside the gateway's 15 s wait for an answer.
VOCALISE_BUDGET_SECONDS = 10.0


def vocalised_lines(lines: list[str], language: Language, budget_seconds: float = VOCALISE_BUDGET_SECONDS) -> list[str]:
    """The lines with Arabic's short vowels written, all in one pass of the diacritiser (a line at a
    time would cost each line what the whole song costs); any other language's as they are. Lines
    the budget does not reach are left as written."""
    if language.code != "ar":
        return list(lines)
    return arabic_vowels.vocalised_lines(lines, time.monotonic() + budget_seconds)


def romanise_lines(
    lines: list[str], language: Language, form: RomanisationForm, budget_seconds: float = VOCALISE_BUDGET_SECONDS
) -> list[str]:
    """Each line romanised, Arabic's vocalised together; once the budget is spent, the remaining lines
    without the diacritiser, so a large edit is answered in bounded time rather than long after its
    caller gave up."""
    return [
        romanise_line(line, language, form, vocalise=False) for line in vocalised_lines(lines, language, budget_seconds)
    ]


def convert_script(text: str, from_script: str, to_script: str) -> str:
    """Text decoded in a related language's script, rewritten in the target language's own script."""
    if from_script == to_script or from_script not in AKSHARAMUKHA or to_script not in AKSHARAMUKHA:
        return text
    from aksharamukha import transliterate

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(transliterate.process(AKSHARAMUKHA[from_script], AKSHARAMUKHA[to_script], text))


SUPERSCRIPTS = str.maketrans("", "", "¹²³⁴")

# Scripts a transcript may come back in that can be rewritten phonetically into an Indic script:
# aksharamukha source names (Perso-Arabic read as Urdu consonants, Latin as ITRANS).
CONVERTIBLE_SOURCES = {**AKSHARAMUKHA, "Arab": "Arab-Ur", "Latn": "ITRANS"}


def letter_script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    if name.startswith("LATIN"):
        return "Latn"
    if name.startswith("ARABIC"):
        return "Arab"
    for prefix, code in SCRIPT_NAMES.items():
        if name.startswith(prefix):
            return code
    return None


def dominant_script(texts: list[str]) -> str | None:
    counts: dict[str, int] = {}
    for ch in (c for text in texts for c in text if c.isalpha()):
        script = letter_script(ch)
        if script:
            counts[script] = counts.get(script, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


def to_script(text: str, source: str, target: str) -> str:
    """Text in a related script (or phonetic Latin) rewritten phonetically in an Indic script."""
    if target not in AKSHARAMUKHA or source not in CONVERTIBLE_SOURCES or not text.strip():
        return text
    from aksharamukha import transliterate

    lead = text[: len(text) - len(text.lstrip())]
    # ITRANS spells with plain ASCII letters and passes any other through: an accented letter of a
    # model's French- or Spanish-looking spelling (ré, ñ) would stay a Latin letter inside the Indic
    # word. Its base letter is the nearest ITRANS sound.
    body = without_marks(text.strip().lower()) if source == "Latn" else text.strip()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        converted = transliterate.process(CONVERTIBLE_SOURCES[source], AKSHARAMUKHA[target], body)
    return lead + str(converted).translate(SUPERSCRIPTS)
