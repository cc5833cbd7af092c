"""The time every wait of the bot goes through: turn timers, CPU pacing, edit coalescing, re-posts.

Production uses ``RealClock``. ``ManualClock`` is virtual time for tests and simulations: it moves
only when ``advance`` is called, so a 30 s turn timer expires in no wall time and the outcome of a
test cannot depend on how busy the machine is.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch (stored deadlines and dates use it)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` of this clock's time (cancellable like ``asyncio.sleep``)."""
        ...


class RealClock:
    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """Virtual time: sleepers wake when ``advance`` passes their deadline, in deadline order."""

    def __init__(self, start: float | None = None) -> None:
        self._now = time.time() if start is None else start
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

    def next_deadline(self) -> float | None:
        """When the earliest sleeper still waiting wakes (None: nobody waits on this clock)."""
        while self._sleepers and self._sleepers[0][2].done():  # cancelled sleeps
            heapq.heappop(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    def advance_to(self, when: float) -> int:
        """Move time to ``when`` (never back) and wake every sleeper due by then; returns how many.

        Woken tasks run once the caller yields to the event loop; to let each wake-up act before
        the next, advance one deadline at a time (``next_deadline``)."""
        self._now = max(self._now, when)
        woken = 0
        while (deadline := self.next_deadline()) is not None and deadline <= self._now:
            _, _, future = heapq.heappop(self._sleepers)
            future.set_result(None)
            woken += 1
        return woken

    def advance(self, seconds: float) -> int:
        return self.advance_to(self._now + seconds)
