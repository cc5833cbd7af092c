"""The schema is reached by the same steps from an empty file and from every earlier version."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Store, StoreError, TableRecord
from bot.storage import sqlite_schema as schema
from bot.storage.sqlite_rating import rate_stored_game
from bot.storage.sqlite_schema import LATEST, MIGRATIONS, Migration, migrate
from tests.bot.storage.storage_games import NOW, make_game

SEATS = [
    [(1, 40000), (2, 30000), (None, 20000), (4, 10000)],
    [(2, 40000), (1, 30000), (4, 30000), (None, 0)],
]


def versions(path: str) -> list[int]:
    with sqlite3.connect(path) as raw:
        return [v for (v,) in raw.execute("SELECT version FROM schema_version ORDER BY version")]


def shape(path: str) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall()


async def at_version(path: str, version: int) -> None:
    """A database as code of schema ``version`` left it, with data of that version."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, version) == version
        await db.execute(
            "INSERT INTO live_tables (table_id, guild_id, channel_id, game, scenario, meta, created_at, updated_at)"
            " VALUES ('t', 1, 10, 'riichi', '{\"moves\": [[\"A\", \"tsumogiri\"]]}', '{}', 1, 2)"
        )
        if version >= 5:  # from then on the moves are rows and the scenario a header
            await db.execute("UPDATE live_tables SET scenario = '{\"moves\": []}', move_count = 1")
            await db.execute("INSERT INTO live_moves VALUES ('t', 0, '[\"A\", \"tsumogiri\"]')")
        await db.execute("INSERT INTO guild_settings VALUES (1, 'ko')")
        if version < 2:
            return
        for n, seats in enumerate(SEATS):
            finished = int((NOW - timedelta(days=2 - n)).timestamp())
            cursor = await db.execute(
                "INSERT INTO games (guild_id, channel_id, mode, options, started_at, finished_at, seed, scenario)"
                " VALUES (1, 10, 'riichi', '{}', ?, ?, '7', '{}')",
                (finished - 60, finished),
            )
            ranks = [1 + sum(q > p for _, q in seats) for _, p in seats]
            await db.executemany(
                "INSERT INTO seats (game_id, seat, player, user_id, name, is_cpu, cpu_level, points, rank,"
                " guild_id, mode, finished_at) VALUES (?, ?, ?, ?, 'x', ?, ?, ?, ?, 1, 'riichi', ?)",
                [(cursor.lastrowid, i, "ABCD"[i], u, int(u is None), "normal" if u is None else None, p, ranks[i],
                  finished) for i, (u, p) in enumerate(seats)],
            )
            await db.execute("INSERT INTO seat_stats VALUES (?, 0, 'wins', 2)", (cursor.lastrowid,))
            await db.execute(
                "INSERT INTO poker_results (game_id, idx, hand, board, pots, deltas)"
                " VALUES (?, 0, 1, '2h3d4hTs9c', '[]', '{\"A\": 0}')", (cursor.lastrowid,)
            )
            if version >= 3:  # stored with ratings, as finish_game did from then on
                assert cursor.lastrowid is not None
                await rate_stored_game(db, cursor.lastrowid)


async def test_empty_file_reaches_the_latest_version(db_path: str) -> None:
    store = await Store.open(db_path)
    await store.close()
    assert versions(db_path) == [m.version for m in MIGRATIONS] == sorted({m.version for m in MIGRATIONS})
    names = {name for _, name, _ in shape(db_path)}
    assert {"live_tables", "guild_settings", "games", "seats", "seat_stats", "kyoku_results",
            "poker_results", "players"} <= names


async def test_reopening_changes_nothing(db_path: str) -> None:
    await (await Store.open(db_path)).close()
    before = shape(db_path)
    await (await Store.open(db_path)).close()
    assert shape(db_path) == before and versions(db_path) == [m.version for m in MIGRATIONS]


@pytest.mark.parametrize("old", [m.version for m in MIGRATIONS[:-1]])
async def test_every_earlier_version_is_upgraded_with_its_data(db_path: str, tmp_path: Path, old: int) -> None:
    await at_version(db_path, old)
    store = await Store.open(db_path)
    assert versions(db_path) == [m.version for m in MIGRATIONS]
    assert await store.load_unfinished() == [
        TableRecord("t", 1, 10, "riichi", {"moves": [["A", "tsumogiri"]]}, {})
    ]
    assert await store.get_guild_language(1) == "ko"
    if old >= 2:
        # games stored before ratings existed are rated in the order they were stored
        fresh = await Store.open(str(tmp_path / "fresh.sqlite"))
        for n, seats in enumerate(SEATS):
            await fresh.finish_game(None, make_game(seats, finished_at=NOW - timedelta(days=2 - n)))
        assert await store.leaderboard(1, "riichi") == await fresh.leaderboard(1, "riichi")
        assert await store.rating_history(1, 1, "riichi") == await fresh.rating_history(1, 1, "riichi")
        assert (await store.player_stats(1, 1, "riichi")).counters == {"wins": 2}
        stored = await store.get_game(1, 1)
        assert stored is not None
        assert stored.poker_results == [{"hand": 1, "board": "2h3d4hTs9c", "pots": [], "deltas": {"A": 0}}]
        await fresh.close()
    # and the upgraded file takes new games
    await store.finish_game("t", make_game([(1, 1), (2, 0)]))
    assert await store.load_unfinished() == []
    await store.close()
    fresh_shape = tmp_path / "shape.sqlite"
    await (await Store.open(str(fresh_shape))).close()
    assert shape(db_path) == shape(str(fresh_shape))


async def test_a_newer_database_is_refused(db_path: str) -> None:
    await (await Store.open(db_path)).close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("INSERT INTO schema_version VALUES (?, 0, 'from the future')", (LATEST + 1,))
    with pytest.raises(StoreError, match="schema version"):
        await Store.open(db_path)


async def test_a_failing_step_leaves_the_previous_version(db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    await (await Store.open(db_path)).close()
    broken = Migration(LATEST + 1, "half a step", ("CREATE TABLE half (x INTEGER)", "NOT SQL AT ALL"))
    monkeypatch.setattr(schema, "MIGRATIONS", (*MIGRATIONS, broken))
    monkeypatch.setattr(schema, "LATEST", LATEST + 1)
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, LATEST + 1)
    assert versions(db_path)[-1] == LATEST
    assert "half" not in {name for _, name, _ in shape(db_path)}
