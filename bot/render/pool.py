"""Drawing off the event loop: :class:`RenderPool` runs ``bot.render.jobs`` functions in worker
processes (``bot.workers``), warmed up before the first picture is wanted.

A picture is Python and Pillow work that holds the interpreter lock most of the time, so a thread
pool would still stall the event loop and the database thread behind it; a process costs only the
pickling of a small record and of the PNG bytes back (docs/BENCHMARKS.md has the numbers).

    pool = RenderPool(workers=2)
    await pool.start()                      # spawns and warms the workers
    png = await pool.draw(jobs.table_png, table_image, texts)
    pool.close()
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.render import jobs
from bot.workers import PoolKind, WorkerPool

__all__ = ["PoolKind", "RenderPool", "ready"]


def _warm(texts: Sequence[Mapping[str, str] | None]) -> None:
    jobs.warm(texts)


def ready() -> tuple[int, int]:
    """A worker's process id and how many captions it has cached: warmed workers have many."""
    from bot.render import draw

    return os.getpid(), draw._glyphs.cache_info().currsize


class RenderPool(WorkerPool):
    """A small pool of picture workers. ``texts`` lists the caption catalogs to warm up with."""

    def __init__(self, workers: int | None = None, kind: PoolKind = "process",
                 texts: Sequence[Mapping[str, str] | None] = (None,), start_method: str = "spawn") -> None:
        texts = tuple(dict(t) if t is not None else None for t in texts)
        super().__init__(workers, kind, initializer=_warm, initargs=(texts,), name="render",
                         start_method=start_method)

    async def draw(self, job: Callable[..., bytes], *args: Any) -> bytes:
        """The PNG bytes of ``job(*args)`` (see :meth:`WorkerPool.run`)."""
        return await self.run(job, *args)

    def __enter__(self) -> RenderPool:
        self.start_sync()
        return self
