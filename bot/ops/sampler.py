"""What the gauges and ``/readyz`` show, worked out on the event loop every few seconds.

The bot's structures (its sessions, the outbox's queue) are only ever read on the event loop, so
the HTTP threads never see them change under their feet; they read the numbers set here. At 200
tables a sample walks 200 sessions and the outbox's waiting jobs: well under a millisecond.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import Any

from bot.ops import health, metrics
from bot.ops.health import Readiness

log = logging.getLogger(__name__)
INTERVAL = 2.0  # seconds between samples (a scrape every 15 s sees numbers at most this old)


class Sampler:
    """Keeps the gauges and the readiness of one bot fresh; ``rest_per_second`` is the outbox's
    calls a second over the last interval (``/admin status``)."""

    def __init__(self, bot: Any, readiness: Readiness | None = None, interval: float = INTERVAL) -> None:
        self.bot = bot
        self.readiness = readiness or Readiness()
        self.interval = interval
        self.gateway = health.gateway_connected  # tests, which have no gateway, replace it
        self.rest_per_second = 0.0
        self._seen: set[tuple[str, str]] = set()
        self._requests: tuple[float, int] | None = None
        self._task: asyncio.Task[None] | None = None
        metrics.prepare()  # every family exported from the first scrape

    def tables(self) -> Counter[tuple[str, str]]:
        m = self.bot.tables
        counts: Counter[tuple[str, str]] = Counter()
        for session in list(m.sessions.values()):
            counts[(session.table.game_name, session.table.status)] += 1
        for session in list(m.ending):
            counts[(session.table.game_name, "ending")] += 1
        return counts

    async def sample(self) -> None:
        counts = self.tables()
        for key in self._seen - set(counts):
            metrics.TABLES.labels(*key).set(0)
        for key, count in counts.items():
            metrics.TABLES.labels(*key).set(count)
        self._seen |= set(counts)
        outbox = self.bot.outbox
        depth, oldest = outbox.waiting()
        metrics.OUTBOX_DEPTH.set(depth)
        metrics.OUTBOX_OLDEST.set(oldest)
        metrics.REST_RATE.set(outbox.rate)
        now, requests = time.monotonic(), outbox.stats.requests
        if self._requests is not None and now > self._requests[0]:
            self.rest_per_second = (requests - self._requests[1]) / (now - self._requests[0])
        self._requests = (now, requests)
        checks = await health.check(self.bot, self.gateway)
        self.readiness.record(checks)
        metrics.READY.set(1 if self.readiness.state()[0] else 0)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                await self.sample()
            except Exception:
                log.exception("could not sample the bot's state")
            await self.bot.tables.clock.sleep(self.interval)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self.readiness.record({"serving": False})
