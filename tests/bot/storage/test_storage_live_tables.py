"""Tables in play survive a restart exactly as saved; guild settings likewise."""

from __future__ import annotations

import sqlite3

from bot.storage import Store, TableRecord

SCENARIO = {
    "game": "janpo",
    "players": ["A", "B", "C", "D"],
    "seed": 2**62 + 12345,
    "options": {"red_fives": True},
    "moves": [["A", "discard", "5m", "check"], ["B", "tsumogiri", "raise", 3000]],
}
META = {"seats": {"A": 111, "B": None, "C": "cpu:easy", "D": 444}, "host": 111, "language": "ko",
        "message_ids": [9, 10], "deadline": 1764500000.5, "title": "쯔모 테이블"}


async def test_round_trip_after_reopen(db_path: str) -> None:
    s = await Store.open(db_path)
    rec = TableRecord("t-1", 42, 4200, "janpo", SCENARIO, META)
    await s.save_table(rec)
    await s.close()
    s = await Store.open(db_path)
    assert await s.load_unfinished() == [rec]
    await s.close()


async def test_save_is_an_upsert_that_keeps_the_first_position(store: Store) -> None:
    await store.save_table(TableRecord("first", 1, 10, "holdem", {"moves": []}, {}))
    await store.save_table(TableRecord("second", None, 20, "riichi", {"moves": []}, {}))
    longer = {"moves": [["A", "fold"], ["B", "check"]]}
    await store.save_table(TableRecord("first", 1, 11, "holdem", longer, {"host": 5}))
    loaded = await store.load_unfinished()
    assert [r.table_id for r in loaded] == ["first", "second"]
    assert loaded[0] == TableRecord("first", 1, 11, "holdem", longer, {"host": 5})
    assert loaded[1].guild_id is None


async def test_delete_table(store: Store) -> None:
    await store.save_table(TableRecord("a", 1, 10, "holdem", {}, {}))
    await store.save_table(TableRecord("b", 1, 11, "holdem", {}, {}))
    await store.delete_table("a")
    await store.delete_table("never-existed")
    assert [r.table_id for r in await store.load_unfinished()] == ["b"]


async def test_table_in_channel(store: Store) -> None:
    await store.save_table(TableRecord("here", 1, 10, "holdem", {}, {}))
    await store.save_table(TableRecord("there", 1, 11, "riichi", {}, {}))
    assert [await store.table_in_channel(c) for c in (10, 11, 12)] == ["here", "there", None]
    await store.delete_table("here")  # a table that ended or was stopped leaves its channel free
    assert await store.table_in_channel(10) is None


async def test_tables_in_guild(store: Store) -> None:
    for table_id, guild in (("a", 1), ("b", 1), ("c", 2), ("dm", None)):
        await store.save_table(TableRecord(table_id, guild, 10, "holdem", {}, {}))
    assert [await store.tables_in_guild(g) for g in (1, 2, 3)] == [2, 1, 0]
    await store.delete_table("a")
    assert await store.tables_in_guild(1) == 1


async def test_load_unfinished_by_shard(store: Store) -> None:
    guild_on_shard_1 = (1 << 22) * 7 + 5  # (id >> 22) % 2 == 1
    guild_on_shard_0 = (1 << 22) * 8 + 5
    await store.save_table(TableRecord("one", guild_on_shard_1, 1, "riichi", {}, {}))
    await store.save_table(TableRecord("zero", guild_on_shard_0, 1, "riichi", {}, {}))
    await store.save_table(TableRecord("dm", None, 1, "riichi", {}, {}))
    assert [r.table_id for r in await store.load_unfinished((0, 2))] == ["zero", "dm"]
    assert [r.table_id for r in await store.load_unfinished((1, 2))] == ["one"]
    assert len(await store.load_unfinished()) == 3


async def test_guild_language(store: Store) -> None:
    assert await store.get_guild_language(5) is None
    await store.set_guild_language(5, "ko")
    await store.set_guild_language(6, "en")
    assert await store.get_guild_language(5) == "ko"
    await store.set_guild_language(5, None)
    assert await store.get_guild_language(5) is None
    assert await store.get_guild_language(6) == "en"


async def test_file_is_in_wal_mode_with_foreign_keys(store: Store, db_path: str) -> None:
    await store.save_table(TableRecord("x", 1, 1, "riichi", {}, {}))
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # foreign keys are a per-connection setting: check the store's own connection refuses an orphan
    try:
        await store._db.execute(  # type: ignore[attr-defined]
            "INSERT INTO seats (game_id, seat, player, user_id, name, is_cpu, points, rank, mode, finished_at)"
            " VALUES (999, 0, 'A', 1, 'a', 0, 0, 1, 'riichi', 0)"
        )
    except sqlite3.IntegrityError as e:
        assert "FOREIGN KEY" in str(e)
    else:
        raise AssertionError("an orphan seat was accepted")


async def test_in_memory_store_for_quick_tests() -> None:
    s = await Store.open(":memory:")
    await s.save_table(TableRecord("m", 1, 1, "holdem", {"moves": []}, {}))
    assert [r.table_id for r in await s.load_unfinished()] == ["m"]
    await s.close()
