"""Drawing off the event loop: :class:`RenderPool` runs ``bot.render.jobs`` functions in worker
processes (``bot.workers``), warmed up before the first picture is wanted.

A picture is Python and Pillow work that holds the interpreter lock most of the time, so a thread
pool would still stall the event loop and the database thread behind it; a process costs only the
pickling of a small record and of the PNG bytes back (docs/benchmarks/render.md has the numbers).
``draw`` goes through :class:`bot.workers.Lanes` (the event loop writes and reads the workers'
pipes itself; a hand picture a player waits for goes first); ``submit`` (blocking callers:
benchmarks, tests) through an executor started on first use.

    pool = RenderPool()                     # WORKERS processes
    await pool.start()                      # spawns and warms the workers
    png = await pool.draw(jobs.table_png, table_image, texts)
    await pool.aclose()
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.render import jobs
from bot.workers import Lanes, PoolKind, WorkerDied, WorkerPool

__all__ = ["PoolKind", "RenderPool", "ready"]
RENDER_NICE = 3  # below the event loop, above the CPU players' decisions (bot.play.cpu.CPU_NICE)
# One process draws every picture: a picture takes 1-2 ms of it and the REST budget sends at most
# about 50 a second, so it is busy a tenth of the time at most, and a second worker would only
# idle on its own ~40 MB of caches (docs/benchmarks/bot.md). A player's picture goes first.
WORKERS = 1


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters
KEEP_FREED = 64 << 20  # bytes of freed memory a picture worker keeps for its next pictures


def keep_freed_memory() -> bool:
    """Let glibc keep freed memory for reuse in this process. A worker's big buffers (a table's
    750 KB of pixels, its rows, its PNG) change size from one picture to the next, and by default
    each is handed back to the system when freed and faulted in again: about 380 page faults and
    a third of a table picture's CPU on a game's pictures in order (docs/benchmarks/render.md). False
    where glibc is not the allocator (nothing changes there)."""
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(mallopt(M_MMAP_THRESHOLD, KEEP_FREED // 4)) and bool(mallopt(M_TRIM_THRESHOLD, KEEP_FREED))


TUNED = False  # this process's allocator keeps freed memory (set in picture workers)


def _warm(texts: Sequence[Mapping[str, str] | None]) -> None:
    global TUNED
    if multiprocessing.parent_process() is not None:  # a worker of its own, not the bot's process
        TUNED = keep_freed_memory()
    jobs.warm(texts)


def ready() -> tuple[int, int]:
    """A worker's process id and how many captions it has cached: warmed workers have many."""
    from bot.render import draw

    return os.getpid(), draw._glyphs.cache_info().currsize


def tuned() -> bool:
    """Whether this worker's allocator keeps freed memory (:func:`keep_freed_memory`)."""
    return TUNED


class RenderPool(WorkerPool):
    """A small pool of picture workers. ``texts`` lists the caption catalogs to warm up with."""

    def __init__(self, workers: int | None = None, kind: PoolKind = "process",
                 texts: Sequence[Mapping[str, str] | None] = (None,), start_method: str = "spawn") -> None:
        texts = tuple(dict(t) if t is not None else None for t in texts)
        super().__init__(workers or WORKERS, kind, initializer=_warm, initargs=(texts,), name="render",
                         start_method=start_method)
        self._lanes = Lanes(self.workers, initializer=_warm, initargs=(texts,), name="render",
                            nice=RENDER_NICE) if kind == "process" else None

    @property
    def pids(self) -> list[int]:
        return (self._lanes.pids if self._lanes is not None else []) + super().pids

    async def start(self) -> None:
        """Spawn and warm the workers ``draw`` uses, without blocking the event loop."""
        await (self._lanes.start() if self._lanes is not None else super().start())

    async def draw(self, job: Callable[..., bytes], *args: Any, urgent: bool = False) -> bytes:
        """The PNG bytes of ``job(*args)``; ``urgent``: a player waits for this very picture."""
        if self._lanes is not None:
            try:
                return await self._lanes.run(job, *args, urgent=urgent)
            except WorkerDied:  # twice in a row: the executor's own workers draw it instead
                pass
        return await self.run(job, *args)

    async def aclose(self) -> None:
        """Stop every worker (from the event loop: the lanes' pipes are read there)."""
        if self._lanes is not None:
            self._lanes.close()
        await asyncio.to_thread(self.close)

    def __enter__(self) -> RenderPool:
        self.start_sync()
        return self
