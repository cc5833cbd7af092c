"""A stand-in for Discord's REST API on a clock, for the outbox's tests and benchmark.

It answers each call after ``latency`` seconds and counts, as Discord would, the calls that
broke a limit (more than ``global_limit`` in any window, or more than ``route_limit`` on one
route): ``over`` is the number of 429s Discord would have sent. Faults are scripted per route.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from bot.outbox.clock import Clock
from bot.outbox.limits import Limit


@dataclass
class FakeCall:
    at: float
    route: Hashable
    payload: Any


@dataclass
class _Window:
    limit: Limit
    starts: deque[float] = field(default_factory=deque)

    def admit(self, now: float) -> bool:
        while self.starts and self.starts[0] + self.limit.period <= now:
            self.starts.popleft()
        self.starts.append(now)
        return len(self.starts) <= self.limit.count


DISCORD_GLOBAL = Limit(50, 1.0)
DISCORD_ROUTE = Limit(5, 5.0)


class FakeDiscord:
    def __init__(self, clock: Clock, *, latency: float = 0.05, global_limit: Limit = DISCORD_GLOBAL,
                 route_limit: Limit = DISCORD_ROUTE) -> None:
        self.clock = clock
        self.latency = latency
        self.calls: list[FakeCall] = []
        self.over = 0
        self._global = _Window(global_limit)
        self._route_limit = route_limit
        self._routes: dict[Hashable, _Window] = {}
        self._faults: dict[Hashable, deque[BaseException]] = {}

    def fail(self, route: Hashable, *errors: BaseException) -> None:
        """The next calls on ``route`` raise these, one each, in order."""
        self._faults.setdefault(route, deque()).extend(errors)

    def sender(self, route: Hashable, payload: Any = None) -> Callable[[], Awaitable[Any]]:
        """``lambda: channel.send(payload)`` for the fake."""
        return lambda: self.call(route, payload)

    async def call(self, route: Hashable, payload: Any = None) -> Any:
        now = self.clock.now()
        self.calls.append(FakeCall(now, route, payload))
        if not self.admit(route, now):
            self.over += 1
        await self.clock.sleep(self.latency)
        faults = self._faults.get(route)
        if faults:
            raise faults.popleft()
        return payload

    def admit(self, route: Hashable, now: float) -> bool:
        """Count a call made at ``now`` (in time order); False if Discord would answer 429."""
        window = self._routes.get(route)
        if window is None:
            window = self._routes[route] = _Window(self._route_limit)
        within_global = self._global.admit(now)
        return window.admit(now) and within_global

    def on(self, route: Hashable) -> list[FakeCall]:
        return [call for call in self.calls if call.route == route]
