"""One writer per store: saves of tables in play are queued and committed in batches.

Many tables save at once (one save per move); one transaction per save puts every save in a
queue of commits (and, on SQLite, of round trips to its one thread). The writer takes every save
queued since its last batch, hands them to the store's ``write_batch`` (one transaction on
SQLite and PostgreSQL, each save in its own savepoint) and resolves each caller's future with
that save's own result. Saves are written in the order they were queued, so a table's saves
stay in order; a save that fails (``MoveConflict``: another process stored moves first) fails
alone, and every later save of that table then fails the same way, since it starts where the
refused one would have ended.

A caller queues under the table's lock and awaits the future after releasing it: a move is
stored before anyone is told, and no table's lock is held while the disk works. ``flush`` waits
until everything queued so far is written (shutdown, or a table that ends).

A save nobody waits for (``patient``: a move at a table of CPUs only) lingers up to ``LINGER``
seconds for others to join its batch; any other save, or a flush, ends the wait at once. Each
batch is a round trip to the database's thread, and under load those hand-overs of the
interpreter lock cost that thread several times the statements themselves
(docs/benchmarks/bot.md): saves arriving a few milliseconds apart went one a batch.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.ops import metrics as ops
from bot.storage.base import TableRecord

log = logging.getLogger(__name__)
LINGER = 0.05  # seconds a batch of patient saves waits for more; no move of a human's table waits


@dataclass
class Write:
    """One save: a whole table (``record``) or the moves after ``first`` with the new meta."""

    table_id: str
    record: TableRecord | None = None
    first: int = 0
    moves: list[Any] = field(default_factory=list)
    meta: dict[str, Any] | None = None


class Batches(Protocol):
    async def write_batch(self, writes: list[Write]) -> list[Any]:
        """Each write's result (or the exception it raised), in order, committed together."""
        ...


def _retrieved(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


class Writer:
    def __init__(self, store: Batches, linger: float = LINGER) -> None:
        self._store = store
        self.linger = linger
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # the tables' clock's, once they run
        self._queue: list[tuple[Write, asyncio.Future[Any]]] = []
        self._hurry = False  # a save queued that someone waits for: no lingering
        self._lingering = False
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._last: asyncio.Future[Any] | None = None  # the newest write queued: flush waits for it
        self.sizes: list[int] = []  # the size of each batch written (the newest 1,000; tests, benchmarks)

    def save(self, record: TableRecord) -> asyncio.Future[Any]:
        return self._put(Write(record.table_id, record=record))

    def append(self, table_id: str, first: int, moves: list[Any], meta: dict[str, Any] | None,
               patient: bool = False) -> asyncio.Future[Any]:
        """``patient``: nobody waits for this save (a CPU-only table), so it may linger."""
        return self._put(Write(table_id, first=first, moves=moves, meta=meta), patient)

    def _put(self, write: Write, patient: bool = False) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        future.add_done_callback(_retrieved)  # a waiter that went away leaves no "never retrieved"
        self._queue.append((write, future))
        self._last = future
        self._hurry = self._hurry or not patient
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = loop.create_task(self._run())
        assert self._wake is not None
        if not (self._lingering and patient):
            self._wake.set()
        return future

    async def _gather(self) -> None:
        """Patient saves only: wait a moment for more (a save someone waits for ends the wait)."""
        assert self._wake is not None
        self._lingering = True
        timer = asyncio.get_running_loop().create_task(self._ring(self._wake))
        try:
            await self._wake.wait()
        finally:
            timer.cancel()
            self._lingering = False
            self._wake.clear()

    async def _ring(self, wake: asyncio.Event) -> None:
        await self.sleep(self.linger)
        wake.set()

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            if not self._queue:
                continue
            if not self._hurry and self.linger > 0:
                await self._gather()
            batch, self._queue, self._hurry = self._queue, [], False
            self.sizes.append(len(batch))
            del self.sizes[:-1000]
            started = time.perf_counter()
            try:
                results = await self._store.write_batch([write for write, _ in batch])
                ops.saved(len(batch), time.perf_counter() - started)
            except Exception as e:  # the whole batch failed (the commit, the connection)
                log.exception("a batch of %d saves failed", len(batch))
                results = [e] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():  # its waiter was cancelled
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    async def flush(self) -> None:
        """Wait until every save queued so far is written (whatever their outcome)."""
        last = self._last
        if last is not None:
            if not last.done():
                self.hurry()
            await asyncio.wait([last])

    def hurry(self) -> None:
        """Someone waits for what is queued: write it without lingering."""
        if self._queue and self._wake is not None:
            self._hurry = True
            self._wake.set()

    async def close(self) -> None:
        """Write what is queued, then stop."""
        await self.flush()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
