"""Shutting a process down without a game noticing: on SIGTERM it stops opening tables, lets every
transition under way finish and be stored, hands each table it holds to another process at once
and exits within a bounded time (``DRAIN_SECONDS``). Alone (one process, no shared database) it
stops as before: ``close`` waits for the transitions under way and the tables wait for its restart.

Handing a table on (:func:`hand_on`): under the table's lock (so a transition holding it ends
first) the table is let go here; transitions already past the lock finish, its queued saves are
written, then ``Store.hand_off`` gives the lease up and tells every process in the same step.
Each of them tries to take the table over (:func:`listen`); the first to take the lease loads it
and prompts its players again, so the next click is served there within a moment, not once a
lease has run out. Clicks reaching this process meanwhile are acknowledged, wait for their
table's hand-off and are forwarded to whoever took it (:func:`route`); a click already being
served here when the drain began is answered here first (:func:`track`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import discord

from bot.ops import metrics as ops
from bot.play import forward, persist
from bot.play.effects import answer
from bot.play.session import TableSession

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
FORWARD_FOR = 3.0  # seconds a click waits for another process to take its table before it is refused
POLL = 0.02  # seconds between two looks at who holds a table being handed on
EXIT_MARGIN = 15.0  # seconds past DRAIN_SECONDS after which the process exits whatever is left

_SERVING: WeakKeyDictionary[TableManager, set[asyncio.Task[Any]]] = WeakKeyDictionary()  # clicks served here
_HANDING: WeakKeyDictionary[TableManager, dict[str, asyncio.Event]] = WeakKeyDictionary()  # tables being handed on
_TAKING: WeakKeyDictionary[TableManager, int] = WeakKeyDictionary()  # handed tables being taken over here
BACK_OFF = 0.01  # seconds a process waits per handed table it is already taking over


def track(m: TableManager) -> None:
    """The current task serves an interaction here: a drain lets it finish before handing on."""
    task = asyncio.current_task()
    if task is not None:
        tasks = _SERVING.setdefault(m, set())
        tasks.add(task)
        task.add_done_callback(tasks.discard)


async def listen(m: TableManager) -> None:
    """Take over each table another process hands on (one process wins the lease; the others'
    attempts find it taken and do nothing). A process already taking handed tables over waits a
    moment per one under way before it tries, so the tables of a process that stops spread over
    the others instead of all queueing for one event loop's replays."""

    async def handed(table_id: str, holder: str) -> None:
        if holder == m.holder or m.closed or m.draining:
            return
        busy = _TAKING.get(m, 0)
        _TAKING[m] = busy + 1
        try:
            if busy:
                await asyncio.sleep(BACK_OFF * busy)
            if await m.take_over(table_id) is not None:
                log.info("table %s handed on by %s, served here now", table_id, holder)
        finally:
            _TAKING[m] -= 1

    await m.store.listen_handoffs(handed)


async def route(m: TableManager, interaction: discord.Interaction, table_id: str, private: bool) -> bool:
    """A click or command reaching a draining process: acknowledged, held until its table is
    handed on, then forwarded to its new holder. Always False: nothing is served here any more."""
    if not forward.forwarded(interaction):
        await forward.acknowledge(interaction, private)
    event = _HANDING.get(m, {}).get(table_id)
    if event is not None:
        await event.wait()
    end = time.monotonic() + FORWARD_FOR
    while time.monotonic() < end:
        holder = await m.store.forward(table_id, forward.payload(interaction))
        if holder is not None and holder != m.holder:
            ops.forwarded("sent")
            return False
        await asyncio.sleep(POLL)
    await answer(interaction, "ops.draining")
    return False


async def drain(m: TableManager, timeout: float) -> int:
    """Stop taking work and hand every table on; returns how many were handed. Bounded by
    ``timeout`` seconds; what is left then is closed by ``close`` as at any shutdown."""
    if m.draining or m.closed:
        return 0
    m.draining = True  # no new table, no take-over, no timer claimed from here on
    if not m.shared:
        return 0
    sessions: list[TableSession] = list(m.sessions.values())
    events = _HANDING.setdefault(m, {})
    for session in sessions:
        events[session.table_id] = asyncio.Event()
    started = time.monotonic()
    current = asyncio.current_task()
    serving = [task for task in _SERVING.get(m, set()) if task is not current]
    if serving:  # clicks already being served here are answered here
        await asyncio.wait(serving, timeout=timeout / 2)
    left = max(timeout - (time.monotonic() - started), 0.1)
    jobs = {asyncio.ensure_future(hand_on(m, s, events[s.table_id])): s for s in sessions}
    done, pending = await asyncio.wait(jobs, timeout=left) if jobs else (set(), set())
    for job in pending:
        job.cancel()
    handed = sum(1 for job in done if not job.cancelled() and job.exception() is None and job.result())
    if pending:  # out of time: these tables are let go here and handed on as they are stored
        log.warning("drain: %d tables not settled in time; handed on as stored", len(pending))
        await asyncio.gather(*pending, return_exceptions=True)
        late = [jobs[job] for job in pending]
        for session in late:  # let go here, its timers and tasks stopped, whatever its hand-over reached
            if m.sessions.get(session.table_id) is session:
                m.unregister(session)
            session.closed = True
            m.spawn(session.close())
        given = await asyncio.gather(*(m.store.hand_off(s.table_id, m.holder) for s in late), return_exceptions=True)
        handed += sum(1 for one in given if one is True)
    while m.ending and time.monotonic() - started < timeout:  # finished games post their standings
        await asyncio.sleep(POLL)
    log.info("drained: %d of %d tables handed on in %.2f s", handed, len(sessions), time.monotonic() - started)
    return handed


async def hand_on(m: TableManager, session: TableSession, done: asyncio.Event) -> bool:
    """Let the table go here, once what is under way on it is stored, and hand its lease on."""
    try:
        async with session.lock:  # a transition holding the lock finishes first
            if m.sessions.get(session.table_id) is not session or session.closed:
                return False  # it ended meanwhile
            m.unregister(session)
            session.closed = True  # no timer, CPU turn or click starts anything on this copy
        current = asyncio.current_task()
        under_way = [t for t in session.work if t is not current]
        if under_way:  # waited for, never cancelled with this hand-over when the drain runs out of time
            await asyncio.wait(under_way)
        await persist.settled(m.store, session)  # every move played here is stored
        await session.lane.drained()  # its results told here, in order, before the next holder goes on
        handed: bool = await m.store.hand_off(session.table_id, m.holder)
        if handed:
            ops.handed_off()
        await session.close()
        return handed
    finally:
        done.set()


def on_sigterm(bot: Any) -> None:
    """Make SIGTERM drain the bot's tables, then close it (``python -m bot``)."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def terminate() -> None:
        if not stopping:
            log.info("SIGTERM: handing tables on, then stopping")
            stopping.append(loop.create_task(shutdown(bot)))

    loop.add_signal_handler(signal.SIGTERM, terminate)


async def shutdown(bot: Any) -> None:
    limit = bot.config.drain_seconds
    watchdog = threading.Timer(limit + EXIT_MARGIN, _exit_now)  # the bound, whatever hangs
    watchdog.daemon = True
    watchdog.start()
    try:
        if await drain(bot.tables, limit):
            await bot.outbox.close(drain=False)  # pictures and hands of tables now served elsewhere
    except Exception:
        log.exception("the drain failed; closing as is")
    await bot.close()


def _exit_now() -> None:
    log.error("shutdown took too long; exiting now")
    os._exit(1)
