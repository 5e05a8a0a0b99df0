"""Is the song sung in the language it was labelled with? Whisper's language identification, run on
the song's vocal passages only (what the decode's voice-activity detection keeps, so long
instrumental stretches do not vote), averaged over up to WINDOWS 30-second windows of them.

A language Whisper has no model for is checked against the related language it is decoded as
(Bhojpuri against Hindi): the check then says "sung in a language Whisper hears as Hindi".
Hindustani is one spoken language written two ways, so Hindi and Urdu answer for each other.
How the rule was chosen and how often it is right: bench/language_check.py and docs/languages.md.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from faster_whisper.audio import pad_or_trim
from faster_whisper.vad import VadOptions, get_speech_timestamps

from verse_engine.asr import whisper
from verse_engine.audio import decode as audio_mod
from verse_engine.contract.common import LanguageCheck
from verse_engine.languages import Language, all_languages

#: Less singing than this is too little to tell a language by; the check does not run.
MIN_VOCAL_SECONDS = 3.0
#: Windows of 30 s of singing listened to (each costs one encoder pass).
WINDOWS = 3
#: The label matches when its language holds at least this share of the top language's probability.
#: Chosen by bench/language_check.py as the share that is right most often on espeak-ng speech in 31
#: languages, with the wrong and the right label counted alike; a larger share raises false alarms.
MATCH_SHARE = 0.05

#: Languages one voice cannot tell apart: the same speech written in two scripts.
SAME_SPEECH = ({"hi", "ur"},)


@dataclass(frozen=True)
class Detection:
    probabilities: dict[str, float]

    @property
    def top(self) -> tuple[str, float]:
        code = max(self.probabilities, key=self.probabilities.__getitem__)
        return code, self.probabilities[code]

    def share_of(self, codes: set[str]) -> float:
        return sum(self.probabilities.get(c, 0.0) for c in codes)


def vocal_passages(samples: np.ndarray) -> np.ndarray:
    """The passages the song's voice-activity detection keeps (the decode's own VAD settings), one
    after another. They do not depend on the label, so a wrong label is checked on the same audio."""
    options = VadOptions(**whisper.SONG_VAD)
    chunks = [samples[c["start"] : c["end"]] for c in get_speech_timestamps(samples, options)]
    return np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.float32)


def detect(model_name: str, passages: np.ndarray) -> Detection:
    """Whisper's language probabilities over the first WINDOWS windows of the passages, averaged."""
    with whisper.lock():
        model = whisper.load(model_name)
        extractor = model.feature_extractor
        features = extractor(passages[: WINDOWS * extractor.n_samples])
        totals: dict[str, float] = {}
        windows = 0
        for i in range(0, features.shape[-1], extractor.nb_max_frames):
            window = features[..., i : i + extractor.nb_max_frames]
            # A tail under a second is mostly padding: it would vote with little to go on.
            if windows > 0 and window.shape[-1] < extractor.nb_max_frames // 30:
                break
            encoded = model.encode(pad_or_trim(window))
            for token, probability in model.model.detect_language(encoded)[0]:
                code = token[2:-2]
                totals[code] = totals.get(code, 0.0) + probability
            windows += 1
    return Detection({code: total / windows for code, total in totals.items()})


def accepted_codes(language: Language) -> set[str]:
    """The Whisper languages that count as this label: its own (or the one it is decoded as), and
    any language spoken the same way."""
    codes = {language.decode_as}
    for group in SAME_SPEECH:
        if codes & group:
            codes |= group
    return codes


def name_of(code: str) -> str:
    """The API's name for a Whisper language (its own language first), else Whisper's code."""
    languages = list(all_languages().values())
    own = next((lang.name for lang in languages if lang.whisper == code), None)
    return own or code


def verdict(detection: Detection, language: Language) -> LanguageCheck:
    code, probability = detection.top
    claimed = detection.share_of(accepted_codes(language))
    return LanguageCheck(
        detected=name_of(code),
        probability=round(probability, 3),
        matches=claimed >= MATCH_SHARE * probability,
    )


def can_identify(model_name: str) -> bool:
    """An English-only model (tiny.en) has no language tokens to identify a language with."""
    return bool(whisper.load(model_name).model.is_multilingual)


def check_language(model_name: str, samples: np.ndarray, language: Language) -> LanguageCheck | None:
    """results.language_check, or None when there is too little singing to tell. The model must
    identify languages (can_identify)."""
    passages = vocal_passages(samples)
    if len(passages) < MIN_VOCAL_SECONDS * audio_mod.SAMPLE_RATE:
        return None
    return verdict(detect(model_name, passages), language)
