"""The primitives that let several processes serve tables: a lease per table, timers claimed once,
and interactions forwarded to the lease holder. Several store objects on one database stand for
several processes (on PostgreSQL they are separate connection pools)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.storage import Store, TableRecord
from tests.bot.storage.conftest import OpenStore

PAST = datetime(2026, 1, 1, tzinfo=UTC)
FUTURE = datetime(2099, 1, 1, tzinfo=UTC)


async def a_table(store: Store, table_id: str = "t", moves: int = 1) -> None:
    await store.create_table(TableRecord(table_id, 1, 10, "riichi", {"moves": [["A", "tsumogiri"]] * moves}, {}))


async def test_one_holder_at_a_time(open_store: OpenStore) -> None:
    one, two = await open_store(), await open_store()
    assert await one.acquire_lease("t", "p1", 60)
    assert not await two.acquire_lease("t", "p2", 60)
    assert await one.acquire_lease("t", "p1", 60)  # the holder may take it again (it is extended)
    assert not await two.renew_lease("t", "p2", 60)
    await two.release_lease("t", "p2")  # not theirs: nothing happens
    assert await two.lease_holder("t") == "p1" and await one.renew_lease("t", "p1", 60)
    await one.release_lease("t", "p1")
    assert await two.lease_holder("t") is None
    assert await two.acquire_lease("t", "p2", 60) and await one.lease_holder("t") == "p2"


async def test_another_process_takes_over_once_the_lease_runs_out(open_store: OpenStore) -> None:
    one, two = await open_store(), await open_store()
    assert await one.acquire_lease("t", "p1", 0.2)
    await asyncio.sleep(0.5)
    assert await one.lease_holder("t") is None
    assert await two.acquire_lease("t", "p2", 60)
    assert not await one.renew_lease("t", "p1", 60)  # the old holder learns it lost the table


async def test_racing_processes_get_one_lease(open_store: OpenStore) -> None:
    stores = [await open_store() for _ in range(4)]
    got = await asyncio.gather(*(s.acquire_lease("t", f"p{i}", 60) for i, s in enumerate(stores)))
    assert sum(got) == 1
    assert await stores[0].lease_holder("t") == f"p{got.index(True)}"


async def test_a_due_timer_is_claimed_once_and_again_after_its_claimant_died(open_store: OpenStore) -> None:
    one, two = await open_store(), await open_store()
    await a_table(one, "due")
    await a_table(one, "later")
    await one.set_deadline("due", "turn", 1, PAST)
    await one.set_deadline("later", "turn", 1, FUTURE)
    claimed = await one.claim_deadlines("p1", hold_for=0.2)
    assert [(d.table_id, d.kind, d.move_no, d.due_at) for d in claimed] == [("due", "turn", 1, PAST)]
    assert await two.claim_deadlines("p2") == []  # claimed: nobody else fires it
    await asyncio.sleep(0.5)  # p1 died before playing the timeout move; its claim ran out
    assert [d.table_id for d in await two.claim_deadlines("p2")] == ["due"]
    await two.append_moves("due", 1, [["B", "tsumogiri"]])  # the timeout move drops the timer with it
    await asyncio.sleep(0.5)
    assert await one.claim_deadlines("p1") == []


async def test_a_timer_stays_until_its_move_is_played(store: Store) -> None:
    await a_table(store)
    await store.set_deadline("t", "turn", 2, PAST)  # times move 2 (the third)
    await store.set_deadline("t", "claim", 1, PAST)
    await store.append_moves("t", 1, [["B", "tsumogiri"]])  # move 1 answers the claim timer only
    assert [(d.kind, d.move_no) for d in await store.claim_deadlines("p")] == [("turn", 2)]
    await store.set_deadline("t", "turn", 2, PAST)  # setting it again clears the claim
    assert [d.kind for d in await store.claim_deadlines("p")] == ["turn"]
    await store.clear_deadline("t", "turn")
    await store.set_deadline("t", "other", 2, PAST)
    await store.delete_table("t")  # a table's timers go with it
    assert await store.claim_deadlines("p") == []


async def test_concurrent_claimers_never_share_a_timer(open_store: OpenStore) -> None:
    stores = [await open_store() for _ in range(3)]
    for n in range(30):
        await a_table(stores[0], f"t{n:02}")
        await stores[0].set_deadline(f"t{n:02}", "turn", 1, PAST + timedelta(seconds=n))
    batches = await asyncio.gather(*(s.claim_deadlines(f"p{i}", limit=12) for i, s in enumerate(stores)))
    claimed = [d.table_id for batch in batches for d in batch]
    assert sorted(claimed) == [f"t{n:02}" for n in range(30)]  # each once, none left behind
    assert all(batch == sorted(batch, key=lambda d: d.due_at) for batch in batches)


async def test_an_interaction_is_forwarded_to_the_lease_holder(open_store: OpenStore) -> None:
    receiver, sender = await open_store(), await open_store()
    got: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()

    async def on_forward(table_id: str, payload: dict[str, Any]) -> None:
        await got.put((table_id, payload))

    await receiver.listen("shard-1", on_forward)
    click = {"id": 987654321987654321, "token": "aW50ZXJhY3Rpb24" * 10, "custom_id": "janpo:t:discard:5m",
             "user_id": 111, "name": "찬호"}
    assert await sender.forward("t", click) is None  # nobody holds it: the sender serves it itself
    assert await receiver.acquire_lease("t", "shard-1", 60)
    assert await sender.forward("t", click) == "shard-1"
    assert await asyncio.wait_for(got.get(), 30) == ("t", click)
    await receiver.release_lease("t", "shard-1")
    assert await sender.forward("t", click) is None
    assert got.empty()
    with pytest.raises(ValueError, match="at most"):  # NOTIFY's limit, kept on SQLite too
        await sender.forward("t", {"token": "x" * 8000})
