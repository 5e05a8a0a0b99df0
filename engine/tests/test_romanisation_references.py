"""The readable form against published references (bench/romanisation.py): at most 2 % character
errors in every language that has a reference set. Where Verse is known to miss, the test says why
and fails the day it stops missing, so the table in docs/languages.md is corrected with it."""

import pytest

from bench.romanisation import REFERENCES, cer, score

TARGET = 0.02
KNOWN_MISSES = {
    # Kashmiri's entries write compounds together that the script writes apart (اَکہٕ ترْٕہ akụtrụh),
    # follow another spelling than the one given in a few (بنْور bror), and write the palatal glide '
    # where Verse writes y.
    "Kashmiri": "compounds written together, spellings of their own, and the glide written '",
    # Sindhi's script leaves out its short vowels; the final one is read (u, the commonest), and an a
    # between a word's last two consonants, but not the others (akhri for ukhiri, varspatu for
    # viraspati), and ي and و write e and o as well as ī and ū.
    "Sindhi": "short vowels inside words, and the e and o that ي and و also write",
    # The diacritiser vocalises standard Arabic; half the titles are colloquial (إنت inta, بتونس batwannis), and
    # the titles write Egyptian and Levantine sounds (el, ou, ei) where the scheme writes al, u, ay.
    "Arabic": "colloquial titles vocalised as standard Arabic, and their Egyptian spellings",
    # The lexicons read Urdu's common words (dil, mera, hai) and those Hindi shares (pakistan); words
    # in neither list are still read letter by letter, without most short vowels inside them (zad for
    # zid), and the titles keep spellings of their own (jeevay, suroor, hungama).
    "Urdu": "words in neither lexicon read without their short vowels, and the titles' own spellings",
    # The titles write Bengali's s as s (Sonar Kella, Apur Sansar) where it is said sh (Shonar Bangla)
    # and its inherent vowel as o (Kolkata, Aparajito); the inherent-vowel rule drops the a inside
    # compounds (cāru-latā → cārultā).
    "Bengali": "titles spelled against the spoken s and o; the inherent vowel inside compounds",
    # Punjabi titles keep English-era spellings (Punjab, Qismat, Radio) and drop a nasal or a doubled
    # letter the script writes (Naa for ਨਾਂ, Chal for ਚੱਲ).
    "Punjabi": "titles in older English spellings, and nasals and doubled letters left out",
    # Telugu titles double ā in some (Baahubali, Naatu) and not in most (Mahanati, Sita Ramam).
    "Telugu": "titles that double ā inconsistently",
    # Gujarati, Kannada, Marathi and Nepali titles double a long vowel in some films and not in most, and
    # write loans and sounds their own way (Zingaat for झिंगाट, Timepass, Firiri for फिरिरी).
    "Gujarati": "titles that double vowels inconsistently and keep English loans",
    "Kannada": "titles that double vowels and write t as th inconsistently",
    "Marathi": "titles that write झ as z, double a vowel in some, and keep English loans",
    "Nepali": "titles that write फ as f and nasal endings inconsistently",
    # Malayalam titles double ā in a few (Aavesham, Prathikaaram) and drop an aspirate (Bramayugam).
    "Malayalam": "titles that double ā in a few films",
    # Tamil titles double a long vowel in half the titles (Kaadhal, Vaaranam) and not in the others
    # (Roja, Nayakan), and voice a k or t in some (Ragam, Kaadhal): no one rule writes them all.
    "Tamil": "titles that double long vowels and voice stops inconsistently",
    # Bhojpuri titles double a vowel in a few words (Paar, Naach) and not in most (Hamar, Kinare),
    # and leave out a written y or nasal (Pardesia for परदेसिया, Batai for बताईं).
    "Bhojpuri": "titles that double vowels in a few words and drop written letters",
    # Assam's official names keep colonial and local spellings the script does not show: ছ as c
    # (Cachar), জ as z (Tezpur), the inherent vowel as o (Bongaigaon, Morigaon), and a vowel spoken
    # but written (ধুবুৰী Dhubri, তিনিচুকীয়া Tinsukia).
    "Assamese": "official names in colonial and local spellings the script does not show",
    # Chhattisgarhi's inherent-vowel rule reads a compound as one word (महानदी mahāndī for Mahanadi)
    # and drops an a Dhamtari keeps; Teejan Bai doubles her ī.
    "Chhattisgarhi": "compounds read as one word, and a name's own doubled vowel",
    # Dogri is scored on place names only, which never double a vowel (Udhampur, Ramban), while it keeps
    # Hindi's style, which does: the regional style would score 9.7 %, but titles, not names, chose styles.
    "Dogri": "place names without doubled vowels, read in Hindi's style",
    # Haryanvi misses by a hair (2.01 %): one title doubles a vowel (Laado), one drops a nasal (Nahi),
    # and two place names write ड़ as r (Rewari) and हरियाणा without its i (Haryana).
    "Haryanvi": "a doubled vowel, a dropped nasal and two place names' own spellings",
    # Magahi's towns keep official spellings: the flap as rh (Barh, Masaurhi), Jehanabad's and
    # Sheikhpura's vowels; and the inherent-vowel rule drops the a Magahi says in its own name (maghī).
    "Magahi": "official spellings of its towns, and its own name's a",
    # Maithili's titles double a vowel in a few words (Makhaan, Paag) and keep a y that Hindi's and
    # Marathi's write i (Jay Jay Bhairavi; Jai Ho), and its compound place names lose the a that
    # opens their last member (Madhubani read madhubni, Sitamarhi sitamdhi).
    "Maithili": "titles that double vowels in a few words or keep a y, and compounds read as one word",
    # Rajasthani's film songs double a vowel (Ghoomar, Nimbooda) where its folk songs do not (Kesariya
    # Balam, Panihari), and its place names write ड़ as r (Marwar, Mewar) where titles write d.
    "Rajasthani": "film songs that double vowels, and place names that write the flap as r",
    # Tulu's towns are written as English has them: without the final vowel the script writes (Puttur,
    # Kasaragod, Brahmavar), with y for a final i (Belthangady), and v as w (Bantwal).
    "Tulu": "official names that drop the final vowel the script writes",
    # Pali and Sanskrit compounds read their joining consonant twice (Ratchasima, Ayutthaya,
    # Kanchanaburi), which no spelling rule predicts; two names the dictionary splits are written whole
    # (Lampang, Songkhla).
    "Thai": "joining consonants read twice in long names, and names written whole",
    # The poem's romanisation disagrees with its own Devanagari in four words (बयनिख्रुइबो bwnwikhrubw,
    # थाबैनो thabnw, जोबथा jobtha for ओ's w, आं aang), and Hindi's inherent-vowel rule drops an o Bodo
    # says (महरानो mohoranw).
    "Bodo": "a romanisation that disagrees with its own Devanagari, and an o Hindi's rule drops",
}


@pytest.mark.parametrize("language", sorted(REFERENCES))
def test_the_readable_form_is_within_two_percent_of_the_references(language):
    if language in KNOWN_MISSES:
        pytest.xfail(KNOWN_MISSES[language])
    assert score(language).readable <= TARGET


@pytest.mark.parametrize("language", sorted(KNOWN_MISSES))
def test_a_known_miss_is_still_a_miss(language):
    # When a library update fixes one, this fails: move the language out of KNOWN_MISSES.
    assert score(language).readable > TARGET


def test_character_error_rate_counts_spaces_and_not_case():
    assert cer("krung thep", "Krung Thep") == 0
    assert cer("krung thep", "krungthep") == pytest.approx(1 / 10)
