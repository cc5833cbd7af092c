"""Knowing when the bot has nothing left to do at the current instant of the test's clock.

The fake Discord moves its clock only when the event loop is idle; work the loop waits on
outside itself (worker threads, SQLite, worker processes) would otherwise look like idleness.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import aiosqlite

from bot.workers import Lanes


class Quiet:
    """Tells when the event loop has nothing left to do at the current instant.

    Work the loop waits on outside itself is made visible: worker-thread jobs run inline (their
    result is delivered on the next loop turn, so the caller still yields), and each SQLite query
    and each job sent to worker processes (``bot.workers.Lanes``) is tracked until its answer is
    back."""

    def __init__(self) -> None:
        self.work: set[asyncio.Future[Any]] = set()

    def install(self, monkeypatch: Any) -> None:
        quiet = self

        def run_inline(loop: asyncio.AbstractEventLoop, executor: Any, func: Callable[..., Any],
                       *args: Any) -> asyncio.Future[Any]:
            future: asyncio.Future[Any] = loop.create_future()
            try:
                result = func(*args)
            except BaseException as e:  # delivered to the awaiting task, as a thread's error is
                loop.call_soon(_settle_future, future, None, e)
            else:
                loop.call_soon(_settle_future, future, result, None)
            return future

        execute: Callable[..., Awaitable[Any]] = aiosqlite.Connection._execute  # untyped in aiosqlite
        connect = aiosqlite.Connection._connect

        async def tracked_execute(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            return await quiet.track(execute(conn, fn, *args, **kwargs))

        async def tracked_connect(conn: Any) -> Any:
            return await quiet.track(connect(conn))

        lanes_run, lanes_start = Lanes.run, Lanes.start

        async def tracked_run(lanes: Lanes, job: Callable[..., Any], *args: Any, urgent: bool = False) -> Any:
            return await quiet.track(lanes_run(lanes, job, *args, urgent=urgent))

        async def tracked_start(lanes: Lanes) -> None:
            await quiet.track(lanes_start(lanes))

        monkeypatch.setattr(asyncio.BaseEventLoop, "run_in_executor", run_inline)
        monkeypatch.setattr(Lanes, "run", tracked_run)  # worker processes' answers are waited for too
        monkeypatch.setattr(Lanes, "start", tracked_start)
        monkeypatch.setattr(aiosqlite.Connection, "_execute", tracked_execute)
        monkeypatch.setattr(aiosqlite.Connection, "_connect", tracked_connect)

    def track(self, coro: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro)
        self.work.add(task)
        task.add_done_callback(self.work.discard)
        return task

    async def wait(self) -> None:
        """Return once no callback is ready and no outside work is pending."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(0)
            if self.work:
                await asyncio.wait(set(self.work))
                continue
            if loop._ready:  # type: ignore[attr-defined]  # callbacks queued for this loop turn
                continue
            return


def _settle_future(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
