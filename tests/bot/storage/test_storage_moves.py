"""A table's moves are rows: appends are checked against what is stored, so a stale second writer
fails instead of forking the game, and the scenario reads back exactly as it was played."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage import MoveConflict, Store, TableRecord

HEADER = {"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 2**62 + 7, "moves": [],
          "options": {"red_fives": True}}
MOVES: list[list[Any]] = [["A", "discard", "5m", "check"], ["B", "tsumogiri", "raise", 3000], ["C", "pon"]]


def record(moves: list[Any], meta: dict[str, Any] | None = None, table_id: str = "t") -> TableRecord:
    return TableRecord(table_id, 42, 4200, "janpo", {**HEADER, "moves": moves}, meta or {"host": 1})


async def test_appended_moves_rebuild_the_scenario_in_order(store: Store) -> None:
    await store.create_table(record(MOVES[:1]))
    assert await store.append_moves("t", 1, MOVES[1:2]) == 2
    assert await store.append_moves("t", 2, MOVES[2:], meta={"host": 1, "deadline": 12.5}) == 3
    loaded = await store.load_table("t")
    assert loaded == record(MOVES, {"host": 1, "deadline": 12.5})
    assert loaded is not None and list(loaded.scenario) == list(HEADER)  # key order kept
    assert await store.load_unfinished() == [loaded]


async def test_a_stale_writer_fails_and_writes_nothing(store: Store) -> None:
    await store.create_table(record([]))
    await store.append_moves("t", 0, MOVES[:2], meta={"host": 2})
    with pytest.raises(MoveConflict) as caught:
        await store.append_moves("t", 1, [["B", "fold"]], meta={"host": 3})  # wrote from an old copy
    assert (caught.value.expected, caught.value.stored) == (1, 2)
    with pytest.raises(MoveConflict):
        await store.append_moves("t", 3, [["D", "fold"]])  # skipped a move
    assert await store.load_table("t") == record(MOVES[:2], {"host": 2})


async def test_two_writers_racing_for_one_move_store_it_once(store: Store) -> None:
    await store.create_table(record(MOVES[:1]))
    results = await asyncio.gather(
        store.append_moves("t", 1, [["B", "fold"]]), store.append_moves("t", 1, [["B", "call"]]),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["MoveConflict", "int"]
    loaded = await store.load_table("t")
    assert loaded is not None and len(loaded.scenario["moves"]) == 2


async def test_creating_a_table_twice_or_appending_to_none_conflicts(store: Store) -> None:
    await store.create_table(record(MOVES))
    with pytest.raises(MoveConflict):
        await store.create_table(record([]))
    with pytest.raises(MoveConflict) as caught:
        await store.append_moves("nowhere", 0, MOVES)
    assert caught.value.stored is None
    assert await store.load_table("nowhere") is None
    assert await store.load_table("t") == record(MOVES)


async def test_save_table_appends_and_append_moves_carries_on_from_it(store: Store) -> None:
    await store.save_table(record(MOVES[:1]))
    await store.save_table(record(MOVES[:2], {"host": 9}))
    assert await store.append_moves("t", 2, MOVES[2:]) == 3
    assert await store.load_table("t") == record(MOVES, {"host": 9})


async def test_save_table_replaces_moves_that_differ_or_are_fewer(store: Store) -> None:
    await store.save_table(record(MOVES))
    other = [["A", "tsumogiri"], ["B", "tsumogiri"], ["C", "tsumogiri"], ["D", "tsumogiri"]]
    await store.save_table(record(other))  # a new game at the table: the last stored move differs
    assert await store.load_table("t") == record(other)
    await store.save_table(record(MOVES[:1]))
    assert await store.load_table("t") == record(MOVES[:1])
    assert await store.append_moves("t", 1, MOVES[1:]) == 3


async def test_scenarios_without_moves_stay_without(store: Store) -> None:
    await store.save_table(TableRecord("lobby", None, 1, "riichi", {"game": "riichi"}, {}))
    await store.create_table(TableRecord("empty", None, 2, "riichi", {}, {}))
    assert [r.scenario for r in await store.load_unfinished()] == [{"game": "riichi"}, {}]


async def test_deleting_a_table_drops_its_moves(store: Store) -> None:
    await store.create_table(record(MOVES))
    await store.delete_table("t")
    assert await store.load_table("t") is None
    await store.create_table(record([]))  # the id is free again, with no moves left behind
    assert await store.load_table("t") == record([])


async def test_finishing_a_game_drops_its_moves(store: Store) -> None:
    from tests.bot.storage.storage_games import make_game

    await store.create_table(record(MOVES))
    await store.finish_game("t", make_game([(1, 100), (2, 0)]))
    assert await store.load_table("t") is None and await store.load_unfinished() == []
