"""The engine's HTTP API.

OpenAI-compatible where it fits (so a hosted service can stand in): POST /v1/audio/transcriptions
and /v1/audio/translations (multipart file, model, language, response_format), GET /v1/models.
Verse's own: POST /v1/verse/transcribe (a song by storage key, the whole engine work), POST
/v1/verse/romanise, GET /health (alive), GET /ready (the model loaded). Errors are
{"error": {"code", "message"}}: 400 for a bad request, 422 for audio that cannot be used, 503 when no
verified model is available.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Literal

from fastapi import FastAPI, File, Form, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from verse_engine import __version__
from verse_engine.alignment import tts_align
from verse_engine.alignment.lyrics_align import ALIGNER_VERSION, METHOD, align_lyrics
from verse_engine.asr import models, whisper
from verse_engine.asr.pipeline import second_opinion, transcribe_song
from verse_engine.audio.decode import AudioError, seconds_of
from verse_engine.audio.decode import load as load_audio
from verse_engine.contract.align_request import EngineAlignRequest
from verse_engine.contract.align_response import Alignment, EngineAlignResponse
from verse_engine.contract.align_response import Line as AlignedLine
from verse_engine.contract.common import SecondOpinion
from verse_engine.contract.health_response import EngineHealthResponse
from verse_engine.contract.models_response import Datum as ListedModel
from verse_engine.contract.models_response import EngineModelsResponse
from verse_engine.contract.openai_transcription_response import EngineOpenAiTranscriptionResponse, Segment
from verse_engine.contract.romanise_request import EngineRomaniseRequest
from verse_engine.contract.romanise_response import EngineRomaniseResponse
from verse_engine.contract.second_opinion_request import EngineSecondOpinionRequest
from verse_engine.contract.transcribe_request import EngineTranscribeRequest
from verse_engine.contract.transcribe_response import EngineTranscribeResponse
from verse_engine.languages import Language, by_code, find
from verse_engine.service import storage
from verse_engine.service.admission import ADMITTED_PATHS, admission
from verse_engine.service.readiness import readiness
from verse_engine.text.lines import Line, Word, split_lines, word_record
from verse_engine.text.romanise import STANDARD, romanise_lines


@asynccontextmanager
async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
    readiness.start()
    yield


app = FastAPI(title="Verse speech engine", version=__version__, lifespan=lifespan)


@app.middleware("http")
async def admission_control(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
    """Beyond the replica's slots and queue, 503 at once with Retry-After (admission.py)."""
    if request.method != "POST" or request.url.path not in ADMITTED_PATHS:
        return await call_next(request)
    if not admission.try_enter():
        return JSONResponse(
            status_code=503,
            content={"error": {"code": "busy", "message": "every slot of this engine replica is taken; retry"}},
            headers={"Retry-After": str(admission.retry_after())},
        )
    started = time.perf_counter()
    try:
        return await call_next(request)
    finally:
        admission.leave(time.perf_counter() - started)


@app.get("/metrics")
def metrics() -> PlainTextResponse:
    return PlainTextResponse(admission.render(), media_type="text/plain; version=0.0.4")


class EngineHTTPError(Exception):
    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@app.exception_handler(EngineHTTPError)
async def _engine_error(_request: Request, error: EngineHTTPError) -> JSONResponse:
    return JSONResponse(status_code=error.status, content={"error": {"code": error.code, "message": error.message}})


@app.exception_handler(RequestValidationError)
async def _invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
    """A body the contract refuses (a field missing, of the wrong type, or not in schemas/engine) is a
    400 in the engine's error shape, like every other bad request, not FastAPI's own 422 list."""
    first = error.errors()[0] if error.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
    message = f"{where}: {first.get('msg', 'invalid request')}"
    return JSONResponse(status_code=400, content={"error": {"code": "invalid_request", "message": message}})


@app.exception_handler(AudioError)
async def _audio_error(_request: Request, error: AudioError) -> JSONResponse:
    return JSONResponse(status_code=422, content={"error": {"code": error.code, "message": str(error)}})


@app.exception_handler(models.ModelError)
async def _model_error(_request: Request, error: models.ModelError) -> JSONResponse:
    return JSONResponse(status_code=503, content={"error": {"code": "model_unavailable", "message": str(error)}})


def _audio(key: str) -> Path:
    """The job's audio, by its storage key, from the object store the platform writes (storage.py)."""
    try:
        return storage.store().path(key)
    except storage.AudioNotFound as error:
        raise EngineHTTPError(400, "audio_not_found", str(error)) from error


def _language(name: str) -> Language:
    language = find(name)
    if language is None:
        raise EngineHTTPError(400, "unknown_language", f"unknown language {name!r}")
    return language


@app.get("/health")
def health() -> EngineHealthResponse:
    available = models.available()
    return EngineHealthResponse(
        status="ok",
        version=__version__,
        device=whisper.device()[0],
        models=available,
        default_model=whisper.default_model(),
        aligner_version=ALIGNER_VERSION,
        asr_ready=whisper.default_model() in available,
    )


@app.get("/ready")
async def ready() -> JSONResponse:
    """200 once the default model and the diacritiser are loaded; 503 before (or when one could not
    load, with why).

    On the event loop, not in the worker threads: it answers while every thread decodes."""
    if readiness.ready:
        return JSONResponse({"status": "ready", "model": whisper.default_model()})
    message = readiness.error or "the model is still loading"
    return JSONResponse(status_code=503, content={"error": {"code": "not_ready", "message": message}})


@app.get("/v1/models")
def list_models() -> EngineModelsResponse:
    return EngineModelsResponse(
        object="list", data=[ListedModel(id=m, object="model", owned_by="verse") for m in models.available()]
    )


@app.post("/v1/verse/transcribe", response_model_exclude_unset=True)
def verse_transcribe(body: EngineTranscribeRequest) -> EngineTranscribeResponse:
    """The whole engine work for one song, by a path the engine can read (object storage)."""
    language = _language(body.language)
    path = _audio(body.audio_key)
    result = transcribe_song(path, language, form=body.romanisation or STANDARD)
    admission.processed(result.duration_seconds)
    return result


@app.post("/v1/verse/align", response_model_exclude_unset=True)
def verse_align(body: EngineAlignRequest) -> EngineAlignResponse:
    """Times the given lines against the audio (the alignment stage)."""
    language = _language(body.language)
    path = _audio(body.audio_key)
    if not body.lines:
        raise EngineHTTPError(400, "no_lines", "there are no lines to align")
    texts = [line.text for line in body.lines]
    samples = load_audio(path)
    if language.whisper:
        timings = align_lyrics(samples, texts, language.whisper)
        method = METHOD
    else:
        # Whisper cannot hear this language: the lines, spoken by espeak-ng, are warped onto the song.
        voice = tts_align.voice_for([language.code, language.fallback_whisper])
        timings = tts_align.align_by_tts(samples, texts, voice)
        method = f"{tts_align.METHOD} (espeak-ng voice {voice})"
    admission.processed(seconds_of(samples))
    lines = [
        AlignedLine(
            start=round(t.start, 3),
            end=round(t.end, 3),
            # Words warped from a spoken rendition carry no recogniser's confidence.
            words=[word_record(w, with_confidence=language.whisper is not None) for w in t.words]
            if body.word_level
            else None,
            confidence=round(t.confidence, 3),
            flagged=t.flagged,
        )
        for t in timings
    ]
    anchored = sum(t.anchored for t in timings)
    return EngineAlignResponse(
        lines=lines,
        alignment=Alignment(
            method=method,
            flagged_lines=sum(t.flagged for t in timings),
            aligner_version=ALIGNER_VERSION,
            coverage=round(anchored / len(timings), 3),
        ),
    )


@app.post("/v1/verse/second-opinion")
def verse_second_opinion(body: EngineSecondOpinionRequest) -> SecondOpinion | None:
    """An independent transcription compared line by line with the given lines (timed by the aligner)."""
    language = _language(body.language)
    path = _audio(body.audio_key)
    samples = load_audio(path)
    texts = [line.text for line in body.lines]
    timings = align_lyrics(samples, texts, language.decode_as)
    lines = [Line(t.words or [Word(text, t.start, t.end, 0.0)]) for text, t in zip(texts, timings, strict=True)]
    admission.processed(seconds_of(samples))
    return second_opinion(samples, lines, language, whisper.default_model())


@app.post("/v1/verse/romanise")
def verse_romanise(body: EngineRomaniseRequest) -> EngineRomaniseResponse:
    language = _language(body.language)
    return EngineRomaniseResponse(lines=romanise_lines(body.lines, language, body.romanisation or STANDARD))


def _openai(
    file: UploadFile, language: str | None, task: Literal["transcribe", "translate"], response_format: str
) -> Response:
    lang = by_code(language) if language else None
    if language and lang is None:
        raise EngineHTTPError(400, "unknown_language", f"unknown language code {language!r}")
    suffix = Path(file.filename or "audio").suffix
    with tempfile.NamedTemporaryFile(suffix=suffix) as tmp:
        tmp.write(file.file.read())
        tmp.flush()
        samples = load_audio(tmp.name)
    admission.processed(seconds_of(samples))
    model = whisper.default_model()
    words, segments = whisper.run(model, samples, lang.decode_as if lang else None, task=task)
    text = " ".join(s.text.strip() for s in segments).strip()
    if response_format == "text":
        return PlainTextResponse(text)
    answer = EngineOpenAiTranscriptionResponse(text=text)
    if response_format == "verbose_json":
        answer = EngineOpenAiTranscriptionResponse(
            text=text,
            task=task,
            language=lang.name if lang else None,
            duration=seconds_of(samples),
            segments=[Segment(id=i, start=s.start, end=s.end, text=s.text.strip()) for i, s in enumerate(segments)],
            words=[word_record(w, with_confidence=False) for w in words],
            lines=[line.text for line in split_lines(words)],
        )
    # OpenAI's json answer is {text} alone: the fields verbose_json adds are left out, not null.
    return JSONResponse(answer.model_dump(mode="json", exclude_unset=True))


@app.post("/v1/audio/transcriptions", response_model=None)
def openai_transcriptions(
    file: Annotated[UploadFile, File()],
    model: Annotated[str, Form()] = "whisper-1",
    language: Annotated[str | None, Form()] = None,
    response_format: Annotated[str, Form()] = "json",
) -> Response:
    return _openai(file, language, "transcribe", response_format)


@app.post("/v1/audio/translations", response_model=None)
def openai_translations(
    file: Annotated[UploadFile, File()],
    model: Annotated[str, Form()] = "whisper-1",
    response_format: Annotated[str, Form()] = "json",
) -> Response:
    return _openai(file, None, "translate", response_format)
