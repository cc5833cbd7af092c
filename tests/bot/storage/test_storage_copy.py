"""The copy tool moves a server's whole history into PostgreSQL, ratings included."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from bot.storage import Store, TableRecord
from bot.storage.copy import COPIED, NOT_COPIED, main
from bot.storage.league_base import League, LeagueTable
from bot.storage.league_copy import LEAGUE_TABLES
from bot.storage.ranked import QueueEntry, RankedSettings
from bot.storage.ranked_copy import RANKED_TABLES
from tests.bot.storage.storage_games import NOW, make_game


async def fill(path: str) -> Store:
    s = await Store.open(path)
    await s.save_table(TableRecord("old", 1, 10, "janpo", {"moves": [["A", "discard", "5m", "check"]]}, {}))
    games = [
        make_game([(1, 40000), (2, 30000), (None, 20000), (4, 10000)], stats=[{"wins": 2, "yaku": {"Riichi": 1}},
                  {"deal_ins": 1}, {}, {"riichi": 1}], cpu_level="hard"),
        make_game([(2, 40000), (1, 40000), (4, 0)], guild_id=2),
        make_game([(1, 0), (5, 3000), (2, 0)], game="holdem", ranks=[3, 1, 2]),
        make_game([(1, 100), (2, 0)], guild_id=None),
        make_game([(4, 100), (1, 0)], finished_at=NOW - timedelta(days=3)),
    ]
    for n, game in enumerate(games):
        await s.finish_game("old" if n == 0 else None, game)
    await s.save_table(TableRecord("live", 1, 11, "riichi", {"game": "riichi", "moves": [["A", "tsumogiri"]] * 40},
                                   {"title": "쯔모"}))
    await s.set_guild_language(1, "ko")
    await s.set_user_settings(2, {"auto_win": True})
    return s


async def test_everything_arrives_with_the_same_ratings(tmp_path: Path, pg_url: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "janpo.sqlite3")
    source = await fill(path)
    await source.close()
    assert await asyncio.to_thread(main, [path, pg_url]) == 0
    out = capsys.readouterr().out
    assert "copied 5 finished games (14 seats)" in out
    assert "7 players in 2 guilds (recomputed: all equal), 1 tables in play (40 moves) and 1 guild settings, 1 players' settings" in out
    source, target = await Store.open(path), await Store.open(pg_url)
    for game_id in range(1, 6):
        for guild in (1, 2, None):
            assert await target.get_game(game_id, guild) == await source.get_game(game_id, guild)
    for guild, mode in ((1, "riichi"), (2, "riichi"), (1, "holdem")):
        assert await target.leaderboard(guild, mode) == await source.leaderboard(guild, mode)
        assert await target.leaderboard(guild, mode, "week", now=NOW) == await source.leaderboard(
            guild, mode, "week", now=NOW)
    assert await target.rating_history(1, 1, "riichi") == await source.rating_history(1, 1, "riichi")
    theirs, mine = await target.player_stats(1, 1), await source.player_stats(1, 1)
    assert theirs.average_points == pytest.approx(mine.average_points)  # AVG in each database's arithmetic
    assert replace(theirs, average_points=0) == replace(mine, average_points=0)
    assert await target.load_unfinished() == await source.load_unfinished()
    assert await target.get_guild_language(1) == "ko"
    assert await target.get_user_settings(2) == {"auto_win": True}
    assert await target.history(1, 1) == await source.history(1, 1)
    # new games carry on after the copied ids, from the copied ratings
    assert await target.finish_game(None, make_game([(1, 5), (2, 0)])) == 6
    await source.close()
    await target.close()


async def test_a_target_with_data_is_refused(tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "janpo.sqlite3")
    await (await fill(path)).close()
    target = await Store.open(pg_url)
    await target.set_guild_language(9, "en")
    await target.close()
    assert await asyncio.to_thread(main, [path, pg_url]) == 1
    assert "already has rows in guild_settings" in capsys.readouterr().err


async def fill_leagues_and_ranked(s: Store) -> int:
    """A league in its second round (sign-ups, a forced round, a counted table, a correction, a
    settled table), another in sign-up, an organiser role, and ranked play with a match and a ladder."""
    winter = await s.create_league(League(0, 1, 55, "Winter League", "riichi", organiser_id=7, rounds=3,
                                          options={"length": "east"}, settings={"lang": "ko", "deadline": 90},
                                          seed=2**62 + 5))
    spring = await s.create_league(League(0, 1, 56, "Spring", "janpo", organiser_id=8, rounds=2, seed=3))
    assert winter is not None and spring is not None
    for u in (3, 1, 2, 4, 5, 6, 7):
        assert await s.join_league(winter, u, f"플레이어{u}") == "ok"
    assert await s.join_league(spring, 9, "P9") == "ok"
    assert await s.update_league(winter, status="running", expect="signup", message_id=4242)
    for round_no in (1, 2):
        assert await s.seat_league_round(winter, round_no, [LeagueTable(winter, round_no, 1, [1, 2, 3, 4]),
                                                            LeagueTable(winter, round_no, 2, [5, 6, 7, None])],
                                         forced=round_no == 2, playoff=False)
    assert await s.update_league_table(winter, 1, 1, status="playing", table_id="lg-1-1",
                                       state={"thread": 77, "ready": {"1": 901}, "secret": "ab"})
    assert await s.record_league_table(winter, 1, 1, "finished", 1, {str(u): {"tenths": 10 * u, "place": u}
                                                                      for u in (1, 2, 3, 4)})
    assert await s.record_league_table(winter, 1, 2, "settled", None, {"5": {"tenths": 0, "place": None}})
    assert await s.fix_league_game(winter, 1, {"1": {"tenths": 15, "place": 1}}, 7, "a wrong count") is not None
    await s.set_league_role(1, 5555)
    await s.set_ranked_settings(RankedSettings(1, 987_654_321_098_765_432, 5))
    for u in range(11, 16):
        await s.queue_join(QueueEntry(u, 1, "riichi", "south", float(u), f"user{u}", 2, "ko", 500 + u))
    [match] = await s.claim_matches(1, "riichi", "south", 100.0, 30.0,
                                    lambda waiting, now: [waiting[:4]])
    assert (await s.mark_ready(match.match_id, 11, 9011, 101.0))[0] == "ready"
    await s.match_table(match.match_id, "rk-1")
    db = s._db  # type: ignore[attr-defined]  # ladder rows as a counted game leaves them
    await db.execute("INSERT INTO ranked_players VALUES (1, 'riichi', 11, 3, 120, 4)")
    await db.execute("INSERT INTO ranked_results VALUES (2, 1234.5)")
    await db.execute("INSERT INTO rank_changes VALUES (2, 11, 1, 'riichi', 1, 60, 3, 60, 3, 120, 1234.5)")
    return winter


def _pg_value(kind: str, value: Any) -> Any:
    if kind == "jsonb":
        return json.loads(value) if isinstance(value, str) else value
    if kind == "boolean":
        return int(value)
    return value


def _sqlite_value(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind == "jsonb":
        return json.loads(value)
    if kind == "timestamp with time zone":
        return datetime.fromtimestamp(value, UTC)  # as the store reads it back
    return value


async def test_every_table_is_copied_or_said_not_to_be(tmp_path: Path, pg_url: str) -> None:
    """A table added to the schema and forgotten by the copy fails here."""
    path = str(tmp_path / "janpo.sqlite3")
    await (await Store.open(path)).close()
    async with aiosqlite.connect(path) as db:
        mine = {r[0] for r in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    await (await Store.open(pg_url)).close()
    conn = await asyncpg.connect(pg_url)
    try:
        theirs = {r[0] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
    finally:
        await conn.close()
    assert mine == theirs == COPIED | NOT_COPIED
    assert not COPIED & NOT_COPIED


async def test_leagues_and_ranked_play_arrive_row_for_row(tmp_path: Path, pg_url: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "janpo.sqlite3")
    source = await Store.open(path)
    await source.finish_game(None, make_game([(1, 40000), (2, 30000), (3, 20000), (4, 10000)]))
    await source.finish_game(None, make_game([(11, 40000), (12, 30000), (13, 20000), (14, 10000)]))
    winter = await fill_leagues_and_ranked(source)
    await source.close()
    assert await asyncio.to_thread(main, [path, pg_url]) == 0
    out = capsys.readouterr().out
    assert ", 10 rows of ranked play, 2 leagues (18 rows with their sign-ups, rounds, tables, corrections and" \
           " organiser roles)" in out
    conn = await asyncpg.connect(pg_url)
    try:
        async with aiosqlite.connect(path) as db:
            for table in (*RANKED_TABLES, *LEAGUE_TABLES):
                columns = [r[1] for r in await db.execute_fetchall(f"PRAGMA table_info({table})")]
                kinds = {r[0]: r[1] for r in await conn.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns"
                    " WHERE table_schema = current_schema() AND table_name = $1", table)}
                assert set(kinds) - set(columns) <= {"seq"}, table  # seq: PostgreSQL's sign-up order
                names = ", ".join(columns)
                rows = [tuple(_sqlite_value(kinds[c], v) for c, v in zip(columns, r, strict=True))
                        for r in await db.execute_fetchall(f"SELECT {names} FROM {table}")]
                copied = [tuple(_pg_value(kinds[c], v) for c, v in zip(columns, r, strict=True))
                          for r in await conn.fetch(f"SELECT {names} FROM {table}")]
                assert rows, f"the fill leaves {table} empty: add a row so its copy is checked"
                assert sorted(copied, key=repr) == sorted(rows, key=repr), table
    finally:
        await conn.close()
    source, target = await Store.open(path), await Store.open(pg_url)
    assert [p.user_id for p in await target.league_players(winter)] == [3, 1, 2, 4, 5, 6, 7]
    for read in ("get_league", "league_players", "league_rounds", "league_tables", "league_fixes"):
        assert await getattr(target, read)(winter) == await getattr(source, read)(winter), read
    assert await target.get_league_role(1) == 5555
    assert await target.queue_of_guild(1) == await source.queue_of_guild(1)
    # new leagues and corrections carry on after the copied ids
    assert await target.create_league(League(0, 1, 57, "Autumn", "riichi", organiser_id=7, rounds=1)) == 3
    await source.close()
    await target.close()
