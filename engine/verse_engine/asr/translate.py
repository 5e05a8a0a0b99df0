"""English translation, line by line. By default Whisper's speech-to-English task on the same
audio, its English words assigned to the transcript line sung at that time. With an
OpenAI-compatible chat endpoint configured (VERSE_LLM_BASE_URL, VERSE_LLM_MODEL, VERSE_LLM_API_KEY),
the lines are translated by the LLM, which also writes cultural notes; lines it leaves blank, or all
of them when it does not answer, are filled from Whisper's speech-to-English. A line still blank is
left blank for the platform to mark (results.untranslated_lines), never filled with anything else."""

from __future__ import annotations

import json
import time
import urllib.request
from dataclasses import dataclass, field
from http.client import HTTPResponse

import numpy as np

from verse_engine.asr import whisper
from verse_engine.languages import Language
from verse_engine.settings import settings
from verse_engine.text.lines import Line, Word, join_words


def assign_by_time(lines: list[Line], words: list[Word]) -> list[str]:
    """Each translated word goes to the line whose time span is nearest its midpoint."""
    buckets: list[list[str]] = [[] for _ in lines]
    if not lines:
        return []
    for word in words:
        mid = (word.start + word.end) / 2

        def distance(line: Line, mid: float = mid) -> float:
            if line.start <= mid <= line.end:
                return 0.0
            return min(abs(mid - line.start), abs(mid - line.end))

        best = min(range(len(lines)), key=lambda i: distance(lines[i]))
        buckets[best].append(word.text)
    return [join_words(b) for b in buckets]


def llm_configured() -> bool:
    return settings().llm_configured


#: The most an LLM answer may be: far above any song's translation and notes.
MAX_ANSWER_BYTES = 4 * 1024 * 1024


def read_bounded(response: HTTPResponse, deadline: float) -> bytes:
    """The whole body by `deadline` and within MAX_ANSWER_BYTES; TimeoutError or ValueError
    otherwise, which the caller treats as no answer. urllib's timeout bounds each read only, so a
    server that trickles could hold the engine for ever; read1 returns whatever has arrived, so the
    deadline is checked as the bytes come."""
    body = bytearray()
    while chunk := response.read1(65536):
        body += chunk
        if len(body) > MAX_ANSWER_BYTES:
            raise ValueError(f"the LLM answer is over {MAX_ANSWER_BYTES} bytes")
        if time.monotonic() > deadline:
            raise TimeoutError("the LLM answer did not arrive within its deadline")
    return bytes(body)


def llm_translate(lines: list[str], language: Language, timeout: float = 120.0) -> tuple[list[str], str | None]:
    """Translations (same count as lines) and cultural notes (None when the model finds none)."""
    prompt = (
        f"Translate these {language.name} song lyrics into English, line by line. Answer with JSON: "
        '{"lines": [one English string per input line, same count], "cultural_notes": string or null}. '
        "Cultural notes explain idioms, references or customs a listener abroad would miss; null if none.\n\n"
        + json.dumps(lines, ensure_ascii=False)
    )
    config = settings()
    body = {
        "model": config.llm_model,
        "messages": [{"role": "user", "content": prompt}],
        "response_format": {"type": "json_object"},
        "temperature": 0,
    }
    request = urllib.request.Request(
        str(config.llm_base_url).rstrip("/") + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={
            "content-type": "application/json",
            "authorization": f"Bearer {config.llm_api_key}",
        },
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        content = json.loads(read_bounded(response, time.monotonic() + timeout))["choices"][0]["message"]["content"]
    parsed = json.loads(content)
    translated = [str(x) for x in parsed.get("lines", [])]
    if len(translated) != len(lines):
        raise ValueError(f"the LLM returned {len(translated)} lines for {len(lines)}")
    notes = parsed.get("cultural_notes")
    return translated, (str(notes) if notes else None)


#: The degradation written when the configured LLM does not answer (the platform owns "translation").
LLM_COMPONENT = "llm"


@dataclass
class Translation:
    lines: list[str]
    cultural_notes: str | None
    method: str
    degraded: list[dict[str, str]] = field(default_factory=list)


def translate_lines(model: str, samples: np.ndarray, lines: list[Line], language: Language) -> Translation:
    """One English line per transcript line: the LLM's where it answers, Whisper's where it does not."""
    texts = [line.text for line in lines]
    if language.code == "en":
        return Translation(texts, None, "source is English")
    out = Translation([""] * len(lines), None, f"whisper-{model} speech-to-English")
    if llm_configured():
        try:
            out.lines, out.cultural_notes = llm_translate(texts, language)
            out.method = "llm"
        except (OSError, ValueError) as error:  # urllib's network errors are OSErrors; bad JSON is a ValueError
            out.degraded.append(
                {"component": LLM_COMPONENT, "reason": f"the LLM did not answer ({error}): Whisper translated instead"}
            )
    blank = [i for i, text in enumerate(out.lines) if not text.strip()]
    if blank:
        english_words, _ = whisper.run(
            model, samples, language.decode_as, task="translate", beam_size=1, temperature=0.0
        )
        by_time = assign_by_time(lines, english_words)
        for i in blank:
            out.lines[i] = by_time[i]
        if out.method == "llm":
            out.method = f"llm, whisper-{model} speech-to-English for {len(blank)} line(s) it left blank"
    return out
