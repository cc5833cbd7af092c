"""Leagues on SQLite: the league half of :class:`~bot.storage.sqlite.SQLiteStore`.

Writes that span statements run in ``BEGIN IMMEDIATE … COMMIT`` under the store's one lock, as the
rest of the store does; the round's primary key refuses a second seating of the same round.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import aiosqlite

from bot.storage.league_base import (
    DONE,
    League,
    LeagueFix,
    LeaguePlayer,
    LeagueRound,
    LeagueStore,
    LeagueTable,
)
from bot.storage.live import dumps
from bot.storage.sqlite_live import transaction

T = TypeVar("T")
LEAGUE_COLUMNS = ("league_id, guild_id, channel_id, name, game, organiser_id, rounds, seating, options, settings, "
                  "status, seed, message_id, created_at")
TABLE_COLUMNS = "league_id, round, table_no, seats, status, table_id, game_id, state, results"


def _time(value: float) -> datetime:
    return datetime.fromtimestamp(value, UTC)


def league_of(row: Any) -> League:
    return League(int(row[0]), int(row[1]), int(row[2]), row[3], row[4], int(row[5]), int(row[6]), row[7],
                  json.loads(row[8]), json.loads(row[9]), row[10], int(row[11]),
                  None if row[12] is None else int(row[12]), _time(row[13]))


def table_of(row: Any) -> LeagueTable:
    return LeagueTable(int(row[0]), int(row[1]), int(row[2]), json.loads(row[3]), row[4], row[5],
                       None if row[6] is None else int(row[6]), json.loads(row[7]), json.loads(row[8]))


def fix_of(row: Any) -> LeagueFix:
    return LeagueFix(int(row[0]), int(row[1]), int(row[2]), int(row[3]), row[4], json.loads(row[5]),
                     json.loads(row[6]), _time(row[7]))


class SQLiteLeagues(LeagueStore):
    _db: aiosqlite.Connection
    _lock: asyncio.Lock

    async def _league_rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, args))

    async def _league_tx(self, work: Callable[[], Awaitable[T]]) -> T:
        async with self._lock, transaction(self._db):
            return await work()

    async def create_league(self, league: League) -> int | None:
        async with self._lock:
            try:
                cursor = await self._db.execute(
                    """INSERT INTO leagues (guild_id, channel_id, name, name_key, game, organiser_id, rounds, seating,
                           options, settings, status, seed, message_id, created_at)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    (league.guild_id, league.channel_id, league.name, league.name.casefold(), league.game,
                     league.organiser_id, league.rounds, league.seating, dumps(league.options),
                     dumps(league.settings), league.status, league.seed, league.message_id, time.time()))
            except sqlite3.IntegrityError:
                return None
            return cursor.lastrowid

    async def get_league(self, league_id: int) -> League | None:
        rows = await self._league_rows(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE league_id = ?", (league_id,))
        return league_of(rows[0]) if rows else None

    async def find_league(self, guild_id: int, name: str) -> League | None:
        rows = await self._league_rows(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? AND name_key = ?",
                                (guild_id, name.casefold()))
        return league_of(rows[0]) if rows else None

    async def open_leagues(self) -> list[League]:
        rows = await self._league_rows(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status <> 'ended' ORDER BY league_id")
        return [league_of(r) for r in rows]

    async def update_league(self, league_id: int, *, status: str | None = None, expect: str | None = None,
                            message_id: int | None = None, settings: dict[str, Any] | None = None) -> bool:
        async with self._lock:
            cursor = await self._db.execute(
                """UPDATE leagues SET status = COALESCE(?, status), message_id = COALESCE(?, message_id),
                       settings = COALESCE(?, settings)
                   WHERE league_id = ? AND (? IS NULL OR status = ?)""",
                (status, message_id, None if settings is None else dumps(settings), league_id, expect, expect))
            return cursor.rowcount == 1

    async def join_league(self, league_id: int, user_id: int, name: str, lang: str | None = None) -> str:
        async def work() -> str:
            rows = list(await self._db.execute_fetchall("SELECT status FROM leagues WHERE league_id = ?", (league_id,)))
            if not rows or rows[0][0] != "signup":
                return "closed"
            cursor = await self._db.execute(
                """INSERT INTO league_players (league_id, user_id, name, joined_at, lang) VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT DO NOTHING""", (league_id, user_id, name, time.time(), lang))
            return "ok" if cursor.rowcount == 1 else "twice"
        return await self._league_tx(work)

    async def leave_league(self, league_id: int, user_id: int) -> str:
        async def work() -> str:
            rows = list(await self._db.execute_fetchall("SELECT status FROM leagues WHERE league_id = ?", (league_id,)))
            if not rows or rows[0][0] != "signup":
                return "closed"
            cursor = await self._db.execute("DELETE FROM league_players WHERE league_id = ? AND user_id = ?",
                                            (league_id, user_id))
            return "ok" if cursor.rowcount == 1 else "absent"
        return await self._league_tx(work)

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        rows = await self._league_rows("""SELECT user_id, name, joined_at, lang FROM league_players WHERE league_id = ?
                                   ORDER BY joined_at, rowid""", (league_id,))
        return [LeaguePlayer(int(r[0]), r[1], _time(r[2]), r[3]) for r in rows]

    async def seat_league_round(self, league_id: int, round_no: int, tables: list[LeagueTable], *,
                                forced: bool = False, playoff: bool = False) -> bool:
        async def work() -> bool:
            cursor = await self._db.execute(
                """INSERT INTO league_rounds (league_id, round, forced, playoff, seated_at) VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT DO NOTHING""", (league_id, round_no, int(forced), int(playoff), time.time()))
            if cursor.rowcount != 1:
                return False
            await self._db.executemany(
                f"INSERT INTO league_tables ({TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(league_id, round_no, t.table_no, dumps(t.seats), t.status, t.table_id, t.game_id, dumps(t.state),
                  dumps(t.results)) for t in tables])
            return True
        return await self._league_tx(work)

    async def league_rounds(self, league_id: int) -> list[LeagueRound]:
        rows = await self._league_rows("""SELECT round, forced, playoff, seated_at FROM league_rounds WHERE league_id = ?
                                   ORDER BY round""", (league_id,))
        return [LeagueRound(int(r[0]), bool(r[1]), bool(r[2]), _time(r[3])) for r in rows]

    async def league_tables(self, league_id: int, round_no: int | None = None) -> list[LeagueTable]:
        rows = await self._league_rows(
            f"""SELECT {TABLE_COLUMNS} FROM league_tables WHERE league_id = ? AND (? IS NULL OR round = ?)
                ORDER BY round, table_no""", (league_id, round_no, round_no))
        return [table_of(r) for r in rows]

    async def update_league_table(self, league_id: int, round_no: int, table_no: int, *,
                                  status: str | None = None, table_id: str | None = None,
                                  state: dict[str, Any] | None = None, expect: str | None = None) -> bool:
        async with self._lock:
            cursor = await self._db.execute(
                """UPDATE league_tables SET status = COALESCE(?, status), table_id = COALESCE(?, table_id),
                       state = COALESCE(?, state)
                   WHERE league_id = ? AND round = ? AND table_no = ? AND (? IS NULL OR status = ?)""",
                (status, table_id, None if state is None else dumps(state), league_id, round_no, table_no,
                 expect, expect))
            return cursor.rowcount == 1

    async def record_league_table(self, league_id: int, round_no: int, table_no: int, status: str,
                                  game_id: int | None, results: dict[str, dict[str, Any]]) -> bool:
        assert status in DONE
        async with self._lock:
            try:
                cursor = await self._db.execute(
                    """UPDATE league_tables SET status = ?, game_id = ?, results = ?
                       WHERE league_id = ? AND round = ? AND table_no = ? AND status NOT IN ('finished', 'settled')""",
                    (status, game_id, dumps(results), league_id, round_no, table_no))
            except sqlite3.IntegrityError:  # that game already counts for another table
                return False
            return cursor.rowcount == 1

    async def fix_league_game(self, league_id: int, game_id: int, results: dict[str, dict[str, Any]],
                              by_user: int, reason: str) -> LeagueFix | None:
        async def work() -> LeagueFix | None:
            rows = list(await self._db.execute_fetchall(
                "SELECT results FROM league_tables WHERE league_id = ? AND game_id = ?", (league_id, game_id)))
            if not rows:
                return None
            now = time.time()
            await self._db.execute("UPDATE league_tables SET results = ? WHERE league_id = ? AND game_id = ?",
                                   (dumps(results), league_id, game_id))
            cursor = await self._db.execute(
                """INSERT INTO league_fixes (league_id, game_id, by_user, reason, before, after, fixed_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?)""", (league_id, game_id, by_user, reason, rows[0][0], dumps(results), now))
            assert cursor.lastrowid is not None
            return LeagueFix(cursor.lastrowid, league_id, game_id, by_user, reason, json.loads(rows[0][0]), results,
                             _time(now))
        return await self._league_tx(work)

    async def league_fixes(self, league_id: int) -> list[LeagueFix]:
        rows = await self._league_rows("""SELECT fix_id, league_id, game_id, by_user, reason, before, after, fixed_at
                                   FROM league_fixes WHERE league_id = ? ORDER BY fix_id""", (league_id,))
        return [fix_of(r) for r in rows]

    async def league_game_in_channel(self, channel_id: int) -> int | None:
        rows = await self._league_rows("SELECT max(game_id) FROM games WHERE channel_id = ?", (channel_id,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def get_league_role(self, guild_id: int) -> int | None:
        rows = await self._league_rows("SELECT role_id FROM league_roles WHERE guild_id = ?", (guild_id,))
        return int(rows[0][0]) if rows else None

    async def set_league_role(self, guild_id: int, role_id: int | None) -> None:
        async with self._lock:
            if role_id is None:
                await self._db.execute("DELETE FROM league_roles WHERE guild_id = ?", (guild_id,))
            else:
                await self._db.execute(
                    """INSERT INTO league_roles (guild_id, role_id) VALUES (?, ?)
                       ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id""", (guild_id, role_id))
