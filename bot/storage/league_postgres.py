"""Leagues on PostgreSQL: the league half of :class:`~bot.storage.postgres.PostgresStore`.

Correct with several processes: a round is one row keyed by (league, round), inserted with its
tables in one transaction, so two processes seating the same round cannot both succeed (the
second inserts nothing and gets False); joining checks the league's status under a share lock of
its row, which ``/league start`` (an update of that row) waits for; a table counts once (a
conditional update, and the game id is unique).
"""

from __future__ import annotations

import json
from typing import Any

import asyncpg

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

LEAGUE_COLUMNS = ("league_id, guild_id, channel_id, name, game, organiser_id, rounds, seating, options, settings, "
                  "status, seed, message_id, created_at")
TABLE_COLUMNS = "league_id, round, table_no, seats, status, table_id, game_id, state, results"
FIX_COLUMNS = "fix_id, league_id, game_id, by_user, reason, before, after, fixed_at"


def _load(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def league_of(r: asyncpg.Record) -> League:
    return League(int(r[0]), int(r[1]), int(r[2]), r[3], r[4], int(r[5]), int(r[6]), r[7], _load(r[8]), _load(r[9]),
                  r[10], int(r[11]), None if r[12] is None else int(r[12]), r[13])


def table_of(r: asyncpg.Record) -> LeagueTable:
    return LeagueTable(int(r[0]), int(r[1]), int(r[2]), _load(r[3]), r[4], r[5], None if r[6] is None else int(r[6]),
                       _load(r[7]), _load(r[8]))


def fix_of(r: asyncpg.Record) -> LeagueFix:
    return LeagueFix(int(r[0]), int(r[1]), int(r[2]), int(r[3]), r[4], _load(r[5]), _load(r[6]), r[7])


class PostgresLeagues(LeagueStore):
    _pool: asyncpg.Pool

    async def create_league(self, league: League) -> int | None:
        value = await self._pool.fetchval(
            """INSERT INTO leagues (guild_id, channel_id, name, name_key, game, organiser_id, rounds, seating, options,
                   settings, status, seed, message_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13)
               ON CONFLICT (guild_id, name_key) DO NOTHING RETURNING league_id""",
            league.guild_id, league.channel_id, league.name, league.name.casefold(), league.game, league.organiser_id,
            league.rounds, league.seating, dumps(league.options), dumps(league.settings), league.status, league.seed,
            league.message_id)
        return None if value is None else int(value)

    async def get_league(self, league_id: int) -> League | None:
        row = await self._pool.fetchrow(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE league_id = $1", league_id)
        return None if row is None else league_of(row)

    async def find_league(self, guild_id: int, name: str) -> League | None:
        row = await self._pool.fetchrow(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = $1 AND name_key = $2",
                                        guild_id, name.casefold())
        return None if row is None else league_of(row)

    async def open_leagues(self) -> list[League]:
        rows = await self._pool.fetch(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status <> 'ended' ORDER BY league_id")
        return [league_of(r) for r in rows]

    async def update_league(self, league_id: int, *, status: str | None = None, expect: str | None = None,
                            message_id: int | None = None, settings: dict[str, Any] | None = None) -> bool:
        result = await self._pool.execute(
            """UPDATE leagues SET status = COALESCE($1, status), message_id = COALESCE($2, message_id),
                   settings = COALESCE($3::jsonb, settings)
               WHERE league_id = $4 AND ($5::text IS NULL OR status = $5)""",
            status, message_id, None if settings is None else dumps(settings), league_id, expect)
        return bool(result == "UPDATE 1")

    async def join_league(self, league_id: int, user_id: int, name: str, lang: str | None = None) -> str:
        async with self._pool.acquire() as conn, conn.transaction():
            status = await conn.fetchval("SELECT status FROM leagues WHERE league_id = $1 FOR SHARE", league_id)
            if status != "signup":
                return "closed"
            result = await conn.execute(
                """INSERT INTO league_players (league_id, user_id, name, lang) VALUES ($1, $2, $3, $4)
                   ON CONFLICT DO NOTHING""", league_id, user_id, name, lang)
            return "ok" if result == "INSERT 0 1" else "twice"

    async def leave_league(self, league_id: int, user_id: int) -> str:
        async with self._pool.acquire() as conn, conn.transaction():
            status = await conn.fetchval("SELECT status FROM leagues WHERE league_id = $1 FOR SHARE", league_id)
            if status != "signup":
                return "closed"
            result = await conn.execute("DELETE FROM league_players WHERE league_id = $1 AND user_id = $2",
                                        league_id, user_id)
            return "ok" if result == "DELETE 1" else "absent"

    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        rows = await self._pool.fetch(
            "SELECT user_id, name, joined_at, lang FROM league_players WHERE league_id = $1 ORDER BY seq", league_id)
        return [LeaguePlayer(int(r[0]), r[1], r[2], r[3]) for r in rows]

    async def seat_league_round(self, league_id: int, round_no: int, tables: list[LeagueTable], *,
                                forced: bool = False, playoff: bool = False) -> bool:
        async with self._pool.acquire() as conn, conn.transaction():
            result = await conn.execute(
                """INSERT INTO league_rounds (league_id, round, forced, playoff) VALUES ($1, $2, $3, $4)
                   ON CONFLICT DO NOTHING""", league_id, round_no, forced, playoff)
            if result != "INSERT 0 1":
                return False
            await conn.executemany(
                f"""INSERT INTO league_tables ({TABLE_COLUMNS})
                    VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9::jsonb)""",
                [(league_id, round_no, t.table_no, dumps(t.seats), t.status, t.table_id, t.game_id, dumps(t.state),
                  dumps(t.results)) for t in tables])
            return True

    async def league_rounds(self, league_id: int) -> list[LeagueRound]:
        rows = await self._pool.fetch(
            "SELECT round, forced, playoff, seated_at FROM league_rounds WHERE league_id = $1 ORDER BY round", league_id)
        return [LeagueRound(int(r[0]), bool(r[1]), bool(r[2]), r[3]) for r in rows]

    async def league_tables(self, league_id: int, round_no: int | None = None) -> list[LeagueTable]:
        rows = await self._pool.fetch(
            f"""SELECT {TABLE_COLUMNS} FROM league_tables WHERE league_id = $1 AND ($2::int IS NULL OR round = $2)
                ORDER BY round, table_no""", league_id, round_no)
        return [table_of(r) for r in rows]

    async def update_league_table(self, league_id: int, round_no: int, table_no: int, *,
                                  status: str | None = None, table_id: str | None = None,
                                  state: dict[str, Any] | None = None, expect: str | None = None) -> bool:
        result = await self._pool.execute(
            """UPDATE league_tables SET status = COALESCE($1, status), table_id = COALESCE($2, table_id),
                   state = COALESCE($3::jsonb, state)
               WHERE league_id = $4 AND round = $5 AND table_no = $6 AND ($7::text IS NULL OR status = $7)""",
            status, table_id, None if state is None else dumps(state), league_id, round_no, table_no, expect)
        return bool(result == "UPDATE 1")

    async def record_league_table(self, league_id: int, round_no: int, table_no: int, status: str,
                                  game_id: int | None, results: dict[str, dict[str, Any]]) -> bool:
        assert status in DONE
        try:
            result = await self._pool.execute(
                """UPDATE league_tables SET status = $1, game_id = $2, results = $3::jsonb
                   WHERE league_id = $4 AND round = $5 AND table_no = $6 AND status NOT IN ('finished', 'settled')""",
                status, game_id, dumps(results), league_id, round_no, table_no)
        except asyncpg.UniqueViolationError:  # that game already counts for another table
            return False
        return bool(result == "UPDATE 1")

    async def fix_league_game(self, league_id: int, game_id: int, results: dict[str, dict[str, Any]],
                              by_user: int, reason: str) -> LeagueFix | None:
        async with self._pool.acquire() as conn, conn.transaction():
            before = await conn.fetchval(
                "SELECT results FROM league_tables WHERE league_id = $1 AND game_id = $2 FOR UPDATE", league_id, game_id)
            if before is None:
                return None
            await conn.execute("UPDATE league_tables SET results = $1::jsonb WHERE league_id = $2 AND game_id = $3",
                               dumps(results), league_id, game_id)
            row = await conn.fetchrow(
                f"""INSERT INTO league_fixes (league_id, game_id, by_user, reason, before, after)
                    VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb) RETURNING {FIX_COLUMNS}""",
                league_id, game_id, by_user, reason, dumps(_load(before)), dumps(results))
            return fix_of(row)

    async def league_fixes(self, league_id: int) -> list[LeagueFix]:
        rows = await self._pool.fetch(f"SELECT {FIX_COLUMNS} FROM league_fixes WHERE league_id = $1 ORDER BY fix_id",
                                      league_id)
        return [fix_of(r) for r in rows]

    async def league_game_in_channel(self, channel_id: int) -> int | None:
        value = await self._pool.fetchval("SELECT max(game_id) FROM games WHERE channel_id = $1", channel_id)
        return None if value is None else int(value)

    async def get_league_role(self, guild_id: int) -> int | None:
        value = await self._pool.fetchval("SELECT role_id FROM league_roles WHERE guild_id = $1", guild_id)
        return None if value is None else int(value)

    async def set_league_role(self, guild_id: int, role_id: int | None) -> None:
        if role_id is None:
            await self._pool.execute("DELETE FROM league_roles WHERE guild_id = $1", guild_id)
        else:
            await self._pool.execute(
                """INSERT INTO league_roles (guild_id, role_id) VALUES ($1, $2)
                   ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id""", guild_id, role_id)
