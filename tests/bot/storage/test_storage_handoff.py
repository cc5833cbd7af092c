"""Handing a table on at shutdown: the lease given up and every process told in the same step,
and who holds how many tables (``/admin status``). Several store objects on one database stand
for several processes."""

from __future__ import annotations

import asyncio

from tests.bot.storage.conftest import OpenStore


async def test_a_hand_off_frees_the_lease_and_tells_every_process(open_store: OpenStore) -> None:
    one, two, three = await open_store(), await open_store(), await open_store()
    heard: dict[str, list[tuple[str, str]]] = {"two": [], "three": []}
    got = asyncio.Event()

    def listener(name: str) -> object:
        def callback(table_id: str, holder: str) -> None:
            heard[name].append((table_id, holder))
            if all(heard.values()):
                got.set()
        return callback

    await two.listen_handoffs(listener("two"))  # type: ignore[arg-type]
    await three.listen_handoffs(listener("three"))  # type: ignore[arg-type]
    assert await one.acquire_lease("t", "p1", 60)
    assert not await one.hand_off("t", "p2")  # not theirs: nothing given up, nobody told
    assert await one.lease_holder("t") == "p1"
    assert await one.hand_off("t", "p1")
    await asyncio.wait_for(got.wait(), 5)
    assert heard == {"two": [("t", "p1")], "three": [("t", "p1")]}
    assert await two.lease_holder("t") is None
    assert await two.acquire_lease("t", "p2", 60)  # the first to ask takes it
    assert not await three.acquire_lease("t", "p3", 60)
    assert not await one.hand_off("t", "p1")  # given up already


async def test_lease_counts_name_every_holder(open_store: OpenStore) -> None:
    one, two = await open_store(), await open_store()
    assert await one.lease_counts() == {}
    for table in ("a", "b"):
        assert await one.acquire_lease(table, "p1", 60)
    assert await two.acquire_lease("c", "p2", 60)
    assert await two.acquire_lease("d", "p2", 0.1)
    await asyncio.sleep(0.3)  # d's lease runs out: not counted
    assert await two.lease_counts() == {"p1": 2, "p2": 1}
