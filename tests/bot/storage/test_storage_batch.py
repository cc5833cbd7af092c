"""The store's one writer: saves queued meanwhile go in one batch, in queue order; a refused save
fails alone, later saves of its table fail after it, and closing the store writes what is queued."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage import MoveConflict, Store, TableRecord
from bot.storage.writer import Write

HEADER = {"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 11, "moves": []}
MOVE = ["A", "tsumogiri"]


def record(table_id: str, moves: int = 0) -> TableRecord:
    return TableRecord(table_id, 42, 4200, "janpo", {**HEADER, "moves": [MOVE] * moves}, {"host": 1})


async def test_a_batch_commits_each_write_and_refuses_only_the_stale_one(store: Store) -> None:
    await store.create_table(record("a"))
    await store.create_table(record("b"))
    results = await store.write_batch([
        Write("a", first=0, moves=[MOVE], meta={"host": 2}),
        Write("b", first=5, moves=[MOVE]),  # stale: b has no moves
        Write("a", first=1, moves=[MOVE, MOVE]),
        Write("c", record=record("c", 2)),
    ])
    assert results[0] == 1 and results[2] == 3 and results[3] is None
    assert isinstance(results[1], MoveConflict) and results[1].stored == 0
    assert await store.load_table("a") == TableRecord("a", 42, 4200, "janpo", {**HEADER, "moves": [MOVE] * 3},
                                                      {"host": 2})
    assert await store.load_table("b") == record("b")
    assert await store.load_table("c") == record("c", 2)


async def test_saves_queued_while_a_batch_is_written_go_in_the_next_one_in_order(store: Store) -> None:
    for name in "abcd":
        await store.create_table(record(name))
    writer = store.writer
    release = asyncio.Event()
    batch = store.write_batch

    async def held(writes: list[Write]) -> list[Any]:
        await release.wait()
        return await batch(writes)

    store.write_batch = held  # type: ignore[method-assign]
    first = writer.append("a", 0, [MOVE], None)
    await asyncio.sleep(0)  # the writer takes the first save and waits in the store
    later = [writer.append(name, 0, [MOVE], None) for name in "bcd"] + [writer.append("a", 1, [MOVE], None)]
    stale = writer.append("a", 1, [MOVE], None)  # a second writer of move 1: refused after the first
    release.set()
    assert await first == 1
    assert [await f for f in later] == [1, 1, 1, 2]
    with pytest.raises(MoveConflict):
        await stale
    assert writer.sizes == [1, 5]
    loaded = await store.load_table("a")
    assert loaded is not None and len(loaded.scenario["moves"]) == 2


async def test_closing_the_store_writes_what_is_queued(database: str) -> None:
    path = database
    store = await Store.open(path)
    await store.create_table(record("a"))
    queued = [store.writer.append("a", i, [MOVE], None) for i in range(3)]
    await store.close()
    assert [f.result() for f in queued] == [1, 2, 3]
    again = await Store.open(path)
    try:
        loaded = await again.load_table("a")
        assert loaded is not None and len(loaded.scenario["moves"]) == 3
    finally:
        await again.close()
