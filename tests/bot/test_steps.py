"""The gate of CPU-only turns: a few at a time, none while work for a human is under way, in the
order they came, and a turn cancelled while let in passes its place on."""

from __future__ import annotations

import asyncio

from bot.play.steps import Steps


async def test_cpu_only_turns_go_a_few_at_a_time_in_the_order_they_came() -> None:
    steps = Steps(at_once=2)
    order: list[int] = []
    inside = 0
    most = 0
    release = asyncio.Event()

    async def turn(n: int) -> None:
        nonlocal inside, most
        async with steps.turn(human=False):
            inside += 1
            most = max(most, inside)
            order.append(n)
            await release.wait()
            inside -= 1

    tasks = [asyncio.ensure_future(turn(n)) for n in range(6)]
    await asyncio.sleep(0)
    assert order == [0, 1] and steps.waiting == 4
    release.set()
    await asyncio.gather(*tasks)
    assert order == list(range(6)) and most == 2 and steps.playing == 0


async def test_no_cpu_only_turn_is_let_in_while_a_human_is_served() -> None:
    steps = Steps(at_once=1)
    served = asyncio.Event()
    played: list[str] = []

    async def click() -> None:
        async with steps.human():
            played.append("human")
            await served.wait()

    async def cpu() -> None:
        async with steps.turn(human=False):
            played.append("cpu")

    human = asyncio.ensure_future(click())
    await asyncio.sleep(0)
    cpus = [asyncio.ensure_future(cpu()) for _ in range(3)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert played == ["human"] and steps.waiting == 3
    async with steps.turn(human=True):  # a human table's own CPU seats are not held back
        played.append("human's CPU seat")
    served.set()
    await asyncio.gather(human, *cpus)
    assert played == ["human", "human's CPU seat", "cpu", "cpu", "cpu"]


async def test_a_turn_cancelled_while_waiting_or_just_let_in_leaves_its_place() -> None:
    steps = Steps(at_once=1)
    release = asyncio.Event()
    done: list[int] = []

    async def turn(n: int) -> None:
        async with steps.turn(human=False):
            await release.wait()
            done.append(n)

    async def first_turn() -> None:
        async with steps.turn(human=False):
            await release.wait()
            done.append(0)
            waiting.cancel()  # cancelled in the queue, and not yet told when this turn ends
        let_in.cancel()  # turn 2 was let in as this one ended, and has not run yet

    first = asyncio.ensure_future(first_turn())
    await asyncio.sleep(0)
    waiting = asyncio.ensure_future(turn(1))
    let_in = asyncio.ensure_future(turn(2))
    last = asyncio.ensure_future(turn(3))
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(first, waiting, let_in, last, return_exceptions=True)
    assert done == [0, 3] and steps.playing == 0 and steps.waiting == 0
