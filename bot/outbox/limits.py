"""Request pacing: a sliding window that counts reserved requests before they are made.

A request is *reserved* when the outbox picks its job and *started* when the Discord call is
actually made (after the job's picture is drawn). The window admits a reservation only while
``started within the last period + reserved < count``; a reservation turning into a start keeps
that sum unchanged, so at every instant at most ``count`` requests started in the last ``period``
seconds, and therefore no window of ``period`` seconds anywhere holds more than ``count``.
Reservations are also spaced ``period / count`` apart (``spread``), so a backlog leaves at an even pace instead
of in bursts that leave a newly arrived prompt waiting for the window to roll over.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """At most ``count`` requests in any ``period`` seconds."""

    count: int
    period: float
    spread: bool = True  # space requests period/count apart; False lets up to count go at once

    def __post_init__(self) -> None:
        if self.count < 1 or not self.period > 0:
            raise ValueError(f"a limit needs count >= 1 and period > 0, not {self.count} per {self.period}")

    @property
    def gap(self) -> float:
        return self.period / self.count if self.spread else 0.0


class Pace:
    """One limit's state: recent starts, open reservations, and a pause (after a 429)."""

    __slots__ = ("limit", "reserved", "paused_until", "_starts", "_last")

    def __init__(self, limit: Limit) -> None:
        self.limit = limit
        self.reserved = 0
        self.paused_until = -math.inf
        self._starts: deque[float] = deque()
        self._last = -math.inf

    def ready_at(self, now: float, keep: int = 0) -> float:
        """The earliest time a reservation may be taken (``now`` if now) while ``keep`` places of
        the window stay free for others; ``inf`` if only a reservation in progress can free room."""
        starts, limit = self._starts, self.limit
        while starts and starts[0] + limit.period <= now:
            starts.popleft()
        at = max(now, self.paused_until, self._last + limit.gap)
        excess = len(starts) + self.reserved - max(1, limit.count - keep)
        if excess >= 0:
            if excess >= len(starts):
                return math.inf
            at = max(at, starts[excess] + limit.period)
        return at

    def reserve(self, now: float) -> None:
        self.reserved += 1
        self._last = now

    def start(self, now: float) -> None:
        """The reserved request is being made now."""
        self.reserved -= 1
        self._starts.append(now)

    def release(self) -> None:
        """The reserved request will not be made (its picture could not be drawn): with no other
        reservation open, the spacing counts from the last request actually made."""
        self.reserved -= 1
        if not self.reserved:
            self._last = self._starts[-1] if self._starts else -math.inf

    def pause(self, until: float) -> None:
        self.paused_until = max(self.paused_until, until)
