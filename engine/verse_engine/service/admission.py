"""Admission control and capacity figures for one engine replica.

A replica declares how many songs it works on at once (``VERSE_ENGINE_CONCURRENCY``; on CPU one
decode already uses every core) and how many may wait behind them (``VERSE_ENGINE_QUEUE``). A
request beyond both is answered 503 at once with a Retry-After, rather than queueing inside the
server until timeouts fire; the processors back off with jitter and try again (possibly another
replica). ``GET /metrics`` reports, in Prometheus text, what an operator sizes a pool from: songs
in flight and waiting, requests refused, and seconds of audio processed (its rate is the
replica's throughput in audio seconds per second).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from verse_engine.settings import settings


@dataclass
class Admission:
    concurrency: int
    queue: int
    in_flight: int = 0
    rejected: int = 0
    completed: int = 0
    audio_seconds: float = 0.0
    busy_seconds: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def waiting(self) -> int:
        return max(0, self.in_flight - self.concurrency)

    def try_enter(self) -> bool:
        with self._lock:
            if self.in_flight >= self.concurrency + self.queue:
                self.rejected += 1
                return False
            self.in_flight += 1
            return True

    def leave(self, seconds: float) -> None:
        with self._lock:
            self.in_flight -= 1
            self.completed += 1
            self.busy_seconds += seconds

    def processed(self, audio_seconds: float) -> None:
        with self._lock:
            self.audio_seconds += audio_seconds

    def retry_after(self) -> int:
        """Seconds until a slot is likely free: the mean request time times the work ahead of one slot."""
        with self._lock:
            mean = self.busy_seconds / self.completed if self.completed else 5.0
            ahead = max(1, self.in_flight) / max(1, self.concurrency)
        return max(1, min(60, round(mean * ahead)))

    def render(self) -> str:
        with self._lock:
            series = [
                ("verse_engine_concurrency", "gauge", "Songs this replica works on at once.", self.concurrency),
                ("verse_engine_queue_limit", "gauge", "Requests that may wait for a slot.", self.queue),
                ("verse_engine_in_flight", "gauge", "Requests admitted and not yet answered.", self.in_flight),
                ("verse_engine_queued", "gauge", "Admitted requests waiting for a slot.", self.waiting),
                ("verse_engine_rejected_total", "counter", "Requests refused with 503 (no slot).", self.rejected),
                ("verse_engine_requests_total", "counter", "Admitted requests answered.", self.completed),
                (
                    "verse_engine_audio_seconds_total",
                    "counter",
                    "Seconds of audio processed; its rate is the replica's throughput.",
                    round(self.audio_seconds, 3),
                ),
            ]
        lines = []
        for name, kind, help_text, value in series:
            lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}", f"{name} {value}"]
        return "\n".join(lines) + "\n"


_config = settings()
admission = Admission(concurrency=_config.concurrency, queue=_config.queue)

# The engine's working endpoints: the ones that decode audio and run a model.
ADMITTED_PATHS = frozenset(
    {
        "/v1/verse/transcribe",
        "/v1/verse/align",
        "/v1/verse/second-opinion",
        "/v1/audio/transcriptions",
        "/v1/audio/translations",
    }
)
