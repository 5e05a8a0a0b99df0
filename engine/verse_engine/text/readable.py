"""The readable romanisation: the standard form without diacritics, spelled the way listeners read
lyrics on streaming services ("mera naam", "tum hi ho", "wo ai ni", "ya tebya lyublyu").

For Indian scripts it follows the spelling each language's film and song titles use in Latin letters,
one `IndicStyle` per language (`INDIC_STYLES`; Hindi's for the rest). Common to all: c ch and ch chh
(ch at a word's end: kuch), ṣ sh, nasals n but ṅ ng where no velar follows (raṅ rang), a nasal
before a word's last vowel after the pair (nagām̐ō nagaon), a final ēṁ ein (mein; em where a final
ṁ is m: Telugu iṁkēṁ inkem), ī before a vowel iy (dīāṁ diyan), a long vowel after a vowel single
(jaīś jaish).
Where they differ: which long vowels are written twice inside a word (Hindi all: mērā nām mera naam;
the Dravidian languages, Punjabi and Nepali ī and ū: magadhīra magadheera, mahānaṭi mahanati;
Bengali, Gujarati, Marathi, Odia, Sanskrit and the Hindi belt's regional languages none), v between
vowels as w (those regional languages and Assamese: gavanvā gawanwa, guvāhāṭī guwahati), r̥ as ri or
ru (Odia: kr̥ṣṇa krushna), ś as sh or s (Sankarabharanam, Assamese śilcar silchar), ṛ as d or r
(laṛkī ladki, Bengali bāṛi bari; a name's closing gaṛh, the fort, garh: Chhattisgarh), a closing
h after a as eh (kahnā kehna), a final ṁ as n, m or ng (vanakkam, Assamese daraṁ darang),
Bengali's s as sh, ṁ as ng, য as j and its য-phala a doubled consonant (āmār sōnār bāṁlā amar
shonar bangla, janya janna), the dental t as th
in the South (gīta geetha), and Tamil's consonants as its titles write them (aṉpē civam anbe
sivam). Arabic-script ALA-LC keeps its
consonants without marks (k͟h kh, ž zh, c ch); Urdu's ī and ū are written twice inside a word
(āfrīṉ afreen). Pinyin drops its tones and writes ü yu after n and l
(lǚ lyu, as on Chinese passports). BGN/PCGN's ë is yo, its yy y (Podmoskovnye), and its hard and
soft signs go. What is left of any mark is dropped. Japanese, Korean and Thai standard forms are
already plain ASCII.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from verse_engine.languages import Language
from verse_engine.text.characters import without_marks

# Indic letters (NFC, with their marks) and their readable spelling; anything else loses its marks.
INDIC = {
    "ś": "sh",
    "ṣ": "sh",
    "ṅ": "n",
    "ñ": "n",
    "ṇ": "n",
    "ṃ": "n",
    "ṁ": "n",
    "m̐": "n",
    "ḻ": "zh",
    "r̥": "ri",
    "r̥̄": "ri",
    "l̥": "li",
    "l̥̄": "li",
    "ẏ": "y",
    # The nukta's ग़ is Urdu's gh, as ghazal, Ghalib and Kabhi Khushi Kabhie Gham write it.
    "ġ": "gh",
    # The open e of English loans (ॅ: pæṭarn) is read a (pattern).
    "æ": "a",
}
DOUBLED = {"ā": "aa", "ī": "ee", "ū": "oo"}
SINGLE = {"ā": "a", "ī": "i", "ū": "u", "ē": "e", "ō": "o"}


@dataclass(frozen=True)
class IndicStyle:
    """How a language's listeners spell it in Latin letters, beyond what every Indian script shares."""

    #: Long vowels written twice inside a word (ā aa, ī ee, ū oo); all three in Hindi, only ī and ū in
    #: the Dravidian languages and Punjabi (Magadheera, Goodiyan, but Mahanati), none in Bengali.
    doubled: frozenset[str] = frozenset({"ā", "ī", "ū"})
    #: ś written sh, or s as the South's titles write it (Sankarabharanam, Srivalli).
    sha: str = "sh"
    #: ṁ (anusvara) before a consonant: n, or ng where it is read as a velar (Bengali bāṁlā bangla),
    #: which it then is before p, b and m too.
    anusvara: str = "n"
    #: A word-final ṁ: m in the Dravidian languages (malayāḷaṁ malayalam), not written in Gujarati
    #: (Shu Thayu?, Hu Ane Tu, Amdavad Ma Famous) and Marathi (Sairat Zaala Ji), n elsewhere.
    final_anusvara: str = "n"
    #: s read as sh outside clusters (Bengali).
    s_as_sh: bool = False
    #: y (য) read as j (Bengali); ẏ (য়) stays y.
    y_as_j: bool = False
    #: The য-phala inside a word said as the consonant before it again, and after r as j (Bengali:
    #: janya janna, sūrya shurja).
    ya_phala_doubles: bool = False
    #: The dental t written th (Tamil, Malayalam: Thamizh, Thiruvananthapuram).
    dental_t_as_th: bool = False
    #: The language's own consonant spellings, where they differ from the letters (_tamil, _malayalam).
    consonants: str | None = None
    #: The flap ṛ (ड़, ਡ਼, ଡ଼): d as Hindi and Odia spellings write it (laṛkī ladki, ōṛiśā odisha), r in Bengali.
    flap: str = "d"
    #: a before an h that closes its syllable written e (kahnā kehna, pahlā pehla, mahfil mehfil), as
    #: Hindi and Punjabi titles write it; Punjabi's ahi before a consonant too (lahiṁgā lehnga).
    eh: bool = True
    #: i before a vowel written iy (dīāṁ diyan), the glide Hindi's titles write; Odia writes none
    #: (ōṛiā Odia, the language's own name).
    glide_after_i: bool = True
    #: The vowel r̥ as said: ri in Hindi (kr̥ṣṇa krishna), ru in Odia (Krushna, drushti).
    vocalic_r: str = "ri"
    #: v written w between vowels and after a consonant, as Bhojpuri's titles write it (gavanvā
    #: gawanwa, satāvēlā satawela); v at a word's start and before a consonant (dēvrā devra).
    w: bool = False
    #: v after a consonant written w, as it is said there (svāmī swami, dvārkā Dwarka, gvāliyar
    #: Gwalior, viśvās Vishwas, Biswas, Viswanath); not after r, where names keep v (Parvati, Sarvam),
    #: nor after h (āhvān Aahvaan). Sanskrit's chants keep it (tattvamasi).
    w_after_consonant: bool = True
    #: The Bengali script's ব after a consonant (its ba-phala: স্বপন, বিশ্বাস) written w, as names
    #: write it (Swapan, Biswas, Biswanath), and the s or ś before it s; after m, b, l, r or an h of
    #: its own it is a b (ambar, lamba, sarba).
    ba_phala: bool = False
    #: The diphthong au written ou, as Manipuri's names write it (thaubāl Thoubal) and Tamil's
    #: (Mouna Ragam, Mounaguru, Soundarya, Goundamani).
    au_as_ou: bool = False
    #: ও before য় and a vowel (ōẏā) is the script's w at a word's start (ōẏāṁjiṁ Wangjing).
    oy_as_w: bool = False
    #: A doubled consonant written once where another consonant follows it, as Punjabi's titles
    #: write the adhak's doubling there (mittrāṁ Mitran, calldā Chalda) and keep it elsewhere (Jatt,
    #: Gallan): three consonants in a row are more than a reader says.
    single_before_consonant: bool = False
    #: A one-syllable word's final ī or ū doubled too, as the South's titles write it (Nee Kosam, Nee
    #: Bareda Kadambari, Nee-Na, Poo, Thee): single, the one vowel the word has would read short.
    doubled_in_one_syllable: bool = False


FRICATIVES = ("ś", "ṣ", "s", "h")
NONE: frozenset[str] = frozenset()
HIGH = frozenset({"ī", "ū"})
# The Hindi belt's regional languages: no doubled vowels, v between vowels written w.
_REGIONAL = IndicStyle(doubled=NONE, w=True)
# The South's: ī and ū doubled (in a one-syllable word too), t written th, a final anusvara m.
_DRAVIDIAN = IndicStyle(doubled=HIGH, final_anusvara="m", dental_t_as_th=True, eh=False, doubled_in_one_syllable=True)
INDIC_STYLES = {
    # Odia has no long vowels to double (its six vowels have no length), and its a before h is
    # not Hindi's e.
    "or": IndicStyle(doubled=NONE, eh=False, glide_after_i=False, vocalic_r="ru"),
    # Chosen from Bhojpuri's titles, held out on Rajasthani's, Maithili's, Haryanvi's and
    # Chhattisgarhi's titles and on Magahi's towns (docs/languages.md).
    "bho": _REGIONAL,
    "raj": _REGIONAL,
    "mai": _REGIONAL,
    "mag": _REGIONAL,
    "bgc": _REGIONAL,
    "hne": _REGIONAL,
    "bn": IndicStyle(
        doubled=NONE,
        anusvara="ng",
        final_anusvara="ng",
        s_as_sh=True,
        y_as_j=True,
        ya_phala_doubles=True,
        flap="r",
        eh=False,
        ba_phala=True,
    ),
    # Assamese says its s, ś and ṣ alike and writes them s (Silchar, Sivasagar, Sonitpur), its ৱ is
    # w (Guwahati), its য j (Jorhat), and a final ং ng (Darrang, Chirang).
    "as": IndicStyle(
        doubled=NONE,
        anusvara="ng",
        final_anusvara="ng",
        sha="s",
        y_as_j=True,
        flap="r",
        eh=False,
        w=True,
        ba_phala=True,
    ),
    # Manipuri's words end on consonants, and its names write a final ং ng (Kakching, Moirang), ৌ ou
    # (Thoubal) and ওয় w (Wangjing).
    "mni": IndicStyle(
        doubled=NONE, anusvara="ng", final_anusvara="ng", flap="r", eh=False, au_as_ou=True, oy_as_w=True
    ),
    "pa": IndicStyle(doubled=HIGH, single_before_consonant=True),
    "gu": IndicStyle(doubled=NONE, final_anusvara=""),
    # Marathi's final anusvara is the neuter ending's nasal, which its titles do not write (झालं
    # Sairat Zaala Ji, Mann Udu Udu Zhala).
    "mr": IndicStyle(doubled=NONE, final_anusvara=""),
    "kok": IndicStyle(doubled=NONE),
    "ne": IndicStyle(doubled=HIGH),
    # Chants are written without doubled vowels and end an anusvara in m (aham brahmasmi).
    "sa": IndicStyle(doubled=NONE, final_anusvara="m", eh=False, w_after_consonant=False),
    "te": replace(_DRAVIDIAN, sha="s"),
    "kn": _DRAVIDIAN,
    "tcy": _DRAVIDIAN,
    "ml": replace(_DRAVIDIAN, consonants="ml"),
    # Tamil's consonant rules write its t th themselves.
    "ta": replace(_DRAVIDIAN, sha="s", consonants="ta", au_as_ou=True),
}
HINDI_STYLE = IndicStyle()
NASALS = ("ṁ", "m̐")
ARABIC = {"ž": "zh", "c": "ch", "ʻ": "", "ʼ": "", "k͟h": "kh", "g͟h": "gh"}
CYRILLIC = {"ë": "yo", "ʺ": "", "ʼ": "", "yy": "y"}
# Urdu's final ہ after a consonant is read -ah in ALA-LC and -a by listeners (zamānah zamana); a
# long vowel's h (rāh, shāh) is said, and so is a two-letter word's (rah).
URDU_FINAL_AH = re.compile(r"(?<=\w[^\W aāeiīoūu])ah(?=\W*$)")
# An a before an h that closes its syllable is said, and written, e in Urdu as in Hindi (pahlī
# pehli, kahnā kehna, mahfil mehfil; IndicStyle.eh): Hindustani's a next to h.
URDU_EH = re.compile(r"(?<![āaeiīoūu])a(?=h[^\W\daāeiīoūu])")
# Urdu's titles write ī and ū twice inside a word, before a final nasal too (Afreen, Pasoori, Sukoon),
# as Punjabi's and the Dravidian languages' do (IndicStyle.doubled), and once at its end or after a
# vowel (meri, aaina). The short words that write them once before their nasal (nahin, kahin, yun)
# are read from the lexicon (urdu_words.tsv).
URDU_DOUBLED = re.compile(r"(?<![aāeiīoūuʼ])([īū])(?=\w)")
# A letter and the combining marks after it.
CLUSTER = re.compile(r".[\u0300-\u036f]*", re.DOTALL)


def _clusters(text: str) -> list[str]:
    return [unicodedata.normalize("NFC", c) for c in CLUSTER.findall(unicodedata.normalize("NFD", text))]


VOWELS = {"a", "ā", "i", "ī", "u", "ū", "e", "ē", "o", "ō", "r̥"}
# An e after these vowels is said, and written, with the glide before it: gaē gaye, āē aaye, khōē
# khoye (Kho Gaye Hum Kahan, Dilwale Dulhania Le Jayenge). After i the glide is written already (diye),
# and after u it is not (hue).
GLIDE_BEFORE_E = {"a", "ā", "o", "ō"}
# The velar stops, before which a nasal is their own (aṅga anga, gaṁgā ganga).
VELARS = ("k", "g")
# Consonants a Bengali s clusters with and is read as s before (stri, snan, sporsho).
S_CLUSTERS = {"t", "ṭ", "n", "p", "k", "r", "l", "m"}


def _tamil(low: str, prev: str, following: str, after_vowel: bool, before_vowel: bool) -> str | None:
    """Tamil's consonants as its film titles write them, where that differs from the letter: t always
    th (Thalapathi, Enthiran), a stop after a nasal voiced (taṅkam thangam, aṉpē anbe, mañcaḷ manjal),
    ṭ between vowels d (paṭaiyappā padayappa), c s (civāji sivaji), ṟṟ tr. None leaves the letter."""
    if low == "t":
        return "" if following == "t" else "th"
    if low == "ṭ":
        return "d" if (after_vowel and before_vowel) or prev == "ṇ" else "t"
    if low == "k":
        return "g" if prev == "ṅ" else None
    if low == "p":
        return "b" if prev in ("m", "ṉ") else None
    if low == "c":
        if following == "c":
            return ""
        if prev == "c":
            return "ch"
        return "j" if prev == "ñ" else "s"
    if low == "ṟ":
        if following == "ṟ":
            return "t"
        return "dr" if prev == "ṉ" else "r"
    return None


def _said_w(lows: list[str], at: int, style: IndicStyle) -> bool:
    """Whether the v or ব at `at` is written w in the style (IndicStyle.w, .w_after_consonant,
    .ba_phala)."""
    low, before = lows[at], lows[:at]
    following = lows[at + 1] if at + 1 < len(lows) else ""
    if low == "v":
        return (style.w and bool(before) and following in VOWELS) or (
            style.w_after_consonant and _after_consonant(before)
        )
    return low == "b" and style.ba_phala and before[-1:] not in (["m"], ["b"], ["l"]) and _after_consonant(before)


def _after_consonant(before: list[str]) -> bool:
    """Whether a v after the letters `before` follows a consonant said w before it: not r, nor v
    itself (a doubled v is one long v: nuvvē Nuvve Nuvve), nor an h of its own (āhvān), though an
    aspirate's h is one (dhvani dhwani, gaṛhvāl Garhwal)."""
    prev = before[-1] if before else ""
    if not prev[:1].isalpha() or prev in VOWELS or prev in NASALS or prev in ("r", "v"):
        return False
    return prev != "h" or len(before) > 1 and before[-2][:1].isalpha() and before[-2] not in VOWELS


def _closes_with_y(lows: list[str], at: int) -> bool:
    """Whether the y at `at` ends its syllable: a consonant other than y follows it, or it ends a
    word of one syllable (jay Jai Ho, lay Lai Bhaari, cāy chai; a longer word keeps it: vijay,
    samay)."""
    after = lows[at + 1] if at + 1 < len(lows) else ""
    if not after:
        return _one_syllable(lows)
    return after[0].isalpha() and after not in VOWELS and after != "y"


def _one_syllable(lows: list[str]) -> bool:
    return sum(low in VOWELS for low in lows) == 1


def _closes_syllable(lows: list[str], after: int) -> bool:
    """Whether the letter before `after` ends its syllable: a consonant or a nasal, not a vowel,
    follows it."""
    nxt = lows[after] if after < len(lows) else ""
    return nxt in NASALS or (nxt.isalpha() and nxt not in VOWELS)


def _malayalam(low: str, prev: str, following: str, after_vowel: bool, before_vowel: bool) -> str | None:
    """Malayalam's consonants as they are said and its titles write them: ṟṟ tt and ṉṟ nt
    (nāṭōṭikkāṟṟ nadodikkattu, mahēṣinṟe maheshinte), a stop after a nasal voiced (kumpaḷaṅṅi
    kumbalangi), ṅṅ ng, ṭ between vowels d, cc ch. None leaves the letter."""
    if low == "ṟ":
        if following == "ṟ" or prev == "ṟ":
            return "t"
        return "t" if prev in ("n", "ṉ") else "r"
    if low == "p" and prev == "m":
        return "b"
    if low == "ṅ" and following == "ṅ":
        return ""
    if low == "ṅ" and prev == "ṅ":
        return "ng"
    if low == "ṭ":
        return "d" if (after_vowel and before_vowel) or prev == "ṇ" else "t"
    if low == "c" and following == "c":
        return ""
    return None


CONSONANT_RULES = {"ta": _tamil, "ml": _malayalam}


# ISO 15919 writes a colon between a and the i or u after it (pa:isā), lest they read as ai or au;
# a reader reads the two vowels without it (paisa).
VOWEL_SEPARATOR = re.compile(r"(?<=\w):(?=\w)")


def _ya_phala_doubles(lows: list[str], at: int) -> int | None:
    """Where the y at `at` follows a consonant that follows a vowel (the Bengali script's য-phala
    inside a word), the index of that consonant's stop; None elsewhere (ব্যথা at a word's start)."""
    stop = at - 2 if at >= 2 and lows[at - 1] == "h" else at - 1
    if stop < 1 or lows[stop] in VOWELS or not lows[stop][:1].isalpha() or lows[stop] == "h":
        return None
    return stop if lows[stop - 1] in VOWELS else None


def _before_consonant(lows: list[str], k: int) -> bool:
    """Whether lows[k] is a consonant of its own (an h after a stop is that stop's aspiration)."""
    return k < len(lows) and lows[k].isalpha() and lows[k] not in VOWELS and lows[k] not in NASALS and lows[k] != "h"


def _indic(word: str, style: IndicStyle) -> str:
    letters = _clusters(VOWEL_SEPARATOR.sub("", word))
    lows = [letter.lower() for letter in letters]
    if len(lows) >= 3 and lows[-3] == "ā" and lows[-2] in NASALS and lows[-1] == "v":
        # A nasal ā before a final v is said, and written, aon: gām̐v gaon, chām̐v chhaon.
        lows[-3:] = letters[-3:] = ["a", "o", "n"]
    elif len(lows) >= 3 and lows[-3] in VOWELS and lows[-2] in NASALS and lows[-1] in VOWELS:
        # A nasal vowel before the word's last vowel nasalises the pair, written after it: nagām̐ō
        # Nagaon, kum̐ā kuan.
        lows[-2:], letters[-2:] = [lows[-1], "n"], [letters[-1], "n"]
    out: list[str] = []
    for i, low in enumerate(lows):
        rest = [c for c in lows[i + 1 :] if c not in NASALS]
        prev = lows[i - 1] if i else ""
        following = lows[i + 1] if i + 1 < len(lows) else ""
        at_end = not any(c.isalpha() for c in rest)
        rule = CONSONANT_RULES.get(style.consonants or "")
        spoken = rule(low, prev, following, prev in VOWELS, following in VOWELS) if rule else None
        if spoken is not None:
            spelled = spoken
        elif low == "c" and following == "c":
            # Doubled: bacca bachcha, but before the aspirate once: acchā achha.
            spelled = "" if lows[i + 2 : i + 3] == ["h"] else "ch"
        elif low == "c":
            # ch (छ) is chh, but ch at the end of a word (kuch, pūch).
            spelled = "chh" if following == "h" and i + 2 < len(lows) else "ch"
            if following == "h":
                lows[i + 1] = ""
        elif low == "a" and style.eh and following == "h" and (_closes_syllable(lows, i + 2) or _one_syllable(lows)):
            # Also a one-syllable word's closing h (yah yeh, kah keh); a longer word keeps its a
            # there (jagah, subah, tarah).
            spelled = "e"
        elif low == "a" and style.eh and lows[i + 1 : i + 3] == ["h", "i"] and _closes_syllable(lows, i + 3):
            spelled = "e"
            lows[i + 2] = ""
        elif low == "ṛ" and lows[max(i - 2, 0) : i] == ["g", "a"] and lows[i + 1 :] in ([], ["h"]):
            # गढ़ (the fort) closing a name is garh in every one: Chhattisgarh, Aligarh, Dibrugarh's গড়.
            spelled = "rh"
            if following == "h":
                lows[i + 1] = ""
        elif low == "ṛ":
            spelled = style.flap
        elif style.single_before_consonant and following == low and _before_consonant(lows, i + 2):
            spelled = ""
        elif low == "a" and following == "u" and style.au_as_ou:
            spelled = "o"
        elif low == "ō" and i == 0 and following == "ẏ" and lows[2:3] and lows[2] in VOWELS and style.oy_as_w:
            spelled = "w"
            lows[i + 1] = ""
        elif low == "ē" and following in NASALS and not rest and (following != "ṁ" or style.final_anusvara == "n"):
            # Hindi's nasal ẽ (mēṁ mein); where a final anusvara is m (the South's iṁkēṁ inkem) or
            # goes unwritten (Gujarati, Marathi), the e is the vowel it is.
            spelled = "ei"
        elif low in ("ī", "i") and following in VOWELS and style.glide_after_i:
            spelled = "iy"
        elif low in ("r̥", "r̥̄"):
            spelled = style.vocalic_r
        elif low == "ẏ" and prev == "y":
            # Odia's ଯ୍ୟ (sūryẏa) is one y said: Surya.
            spelled = ""
        elif low in ("a", "ā") and following == "y" and _closes_with_y(lows, i + 1):
            # A y that closes a syllable after a is said, and written, i: rāypur Raipur, jaypur Jaipur.
            spelled = "ai"
            lows[i + 1] = ""
        elif _said_w(lows, i, style):
            spelled = "w"
        elif low in ("s", "ś") and style.ba_phala and following == "b":
            spelled = "s"
        elif (
            low in style.doubled
            and (not at_end or (style.doubled_in_one_syllable and _one_syllable(lows)))
            and prev not in VOWELS
        ):
            spelled = DOUBLED[low]
        elif low in DOUBLED and style.doubled and len(lows) == 1:
            # A word that is the long vowel alone keeps it doubled, or it reads short, in every style
            # that doubles a vowel: Aa Ab Laut Chalen, Aa Gaye Munde U.K. De, Aa Naluguru, Aa
            # Dinagalu, Ee Nagaraniki Emaindi, Oo Antava.
            spelled = DOUBLED[low]
        elif low == "ṁ" and following == "n" and style.anusvara == "n":
            # The nasal before n is that n's (maiṁnē maine, as Maine Pyar Kiya writes it; unhōṁnē
            # unhone); the eastern scripts' ং is a consonant of its own (tēṁnaupāl Tengnoupal).
            spelled = ""
        elif low == "ṁ" and following[:1] in ("p", "b", "m") and style.anusvara != "ng":
            # Hindi's anusvara takes the place of the consonant after it (sambandh); the eastern
            # scripts' ং is always ng (Kangpokpi).
            spelled = "m"
        elif low in NASALS and at_end:
            spelled = style.final_anusvara if low == "ṁ" else "n"
        elif low == "ṁ" and following[:1] in FRICATIVES and style.final_anusvara == "m":
            # Where the anusvara is m at a word's end it is m before a sibilant or h too, which have
            # no nasal of their own: saṁsāraṁ samsaram, siṁha Simha, vaṁśī Vamsi, jīvāṁśam Jeevamsham.
            spelled = "m"
        elif low == "ṁ" and following[:1] not in VELARS:
            spelled = style.anusvara
        elif low == "ṅ":
            spelled = _velar_nasal(following)
        elif low == "s" and style.s_as_sh and following not in S_CLUSTERS:
            spelled = "sh"
        elif low == "y" and style.y_as_j and (not prev or prev in VOWELS or prev == "r" and style.ya_phala_doubles):
            # After r too, where the য-phala is said: rj (sūrya shurja, kārya karja).
            spelled = "j"
        elif low == "y" and style.ya_phala_doubles and (doubled := _ya_phala_doubles(lows, i)) is not None:
            # য-phala inside a word is said as the consonant before it again (janya janna, madhya
            # maddhya): the consonant's spelling (its stop, where it is aspirated) written twice.
            out[doubled] = out[doubled][:1] + out[doubled]
            spelled = ""
        elif low == "t" and style.dental_t_as_th and following != "h":
            spelled = "" if following == "t" else "th"
        elif low == "ś":
            spelled = style.sha
        else:
            spelled = SINGLE.get(low) or INDIC.get(low, low)
        if low == "ē" and prev in GLIDE_BEFORE_E:
            spelled = "y" + spelled
        out.append(spelled.capitalize() if letters[i] != low and spelled else spelled)
    return without_marks("".join(out))


def _velar_nasal(following: str) -> str:
    """The velar nasal ṅ: ng where no velar follows to show it (raṅ rang, kājiraṅā Kaziranga,
    Sindhi's ڱ in āṅāro angaro), n before one (aṅga anga)."""
    return "n" if following[:1] in VELARS else "ng"


def _pinyin(word: str) -> str:
    return without_marks(re.sub(r"([nlNL])[üǖǘǚǜ]", r"\1yu", word)).replace("ü", "u")


def _table(word: str, table: dict[str, str]) -> str:
    for letter, spelled in table.items():
        word = word.replace(letter, spelled)
    return without_marks(word)


# Hindi's pronouns that listeners spell as said, not as written: हम is said with a rounded a (Hum
# Aapke Hain Koun..!, Humko Tumse Pyaar Hai), and वह and वो are said vo (Woh Lamhe, Woh Kaun Thi?).
HINDI_WORDS = {"ham": "hum", "hamēṁ": "humein", "vah": "woh", "vō": "woh"}
# Sindhi's ڱ (ṅ) and the letter after it, if any.
VELAR_NASAL = re.compile(r"ṅ(.?)")
# A word's letters, apart from the punctuation around it.
CORE = re.compile(r"(\W*)(.*?)(\W*)", re.DOTALL)


def readable(word: str, language: Language) -> str:
    """A word of the standard form, in the language's scheme, without diacritics."""
    scheme = language.romanisation
    if scheme == "iso15919":
        said = CORE.fullmatch(word)
        if language.code == "hi" and said and said[2].lower() in HINDI_WORDS:
            return said[1] + HINDI_WORDS[said[2].lower()] + said[3]
        return _indic(word, INDIC_STYLES.get(language.code, HINDI_STYLE))
    if scheme == "pinyin":
        return _pinyin(word)
    if scheme == "ala-lc":
        if language.code == "ur":
            word = URDU_EH.sub("e", URDU_FINAL_AH.sub("a", word))
            word = URDU_DOUBLED.sub(lambda m: DOUBLED[m.group(1)], word)
        return _table(VELAR_NASAL.sub(lambda m: _velar_nasal(m[1]) + m[1], word), ARABIC)
    if scheme == "bgn-pcgn":
        return _table(word.replace("yë", "yo").replace("Yë", "Yo").replace("YË", "YO"), CYRILLIC)
    return without_marks(word)
