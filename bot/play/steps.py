"""Who plays next when the process is busy: humans first, CPU-only tables a few at a time.

A thousand tables of CPUs want a move every second; one process makes a few hundred. Were each
table's turn a task of its own, every due turn would sit in the event loop's ready queue, and a
click would wait behind all of them. Instead a CPU-only table's turn waits here, off the ready
queue, until it is let in: at most ``at_once`` of them play at a time, and none is let in while
work for a table with a human is under way (a click, a timeout, the CPU seats of a human's
table), so a human waits on at most the few CPU turns already in play. Those waiting are let in
in the order they came, so every CPU-only table gets its turns, only later when the process is
full. The gate holds no table lock: a turn is let in before it takes its table's lock.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

CPU_AT_ONCE = 1  # CPU-only turns in play at a time: each is mostly one CPU decision (in a thread)


class Steps:
    def __init__(self, at_once: int = CPU_AT_ONCE) -> None:
        self.at_once = at_once
        self.humans = 0  # work for tables with a human under way
        self.playing = 0  # CPU-only turns let in and not yet done
        self._waiting: deque[asyncio.Future[None]] = deque()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    @asynccontextmanager
    async def turn(self, human: bool) -> AsyncIterator[None]:
        """A table's turn: at once for a table with a human, through the gate for a CPU-only one."""
        if human:
            async with self.human():
                yield
        else:
            async with self.cpu_only():
                yield

    @asynccontextmanager
    async def human(self) -> AsyncIterator[None]:
        """Work for a table with a human: CPU-only turns wait until it is done."""
        self.humans += 1
        try:
            yield
        finally:
            self.humans -= 1
            self._let_in()

    @asynccontextmanager
    async def cpu_only(self) -> AsyncIterator[None]:
        if self.humans or self.playing >= self.at_once or self.waiting:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.append(future)
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():  # let in as it was cancelled: pass it on
                    self.playing -= 1
                    self._let_in()
                elif future in self._waiting:  # not let in: its place goes
                    self._waiting.remove(future)
                raise
        else:
            self.playing += 1
        try:
            yield
        finally:
            self.playing -= 1
            self._let_in()

    def widen(self, at_once: int) -> None:
        """Let this many CPU-only turns play at once from now on (a decision worker more)."""
        self.at_once = at_once
        self._let_in()

    def _let_in(self) -> None:
        while not self.humans and self.playing < self.at_once and self._waiting:
            future = self._waiting.popleft()
            if not future.done():  # a cancelled one is skipped
                self.playing += 1  # counted for it now, so nobody overtakes it meanwhile
                future.set_result(None)
