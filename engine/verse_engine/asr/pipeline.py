"""The engine's whole work for one song (everything but forced alignment): decode, transcribe with
the language hint, split into sung lines, write fallback languages in their own script, romanise
word for word, translate line by line, and get a second opinion. The result is what the
transcription processor stores on the job (TranscribeResult in core/ports/engine.ts; the contract is
schemas/engine/transcribe-response.json)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

from verse_engine.asr import language_check, models, translate, whisper
from verse_engine.asr.second_opinion import compare
from verse_engine.asr.vote import vote
from verse_engine.audio import decode as audio_mod
from verse_engine.audio.centre import centre_channel
from verse_engine.contract.common import SecondOpinion
from verse_engine.contract.transcribe_response import DegradedItem, EngineTranscribeResponse, Results
from verse_engine.contract.transcribe_response import Engine as EngineRunInfo
from verse_engine.contract.transcribe_response import Line as TranscribedLine
from verse_engine.languages import Language, all_languages
from verse_engine.text.characters import normalise
from verse_engine.text.lines import Line, Word, split_lines, word_record
from verse_engine.text.romanise import (
    AKSHARAMUKHA,
    CONVERTIBLE_SOURCES,
    RomanisationForm,
    convert_script,
    dominant_script,
    romanise_line,
    romanised_segments,
    to_script,
    vocalised_lines,
)
from verse_engine.text.unspaced import UNSPACED, by_characters, segments

# A transcript line whose words the recogniser heard with a mean probability below this is flagged
# for review. bench/line_confidence.py chose it among the scores the engine keeps per line: the
# decoder's segment scores (avg log-prob, no-speech probability) barely localise word errors in
# songs, the words' mean probability does, chosen on some songs and checked on a held-out one
# (docs/benchmarks-archive.md, "Line confidence", which also says why it no longer moves).
FLAG_BELOW = 0.67

Progress = Callable[[str, float], None]


def _script_of_whisper_language(code: str) -> str:
    for lang in all_languages().values():
        if lang.whisper == code:
            return lang.script
    return "Latn"


def _line_record(
    line: Line, language: Language, translation: str | None, form: RomanisationForm, vocalised: str
) -> TranscribedLine:
    """`vocalised`: the line as romanised, with Arabic's short vowels written (romanise.vocalised_lines)."""
    words = line.words
    if language.code in UNSPACED:
        # Whisper's tokens regrouped into the words the romanisation is written by, one for one.
        unspaced = segments(line.text, language.code)
        words = by_characters(words, [s.text for s in unspaced])
        transliteration = romanised_segments(unspaced, language, form)
    else:
        transliteration = romanise_line(vocalised, language, form, vocalise=False)
    return TranscribedLine(
        text=line.text,
        transliteration=transliteration,
        translation=translation,
        start=round(line.start, 3),
        end=round(line.end, 3),
        words=[word_record(w, with_confidence=True) for w in words],
        confidence=round(line.confidence, 3),
        decoding=line.decoding.record() if line.decoding else None,
        flagged=line.confidence < FLAG_BELOW,
    )


MAX_REPEATS = 3


def clean_words(words: list[Word]) -> list[Word]:
    """Drops tokens without letters or digits (a lone danda, dashes) and cuts runs of one token
    repeated more than MAX_REPEATS times: what small models emit when they loop."""
    out: list[Word] = []
    for word in words:
        token = word.text.strip()
        if not any(ch.isalnum() for ch in token):
            continue
        if len(out) >= MAX_REPEATS and all(w.text.strip() == token for w in out[-MAX_REPEATS:]):
            continue
        out.append(word)
    return out


def in_own_script(words: list[Word], language: Language, model: str) -> tuple[list[Word], str | None]:
    """Small Whisper models often write an Indic language in Latin letters or in a neighbouring
    script (Hindi in Urdu letters, Gujarati in Devanagari). The transcript must be in the language's
    own script, so such output is rewritten phonetically; the second value says what was wrong."""
    found = dominant_script([w.text for w in words])
    if language.script in AKSHARAMUKHA and found and found != language.script:
        if found in CONVERTIBLE_SOURCES:
            rewritten = [replace(w, text=to_script(w.text, found, language.script)) for w in words]
            return (
                rewritten,
                f"{model} wrote {language.name} in {found} script; rewritten phonetically in {language.script}",
            )
        return words, f"{model} wrote {language.name} in {found} script, which cannot be rewritten in {language.script}"
    if language.script != "Latn" and found == "Latn":
        return words, f"{model} wrote {language.name} in Latin letters"
    return words, None


def heard(words: list[Word], language: Language, model: str) -> tuple[list[Word], str | None]:
    """A decode's words in the language's own script: a language Whisper has no model for is
    decoded as a neighbour and written in its own script; a small model's Indic output in Latin or
    a neighbouring script is rewritten (in_own_script). The second value says what was wrong."""
    if language.whisper is None:
        source_script = _script_of_whisper_language(language.decode_as)
        if source_script != language.script:
            words = [replace(w, text=convert_script(w.text, source_script, language.script)) for w in words]
    return in_own_script(words, language, model)


def voted(decodes: list[list[Word]]) -> list[Word]:
    """The words most decodes agree on (vote.py), compared case and punctuation aside; each kept
    word is the first listed decode's, with its spelling and time, and where all disagree the word
    the model was surest of (its alignment probability) is kept. docs/benchmarks-archive.md ("Transcription
    settings") measured the song settings, faster-whisper's defaults and the greedy decode voted in
    this order against each alone and against the defaults."""
    return vote(decodes, key=lambda w: normalise(w.text), confidence=lambda w: w.probability)


def second_opinion(
    samples: np.ndarray, lines: list[Line], language: Language, model: str, greedy: list[Word] | None = None
) -> SecondOpinion | None:
    """Another model where one fits (tiny.en for English), else the same model decoded greedily
    without VAD (`greedy`, when the vote already made it); None when the check could not run."""
    try:
        if language.code == "en" and model != "tiny.en":
            models.resolve("tiny.en")
            words, _ = whisper.run("tiny.en", samples, language.decode_as, temperature=0.0)
            return compare(lines, words, "whisper-tiny.en")
        if greedy is None:
            greedy, _ = whisper.run(model, samples, language.decode_as, **whisper.GREEDY)
    except models.ModelError:
        return None
    return compare(lines, greedy, f"whisper-{model} greedy, no VAD")


def transcribe_song(
    path: str | Path, language: Language, progress: Progress | None = None, form: RomanisationForm = "standard"
) -> EngineTranscribeResponse:
    report = progress or (lambda _stage, _fraction: None)
    timings: dict[str, float] = {}
    degraded: list[dict[str, str]] = []

    started = time.perf_counter()
    report("decoding", 0.0)
    samples, channels = audio_mod.load_with_channels(path)
    duration = audio_mod.seconds_of(samples)
    # The greedy decode hears the mix's centre, where the lead vocal sits and panned accompaniment
    # is turned down (centre.py); a mono file is its own centre.
    centre = samples if channels is None else centre_channel(channels, audio_mod.SAMPLE_RATE)
    del channels
    timings["decode"] = time.perf_counter() - started

    model = whisper.default_model()
    decode_as = language.decode_as
    # Three decodes voted together: the song settings and faster-whisper's defaults (nothing
    # dropped) of the mix, and the greedy decode of its centre, which also serves as the second
    # opinion outside English. docs/benchmarks-archive.md ("Transcription settings") measured it against
    # all three on the mix and all three on the centre.
    report("transcribing", 0.1)
    t = time.perf_counter()
    # Side by side, the longest (the defaults, without VAD) first.
    (plain, _), (sung, _), (greedy, _) = whisper.run_together(
        model,
        samples,
        decode_as,
        [{"loop_ratio": float("inf"), **whisper.WHISPER_DEFAULTS}, {}, {**whisper.GREEDY, "audio": centre}],
    )
    report("transcribing", 0.3)
    timings["transcribe"] = time.perf_counter() - t

    if language.whisper is None:
        fallback = next((lang.name for lang in all_languages().values() if lang.whisper == decode_as), decode_as)
        rewritten = _script_of_whisper_language(decode_as) != language.script
        degraded.append(
            {
                "component": "language",
                "reason": f"Whisper has no {language.name} model: decoded as {fallback}"
                + (f", written in {language.name}'s script" if rewritten else ""),
            }
        )
    else:
        fallback = None

    words, script_problem = heard(clean_words(sung), language, model)
    if script_problem:
        degraded.append({"component": "script", "reason": script_problem})
    plain, _ = heard(plain, language, model)
    greedy, _ = heard(clean_words(greedy), language, model)
    words = voted([words, plain, greedy])

    lines = split_lines(words, capitalised_nouns=language.code == "de")

    report("checking the language", 0.45)
    t = time.perf_counter()
    identifies = language_check.can_identify(model)
    # Whatever the decodes made of it: a song decoded into nothing under its label is the song whose
    # label most needs checking. The check itself says when there is too little singing to tell.
    checked = language_check.check_language(model, samples, language) if identifies else None
    if checked is not None and not checked.matches:
        degraded.append(
            {
                "component": "language_check",
                "reason": f"sung language sounds like {checked.detected} "
                f"(probability {checked.probability}), not {language.name}",
            }
        )
    if lines and not identifies:
        degraded.append(
            {
                "component": "language_check",
                "reason": f"did not run: {model} is English-only and identifies no language",
            }
        )
    timings["language_check"] = time.perf_counter() - t

    report("translating", 0.5)
    t = time.perf_counter()
    translation = translate.translate_lines(model, samples, lines, language)
    degraded += translation.degraded
    timings["translate"] = time.perf_counter() - t

    report("second opinion", 0.75)
    t = time.perf_counter()
    opinion = second_opinion(centre, lines, language, model, greedy)
    if opinion is None:
        degraded.append({"component": "second_opinion", "reason": "did not run: no second model is available"})
    timings["second_opinion"] = time.perf_counter() - t

    vocalised = vocalised_lines([line.text for line in lines], language)
    records = [_line_record(line, language, translation.lines[i], form, vocalised[i]) for i, line in enumerate(lines)]
    report("done", 1.0)
    timings["total"] = time.perf_counter() - started
    return EngineTranscribeResponse(
        duration_seconds=round(duration, 3),
        lines=records,
        results=Results(
            cultural_notes=translation.cultural_notes,
            fallback_language=fallback,
            language_check=checked,
        ),
        second_opinion=opinion,
        degraded=[DegradedItem(**d) for d in degraded],
        engine=EngineRunInfo(
            model=model,
            translation=translation.method,
            timings={k: round(v, 3) for k, v in timings.items()},
        ),
    )


def transcript_of(result: EngineTranscribeResponse) -> str:
    """The transcript as one text, line by line (for the benches and the CLI's readers)."""
    return "\n".join(line.text for line in result.lines)
