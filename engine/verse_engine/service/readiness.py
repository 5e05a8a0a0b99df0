"""Readiness apart from liveness: the engine answers /health as soon as it runs, but is ready for
work (GET /ready 200, what a load balancer checks) only once its default model and the Arabic
diacritiser's are loaded. They load in the background at start, so a new replica takes no request it
would make wait for a load, and one whose model files are missing or altered says so instead of
answering without them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from verse_engine.asr import whisper
from verse_engine.text import arabic_diacritiser


class Readiness:
    def __init__(self, load: Callable[[], object]) -> None:
        self._load = load
        self._loaded = threading.Event()
        self.error: str | None = None

    def warm(self) -> None:
        try:
            self._load()
        except Exception as error:  # noqa: BLE001 - any failure leaves the replica not ready, and says why
            self.error = f"{type(error).__name__}: {error}"
            return
        self.error = None
        self._loaded.set()

    def start(self) -> None:
        threading.Thread(target=self.warm, name="model-warm-up", daemon=True).start()

    @property
    def ready(self) -> bool:
        return self._loaded.is_set()


def _load_models() -> None:
    whisper.load(whisper.default_model())
    arabic_diacritiser.diacritiser()


readiness = Readiness(_load_models)
