"""A finished game is written whole or not at all, and only its own guild sees it."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage import FinishedGame, Store, TableRecord
from bot.storage.sqlite_schema import LATEST
from tests.bot.storage.storage_games import make_game

RESULT_TABLES = ("games", "seats", "seat_stats", "kyoku_results", "poker_results", "players")


def counts(path: str) -> dict[str, int]:
    with sqlite3.connect(path) as raw:
        return {t: raw.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in (*RESULT_TABLES, "live_tables")}


STATS: list[dict[str, Any]] = [
    {"kyoku_played": 8, "wins": 2, "riichi": 1, "win_points": 11600, "yaku": {"Riichi": 1, "Tanyao": 2}},
    {"kyoku_played": 8, "deal_ins": 1},
    {},
    {"kyoku_played": 8},
]


async def test_everything_is_stored_and_the_live_row_goes(store: Store, db_path: str) -> None:
    await store.save_table(TableRecord("t1", 1, 100, "riichi", {"moves": []}, {}))
    await store.save_table(TableRecord("t2", 1, 101, "riichi", {"moves": []}, {}))
    fg = make_game([(11, 41000), (12, 30000), (None, 19000), (13, 10000)], stats=STATS)
    game_id = await store.finish_game("t1", fg)
    assert [r.table_id for r in await store.load_unfinished()] == ["t2"]
    g = await store.get_game(game_id, 1)
    assert g is not None
    assert (g.game, g.guild_id, g.channel_id, g.seed) == ("riichi", 1, 100, "7")
    assert g.options == {"red_fives": True}
    assert g.scenario == fg.scenario
    assert g.started_at == fg.started_at and g.finished_at == fg.finished_at
    assert g.kyoku_results == fg.kyoku_results and g.poker_results == fg.poker_results
    assert [(s.player, s.user_id, s.points, s.rank, s.is_cpu) for s in g.seats] == [
        ("A", 11, 41000, 1, False), ("B", 12, 30000, 2, False), ("C", None, 19000, 3, True), ("D", 13, 10000, 4, False),
    ]
    assert g.seats[0].rating_after is not None and g.seats[3].rating_after is not None
    assert g.seats[2].rating_before is None and g.seats[0].rating_after > 1500 > g.seats[3].rating_after
    assert counts(db_path)["seat_stats"] == 6 + 2 + 1  # each yaku is a row of its own


async def test_result_fields_without_a_column_are_kept(store: Store) -> None:
    fg = make_game([(1, 30000), (2, 20000)], game="janpo")
    fg.poker_results[0] |= {"kyoku": "E1", "shown": {"A": "AsKs", "B": "2c2d"}}
    fg.kyoku_results[0] |= {"pao": "C"}
    g = await store.get_game(await store.finish_game(None, fg), 1)
    assert g is not None
    assert g.poker_results == fg.poker_results and g.kyoku_results == fg.kyoku_results


async def test_tied_points_share_the_better_rank(store: Store) -> None:  # R11
    game_id = await store.finish_game(None, make_game([(1, 30000), (2, 30000), (3, 20000), (4, 20000)]))
    g = await store.get_game(game_id, 1)
    assert g is not None and [s.rank for s in g.seats] == [1, 1, 3, 3]
    assert g.seats[0].rating_after == g.seats[1].rating_after


async def test_given_ranks_win_over_points(store: Store) -> None:
    # hold'em: both busted players have 0 chips; the one who lasted longer ranks higher
    fg = make_game([(1, 0), (2, 30000), (3, 0)], game="holdem", ranks=[2, 1, 3])
    g = await store.get_game(await store.finish_game(None, fg), 1)
    assert g is not None and [s.rank for s in g.seats] == [2, 1, 3]


@pytest.mark.parametrize(
    "seats, ranks, message",
    [([], None, "at least one seat"), ([(1, 0), (1, 5)], None, "one seat only"), ([(1, 0), (2, 5)], [1, None], "rank")],
)
async def test_bad_games_are_refused(store: Store, db_path: str, seats: Any, ranks: Any, message: str) -> None:
    fg = make_game(seats, ranks=ranks)
    with pytest.raises(ValueError, match=message):
        await store.finish_game(None, fg)
    assert counts(db_path)["games"] == 0


async def test_non_integer_counter_is_refused_before_writing(store: Store, db_path: str) -> None:
    fg = make_game([(1, 0), (2, 5)], stats=[{"wins": 1.5}, {}])
    with pytest.raises(ValueError, match="wins"):
        await store.finish_game(None, fg)
    assert counts(db_path)["games"] == 0


async def test_another_guild_never_sees_the_game(store: Store) -> None:
    mine = await store.finish_game(None, make_game([(1, 30000), (2, 20000)], guild_id=1))
    theirs = await store.finish_game(None, make_game([(1, 10000), (3, 40000)], guild_id=2))
    dm = await store.finish_game(None, make_game([(1, 10000), (3, 40000)], guild_id=None))
    assert await store.get_game(mine, 2) is None and await store.get_game(theirs, 1) is None
    assert await store.get_game(dm, 1) is None and (await store.get_game(dm, None)) is not None
    assert [g.game_id for g in await store.history(1)] == [mine]
    assert [g.game_id for g in await store.history(2, user_id=1)] == [theirs]
    assert await store.history(1, user_id=3) == []


def _counting(store: Store, fail_at: int | None, seen: list[str]) -> None:
    """Wrap the store's connection so its ``fail_at``-th statement (1-based) raises before it runs."""
    db: Any = store._db  # type: ignore[attr-defined]
    for name in ("execute", "executemany", "execute_fetchall"):
        real = getattr(db, name)

        def wrapper(sql: str, *args: Any, _real: Callable[..., Any] = real) -> Any:
            seen.append(" ".join(sql.split())[:40])
            if len(seen) == fail_at:
                raise OSError("injected crash")
            return _real(sql, *args)

        setattr(db, name, wrapper)


def _unwrap(store: Store) -> None:
    db: Any = store._db  # type: ignore[attr-defined]
    for name in ("execute", "executemany", "execute_fetchall"):
        delattr(db, name)


async def _statements_of_one_finish(db_path: str) -> list[str]:
    s = await Store.open(db_path)
    await s.save_table(TableRecord("t", 1, 100, "riichi", {"moves": []}, {}))
    seen: list[str] = []
    _counting(s, None, seen)
    await s.finish_game("t", make_game([(1, 30000), (2, 20000)], stats=STATS[:2]))
    await s.close()
    return seen


async def test_statement_count_is_what_the_crash_test_covers(tmp_path: Path) -> None:
    seen = await _statements_of_one_finish(str(tmp_path / "count.sqlite"))
    assert seen[0] == "BEGIN IMMEDIATE" and seen[-1] == "COMMIT" and "DELETE FROM live_tables" in seen[-2]


@pytest.mark.parametrize("fail_at", range(1, 13))
async def test_crash_between_statements_leaves_no_trace(store: Store, db_path: str, tmp_path: Path, fail_at: int) -> None:
    total = len(await _statements_of_one_finish(str(tmp_path / "count.sqlite")))
    assert total == 12, "the statement list changed: update the parametrize range"
    first = await store.finish_game(None, make_game([(1, 25000), (2, 25000)]))
    await store.save_table(TableRecord("t", 1, 100, "riichi", {"moves": []}, {}))
    before = counts(db_path)
    board = await store.leaderboard(1, "riichi")
    seen: list[str] = []
    _counting(store, fail_at, seen)
    with pytest.raises(OSError, match="injected"):
        await store.finish_game("t", make_game([(1, 30000), (2, 20000)], stats=STATS[:2]))
    _unwrap(store)
    assert counts(db_path) == before
    assert await store.leaderboard(1, "riichi") == board
    assert [g.game_id for g in await store.history(1)] == [first]
    # the connection is usable again and the next game goes through
    await store.finish_game("t", make_game([(1, 30000), (2, 20000)]))
    assert counts(db_path)["games"] == 2 and counts(db_path)["live_tables"] == 0


ROOT = str(Path(__file__).resolve().parents[3])  # the project, for the child to import from
CRASHING_CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    sys.path.insert(0, {root!r})
    from tests.bot.storage.storage_games import make_game
    from bot.storage import Store

    async def main():
        store = await Store.open({path!r})
        db = store._db
        seen = []
        for name in ("execute", "executemany", "execute_fetchall"):
            real = getattr(db, name)
            def wrapper(sql, *args, _real=real):
                seen.append(sql)
                if len(seen) == {fail_at}:
                    os._exit(3)  # the process dies mid-transaction: no rollback, no close
                return _real(sql, *args)
            setattr(db, name, wrapper)
        await store.finish_game("t", make_game([(1, 30000), (2, 20000)]))

    asyncio.run(main())
    """
)


@pytest.mark.parametrize("fail_at", [5, 12])  # mid-write, just before COMMIT
async def test_process_killed_mid_write_leaves_no_trace(store: Store, db_path: str, fail_at: int) -> None:
    await store.save_table(TableRecord("t", 1, 100, "riichi", {"moves": []}, {}))
    before = counts(db_path)
    await store.close()
    code = CRASHING_CHILD.format(root=ROOT, path=db_path, fail_at=fail_at)
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert child.returncode == 3, child.stderr
    reopened = await Store.open(db_path)
    assert counts(db_path) == before
    assert [r.table_id for r in await reopened.load_unfinished()] == ["t"]
    await reopened.close()


async def test_json_columns_keep_unicode(store: Store, db_path: str) -> None:
    fg: FinishedGame = make_game([(1, 30000), (2, 20000)])
    fg.seats[0].name = "마작왕"
    game_id = await store.finish_game(None, fg)
    g = await store.get_game(game_id, 1)
    assert g is not None and g.seats[0].name == "마작왕"
    with sqlite3.connect(db_path) as raw:
        (scenario,) = raw.execute("SELECT scenario FROM games").fetchone()
    assert json.loads(scenario) == fg.scenario
    assert LATEST >= 3


async def test_a_save_during_a_failing_finish_is_not_rolled_back_with_it(store: Store, db_path: str) -> None:
    # without one lock around every call, the save would run inside the open transaction and vanish
    seen: list[str] = []
    _counting(store, 6, seen)
    finishing = asyncio.create_task(store.finish_game(None, make_game([(1, 30000), (2, 20000)])))
    await asyncio.sleep(0)  # the finish has begun its transaction
    saves = [store.save_table(TableRecord(f"s{i}", 1, i, "holdem", {"moves": [i]}, {})) for i in range(5)]
    results = await asyncio.gather(finishing, *saves, return_exceptions=True)
    _unwrap(store)
    assert isinstance(results[0], OSError) and results[1:] == [None] * 5
    assert counts(db_path)["games"] == 0 and counts(db_path)["live_tables"] == 5
