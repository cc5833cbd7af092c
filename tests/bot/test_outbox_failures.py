"""Failures stall no one else: a 429 pauses its route (or everything for a whole-token 429), a
5xx is retried a bounded number of times, 403/404 are reported to the job's owner at once."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest

from bot.outbox import CANNOT_DM, UNKNOWN_CHANNEL, Outbox, Priority, Reason, Route, Status, VirtualClock
from bot.outbox.fake import FakeDiscord

A, B = Route.channel(1), Route.channel(2)


class Response:
    """What discord.py's exceptions read from an aiohttp response."""

    def __init__(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.status, self.reason, self.headers = status, "reason", headers or {}


def http_error(cls: type[discord.HTTPException], status: int, code: int = 0,
               headers: dict[str, str] | None = None) -> discord.HTTPException:
    return cls(Response(status, headers), {"code": code, "message": "error"})


async def run(box: Outbox, clock: VirtualClock, *jobs: tuple[Route, str]) -> list[Any]:
    """Submit ``(route, payload)`` jobs at time 0 and wait for every outcome."""
    fake = box.fake  # type: ignore[attr-defined]

    async def main() -> list[Any]:
        futures = [box.submit(fake.sender(route, payload), route=route, priority=Priority.HUMAN_TABLE)
                   for route, payload in jobs]
        return list(await asyncio.gather(*futures))

    return await clock.run(main())


def setup(**options: Any) -> tuple[Outbox, FakeDiscord, VirtualClock]:
    clock = VirtualClock()
    fake = FakeDiscord(clock, latency=0.1)
    box = Outbox(clock=clock, **options)
    box.fake = fake  # type: ignore[attr-defined]
    return box, fake, clock


async def test_a_429_on_one_route_pauses_that_route_only_and_the_job_goes_through_after() -> None:
    box, fake, clock = setup()
    fake.fail(A, discord.RateLimited(3.0))
    a, b = await run(box, clock, (A, "a"), (B, "b"))
    assert a.ok and b.ok and a.attempts == 2
    assert [call.at for call in fake.on(A)] == [0.0, pytest.approx(3.1)]  # answered at 0.1, paused 3 s
    assert [call.at for call in fake.on(B)] == [pytest.approx(1 / 45)]  # the global spacing only
    assert box.stats.rate_limited == 1


async def test_a_whole_token_429_pauses_every_route() -> None:
    box, fake, clock = setup()
    fake.fail(A, http_error(discord.HTTPException, 429, headers={"Retry-After": "2"}))

    async def main() -> Any:
        first = box.submit(fake.sender(A, "a"), route=A, priority=Priority.PROMPT)
        await clock.sleep(0.15)  # the 429 came back at 0.1
        later = box.submit(fake.sender(B, "b"), route=B, priority=Priority.PROMPT)
        return await first, await later

    a, b = await clock.run(main())
    assert a.ok and b.ok
    assert sorted([fake.on(A)[1].at, fake.on(B)[0].at]) == [pytest.approx(2.1), pytest.approx(2.1 + 1 / 45)]


async def test_5xx_is_retried_with_a_doubling_backoff_and_at_most_max_attempts_calls() -> None:
    box, fake, clock = setup(max_attempts=3, backoff=1.0)
    fake.fail(A, *[http_error(discord.DiscordServerError, 503) for _ in range(5)])
    fake.fail(B, http_error(discord.DiscordServerError, 500), http_error(discord.DiscordServerError, 502))
    a, b = await run(box, clock, (A, "a"), (B, "b"))
    assert a.status is Status.FAILED and a.reason is Reason.SERVER and a.http_status == 503 and a.attempts == 3
    assert [call.at for call in fake.on(A)] == [0.0, pytest.approx(1.1), pytest.approx(3.2)]
    assert b.ok and b.attempts == 3
    assert box.stats.retried == 4


async def test_a_network_error_is_retried_like_a_5xx() -> None:
    box, fake, clock = setup()
    fake.fail(A, aiohttp.ClientConnectionError("reset"))
    (a,) = await run(box, clock, (A, "a"))
    assert a.ok and a.attempts == 2


@pytest.mark.parametrize(("error", "reason", "code"), [
    (http_error(discord.Forbidden, 403, CANNOT_DM), Reason.FORBIDDEN, CANNOT_DM),
    (http_error(discord.NotFound, 404, UNKNOWN_CHANNEL), Reason.NOT_FOUND, UNKNOWN_CHANNEL),
])
async def test_403_and_404_are_reported_to_the_owner_and_not_retried(
        error: discord.HTTPException, reason: Reason, code: int) -> None:
    box, fake, clock = setup()
    fake.fail(A, error)
    seen: list[Any] = []

    async def main() -> None:
        future = box.submit(fake.sender(A, "a"), route=A, priority=Priority.PROMPT)
        future.add_done_callback(lambda f: seen.append(f.result()))  # the table logic's callback
        await future

    await clock.run(main())
    (outcome,) = seen
    assert outcome.status is Status.FAILED and outcome.reason is reason and outcome.code == code
    assert outcome.gone and outcome.error is error and outcome.attempts == 1
    assert len(fake.on(A)) == 1


async def test_another_4xx_is_rejected_without_retry_and_does_not_count_as_gone() -> None:
    box, fake, clock = setup()
    fake.fail(A, http_error(discord.HTTPException, 400, 50035))
    (a,) = await run(box, clock, (A, "a"))
    assert a.reason is Reason.REJECTED and a.code == 50035 and not a.gone and len(fake.on(A)) == 1


async def test_a_route_still_rate_limited_after_the_last_retry_is_reported() -> None:
    box, fake, clock = setup(max_rate_limited=2)
    fake.fail(A, *[discord.RateLimited(1.0) for _ in range(10)])
    (a,) = await run(box, clock, (A, "a"))
    assert a.status is Status.FAILED and a.reason is Reason.RATE_LIMITED and len(fake.on(A)) == 3


async def test_a_failed_draw_is_reported_and_frees_the_route() -> None:
    box, fake, clock = setup()

    async def broken() -> str:
        raise ValueError("no picture")

    async def main() -> Any:
        bad = box.submit(lambda picture: fake.call(A, picture), route=A, priority=Priority.PROMPT, draw=broken)
        good = box.submit(fake.sender(A, "next"), route=A, priority=Priority.PROMPT)
        return await bad, await good

    bad, good = await clock.run(main())
    assert bad.reason is Reason.DRAW and isinstance(bad.error, ValueError) and bad.attempts == 0
    assert good.ok and [call.payload for call in fake.calls] == ["next"]
    assert fake.calls[0].at == 0.0  # no call was made, so the route's pace was not spent


async def test_a_job_backing_off_holds_back_nothing_else() -> None:
    box, fake, clock = setup(backoff=4.0)
    fake.fail(A, http_error(discord.DiscordServerError, 500))
    others = [(Route.channel(10 + i), f"o{i}") for i in range(5)]
    outcomes = await run(box, clock, (A, "a"), *others)
    assert all(o.ok for o in outcomes)
    assert max(call.at for call in fake.calls if call.route != A) < 0.2
    assert fake.on(A)[1].at == pytest.approx(4.1)


async def test_an_unexpected_exception_is_reported_as_an_error_not_retried() -> None:
    box, fake, clock = setup()
    fake.fail(A, KeyError("bug"))
    (a,) = await run(box, clock, (A, "a"))
    assert a.reason is Reason.ERROR and isinstance(a.error, KeyError) and len(fake.on(A)) == 1


async def test_a_failed_picture_with_a_newer_state_queued_is_answered_by_the_newer_call() -> None:
    box, fake, clock = setup()
    fake.fail(A, http_error(discord.DiscordServerError, 503))
    key = ("table-picture", 1)

    async def main() -> tuple[Any, Any]:
        old = box.submit(fake.sender(A, "move 1"), route=A, priority=Priority.CPU_TABLE, key=key)
        await clock.sleep(0.05)  # move 1 is in flight
        new = box.submit(fake.sender(A, "move 2"), route=A, priority=Priority.CPU_TABLE, key=key)
        return await old, await new

    old, new = await clock.run(main())
    assert old is new and old.ok and old.covered == 2
    assert [call.payload for call in fake.on(A)] == ["move 1", "move 2"]  # move 1 is not sent again
