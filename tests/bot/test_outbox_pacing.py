"""The budget holds over any window: no second with more than ``rate`` calls, no route with more
than its limit, for any mix of jobs, draws, latencies, 429s and 5xx failures (hypothesis)."""

from __future__ import annotations

import asyncio
import bisect
import heapq
import math
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.outbox import CHANNEL_LIMIT, DM_LIMIT, Limit, Outbox, Priority, Route, Status, VirtualClock
from bot.outbox.fake import FakeCall, FakeDiscord
from bot.outbox.limits import Pace


class Response:
    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "reason"
        self.headers: dict[str, str] = {}


def most_in_any_window(times: list[float], period: float) -> int:
    """The largest number of ``times`` inside one half-open window ``[t, t + period)``."""
    times = sorted(times)
    return max((bisect.bisect_left(times, t + period) - i for i, t in enumerate(times)), default=0)


def test_most_in_any_window_counts_half_open_windows() -> None:
    assert most_in_any_window([0.0, 0.5, 0.99, 1.0, 1.5], 1.0) == 3
    assert most_in_any_window([0.0, 1.0, 2.0], 1.0) == 1


ROUTES = [Route.channel(1), Route.channel(2), Route.channel(3), Route.dm(4), Route.dm(5)]
job = st.tuples(
    st.floats(0, 6, allow_nan=False),  # submitted at
    st.sampled_from(list(Priority)),
    st.integers(0, len(ROUTES) - 1),
    st.sampled_from([None, "picture", "hand"]),  # coalescing key (per route)
    st.none() | st.floats(0, 0.4),  # draw time, None: no draw
    st.sampled_from([None, "5xx", "429"]),  # how this submission's first call fails
    st.floats(0, 3),  # the 429's retry_after
)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(jobs=st.lists(job, min_size=1, max_size=60), rate=st.sampled_from([1, 3, 10, 45]),
       latency=st.floats(0, 0.5))
def test_no_window_ever_holds_more_than_the_budget(jobs: list[Any], rate: int, latency: float) -> None:
    async def scenario() -> tuple[FakeDiscord, list[Any]]:
        clock = VirtualClock()
        fake = FakeDiscord(clock, latency=latency)
        box = Outbox(rate=rate, clock=clock, backoff=0.5, max_attempts=100, max_rate_limited=100)

        async def submit_later(at: float, priority: Priority, index: int, key: str | None,
                               draw_time: float | None, fails: str | None, retry_after: float) -> Any:
            await clock.sleep(at)
            route = ROUTES[index]
            failures: list[Exception] = []
            if fails == "5xx":
                failures.append(discord.DiscordServerError(Response(500), "down"))
            elif fails == "429":
                failures.append(discord.RateLimited(retry_after))

            async def send(payload: Any) -> Any:
                if failures:  # this submission's first call fails
                    fake.calls.append(FakeCall(clock.now(), route, "failed"))
                    await clock.sleep(latency)
                    raise failures.pop()
                return await fake.call(route, payload)

            async def draw() -> float:
                await clock.sleep(draw_time or 0.0)
                return clock.now()

            full_key = None if key is None else (key, index)
            if draw_time is None:
                return await box.submit(lambda: send(at), route=route, priority=priority, key=full_key)
            return await box.submit(send, route=route, priority=priority, key=full_key, draw=draw)

        async def main() -> list[Any]:
            outcomes = await asyncio.gather(*(submit_later(*j) for j in jobs))
            await box.close()
            return list(outcomes)

        return fake, await clock.run(main())

    fake, outcomes = asyncio.run(scenario())
    assert most_in_any_window([c.at for c in fake.calls], 1.0) <= rate
    for route in ROUTES:
        limit = CHANNEL_LIMIT if route.kind == "channel" else DM_LIMIT
        assert most_in_any_window([c.at for c in fake.on(route)], limit.period) <= limit.count
    assert fake.over == 0  # Discord would have answered no 429
    assert all(o.status is Status.SENT for o in outcomes)  # every 429 and 5xx retried


def test_channel_calls_are_spaced_evenly_not_in_bursts() -> None:
    async def scenario() -> list[float]:
        clock = VirtualClock()
        fake = FakeDiscord(clock, latency=0.01)
        box = Outbox(clock=clock)
        route = Route.channel(1)

        async def main() -> None:
            await asyncio.gather(*(box.submit(fake.sender(route, i), route=route, priority=Priority.PROMPT)
                                   for i in range(7)))

        await clock.run(main())
        return [c.at for c in fake.calls]

    # one per 1.05 s: Discord's 5 per 5 s and a margin for the requests' uneven way there
    assert asyncio.run(scenario()) == pytest.approx([0.0, 1.05, 2.1, 3.15, 4.2, 5.25, 6.3])


def test_the_global_rate_is_spent_evenly_over_the_second() -> None:
    async def scenario() -> list[float]:
        clock = VirtualClock()
        fake = FakeDiscord(clock, latency=0.3)
        box = Outbox(rate=45, clock=clock)

        async def main() -> None:
            await asyncio.gather(*(box.submit(fake.sender(Route.channel(i), i), route=Route.channel(i),
                                              priority=Priority.CPU_TABLE) for i in range(90)))

        await clock.run(main())
        return [c.at for c in fake.calls]

    times = asyncio.run(scenario())
    assert most_in_any_window(times, 1.0) == 45
    assert times[-1] == pytest.approx(89 / 45)  # a steady 45/s, not 45 at once and a pause


@settings(max_examples=300, deadline=None, derandomize=True)
@given(limit=st.builds(Limit, st.integers(1, 5), st.sampled_from([1.0, 5.0]), st.booleans()),
       ops=st.lists(st.tuples(st.floats(0, 2), st.floats(0, 3), st.booleans()), max_size=80))
def test_a_pace_never_lets_more_than_count_calls_start_in_any_period(
        limit: Limit, ops: list[tuple[float, float, bool]]) -> None:
    """Each op: wait, then take a reservation as soon as the pace allows; the call starts after a
    draw of ``draw`` seconds, or the reservation is released (the draw failed)."""
    pace, now, starts = Pace(limit), 0.0, []
    pending: list[tuple[float, int, bool]] = []  # (when, order, released)

    def settle(until: float) -> None:
        while pending and pending[0][0] <= until:
            at, _, released = heapq.heappop(pending)
            if released:
                pace.release()
            else:
                pace.start(at)
                starts.append(at)

    for order, (wait, draw, released) in enumerate(ops):
        now += wait
        settle(now)
        while (ready := pace.ready_at(now)) > now:
            now = min(ready, pending[0][0] if pending else math.inf)
            settle(now)
        pace.reserve(now)
        heapq.heappush(pending, (now + draw, order, released))
    settle(math.inf)
    assert most_in_any_window(starts, limit.period) <= limit.count


def test_a_reservation_counts_before_its_call_is_made() -> None:
    pace = Pace(Limit(2, 1.0, spread=False))
    pace.reserve(0.0)
    pace.reserve(0.0)
    assert pace.ready_at(0.5) == float("inf")  # both drawing: only a start or a release frees room
    pace.start(0.6)
    pace.start(0.7)
    assert pace.ready_at(0.8) == pytest.approx(1.6)  # the first call's window ends
    pace.reserve(1.6)
    pace.release()
    assert pace.ready_at(1.6) == 1.6


def test_a_limit_must_allow_something() -> None:
    with pytest.raises(ValueError):
        Limit(0, 1.0)
    with pytest.raises(ValueError):
        Limit(5, 0.0)
