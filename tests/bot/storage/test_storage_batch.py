"""The store's one writer: saves queued meanwhile go in one batch, in queue order; a refused save
fails alone, later saves of its table fail after it, and closing the store writes what is queued.
Patient saves linger for company, and a save someone waits for (or a flush) ends the lingering."""

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


class Linger:
    """The writer's sleep, ended by the test: ``asked`` counts the lingers begun."""

    def __init__(self) -> None:
        self.asked = 0
        self.over = asyncio.Event()

    async def sleep(self, seconds: float) -> None:
        self.asked += 1
        await self.over.wait()


async def lingers(linger: Linger) -> None:
    """Let the writer run until its linger has begun (a few turns of the event loop)."""
    for _ in range(20):
        if linger.asked:
            return
        await asyncio.sleep(0)
    raise AssertionError("the writer never lingered")


async def lingering_writer(store: Store) -> tuple[Any, Linger]:
    for name in "abcd":
        await store.create_table(record(name))
    writer, linger = store.writer, Linger()
    writer.sleep = linger.sleep
    return writer, linger


async def test_patient_saves_linger_and_go_in_one_batch(store: Store) -> None:
    writer, linger = await lingering_writer(store)
    queued = [writer.append(name, 0, [MOVE], None, patient=True) for name in "abc"]
    await lingers(linger)
    for _ in range(5):
        await asyncio.sleep(0)
    assert linger.asked == 1 and not any(f.done() for f in queued) and writer.sizes == []
    queued.append(writer.append("d", 0, [MOVE], None, patient=True))  # joins the lingering batch
    linger.over.set()
    assert [await f for f in queued] == [1, 1, 1, 1]
    assert writer.sizes == [4]


async def test_a_save_someone_waits_for_ends_the_lingering(store: Store) -> None:
    writer, linger = await lingering_writer(store)
    patient = writer.append("a", 0, [MOVE], None, patient=True)
    await lingers(linger)
    urgent = writer.append("b", 0, [MOVE], None)  # a human's table: written at once, the other with it
    assert await urgent == 1 and await patient == 1
    assert writer.sizes == [2] and not linger.over.is_set()
    alone = writer.append("c", 0, [MOVE], None)  # nothing lingers before a save someone waits for
    assert await alone == 1 and linger.asked == 1


async def test_a_flush_ends_the_lingering(store: Store) -> None:
    writer, linger = await lingering_writer(store)
    patient = writer.append("a", 0, [MOVE], None, patient=True)
    await lingers(linger)
    await writer.flush()
    assert patient.result() == 1 and not linger.over.is_set()
