"""A Thai word in RTGS, syllable by syllable through pythainlp's royin engine, after the spelling
rules royin does not apply (so ใหม่ is mai, not aim; สวัสดี sawatdi, not swatdi; เพลง phleng, not
phenng; อยุธยา ayutthaya's a; กาญจน kan, not kay):

- a leading ห before a sonorant only sets the tone and is not read (ใหม่, เหนือ, หนอง);
- two consonants opening a syllable that are not one of Thai's clusters carry an unwritten a
  between them (สวัส sa-wat, ตลาด ta-lat, and before the vowel letter อ: ตลอด ta-lot); a leading
  อ before ย is silent only in the four words that spell it so (อย่า, อยู่, อย่าง, อยาก), and elsewhere
  is such a consonant (อยุธยา a-yut);
- a cluster after a vowel written before it (เพลง, แพร่) keeps its first consonant; two consonants
  after it that are no cluster, where what follows the second completes that vowel (เ-าะ, เ-ีย,
  เ-ือ, แ-ะ, a tone mark), are two syllables: the first consonant carries an unwritten a and the
  vowel is the second's (เฉพาะ cha-pho, เสด็จ sa-det, เฉลี่ย cha-lia, เสน่ห์ sa-ne). Where it does
  not (เคมี, เหตุ), the vowel stays the first consonant's;
- ญ closing a syllable is n, as every final nasal of its row is (กาญจน kan, บุญ bun).
- the written clusters read as one sound: ทร s (ทราย sai), ร silent after ซ, ศ, ส (สร้าง sang);
- short vowels royin leaves a Thai letter in (ก็ ko, แข็ง khaeng, เตะ te): see _short_vowels_read.
"""

from __future__ import annotations

import re
from functools import lru_cache

CONSONANTS = "กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ"
SONORANTS = "งญนมยรลว"
# Vowel and tone marks that can follow a syllable's first consonant.
FOLLOWING = "ัิีึืุูาำะ็่้๊๋"
PREPOSED = "เแโใไ"
# The true clusters, and the written ones read as one sound (จร, ซร, ศร, สร, ทร: s or ch).
CLUSTERS = {
    *"กร กล กว ขร ขล ขว คร คล คว ปร ปล พร พล ผล ตร บร บล ดร ฟร ฟล".split(),
    *"ทร จร ซร ศร สร".split(),
}
# The RTGS initial of a cluster's first consonant.
CLUSTER_INITIALS = {"ก": "k", "ข": "kh", "ค": "kh", "ป": "p", "พ": "ph", "ผ": "ph", "ต": "t"}
CLUSTER_INITIALS |= {"บ": "b", "ด": "d", "ฟ": "f"}
# The only words whose leading อ before ย is silent (อย่าง begins as อย่า does).
SILENT_O_BEFORE_Y = ("อย่า", "อยู่", "อยาก")

_SILENT_H = re.compile(f"ห(?=[{SONORANTS}])")
_OPENING_PAIR = re.compile(f"^([{CONSONANTS}])([{CONSONANTS}])(?=[{FOLLOWING}อ])")
_PREPOSED_CLUSTER = re.compile(f"^([{PREPOSED}])([{CONSONANTS}])([{CONSONANTS}])")
TONES = "่้๊๋"
# What may follow a syllable's first consonant to complete each preposed vowel (เ-าะ, เ-ีย, แ-ะ…),
# or a tone mark before the final.
_COMPLETES = {"เ": f"าะ?|็|ิ|ี[{TONES}]?ย|ื[{TONES}]?อ|ะ", "แ": "ะ|็", "โ": "ะ"}
# The second consonant (never อ, which is then a vowel letter) and what completes the vowel.
_SECOND = f"[{CONSONANTS.replace('อ', '')}]"
_PREPOSED_ON_SECOND = {
    vowel: re.compile(f"^{vowel}([{CONSONANTS}])(?={_SECOND}(?:[{TONES}]?(?:{rest})|[{TONES}](?=[{CONSONANTS}]|$)))")
    for vowel, rest in _COMPLETES.items()
}
# The written clusters read as one sound: ทร is s (ทราย sai, ทรง song), written ส for royin, which
# misreads some syllables that open on ซ (ซาย say), and ร after ซ, ศ or ส is
# silent (สร้าง sang, ศรี si), and after จ in จริง (ching) alone (จราจร is cha-ra-chon). Not before a
# second ร, where รร is the vowel an (สรร san). Loans that keep tr (เซ็นทรัล) are read s too.
ONE_SOUND = {"ทร": "ส", "จร": "จ", "ซร": "ซ", "ศร": "ศ", "สร": "ส"}
_ONE_SOUND = re.compile(f"^([{PREPOSED}]?)(ทร|ซร|ศร|สร|จร(?=ิง))(?=[{FOLLOWING}{CONSONANTS.replace('ร', '')}])")
_THAI = re.compile("[\u0e00-\u0e4f\u0e5a-\u0e7f]")  # Thai letters and marks, not its digits
_LONE_MAITAIKHU = re.compile(f"^([{CONSONANTS}])็$")
_SHORT_E_AE = re.compile(f"^([เแ][{CONSONANTS}]+[{TONES}]?)ะ$")
_SILENT_R = re.compile("(?<=[เแโ])([จซศสท])ร")
_SILENCED = re.compile(f"[{CONSONANTS}]์")
_FINAL_CHO = re.compile("(?<=[เแ][" + CONSONANTS + "])จ$")
_FINAL_YO_YING = re.compile(f"(?<=[{CONSONANTS}{FOLLOWING}])ญ$")


def _royin(syllable: str) -> str:
    from pythainlp.transliterate import romanize

    return str(romanize(syllable, engine="royin"))


def _syllable(syllable: str) -> str:
    syllable = _SILENT_H.sub("", syllable)
    syllable = _ONE_SOUND.sub(lambda m: m.group(1) + ONE_SOUND[m.group(2)], syllable)
    if len(syllable) == 1 and syllable in CONSONANTS:
        syllable += "ะ"
    syllable = _FINAL_YO_YING.sub("น", syllable)
    pair = _OPENING_PAIR.match(syllable)
    if pair and pair.group(0) not in CLUSTERS and not syllable.startswith(SILENT_O_BEFORE_Y):
        syllable = syllable[0] + "ะ" + syllable[1:]
    cluster = _PREPOSED_CLUSTER.match(syllable)
    # A consonant under ์ is silent, not the second of a cluster (ไฟล์ fai).
    silenced = syllable[3:4] == "์"
    if (
        cluster
        and cluster.group(2) + cluster.group(3) in CLUSTERS
        and cluster.group(2) in CLUSTER_INITIALS
        and not silenced
    ):
        return CLUSTER_INITIALS[cluster.group(2)] + _short_vowels_read(cluster.group(1) + syllable[2:])
    on_second = _PREPOSED_ON_SECOND[syllable[0]].match(syllable) if syllable[0] in _PREPOSED_ON_SECOND else None
    if on_second and syllable[1:3] not in CLUSTERS:
        return _royin(on_second.group(1) + "ะ") + _syllable(syllable[0] + syllable[2:])
    return _short_vowels_read(syllable)


def _short_vowels_read(syllable: str) -> str:
    """royin's reading, or, where royin leaves Thai letters in it (ก็ k็, แข็ง khae็ng, เตะ teะ), the
    reading of the same syllable with its short vowel written the way royin reads: a lone consonant
    with ็ is o (ก็ ko), ็ elsewhere only marks the vowel short (แข็ง khaeng, ล็อก lok), a final ะ after
    เ or แ and a consonant likewise (เตะ te), ร after ส, ศ, จ, ซ or ท is silent (เสร็จ set), and so is a
    letter under ์; a final จ is t, as royin reads it after other vowels. A letter still left is
    dropped: a romanisation holds no Thai."""
    reading = _royin(syllable)
    if not _THAI.search(reading):
        return reading
    short = _LONE_MAITAIKHU.sub("\\1อ", syllable).replace("็", "")
    short = _SHORT_E_AE.sub("\\1", _SILENT_R.sub("\\1", short))
    short = _FINAL_CHO.sub("ด", _SILENCED.sub("", short))
    return _THAI.sub("", _royin(short))


# Bounded: the engine runs for weeks, and every distinct word of every lyric would stay in it.
@lru_cache(maxsize=65536)
def rtgs(word: str) -> str:
    """The word in RTGS, its syllables written together."""
    from pythainlp.tokenize import syllable_tokenize

    return "".join(_syllable(s) for s in syllable_tokenize(word, engine="dict"))
