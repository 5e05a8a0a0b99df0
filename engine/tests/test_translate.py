import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer, ThreadingHTTPServer

import pytest

from verse_engine.asr import translate
from verse_engine.asr.translate import assign_by_time, llm_translate
from verse_engine.languages import find
from verse_engine.text.lines import Line, Word


def line(text, start, end):
    return Line([Word(text, start, end, 0.9)])


def test_english_words_go_to_the_line_sung_at_their_time():
    lines = [line("uno", 0, 2), line("dos", 3, 5), line("tres", 8, 9)]
    english = [
        Word(" one", 0.2, 0.6, 1),
        Word(" more", 1.0, 1.5, 1),
        Word(" two", 3.5, 4, 1),
        Word(" three", 7.5, 7.9, 1),
    ]
    assert assign_by_time(lines, english) == ["one more", "two", "three"]


def test_a_line_without_english_gets_an_empty_translation_and_counts_match():
    lines = [line("a", 0, 1), line("b", 10, 11)]
    out = assign_by_time(lines, [Word(" hi", 0.5, 0.6, 1)])
    assert out == ["hi", ""]
    assert assign_by_time([], [Word(" x", 0, 1, 1)]) == []


class _Chat(BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 - http.server naming
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        lines = json.loads(body["messages"][0]["content"].split("\n\n", 1)[1])
        reply = {"lines": [f"EN: {x}" for x in lines], "cultural_notes": "A note."}
        payload = {"choices": [{"message": {"content": json.dumps(reply)}}]}
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def test_llm_adapter_translates_line_by_line(monkeypatch):
    server = HTTPServer(("127.0.0.1", 0), _Chat)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("VERSE_LLM_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
    monkeypatch.setenv("VERSE_LLM_MODEL", "test-model")
    try:
        lines, notes = llm_translate(["hola", "adiós"], find("Spanish"))
    finally:
        server.shutdown()
    assert lines == ["EN: hola", "EN: adiós"]
    assert notes == "A note."


class _BlankSecondLine(_Chat):
    def do_POST(self):  # noqa: N802 - http.server naming
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        lines = json.loads(body["messages"][0]["content"].split("\n\n", 1)[1])
        reply = {"lines": [f"EN: {x}" if i != 1 else " " for i, x in enumerate(lines)], "cultural_notes": None}
        data = json.dumps({"choices": [{"message": {"content": json.dumps(reply)}}]}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        self.wfile.write(data)


def _whisper_hears(monkeypatch, words):
    calls = []

    def run(model, samples, language, **settings):
        calls.append(settings.get("task"))
        return words, []

    monkeypatch.setattr(translate.whisper, "run", run)
    return calls


SUNG = [line("uno", 0, 2), line("dos", 3, 5), line("tres", 8, 9)]
HEARD = [Word(" one", 0.5, 1, 1), Word(" two", 3.5, 4, 1)]


def test_lines_the_llm_leaves_blank_are_filled_from_whisper_and_the_rest_stay_blank(monkeypatch):
    server = HTTPServer(("127.0.0.1", 0), _BlankSecondLine)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("VERSE_LLM_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
    monkeypatch.setenv("VERSE_LLM_MODEL", "test-model")
    calls = _whisper_hears(monkeypatch, HEARD)
    try:
        out = translate.translate_lines("base", None, SUNG, find("Spanish"))
    finally:
        server.shutdown()
    assert out.lines == ["EN: uno", "two", "EN: tres"]
    assert out.method.startswith("llm, whisper-base speech-to-English for 1 line")
    assert out.degraded == []
    assert calls == ["translate"]


def test_an_llm_that_does_not_answer_is_a_degradation_and_whisper_translates_every_line(monkeypatch):
    monkeypatch.setenv("VERSE_LLM_BASE_URL", "http://127.0.0.1:9/v1")  # the discard port: refused
    monkeypatch.setenv("VERSE_LLM_MODEL", "test-model")
    _whisper_hears(monkeypatch, HEARD)
    out = translate.translate_lines("base", None, SUNG, find("Spanish"))
    assert out.lines == ["one", "two", ""]
    assert out.method == "whisper-base speech-to-English"
    assert [d["component"] for d in out.degraded] == ["llm"]


def test_without_an_llm_whisper_translates_and_an_english_song_is_its_own_translation(monkeypatch):
    monkeypatch.delenv("VERSE_LLM_BASE_URL", raising=False)
    calls = _whisper_hears(monkeypatch, HEARD)
    assert translate.translate_lines("base", None, SUNG, find("Spanish")).lines == ["one", "two", ""]
    english = translate.translate_lines("base", None, SUNG, find("English"))
    assert english.lines == ["uno", "dos", "tres"] and english.method == "source is English"
    assert calls == ["translate"]


class _Trickle(_Chat):
    def do_POST(self):  # noqa: N802 - http.server naming
        self.rfile.read(int(self.headers["content-length"]))
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        try:
            for _ in range(200):  # a byte every 0.05 s: each read is quick, the whole never ends in time
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.05)
        except OSError:
            pass


def test_an_llm_that_trickles_its_answer_is_cut_at_the_deadline_and_whisper_translates(monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Trickle)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("VERSE_LLM_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
    monkeypatch.setenv("VERSE_LLM_MODEL", "test-model")
    with pytest.raises(TimeoutError):
        llm_translate(["hola"], find("Spanish"), timeout=0.5)
    _whisper_hears(monkeypatch, HEARD)
    real = translate.llm_translate
    monkeypatch.setattr(translate, "llm_translate", lambda lines, language: real(lines, language, timeout=0.5))
    started = time.monotonic()
    out = translate.translate_lines("base", None, SUNG, find("Spanish"))
    elapsed = time.monotonic() - started
    server.shutdown()
    assert elapsed < 3
    assert out.lines == ["one", "two", ""] and [d["component"] for d in out.degraded] == ["llm"]
