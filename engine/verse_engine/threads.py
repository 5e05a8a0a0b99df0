"""Threads for work run side by side, whose work not yet started is dropped when any of it fails."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager


@contextmanager
def side_by_side_threads(count: int, name: str) -> Iterator[ThreadPoolExecutor]:
    """A pool of `count` threads named after `name`. Leaving the block waits for the work already
    started (a model call cannot be interrupted). When the block raises, because a piece of work
    failed or the input feeding it did, the work still queued is cancelled rather than run for a
    result nobody reads: a window failing early in a 12-minute song would otherwise wait for every
    window after it."""
    pool = ThreadPoolExecutor(count, thread_name_prefix=name)
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
