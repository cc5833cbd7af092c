"""Drawing off the event loop: :class:`RenderPool` runs ``bot.render.jobs`` functions in worker
processes, warmed up before the first picture is wanted.

Why processes: a picture is Python and Pillow work that holds the GIL most of the time, so a
thread pool still stalls the event loop and the database thread behind it; a process pool costs
only the pickling of a small record and of the PNG bytes back (docs/BENCHMARKS.md has the
numbers). ``kind="thread"`` and ``"inline"`` exist for tests and single-core hosts.

    pool = RenderPool(workers=2)
    await pool.start()                      # spawns and warms the workers
    png = await pool.draw(jobs.table_png, table_image, texts)
    pool.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Literal

from bot.render import jobs

PoolKind = Literal["process", "thread", "inline"]


def _exit_with_parent() -> None:
    """End this worker when the process that spawned it is gone.

    A bot killed with SIGKILL cannot shut its pool down, and a spawned worker waiting for work
    never sees its queue close (it holds the queue's other end itself), so without this every
    kill -9 would leave the workers running for good beside the restarted bot.
    """
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _init(texts: Sequence[Mapping[str, str] | None]) -> None:
    if multiprocessing.parent_process() is not None:
        _exit_with_parent()
    jobs.warm(texts)


def ready() -> tuple[int, int]:
    """A worker's process id and how many captions it has cached: warmed workers have many."""
    from bot.render import draw

    return os.getpid(), draw._glyphs.cache_info().currsize


class RenderPool:
    """A small pool of picture workers. ``texts`` lists the caption catalogs to warm up with."""

    def __init__(self, workers: int | None = None, kind: PoolKind = "process",
                 texts: Sequence[Mapping[str, str] | None] = (None,), start_method: str = "spawn") -> None:
        self.workers = max(1, workers or min(2, os.cpu_count() or 1))
        self.kind = kind
        self._texts = tuple(dict(t) if t is not None else None for t in texts)
        self._start_method = start_method
        self._executor: cf.Executor | None = None

    def _make(self) -> cf.Executor:
        if self.kind == "process":
            # spawn, not fork: the bot has threads (aiosqlite, discord.py) a fork would copy mid-state.
            return cf.ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(self._start_method),
                                          initializer=_init, initargs=(self._texts,))
        return cf.ThreadPoolExecutor(self.workers, thread_name_prefix="render", initializer=_init,
                                     initargs=(self._texts,))

    def start_sync(self) -> None:
        """Start and warm every worker, blocking until all are ready."""
        if self.kind == "inline":
            jobs.warm(self._texts)
            return
        if self._executor is None:
            self._executor = self._make()
        # As many concurrent no-ops as workers: each worker is spawned and runs its warm-up first.
        for f in [self._executor.submit(ready) for _ in range(self.workers)]:
            f.result()

    async def start(self) -> None:
        """Start and warm the workers without blocking the event loop."""
        await asyncio.get_running_loop().run_in_executor(None, self.start_sync)

    def submit(self, job: Callable[..., bytes], *args: Any) -> cf.Future[bytes]:
        """Run ``job(*args)`` in a worker; ``job`` must be a top-level function of ``jobs``
        (or any picklable function) and its arguments picklable."""
        if self.kind == "inline":
            done: cf.Future[bytes] = cf.Future()
            try:
                done.set_result(job(*args))
            except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
                done.set_exception(exc)
            return done
        if self._executor is None:
            self.start_sync()
        assert self._executor is not None
        return self._executor.submit(job, *args)

    async def draw(self, job: Callable[..., bytes], *args: Any) -> bytes:
        """The PNG bytes of ``job(*args)``, awaited without holding up the event loop. A pool
        whose worker died (killed, out of memory) is replaced once and the picture drawn again."""
        if self.kind == "inline":
            return job(*args)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._executor is None:
                await self.start()
            try:
                return await loop.run_in_executor(self._executor, partial(job, *args))
            except cf.BrokenExecutor:
                if attempt == 2:
                    raise
                self._discard()
        raise AssertionError("unreachable")

    def _discard(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> RenderPool:
        self.start_sync()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
