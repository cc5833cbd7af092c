"""The clocks: virtual time jumps straight to the next sleeper and reports a stuck run."""

from __future__ import annotations

import asyncio

import pytest

from bot.outbox import Clock, Deadlock, SystemClock, VirtualClock


async def test_sleepers_wake_in_time_order_at_exact_virtual_times() -> None:
    clock = VirtualClock(start=100.0)
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, clock.now()))

    async def main() -> None:
        await asyncio.gather(sleeper("late", 3600.0), sleeper("soon", 0.25), sleeper("same", 0.25),
                             sleeper("now", 0.0))

    await clock.run(main())
    assert woke == [("now", 100.0), ("soon", 100.25), ("same", 100.25), ("late", 3700.0)]


async def test_a_cancelled_sleep_does_not_move_time() -> None:
    clock = VirtualClock()

    async def main() -> float:
        long = asyncio.ensure_future(clock.sleep(50.0))
        await clock.sleep(1.0)
        long.cancel()
        await asyncio.sleep(0)
        return clock.now()

    assert await clock.run(main()) == 1.0


async def test_a_run_waiting_on_something_time_cannot_bring_is_reported() -> None:
    clock = VirtualClock()
    with pytest.raises(Deadlock):
        await clock.run(asyncio.Event().wait())


async def test_a_run_past_its_limit_is_reported() -> None:
    clock = VirtualClock()
    with pytest.raises(Deadlock):
        await clock.run(clock.sleep(100.0), limit=10.0)


async def test_the_system_clock_is_the_loops_clock() -> None:
    clock: Clock = SystemClock()
    before = clock.now()
    await clock.sleep(0.01)
    assert clock.now() >= before + 0.01
    assert clock.now() <= asyncio.get_running_loop().time()
