"""The PostgreSQL backend, for several bot processes sharing one database (asyncpg).

``Store.open("postgresql://user@host/db")`` gives it; a ``?search_path=name`` query parameter
puts the tables in that schema (tests give each one its own). Every method takes a connection from
a pool and is one transaction, so the store is safe to share between the coroutines of a process
and between processes. ``finish_game`` locks the players' rating rows (in user id order, creating
missing ones in the same statement) before it numbers the game, so two games of one guild finishing
at once in two processes both apply their rating changes, one after the other, and game ids follow
the order the ratings were updated in. A deadlock or serialization failure is retried.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import asyncpg

from bot.storage import postgres_live as live
from bot.storage.base import (
    PERIOD_DAYS,
    AbortedGame,
    FinishedGame,
    GameSummary,
    LeaderboardRow,
    MoveConflict,
    Period,
    PlayerStats,
    RatingPoint,
    Store,
    StoredGame,
    TableRecord,
)
from bot.storage.finish import checked_ranks, kyoku_rows, poker_rows, stat_rows
from bot.storage.league_postgres import PostgresLeagues
from bot.storage.live import dumps
from bot.storage.player_stats import build_player_stats
from bot.storage.postgres_coord import PostgresCoordination
from bot.storage.postgres_schema import migrate
from bot.storage.ranked_postgres import PostgresRanked
from bot.storage.rating import DEFAULT_RATING, cpu_rating, update
from bot.storage.rows import ABORTED_COLUMNS, aborted_game, game_summaries, settings_object, stored_game
from bot.storage.writer import Write

T = TypeVar("T")
RETRIED = (asyncpg.exceptions.DeadlockDetectedError, asyncpg.exceptions.SerializationError)
ATTEMPTS = 8


def _since(period: Period, now: datetime | None) -> datetime | None:
    if period not in PERIOD_DAYS:
        raise ValueError(f"period must be one of {', '.join(PERIOD_DAYS)}")
    days = PERIOD_DAYS[period]
    return None if days is None else (now or datetime.now(UTC)) - timedelta(days=days)


class PostgresStore(PostgresCoordination, PostgresRanked, PostgresLeagues, Store):
    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__(pool, url)

    @classmethod
    async def open(cls, path: str, *, pool_size: int = 10) -> PostgresStore:
        # As SQLite's synchronous=NORMAL: a commit does not wait for the disk, so a crash of the
        # database server (never of a bot process) may lose the last moves saved, never corrupt
        # anything; finish_game alone waits (below). A ?synchronous_commit=on URL keeps every wait.
        settings = {} if "synchronous_commit=" in path else {"synchronous_commit": "off"}
        pool = await asyncpg.create_pool(path, min_size=1, max_size=pool_size, server_settings=settings)
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, path)

    async def close(self) -> None:
        await self.close_writer()
        await self._close_listener()
        await self._pool.close()

    async def _retrying(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """Run ``work`` in a transaction, again if the database chose it as a deadlock's victim."""
        async with self._pool.acquire() as conn:
            for attempt in range(ATTEMPTS):
                try:
                    async with conn.transaction():
                        return await work(conn)
                except RETRIED:
                    if attempt == ATTEMPTS - 1:
                        raise
                    await asyncio.sleep(random.uniform(0, 0.01 * 2**attempt))
        raise AssertionError("unreachable")

    # live tables

    async def save_table(self, rec: TableRecord) -> None:
        async with self._pool.acquire() as conn:
            await live.save_table(conn, rec)

    async def create_table(self, rec: TableRecord) -> None:
        async with self._pool.acquire() as conn:
            await live.create_table(conn, rec)

    async def append_moves(
        self, table_id: str, first_move_no: int, moves: list[Any], meta: dict[str, Any] | None = None
    ) -> int:
        async with self._pool.acquire() as conn:
            return await live.append_moves(conn, table_id, first_move_no, moves, meta)

    async def write_batch(self, writes: list[Write]) -> list[Any]:
        """One connection and one commit for the batch. An append is one statement that changes
        nothing when refused (so it needs no savepoint: one round trip); a whole table is written
        in a savepoint of its own (``save_table``'s nested transaction)."""
        results: list[Any] = []
        if len(writes) == 1 and writes[0].record is None:  # one statement commits by itself
            return await super().write_batch(writes)
        async with self._pool.acquire() as conn, conn.transaction():
            for w in writes:
                try:
                    if w.record is not None:
                        await live.save_table(conn, w.record)
                        results.append(None)
                    else:
                        results.append(await live.append_moves(conn, w.table_id, w.first, w.moves, w.meta))
                except (MoveConflict, ValueError, asyncpg.IntegrityConstraintViolationError) as e:
                    results.append(e)
        return results

    async def load_table(self, table_id: str) -> TableRecord | None:
        async with self._pool.acquire() as conn:
            return await live.load_table(conn, table_id)

    async def load_unfinished(self, shard: tuple[int, int] | None = None) -> list[TableRecord]:
        async with self._pool.acquire() as conn:
            return await live.load_unfinished(conn, shard)

    async def table_in_channel(self, channel_id: int) -> str | None:
        value = await self._pool.fetchval(
            "SELECT table_id FROM live_tables WHERE channel_id = $1 ORDER BY position DESC LIMIT 1", channel_id)
        return None if value is None else str(value)

    async def tables_in_guild(self, guild_id: int) -> int:
        return int(await self._pool.fetchval("SELECT count(*) FROM live_tables WHERE guild_id = $1", guild_id))

    async def delete_table(self, table_id: str) -> None:
        await self._pool.execute("DELETE FROM live_tables WHERE table_id = $1", table_id)

    async def abort_table(self, table_id: str, reason: str) -> int | None:
        async with self._pool.acquire() as conn:
            return await live.abort_table(conn, table_id, reason)

    async def aborted_games(self, guild_id: int | None, limit: int = 10, offset: int = 0) -> list[AbortedGame]:
        rows = await self._pool.fetch(
            f"""SELECT {ABORTED_COLUMNS} FROM aborted_games WHERE guild_id IS NOT DISTINCT FROM $1
                ORDER BY aborted_at DESC, aborted_id DESC LIMIT $2 OFFSET $3""",
            guild_id, limit, offset,
        )
        return [aborted_game(r) for r in rows]

    # results

    async def finish_game(self, table_id: str | None, game: FinishedGame, *, game_id: int | None = None) -> int:
        """As :meth:`Store.finish_game`; ``game_id`` keeps a given id (the copy tool's)."""
        ranks = checked_ranks(game)
        stats, kyoku, poker = stat_rows(game), kyoku_rows(game, dumps), poker_rows(game, dumps)
        seats = game.seats
        humans = sorted(s.user_id for s in seats if s.user_id is not None)
        rated = game.guild_id is not None and bool(humans)

        async def work(conn: asyncpg.Connection) -> int:
            await conn.execute("SET LOCAL synchronous_commit = on")  # a finished game is on disk
            current: dict[int, float] = {}
            if rated:  # lock the rating rows first, creating missing ones, in one ordered statement
                rows = await conn.fetch(
                    """INSERT INTO players (guild_id, mode, user_id, rating, games, rank_sum, firsts, points_sum)
                       SELECT $1, $2, u, $4, 0, 0, 0, 0 FROM unnest($3::bigint[]) AS u ORDER BY u
                       ON CONFLICT (guild_id, mode, user_id) DO UPDATE SET rating = players.rating
                       RETURNING user_id, rating""",
                    game.guild_id, game.game, humans, DEFAULT_RATING,
                )
                current = {r[0]: r[1] for r in rows}
            before = [current.get(s.user_id, DEFAULT_RATING) if s.user_id is not None else cpu_rating(s.cpu_level)
                      for s in seats]
            after = update(before, ranks, fixed=[s.is_cpu for s in seats]) if rated else before
            new_id = await conn.fetchval(
                """INSERT INTO games (game_id, guild_id, channel_id, table_id, mode, options, started_at,
                                      finished_at, seed, scenario)
                   VALUES (COALESCE($1, nextval(pg_get_serial_sequence('games', 'game_id'))),
                           $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING game_id""",
                game_id, game.guild_id, game.channel_id, table_id, game.game, dumps(game.options),
                game.started_at, game.finished_at, str(game.seed), dumps(game.scenario),
            )
            await conn.executemany(
                """INSERT INTO seats (game_id, seat, player, user_id, name, is_cpu, cpu_level, points, rank,
                                      guild_id, mode, finished_at, rating_before, rating_after)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)""",
                [(new_id, i, s.player, s.user_id, s.name, s.is_cpu, s.cpu_level, s.points, ranks[i],
                  game.guild_id, game.game, game.finished_at,
                  before[i] if rated and not s.is_cpu else None, after[i] if rated and not s.is_cpu else None)
                 for i, s in enumerate(seats)],
            )
            await conn.executemany(
                "INSERT INTO seat_stats (game_id, seat, key, value) VALUES ($1, $2, $3, $4)",
                [(new_id, *row) for row in stats],
            )
            await conn.executemany(
                """INSERT INTO kyoku_results (game_id, idx, kyoku, honba, result, winner, from_player, han, fu,
                                              yaku, deltas, extra)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)""",
                [(new_id, *row) for row in kyoku],
            )
            await conn.executemany(
                """INSERT INTO poker_results (game_id, idx, hand, board, pots, deltas, extra)
                   VALUES ($1, $2, $3, $4, $5, $6, $7)""",
                [(new_id, *row) for row in poker],
            )
            if rated:
                await conn.executemany(
                    """UPDATE players SET rating = $4, games = games + 1, rank_sum = rank_sum + $5,
                                          firsts = firsts + $6, points_sum = points_sum + $7
                       WHERE guild_id = $1 AND mode = $2 AND user_id = $3""",
                    [(game.guild_id, game.game, s.user_id, after[i], ranks[i], int(ranks[i] == 1), s.points)
                     for i, s in enumerate(seats) if s.user_id is not None],
                )
            if table_id is not None:
                await conn.execute("DELETE FROM live_tables WHERE table_id = $1", table_id)
            return int(new_id)

        return await self._retrying(work)

    async def get_game(self, game_id: int, guild_id: int | None) -> StoredGame | None:
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            games = await conn.fetch(
                """SELECT game_id, guild_id, channel_id, mode, started_at, finished_at, options, seed, scenario
                   FROM games WHERE game_id = $1 AND guild_id IS NOT DISTINCT FROM $2""",
                game_id, guild_id,
            )
            if not games:
                return None
            seats = await self._seats_of(conn, [game_id])
            kyoku = await conn.fetch(
                """SELECT kyoku, honba, result, winner, from_player, han, fu, yaku, deltas, extra
                   FROM kyoku_results WHERE game_id = $1 ORDER BY idx""",
                game_id,
            )
            poker = await conn.fetch(
                "SELECT hand, board, pots, deltas, extra FROM poker_results WHERE game_id = $1 ORDER BY idx",
                game_id,
            )
        return stored_game(games[0], seats, kyoku, poker)

    async def history(
        self, guild_id: int, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[GameSummary]:
        columns = "g.game_id, g.guild_id, g.channel_id, g.mode, g.started_at, g.finished_at"
        if user_id is None:
            sql = f"SELECT {columns} FROM games g WHERE g.guild_id = $1"
            args: tuple[Any, ...] = (guild_id,)
        else:
            sql = (f"SELECT {columns} FROM seats s JOIN games g ON g.game_id = s.game_id"
                   " WHERE s.guild_id = $1 AND s.user_id = $2")
            args = (guild_id, user_id)
        n = len(args)
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            games = await conn.fetch(
                sql + f" ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ${n + 1} OFFSET ${n + 2}",
                *args, limit, offset,
            )
            seats = await self._seats_of(conn, [g[0] for g in games])
        return game_summaries(games, seats)

    @staticmethod
    async def _seats_of(conn: asyncpg.Connection, game_ids: list[int]) -> list[Any]:
        if not game_ids:
            return []
        return list(await conn.fetch(
            """SELECT game_id, player, user_id, name, points, rank, rating_before, rating_after
               FROM seats WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seat""",
            game_ids,
        ))

    # rankings and stats

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        period: Period = "all",
        offset: int = 0,
        limit: int = 10,
        now: datetime | None = None,
    ) -> list[LeaderboardRow]:
        since = _since(period, now)
        if since is None:
            rows = await self._pool.fetch(
                """SELECT RANK() OVER (ORDER BY rating DESC), user_id, rating, games,
                          rank_sum::float8 / games, firsts::float8 / games, points_sum::float8 / games
                   FROM players WHERE guild_id = $1 AND mode = $2 AND games > 0
                   ORDER BY rating DESC, user_id LIMIT $3 OFFSET $4""",
                guild_id, game, limit, offset,
            )
        else:
            rows = await self._pool.fetch(
                """WITH counted AS (
                       SELECT user_id, COUNT(*) AS games, AVG(rank)::float8 AS average_rank,
                              AVG((rank = 1)::int)::float8 AS win_rate, AVG(points)::float8 AS average_points
                       FROM seats WHERE guild_id = $1 AND mode = $2 AND finished_at >= $3 AND user_id IS NOT NULL
                       GROUP BY user_id)
                   SELECT RANK() OVER (ORDER BY p.rating DESC), c.user_id, p.rating, c.games,
                          c.average_rank, c.win_rate, c.average_points
                   FROM counted c JOIN players p ON p.guild_id = $1 AND p.mode = $2 AND p.user_id = c.user_id
                   ORDER BY p.rating DESC, c.user_id LIMIT $4 OFFSET $5""",
                guild_id, game, since, limit, offset,
            )
        return [LeaderboardRow(*row) for row in rows]

    async def leaderboard_size(
        self, guild_id: int, game: str, period: Period = "all", now: datetime | None = None
    ) -> int:
        since = _since(period, now)
        if since is None:
            value = await self._pool.fetchval(
                "SELECT COUNT(*) FROM players WHERE guild_id = $1 AND mode = $2 AND games > 0", guild_id, game
            )
        else:
            value = await self._pool.fetchval(
                """SELECT COUNT(DISTINCT user_id) FROM seats
                   WHERE guild_id = $1 AND mode = $2 AND finished_at >= $3 AND user_id IS NOT NULL""",
                guild_id, game, since,
            )
        return int(value)

    async def player_stats(self, guild_id: int, user_id: int, game: str | None = None) -> PlayerStats:
        where = "s.guild_id = $1 AND s.user_id = $2" + ("" if game is None else " AND s.mode = $3")
        args: tuple[Any, ...] = (guild_id, user_id) if game is None else (guild_id, user_id, game)
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            totals = await conn.fetchrow(
                f"""SELECT COUNT(*), AVG(rank)::float8, AVG((rank = 1)::int)::float8, AVG(points)::float8
                    FROM seats s WHERE {where}""",
                *args,
            )
            counters = await conn.fetch(
                f"""SELECT st.key, SUM(st.value)::bigint FROM seats s
                    JOIN seat_stats st ON st.game_id = s.game_id AND st.seat = s.seat
                    WHERE {where} GROUP BY st.key""",
                *args,
            )
            ratings = await conn.fetch(
                "SELECT mode, rating FROM players WHERE guild_id = $1 AND user_id = $2 AND games > 0",
                guild_id, user_id,
            )
        return build_player_stats(guild_id, user_id, game, tuple(totals), [(k, v) for k, v in counters],
                                  {m: r for m, r in ratings})

    async def rating_history(self, guild_id: int, user_id: int, game: str) -> list[RatingPoint]:
        rows = await self._pool.fetch(
            """SELECT game_id, finished_at, rating_before, rating_after FROM seats
               WHERE guild_id = $1 AND user_id = $2 AND mode = $3 AND rating_after IS NOT NULL
               ORDER BY game_id""",
            guild_id, user_id, game,
        )
        return [RatingPoint(*r) for r in rows]

    # settings

    async def get_guild_language(self, guild_id: int) -> str | None:
        value = await self._pool.fetchval("SELECT language FROM guild_settings WHERE guild_id = $1", guild_id)
        return None if value is None else str(value)

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        await self._pool.execute(
            """INSERT INTO guild_settings (guild_id, language) VALUES ($1, $2)
               ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language""",
            guild_id, lang,
        )

    async def get_user_settings(self, user_id: int) -> dict[str, Any] | None:
        value = await self._pool.fetchval("SELECT data FROM user_settings WHERE user_id = $1", user_id)
        return None if value is None else settings_object(str(value))

    async def set_user_settings(self, user_id: int, data: dict[str, Any]) -> None:
        await self._pool.execute(
            """INSERT INTO user_settings (user_id, data) VALUES ($1, $2)
               ON CONFLICT (user_id) DO UPDATE SET data = excluded.data""",
            user_id, json.dumps(data, sort_keys=True),
        )
