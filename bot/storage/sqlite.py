"""The embedded backend: one SQLite file in WAL mode, one connection, one lock.

The connection runs in autocommit mode and every write that spans statements opens its own
``BEGIN IMMEDIATE`` transaction. All calls go through one :class:`asyncio.Lock` so a coroutine's
statement never lands inside another's open transaction (and so can never be rolled back with it).
``synchronous=NORMAL`` in WAL mode keeps a commit off the disk's flush path: a power cut may lose the
last moves saved, never corrupt the file.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage import sqlite_live as live
from bot.storage import sqlite_writes as writes
from bot.storage.base import (
    PERIOD_DAYS,
    AbortedGame,
    FinishedGame,
    GameSummary,
    LeaderboardRow,
    Period,
    PlayerStats,
    RatingPoint,
    Store,
    StoredGame,
    TableRecord,
)
from bot.storage.finish import checked_ranks, kyoku_rows, poker_rows, stat_rows
from bot.storage.league_sqlite import SQLiteLeagues
from bot.storage.player_stats import build_player_stats
from bot.storage.ranked_sqlite import SQLiteRanked
from bot.storage.rows import ABORTED_COLUMNS, aborted_game, game_summaries, settings_object, stored_game
from bot.storage.sqlite_coord import SQLiteCoordination
from bot.storage.sqlite_rating import rate_stored_game
from bot.storage.sqlite_schema import migrate
from bot.storage.writer import Write

T = TypeVar("T")


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _since(period: Period, now: datetime | None) -> int | None:
    if period not in PERIOD_DAYS:
        raise ValueError(f"period must be one of {', '.join(PERIOD_DAYS)}")
    days = PERIOD_DAYS[period]
    if days is None:
        return None
    return int((now or datetime.now(UTC)).timestamp()) - days * 86400


class SQLiteStore(SQLiteCoordination, SQLiteRanked, SQLiteLeagues, Store):
    def __init__(self, db: aiosqlite.Connection, path: str = ":memory:") -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._init_coordination(path)

    @classmethod
    async def open(cls, path: str) -> SQLiteStore:
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        await self.close_writer()
        self._close_coordination()
        async with self._lock:
            await self._db.close()

    async def _in_thread(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(connection, *args)`` in aiosqlite's thread: one hand-over for all its
        statements (aiosqlite's own queue of callables; its public calls are one statement each)."""
        async with self._lock:
            return cast(T, await self._db._execute(work, self._db._conn, *args))  # type: ignore[no-untyped-call]

    # live tables

    async def save_table(self, rec: TableRecord) -> None:
        await self._in_thread(writes.save_table, rec)

    async def create_table(self, rec: TableRecord) -> None:
        await self._in_thread(writes.create_table, rec)

    async def append_moves(
        self, table_id: str, first_move_no: int, moves: list[Any], meta: dict[str, Any] | None = None
    ) -> int:
        return int(await self._in_thread(writes.append_moves, table_id, first_move_no, moves, meta))

    async def write_batch(self, batch: list[Write]) -> list[Any]:
        return await self._in_thread(writes.write_batch, batch)

    async def load_table(self, table_id: str) -> TableRecord | None:
        async with self._lock:
            return await live.load_table(self._db, table_id)

    async def load_unfinished(self, shard: tuple[int, int] | None = None) -> list[TableRecord]:
        async with self._lock:
            return await live.load_unfinished(self._db, shard)

    async def table_in_channel(self, channel_id: int) -> str | None:
        async with self._lock:
            rows = list(await self._db.execute_fetchall(
                "SELECT table_id FROM live_tables WHERE channel_id = ? ORDER BY created_at DESC LIMIT 1", (channel_id,)
            ))
        return str(rows[0][0]) if rows else None

    async def tables_in_guild(self, guild_id: int) -> int:
        async with self._lock:
            rows = list(await self._db.execute_fetchall(
                "SELECT count(*) FROM live_tables WHERE guild_id = ?", (guild_id,)))
        return int(rows[0][0])

    async def delete_table(self, table_id: str) -> None:
        async with self._lock:
            await self._db.execute("DELETE FROM live_tables WHERE table_id = ?", (table_id,))

    async def abort_table(self, table_id: str, reason: str) -> int | None:
        async with self._lock:
            return await live.abort_table(self._db, table_id, reason)

    async def aborted_games(self, guild_id: int | None, limit: int = 10, offset: int = 0) -> list[AbortedGame]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                f"""SELECT {ABORTED_COLUMNS} FROM aborted_games WHERE guild_id IS ?
                    ORDER BY aborted_at DESC, aborted_id DESC LIMIT ? OFFSET ?""",
                (guild_id, limit, offset),
            )
        return [aborted_game(r) for r in rows]

    # results

    async def finish_game(self, table_id: str | None, game: FinishedGame) -> int:
        seats = game.seats
        ranks = checked_ranks(game)
        finished = int(game.finished_at.timestamp())
        seat_rows = [
            (s.player, s.user_id, s.name, int(s.is_cpu), s.cpu_level, s.points, ranks[i], game.guild_id,
             game.game, finished)
            for i, s in enumerate(seats)
        ]
        stats = stat_rows(game)
        kyoku = kyoku_rows(game, _json)
        poker = poker_rows(game, _json)
        db = self._db
        async with self._lock:
            await db.execute("BEGIN IMMEDIATE")
            try:
                cursor = await db.execute(
                    """INSERT INTO games (guild_id, channel_id, table_id, mode, options, started_at,
                                          finished_at, seed, scenario)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    (game.guild_id, game.channel_id, table_id, game.game, _json(game.options),
                     int(game.started_at.timestamp()), finished, str(game.seed), _json(game.scenario)),
                )
                game_id = cursor.lastrowid
                assert game_id is not None
                await db.executemany(
                    """INSERT INTO seats (game_id, seat, player, user_id, name, is_cpu, cpu_level, points,
                                          rank, guild_id, mode, finished_at)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    [(game_id, i, *row) for i, row in enumerate(seat_rows)],
                )
                await db.executemany(
                    "INSERT INTO seat_stats (game_id, seat, key, value) VALUES (?, ?, ?, ?)",
                    [(game_id, *row) for row in stats],
                )
                await db.executemany(
                    """INSERT INTO kyoku_results (game_id, idx, kyoku, honba, result, winner, from_player,
                                                  han, fu, yaku, deltas, extra)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    [(game_id, *row) for row in kyoku],
                )
                await db.executemany(
                    "INSERT INTO poker_results (game_id, idx, hand, board, pots, deltas, extra) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, *row) for row in poker],
                )
                await rate_stored_game(db, game_id)
                if table_id is not None:
                    await db.execute("DELETE FROM live_tables WHERE table_id = ?", (table_id,))
                await db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:  # a failed COMMIT may have ended it already
                    await db.execute("ROLLBACK")
                raise
        return game_id

    async def get_game(self, game_id: int, guild_id: int | None) -> StoredGame | None:
        async with self._lock:
            games = await self._db.execute_fetchall(
                """SELECT game_id, guild_id, channel_id, mode, started_at, finished_at, options, seed, scenario
                   FROM games WHERE game_id = ? AND guild_id IS ?""",
                (game_id, guild_id),
            )
            if not games:
                return None
            seats = await self._seats_of([game_id])
            kyoku = await self._db.execute_fetchall(
                """SELECT kyoku, honba, result, winner, from_player, han, fu, yaku, deltas, extra
                   FROM kyoku_results WHERE game_id = ? ORDER BY idx""",
                (game_id,),
            )
            poker = await self._db.execute_fetchall(
                "SELECT hand, board, pots, deltas, extra FROM poker_results WHERE game_id = ? ORDER BY idx",
                (game_id,),
            )
        return stored_game(list(games)[0], seats, kyoku, poker)

    async def history(
        self, guild_id: int, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[GameSummary]:
        columns = "g.game_id, g.guild_id, g.channel_id, g.mode, g.started_at, g.finished_at"
        if user_id is None:
            sql = f"SELECT {columns} FROM games g WHERE g.guild_id = ?"
            args: tuple[Any, ...] = (guild_id,)
        else:
            sql = (
                f"SELECT {columns} FROM seats s JOIN games g ON g.game_id = s.game_id"
                " WHERE s.guild_id = ? AND s.user_id = ?"
            )
            args = (guild_id, user_id)
        async with self._lock:
            games = list(
                await self._db.execute_fetchall(
                    sql + " ORDER BY g.finished_at DESC, g.game_id DESC LIMIT ? OFFSET ?",
                    (*args, limit, offset),
                )
            )
            seats = await self._seats_of([g[0] for g in games])
        return game_summaries(games, seats)

    async def _seats_of(self, game_ids: list[int]) -> list[Any]:
        if not game_ids:
            return []
        marks = ",".join("?" * len(game_ids))
        return list(
            await self._db.execute_fetchall(
                f"""SELECT game_id, player, user_id, name, points, rank, rating_before, rating_after
                    FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat""",
                game_ids,
            )
        )

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
            sql = """SELECT RANK() OVER (ORDER BY rating DESC), user_id, rating, games,
                            1.0 * rank_sum / games, 1.0 * firsts / games, 1.0 * points_sum / games
                     FROM players WHERE guild_id = ? AND mode = ?
                     ORDER BY rating DESC, user_id LIMIT ? OFFSET ?"""
            args: tuple[Any, ...] = (guild_id, game, limit, offset)
        else:
            sql = """WITH counted AS (
                         SELECT user_id, COUNT(*) AS games, AVG(rank) AS average_rank,
                                AVG(rank = 1) AS win_rate, AVG(points) AS average_points
                         FROM seats INDEXED BY seats_by_period  -- a time range, not every seat of the guild
                         WHERE guild_id = ? AND mode = ? AND finished_at >= ? AND user_id IS NOT NULL
                         GROUP BY user_id)
                     SELECT RANK() OVER (ORDER BY p.rating DESC), c.user_id, p.rating, c.games,
                            c.average_rank, c.win_rate, c.average_points
                     FROM counted c JOIN players p
                          ON p.guild_id = ? AND p.mode = ? AND p.user_id = c.user_id
                     ORDER BY p.rating DESC, c.user_id LIMIT ? OFFSET ?"""
            args = (guild_id, game, since, guild_id, game, limit, offset)
        async with self._lock:
            rows = await self._db.execute_fetchall(sql, args)
        return [LeaderboardRow(*row) for row in rows]

    async def leaderboard_size(
        self, guild_id: int, game: str, period: Period = "all", now: datetime | None = None
    ) -> int:
        since = _since(period, now)
        if since is None:
            sql = "SELECT COUNT(*) FROM players WHERE guild_id = ? AND mode = ?"
            args: tuple[Any, ...] = (guild_id, game)
        else:
            sql = """SELECT COUNT(DISTINCT user_id) FROM seats INDEXED BY seats_by_period
                     WHERE guild_id = ? AND mode = ? AND finished_at >= ? AND user_id IS NOT NULL"""
            args = (guild_id, game, since)
        async with self._lock:
            rows = await self._db.execute_fetchall(sql, args)
        return int(list(rows)[0][0])

    async def player_stats(self, guild_id: int, user_id: int, game: str | None = None) -> PlayerStats:
        where = "s.guild_id = ? AND s.user_id = ?" + ("" if game is None else " AND s.mode = ?")
        args: tuple[Any, ...] = (guild_id, user_id) if game is None else (guild_id, user_id, game)
        async with self._lock:
            totals = list(
                await self._db.execute_fetchall(
                    f"SELECT COUNT(*), AVG(rank), AVG(rank = 1), AVG(points) FROM seats s WHERE {where}", args
                )
            )[0]
            counters = await self._db.execute_fetchall(
                f"""SELECT st.key, SUM(st.value) FROM seats s
                    JOIN seat_stats st ON st.game_id = s.game_id AND st.seat = s.seat
                    WHERE {where} GROUP BY st.key""",
                args,
            )
            ratings = await self._db.execute_fetchall(
                "SELECT mode, rating FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
        return build_player_stats(guild_id, user_id, game, totals, counters, dict(ratings))  # type: ignore[arg-type]

    async def rating_history(self, guild_id: int, user_id: int, game: str) -> list[RatingPoint]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                """SELECT game_id, finished_at, rating_before, rating_after FROM seats
                   WHERE guild_id = ? AND user_id = ? AND mode = ? AND rating_after IS NOT NULL
                   ORDER BY game_id""",
                (guild_id, user_id, game),
            )
        return [RatingPoint(r[0], datetime.fromtimestamp(r[1], UTC), r[2], r[3]) for r in rows]

    # settings

    async def get_guild_language(self, guild_id: int) -> str | None:
        async with self._lock:
            rows = list(
                await self._db.execute_fetchall(
                    "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
                )
            )
        return rows[0][0] if rows else None

    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        async with self._lock:
            await self._db.execute(
                """INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)
                   ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language""",
                (guild_id, lang),
            )

    async def get_user_settings(self, user_id: int) -> dict[str, Any] | None:
        async with self._lock:
            rows = list(await self._db.execute_fetchall("SELECT data FROM user_settings WHERE user_id = ?", (user_id,)))
        return settings_object(rows[0][0]) if rows else None

    async def set_user_settings(self, user_id: int, data: dict[str, Any]) -> None:
        async with self._lock:
            await self._db.execute(
                """INSERT INTO user_settings (user_id, data) VALUES (?, ?)
                   ON CONFLICT (user_id) DO UPDATE SET data = excluded.data""",
                (user_id, json.dumps(data, sort_keys=True)),
            )
