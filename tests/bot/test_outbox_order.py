"""Who goes first: a human's prompt, then tables with humans (newest click first), then CPU tables,
coalesced so a busy outbox sends one picture of a CPU table's latest state, drawn once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.outbox import DM_LIMIT, Limit, Outbox, Priority, Route, Status, VirtualClock
from bot.outbox.fake import FakeDiscord


async def test_prompts_then_human_tables_newest_click_first_then_cpu_tables_in_order() -> None:
    clock = VirtualClock()
    fake = FakeDiscord(clock)
    box = Outbox(rate=1, clock=clock)  # one call per second: the order is visible

    async def main() -> None:
        jobs: list[tuple[str, Priority, float | None]] = [
            ("cpu-1", Priority.CPU_TABLE, None), ("human-clicked-at-1", Priority.HUMAN_TABLE, 1.0),
            ("prompt-1", Priority.PROMPT, None), ("cpu-2", Priority.CPU_TABLE, None),
            ("human-clicked-at-3", Priority.HUMAN_TABLE, 3.0), ("prompt-2", Priority.PROMPT, None),
            ("human-clicked-at-2", Priority.HUMAN_TABLE, 2.0),
        ]
        futures = [box.submit(fake.sender(Route.channel(i), name), route=Route.channel(i), priority=priority,
                              stamp=stamp) for i, (name, priority, stamp) in enumerate(jobs)]
        await asyncio.gather(*futures)
        await box.close()

    await clock.run(main())
    assert [call.payload for call in fake.calls] == [
        "prompt-1", "prompt-2", "human-clicked-at-3", "human-clicked-at-2", "human-clicked-at-1", "cpu-1", "cpu-2"]
    assert [call.at for call in fake.calls] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]


async def test_n_updates_of_a_cpu_table_while_busy_make_one_call_with_the_latest_picture() -> None:
    clock = VirtualClock()
    fake = FakeDiscord(clock)
    box = Outbox(rate=1, clock=clock)
    table = {"move": 0}
    drawn: list[int] = []
    route = Route.channel(7)

    async def draw() -> str:
        drawn.append(table["move"])
        return f"picture after move {table['move']}"

    async def main() -> list[Any]:
        busy = box.submit(fake.sender(Route.dm(1), "prompt"), route=Route.dm(1), priority=Priority.PROMPT)
        futures = []
        for move in range(1, 11):  # ten moves in 0.9 s while the one call a second is taken
            table["move"] = move
            futures.append(box.submit(lambda picture: fake.call(route, picture), route=route,
                                      priority=Priority.CPU_TABLE, key=("table-picture", 7), draw=draw))
            await clock.sleep(0.09)
        await busy
        return list(await asyncio.gather(*futures))

    outcomes = await clock.run(main())
    assert drawn == [10]  # drawn once, when its turn came
    assert [call.payload for call in fake.on(route)] == ["picture after move 10"]
    assert all(o.status is Status.SENT and o.covered == 10 for o in outcomes)
    assert len({id(o) for o in outcomes}) == 1  # every submitter gets the one call's outcome
    assert box.stats.coalesced == 9 and box.stats.requests == 2


async def test_a_cpu_table_keeps_its_place_when_it_updates_and_a_human_table_moves_up() -> None:
    clock = VirtualClock()
    fake = FakeDiscord(clock)
    box = Outbox(rate=1, clock=clock)

    async def main() -> None:
        def picture(table: int, state: str, priority: Priority, stamp: float | None = None) -> asyncio.Future[Any]:
            route = Route.channel(table)
            return box.submit(fake.sender(route, state), route=route, priority=priority,
                              key=("table-picture", table), stamp=stamp)

        futures = [picture(0, "filler", Priority.PROMPT),
                   picture(1, "cpu A v1", Priority.CPU_TABLE), picture(2, "cpu B v1", Priority.CPU_TABLE),
                   picture(1, "cpu A v2", Priority.CPU_TABLE),  # A waited longest: it stays first
                   picture(3, "human C click 1", Priority.HUMAN_TABLE, 1.0),
                   picture(4, "human D click 2", Priority.HUMAN_TABLE, 2.0),
                   picture(3, "human C click 3", Priority.HUMAN_TABLE, 3.0)]  # C clicked last: first
        await asyncio.gather(*futures)

    await clock.run(main())
    assert [call.payload for call in fake.calls] == [
        "filler", "human C click 3", "human D click 2", "cpu A v2", "cpu B v1"]


async def test_a_route_that_must_wait_does_not_hold_back_other_routes() -> None:
    clock = VirtualClock()
    fake = FakeDiscord(clock)
    box = Outbox(clock=clock)
    busy_channel, other = Route.channel(1), Route.channel(2)

    async def main() -> None:
        await box.submit(fake.sender(busy_channel, "first"), route=busy_channel, priority=Priority.CPU_TABLE)
        # the channel's next slot is 1 s after the first call; the CPU picture elsewhere goes now
        await asyncio.gather(
            box.submit(fake.sender(busy_channel, "prompt"), route=busy_channel, priority=Priority.PROMPT),
            box.submit(fake.sender(other, "cpu"), route=other, priority=Priority.CPU_TABLE))

    await clock.run(main())
    at = {call.payload: call.at for call in fake.calls}
    assert at["cpu"] < 0.1 and at["prompt"] == pytest.approx(1.05)  # the channel's spacing (ROUTE_PERIOD / 5)


async def test_a_key_in_flight_is_not_sent_twice_at_once_and_the_newer_state_follows() -> None:
    clock = VirtualClock()
    fake = FakeDiscord(clock, latency=2.0)  # a slow call
    box = Outbox(clock=clock, route_limits={"dm": Limit(50, 1.0, spread=False)})
    route = Route.dm(5)

    async def main() -> None:
        first = box.submit(fake.sender(route, "v1"), route=route, priority=Priority.PROMPT, key="hand")
        await clock.sleep(0.5)  # v1 is in flight now
        second = box.submit(fake.sender(route, "v2"), route=route, priority=Priority.PROMPT, key="hand")
        assert (await first).covered == 1
        await second

    await clock.run(main())
    assert [(call.payload, call.at) for call in fake.calls] == [("v1", 0.0), ("v2", 2.0)]


@pytest.mark.parametrize("cadence", [1.1, 0.3])
async def test_a_fast_players_prompts_never_wait_behind_the_deletes_of_their_old_hands(cadence: float) -> None:
    """Each prompt is a new DM and the previous hand DM is deleted. Deleting is a bucket of its own
    at Discord (``Route.delete``), so the deletes never take a prompt's place in the DM's 5 per
    5.25 s: a player prompted every 1.1 s never waits, and every delete is made at once. One who
    answers at once (a prompt asked for every 0.3 s) gets one a DM call's budget (1.05 s) after
    the last, never more, and no window is ever over its limit."""
    clock = VirtualClock()
    fake = FakeDiscord(clock)
    box = Outbox(clock=clock)
    route, deleting = Route.dm(5), Route.delete(5)
    waits: list[float] = []
    deleted: list[float] = []

    async def delete(n: int) -> None:
        asked = clock.now()
        done = await box.submit(fake.sender(deleting, f"delete {n}"), route=deleting, priority=Priority.CLEANUP)
        assert done.status is Status.SENT
        deleted.append(clock.now() - asked)

    async def main() -> None:
        deletes = []
        for n in range(12):
            asked = clock.now()
            sent = await box.submit(fake.sender(route, f"prompt {n}"), route=route, priority=Priority.PROMPT)
            assert sent.status is Status.SENT
            waits.append(clock.now() - asked)
            if n:
                deletes.append(asyncio.ensure_future(delete(n - 1)))
            await clock.sleep(cadence)
        await asyncio.gather(*deletes)
        await box.close()

    await clock.run(main())
    assert len(deleted) == 11 and max(deleted) < 0.1, deleted  # each delete went at once
    gap = DM_LIMIT.period / DM_LIMIT.count
    if cadence >= gap:
        assert max(waits) < 0.1, waits  # no prompt waited for the window
    else:
        assert max(waits) <= gap - cadence + 1e-6, waits  # one DM call's budget after the last, at most
    assert fake.over == 0
    starts = [c.at for c in fake.calls if c.route == route]
    assert all(sum(a <= b < a + 5.25 for b in starts) <= 5 for a in starts)
