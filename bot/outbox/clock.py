"""Time for the outbox: a two-method ``Clock`` so tests and the benchmark run on virtual time.

``Clock`` is the bot's table clock (``bot.play.clock``): the bot hands its clock to its outbox,
and the tests' ``ManualClock`` drives the outbox's pacing as it drives turn timers.
``SystemClock`` is the event loop's monotonic time. ``VirtualClock``
never waits: whenever every task is blocked, it jumps to the earliest pending ``sleep``; a run of
an hour of Discord traffic takes as long as the work itself, and its timings are exact.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Sized
from typing import Any, TypeVar

from bot.play.clock import Clock, ManualClock

T = TypeVar("T")
__all__ = ["Clock", "Deadlock", "SystemClock", "VirtualClock"]


class SystemClock:
    """The running event loop's clock (``loop.time()``, ``asyncio.sleep``)."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class Deadlock(RuntimeError):
    """Every task waits on something other than the clock: virtual time cannot move them on."""


class VirtualClock(ManualClock):
    """The tests' ``ManualClock`` (same sleepers, same wake-up order) that moves by itself.

    Use ``await clock.run(main())`` inside an event loop: it drives ``main`` to completion and
    moves time forward whenever all tasks are blocked, to the earliest sleeper (all sleepers due
    at that instant wake together, in the order they went to sleep).
    """

    def __init__(self, start: float = 0.0) -> None:
        super().__init__(start)

    async def run(self, main: Coroutine[Any, Any, T], *, limit: float = 1e9) -> T:
        """Run ``main`` to its end on virtual time; ``limit`` virtual seconds at most."""
        loop = asyncio.get_running_loop()
        # CPython's loop keeps its runnable callbacks in ``_ready``: empty means all tasks wait.
        ready: Sized = loop._ready  # type: ignore[attr-defined]
        task = asyncio.ensure_future(main)
        end = self.now() + limit
        try:
            while not task.done():
                await asyncio.sleep(0)
                if len(ready) or task.done():
                    continue
                due = self.next_deadline()
                if due is None:
                    raise Deadlock(f"nothing to wake at virtual time {self.now():.3f}")
                if due > end:
                    raise Deadlock(f"still running after {limit} virtual seconds")
                self.advance_to(due)
        finally:
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        return task.result()
