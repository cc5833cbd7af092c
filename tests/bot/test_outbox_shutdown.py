"""Shutdown: drain what is queued (still paced), or cancel it cleanly; nothing is left running."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.outbox import Outbox, Priority, Reason, Route, Status, VirtualClock
from bot.outbox.fake import FakeDiscord

ROUTE = Route.channel(1)


def setup(latency: float = 0.1) -> tuple[Outbox, FakeDiscord, VirtualClock]:
    clock = VirtualClock()
    return Outbox(clock=clock), FakeDiscord(clock, latency=latency), clock


def queue(box: Outbox, fake: FakeDiscord, count: int) -> list[asyncio.Future[Any]]:
    return [box.submit(fake.sender(ROUTE, i), route=ROUTE, priority=Priority.PROMPT) for i in range(count)]


async def test_close_drains_the_queue_at_the_usual_pace() -> None:
    box, fake, clock = setup()

    async def main() -> list[Any]:
        futures = queue(box, fake, 5)
        await box.close()
        assert all(f.done() for f in futures) and box.pending == 0
        return [f.result() for f in futures]

    outcomes = await clock.run(main())
    assert all(o.ok for o in outcomes)
    assert [call.at for call in fake.calls] == pytest.approx([0.0, 1.05, 2.1, 3.15, 4.2])  # one channel: 1.05 s apart
    assert clock.now() == pytest.approx(4.3)


async def test_close_without_drain_cancels_the_queue_and_finishes_the_call_in_flight() -> None:
    box, fake, clock = setup(latency=0.5)

    async def main() -> list[Any]:
        futures = queue(box, fake, 4)
        await clock.sleep(0.2)  # the first call is in flight
        await box.close(drain=False)
        return [f.result() for f in futures]

    first, *rest = await clock.run(main())
    assert first.ok and len(fake.calls) == 1
    assert all(o.status is Status.CANCELLED and o.reason is Reason.CLOSED for o in rest)
    assert clock.now() == 0.5 and box.pending == 0


async def test_close_with_a_timeout_cancels_what_is_left_and_returns_in_time() -> None:
    box, fake, clock = setup()

    async def main() -> list[Any]:
        futures = queue(box, fake, 10)
        await box.close(timeout=2.5)
        assert clock.now() == 2.5 and box.pending == 0
        return [f.result() for f in futures]

    outcomes = await clock.run(main())
    assert [o.status for o in outcomes] == [Status.SENT] * 3 + [Status.CANCELLED] * 7
    assert len(fake.calls) == 3


async def test_a_call_hanging_at_shutdown_is_cancelled_by_the_timeout() -> None:
    box, fake, clock = setup(latency=60.0)

    async def main() -> Any:
        future = queue(box, fake, 1)[0]
        await clock.sleep(1.0)
        await box.close(timeout=1.0)
        return future.result()

    outcome = await clock.run(main())
    assert outcome.status is Status.CANCELLED and outcome.attempts == 1 and clock.now() == 2.0


async def test_a_job_submitted_after_close_is_cancelled_at_once() -> None:
    box, fake, clock = setup()

    async def main() -> Any:
        await box.close()
        return await box.submit(fake.sender(ROUTE, "late"), route=ROUTE, priority=Priority.PROMPT)

    outcome = await clock.run(main())
    assert outcome.status is Status.CANCELLED and outcome.reason is Reason.CLOSED and not fake.calls


async def test_the_owner_cancels_a_queued_key_and_it_is_never_sent() -> None:
    box, fake, clock = setup()

    async def main() -> tuple[Any, bool, bool]:
        keep = box.submit(fake.sender(ROUTE, "first"), route=ROUTE, priority=Priority.PROMPT)
        dropped = box.submit(fake.sender(ROUTE, "table closed"), route=ROUTE, priority=Priority.CPU_TABLE,
                             key=("table-picture", 1))
        cancelled, again = box.cancel(("table-picture", 1)), box.cancel(("table-picture", 1))
        await keep
        await box.close()
        return dropped.result(), cancelled, again

    outcome, cancelled, again = await clock.run(main())
    assert cancelled and not again
    assert outcome.status is Status.CANCELLED and outcome.reason is Reason.CANCELLED
    assert [call.payload for call in fake.calls] == ["first"]


async def test_closing_an_outbox_never_used_returns_at_once() -> None:
    box, _, clock = setup()
    await clock.run(box.close())
    assert clock.now() == 0.0
