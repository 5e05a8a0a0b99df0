"""A stand-in for the LLM adapter's chat endpoint, for measuring that path where no LLM can be
reached: an OpenAI-compatible /chat/completions that answers Verse's translation prompt with
Apertium's rule-based machine translation (Debian packages apertium-eng-spa and apertium-fr-es;
French goes through Spanish). A language Apertium cannot take to English gets blank lines, which is
what the engine must then fill from Whisper. Not a service: benchmarks start it in a thread.

    apt-get install apertium apertium-eng-spa apertium-fr-es
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Language name (as the prompt names it) → Apertium modes run one after the other.
PIPELINES = {"Spanish": ["spa-eng"], "French": ["fr-es", "spa-eng"]}

PROMPT = re.compile(r"Translate these (?P<language>.+?) song lyrics into English")


def available() -> bool:
    return shutil.which("apertium") is not None


def apertium(text: str, modes: list[str]) -> str:
    for mode in modes:
        # -u: no marks on unknown words; the line goes in and out as plain text.
        text = subprocess.run(["apertium", "-u", mode], input=text, capture_output=True, text=True, check=True).stdout
    return " ".join(text.split())


def answer(prompt: str) -> dict:
    language = PROMPT.match(prompt)
    lines = json.loads(prompt.split("\n\n", 1)[1])
    modes = PIPELINES.get(language["language"]) if language else None
    translated = [apertium(line, modes) if modes else "" for line in lines]
    return {"lines": translated, "cultural_notes": None}


class _Chat(BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 - http.server naming
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        content = json.dumps(answer(body["messages"][0]["content"]))
        data = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def start() -> tuple[ThreadingHTTPServer, str]:
    """The running stand-in and its base URL (for VERSE_LLM_BASE_URL)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Chat)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/v1"
