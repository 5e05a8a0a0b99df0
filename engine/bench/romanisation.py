"""Romanisation scored against references written from published sources: character error rate per
language, in the standard form and in the readable one. Languages without a reference set are
listed as unverified.

engine/.venv/bin/python -m bench.romanisation   (from engine/; prints the table in docs/languages.md)

Each set names its source. The standard form follows the scheme's own document; the readable form
follows the Latin-script titles the songs were released under, or the scheme without its marks where
the source says so. A reference is what the source writes, not what Verse writes: where they
differ, the difference counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from verse_engine.languages import all_languages
from verse_engine.romanise import RomanisationForm, romanise_line

from .metrics import edit_distance


@dataclass(frozen=True)
class ReferenceSet:
    source: str
    #: (original, standard form, readable form)
    lines: list[tuple[str, str, str]]


REFERENCES: dict[str, ReferenceSet] = {
    "Hindi": ReferenceSet(
        "Standard: ISO 15919:2001, its letter table (ē, ō, ṁ, m̐, c, ś). Readable: the Latin-script titles the "
        "songs and films were released under: Mera Naam Joker (1970), Tum Hi Ho (Aashiqui 2, 2013), Dil Se "
        "(1998), Kabhi Kabhi Mere Dil Mein (1976), Tere Bina (Guru, 2007), Jeena Jeena (Badlapur, 2015), "
        "Chaand Sifarish (Fanaa, 2006), Aaj Ki Raat (Don, 2006), Zindagi Na Milegi Dobara (2011), Pyaar Hua "
        "Chupke Se (1994), Duniya (Luka Chuppi, 2019), Mohabbatein (2000), Sapna Jahan (Brothers, 2015), Paani "
        "Da Rang (Vicky Donor, 2012), Dil Mein Ho Tum (2019), Nahin Saamne (Taal, 1999), Aashiqui (1990)",
        [
            ("मेरा नाम", "mērā nām", "mera naam"),
            ("तुम ही हो", "tum hī hō", "tum hi ho"),
            ("दिल से", "dil sē", "dil se"),
            ("कभी कभी", "kabhī kabhī", "kabhi kabhi"),
            ("तेरे बिना", "tērē binā", "tere bina"),
            ("जीना जीना", "jīnā jīnā", "jeena jeena"),
            ("चाँद", "cām̐d", "chaand"),
            ("आज की रात", "āj kī rāt", "aaj ki raat"),
            ("ज़िंदगी", "ziṁdagī", "zindagi"),
            ("प्यार हुआ चुपके से", "pyār huā cupkē sē", "pyaar hua chupke se"),
            ("दुनिया", "duniyā", "duniya"),
            ("मोहब्बत", "mōhabbat", "mohabbat"),
            ("सपना जहाँ", "sapnā jahām̐", "sapna jahan"),
            ("पानी", "pānī", "paani"),
            ("दिल में हो तुम", "dil mēṁ hō tum", "dil mein ho tum"),
            ("नहीं सामने", "nahīṁ sāmnē", "nahin saamne"),
            ("आशिक़ी", "āśiqī", "aashiqui"),
        ],
    ),
    "Mandarin Chinese": ReferenceSet(
        "Standard: Hanyu Pinyin as the Xiandai Hanyu Cidian (7th ed.) reads each word, one syllable apart, "
        "neutral tones unmarked. Readable: the same without tones, ü written yu after n and l as GB/T "
        "28039-2011 writes it; song titles: Yue Liang Dai Biao Wo De Xin (Teresa Teng, 1977), Tian Mi Mi "
        "(1979), Peng You (Emil Chau, 1997)",
        [
            ("我爱你", "wǒ ài nǐ", "wo ai ni"),
            ("月亮代表我的心", "yuè liang dài biǎo wǒ de xīn", "yue liang dai biao wo de xin"),
            ("甜蜜蜜", "tián mì mì", "tian mi mi"),
            ("朋友", "péng you", "peng you"),
            ("快乐", "kuài lè", "kuai le"),
            ("音乐", "yīn yuè", "yin yue"),
            ("女人", "nǚ rén", "nyu ren"),
            ("长大", "zhǎng dà", "zhang da"),
            ("重新开始", "chóng xīn kāi shǐ", "chong xin kai shi"),
            ("银行", "yín háng", "yin hang"),
            ("行走", "xíng zǒu", "xing zou"),
            ("你好", "nǐ hǎo", "ni hao"),
        ],
    ),
    "Japanese": ReferenceSet(
        "Hepburn as Kenkyūsha's New Japanese-English Dictionary writes it (particles wa, e, o), long vowels "
        "as spelled in kana (ou), the form Japanese lyric sites use; titles as released: Sekai ni Hitotsu "
        "Dake no Hana (SMAP, 2003), Kimi no Na wa (2016), Sakura (Ikimono-gakari, 2006), Ue o Muite Arukou "
        "(Kyu Sakamoto, 1961)",
        [
            ("世界に一つだけの花", "sekai ni hitotsu dake no hana", "sekai ni hitotsu dake no hana"),
            ("君の名は", "kimi no na wa", "kimi no na wa"),
            ("さくら", "sakura", "sakura"),
            ("上を向いて歩こう", "ue o muite arukou", "ue o muite arukou"),
            ("君の名前は何ですか", "kimi no namae wa nan desu ka", "kimi no namae wa nan desu ka"),
            ("私はあなたを愛してる", "watashi wa anata o aishiteru", "watashi wa anata o aishiteru"),
            ("学校へ行こう", "gakkou e ikou", "gakkou e ikou"),
            ("ありがとう", "arigatou", "arigatou"),
            ("夢を見ていた", "yume o mite ita", "yume o mite ita"),
            ("お父さん", "otousan", "otousan"),
        ],
    ),
    "Russian": ReferenceSet(
        "Standard: BGN/PCGN 1947 (its table: ë, ʼ, ʺ, y). Readable: titles as released in Latin letters: "
        "Katyusha (1938), Kalinka (1860), Podmoskovnye Vechera (1955), Zvezda po imeni Solntse (Kino, 1989), "
        "Yolka (the singer's name as she writes it)",
        [
            ("Я тебя люблю", "Ya tebya lyublyu", "Ya tebya lyublyu"),
            ("Катюша", "Katyusha", "Katyusha"),
            ("Калинка", "Kalinka", "Kalinka"),
            ("Подмосковные вечера", "Podmoskovnyye vechera", "Podmoskovnye vechera"),
            ("Звезда по имени Солнце", "Zvezda po imeni Solntse", "Zvezda po imeni Solntse"),
            ("Ёлка", "Yëlka", "Yolka"),
        ],
    ),
    "Korean": ReferenceSet(
        "Revised Romanisation of Korean (Ministry of Culture and Tourism, notice 2000-8), the examples of "
        "section 3, article 1; the scheme has no diacritics, so both forms are the same",
        [
            (word, roman, roman)
            for word, roman in [
                ("백마", "baengma"),
                ("종로", "jongno"),
                ("왕십리", "wangsimni"),
                ("별내", "byeollae"),
                ("신라", "silla"),
                ("대관령", "daegwallyeong"),
                ("해돋이", "haedoji"),
                ("같이", "gachi"),
                ("좋고", "joko"),
                ("놓다", "nota"),
                ("묵호", "mukho"),
                ("집현전", "jiphyeonjeon"),
                ("감사합니다", "gamsahamnida"),
            ]
        ],
    ),
    "Thai": ReferenceSet(
        "Royal Thai General System of Transcription (Royal Institute, 1999), its examples and the official "
        "names it gives (Krung Thep, Chiang Mai, Phuket, Prathet Thai); the scheme has no diacritics",
        [
            (thai, roman, roman)
            for thai, roman in [
                ("กรุงเทพ", "krung thep"),
                ("สวัสดี", "sawatdi"),
                ("ขอบคุณ", "khop khun"),
                ("ภูเก็ต", "phuket"),
                ("เชียงใหม่", "chiang mai"),
                ("ประเทศไทย", "prathet thai"),
                ("รัก", "rak"),
                ("ใจ", "chai"),
                ("เพลง", "phleng"),
                ("น้ำ", "nam"),
            ]
        ],
    ),
}


def cer(reference: str, hypothesis: str) -> float:
    """Character errors over the reference's characters, spaces included (a karaoke line's word
    breaks are part of what a reader reads); letter case is not counted."""
    ref, hyp = " ".join(reference.lower().split()), " ".join(hypothesis.lower().split())
    return edit_distance(list(ref), list(hyp)) / max(1, len(ref))


@dataclass(frozen=True)
class Score:
    language: str
    lines: int
    standard: float
    readable: float


def score(language: str) -> Score:
    refs = REFERENCES[language]
    lang = all_languages()[language]
    forms: tuple[RomanisationForm, RomanisationForm] = ("standard", "readable")
    rates = []
    for k, form in enumerate(forms):
        errors, chars = 0.0, 0
        for line in refs.lines:
            reference = line[1 + k]
            length = len(" ".join(reference.split()))
            errors += cer(reference, romanise_line(line[0], lang, form)) * length
            chars += length
        rates.append(errors / chars)
    return Score(language, len(refs.lines), rates[0], rates[1])


def main() -> None:
    print("| Language | Reference lines | Standard CER | Readable CER |")
    print("|---|---:|---:|---:|")
    for name, lang in sorted(all_languages().items()):
        if name in REFERENCES:
            s = score(name)
            print(f"| {name} | {s.lines} | {s.standard:.1%} | {s.readable:.1%} |")
        elif lang.romanisation != "latin":
            print(f"| {name} | unverified | | |")


if __name__ == "__main__":
    main()
