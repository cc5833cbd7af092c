"""Time for the outbox: a two-method ``Clock`` so tests and the benchmark run on virtual time.

``Clock`` has the same shape as the bot's table clock (``now()`` and ``async sleep(seconds)``), so
one object serves both: the bot hands its table clock (``bot.play.clock``) to its outbox, and the
tests' ``ManualClock`` drives the outbox's pacing as it drives turn timers. ``SystemClock`` is the event loop's monotonic time. ``VirtualClock``
never waits: whenever every task is blocked, it jumps to the earliest pending ``sleep``; a run of
an hour of Discord traffic takes as long as the work itself, and its timings are exact.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Coroutine, Sized
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Clock(Protocol):
    """Seconds on a monotonic scale, and a way to wait for them to pass."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """The running event loop's clock (``loop.time()``, ``asyncio.sleep``)."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class Deadlock(RuntimeError):
    """Every task waits on something other than the clock: virtual time cannot move them on."""


class VirtualClock:
    """Virtual seconds that advance only when nothing else can run.

    Use ``await clock.run(main())`` inside an event loop: it drives ``main`` to completion and
    moves time forward whenever all tasks are blocked, to the earliest sleeper (all sleepers due
    at that instant wake together, in the order they went to sleep).
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), future))
        await future

    async def run(self, main: Coroutine[Any, Any, T], *, limit: float = 1e9) -> T:
        """Run ``main`` to its end on virtual time; ``limit`` virtual seconds at most."""
        loop = asyncio.get_running_loop()
        # CPython's loop keeps its runnable callbacks in ``_ready``: empty means all tasks wait.
        ready: Sized = loop._ready  # type: ignore[attr-defined]
        task = asyncio.ensure_future(main)
        end = self._now + limit
        try:
            while not task.done():
                await asyncio.sleep(0)
                if len(ready) or task.done():
                    continue
                while self._sleepers and self._sleepers[0][2].done():  # cancelled sleeps
                    heapq.heappop(self._sleepers)
                if not self._sleepers:
                    raise Deadlock(f"nothing to wake at virtual time {self._now:.3f}")
                due = self._sleepers[0][0]
                if due > end:
                    raise Deadlock(f"still running after {limit} virtual seconds")
                self._now = max(self._now, due)
                while self._sleepers and self._sleepers[0][0] <= self._now:
                    future = heapq.heappop(self._sleepers)[2]
                    if not future.done():
                        future.set_result(None)
        finally:
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        return task.result()
