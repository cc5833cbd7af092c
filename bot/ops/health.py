"""Readiness: is this process fit to be sent work? Worked out on the event loop, read by threads.

``/healthz`` says only that the process is up (its HTTP thread answers). ``/readyz`` is ready when
the gateway is connected (every shard of this process), the store answers a query within
``STORE_TIMEOUT``, the workers are alive (CPU decision and picture processes, the lease and timer
loops of several processes) and the process is not shutting down; and when these were checked
lately: :class:`Readiness` keeps the time of the last check, so an event loop that has stopped
turning reads as unready however things last stood.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
STORE_TIMEOUT = 2.0  # seconds a store may take to answer the readiness query
STALE_AFTER = 15.0  # seconds without a fresh check after which the process reads as unready


class Readiness:
    """The last checks' outcomes, written by the event loop and read by the HTTP threads."""

    def __init__(self, stale_after: float = STALE_AFTER, now: Callable[[], float] = time.monotonic) -> None:
        self.stale_after = stale_after
        self._now = now
        self._lock = threading.Lock()
        self._checks: dict[str, bool] = {"checked": False}
        self._at = -float("inf")

    def record(self, checks: dict[str, bool]) -> None:
        with self._lock:
            self._checks = dict(checks)
            self._at = self._now()

    def state(self) -> tuple[bool, dict[str, bool]]:
        with self._lock:
            checks = dict(self._checks)
            fresh = self._now() - self._at <= self.stale_after
        checks["fresh"] = fresh
        return fresh and all(checks.values()), checks


def gateway_connected(bot: Any) -> bool:
    """Logged in and every gateway connection of this process open."""
    if bot.is_closed() or not bot.is_ready():
        return False
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict) and shards:
        return all(not shard.is_closed() for shard in shards.values())
    ws = getattr(bot, "ws", None)
    return ws is not None and bool(ws.open)


async def store_reachable(store: Any) -> bool:
    """One cheap query (a lease lookup, which both back ends answer from an index)."""
    if store is None:
        return False
    try:
        await asyncio.wait_for(store.lease_holder("-readyz-"), STORE_TIMEOUT)
    except Exception as e:  # closed, unreachable, timed out: all read as unreachable
        log.warning("readiness: the store did not answer (%s: %s)", type(e).__name__, e)
        return False
    return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def workers_alive(bot: Any) -> bool:
    """CPU decision and picture worker processes running; none of the several-processes loops
    (leases, timers) stopped by an error."""
    pids = [*bot.tables.decisions.pids, *bot.render_pool.pids]
    loops = getattr(bot.tables, "loops", [])
    crashed = [task for task in loops if task.done() and not task.cancelled() and task.exception() is not None]
    return all(_alive(pid) for pid in pids) and not crashed


async def check(bot: Any, gateway: Callable[[Any], bool] = gateway_connected) -> dict[str, bool]:
    tables = bot.tables
    return {
        "gateway": gateway(bot),
        "store": await store_reachable(bot.store),
        "workers": workers_alive(bot),
        "serving": not tables.closed and not getattr(tables, "draining", False),
    }
