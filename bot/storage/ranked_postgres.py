"""Ranked play on PostgreSQL (:class:`bot.storage.ranked.RankedStore`), for several processes.

Matching takes a queue's waiting rows with ``SELECT … FOR UPDATE SKIP LOCKED`` and marks the
chosen ones matched in the same transaction: two processes matching one queue at once each see
only rows the other has not taken, so nobody is matched twice and nobody is lost. A Ready locks its
match's row, so the Ready that completes a match is seen by exactly one caller, which opens it.
Counting a game inserts its ``ranked_results`` row first: a second caller waits on that key and
then finds the game counted.
"""

from __future__ import annotations

import json
import secrets
import uuid
from dataclasses import replace
from typing import Any

import asyncpg

from bot.ranked.ladder import Standing, length_of
from bot.storage.ranked import (
    EXPIRED,
    MATCHED,
    OPENED,
    OPENING,
    READY,
    UNDONE,
    Match,
    Pick,
    QueueEntry,
    RankChange,
    RankedRow,
    RankedSettings,
    RankedStore,
    ReadyAnswer,
    changes_for,
    seated_users,
)
from bot.storage.ranked_sqlite import (
    CHANGE,
    CLAIMED,
    ENTRY,
    MATCH,
    change_row,
    entry_json,
    entry_row,
    match_row,
)


async def _match(conn: asyncpg.Connection, match_id: str, lock: bool = False) -> Match | None:
    row = await conn.fetchrow(f"SELECT {MATCH} FROM ranked_matches WHERE match_id = $1"
                              + (" FOR UPDATE" if lock else ""), match_id)
    if row is None:
        return None
    base = match_row(row)
    queued = {int(r[0]): entry_row(r) for r in await conn.fetch(
        f"SELECT {ENTRY} FROM queue_entries WHERE match_id = $1", match_id)}
    return Match(**{**base.__dict__, "players": [queued.get(p.user_id, p) for p in base.players]})


async def _opened(conn: asyncpg.Connection, match: Match, thread_id: int) -> None:
    """The match's table plays: none of its players waits any longer, even one a stale opening
    had put back in the queue meanwhile."""
    await conn.execute("UPDATE ranked_matches SET state = $1, thread_id = $2, opened_at = created_at "
                       "WHERE match_id = $3", OPENED, thread_id, match.match_id)
    await conn.execute("DELETE FROM queue_entries WHERE user_id = ANY($1::bigint[])",
                       [p.user_id for p in match.players])


async def _back_in_queue(conn: asyncpg.Connection, match_id: str) -> None:
    await conn.execute("UPDATE queue_entries SET status = 'waiting', match_id = NULL, ready_id = NULL "
                       "WHERE match_id = $1", match_id)


class PostgresRanked(RankedStore):
    """The ranked half of :class:`~bot.storage.postgres.PostgresStore`."""

    _pool: asyncpg.Pool

    async def get_ranked_settings(self, guild_id: int) -> RankedSettings:
        row = await self._pool.fetchrow("SELECT channel_id, cpu_fill_minutes FROM ranked_settings WHERE guild_id = $1",
                                        guild_id)
        return RankedSettings(guild_id, row[0], row[1]) if row else RankedSettings(guild_id)

    async def set_ranked_settings(self, settings: RankedSettings) -> None:
        await self._pool.execute("""INSERT INTO ranked_settings (guild_id, channel_id, cpu_fill_minutes)
                                    VALUES ($1, $2, $3) ON CONFLICT (guild_id) DO UPDATE SET
                                    channel_id = excluded.channel_id, cpu_fill_minutes = excluded.cpu_fill_minutes""",
                                 settings.guild_id, settings.channel_id, settings.cpu_fill_minutes)

    async def queue_join(self, entry: QueueEntry) -> QueueEntry | None:
        async with self._pool.acquire() as conn, conn.transaction():
            inserted = await conn.fetchval(
                f"""INSERT INTO queue_entries ({ENTRY}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'waiting', NULL,
                    NULL) ON CONFLICT (user_id) DO NOTHING RETURNING 1""",
                entry.user_id, entry.guild_id, entry.game, entry.length, entry.joined_at, entry.name, entry.level,
                entry.lang, entry.channel_id)
            if inserted:
                return None
            row = await conn.fetchrow(f"SELECT {ENTRY} FROM queue_entries WHERE user_id = $1", entry.user_id)
            return entry_row(row) if row else entry  # left meanwhile: still refused, try again

    async def queue_leave(self, user_id: int) -> QueueEntry | None:
        row = await self._pool.fetchrow(f"DELETE FROM queue_entries WHERE user_id = $1 RETURNING {ENTRY}", user_id)
        return entry_row(row) if row else None

    async def queue_entry(self, user_id: int) -> QueueEntry | None:
        row = await self._pool.fetchrow(f"SELECT {ENTRY} FROM queue_entries WHERE user_id = $1", user_id)
        return entry_row(row) if row else None

    async def queue_of_guild(self, guild_id: int) -> list[QueueEntry]:
        rows = await self._pool.fetch(f"SELECT {ENTRY} FROM queue_entries WHERE guild_id = $1 "
                                      "ORDER BY joined_at, user_id", guild_id)
        return [entry_row(r) for r in rows]

    async def queue_keys(self) -> list[tuple[int, str, str]]:
        rows = await self._pool.fetch("SELECT DISTINCT guild_id, game, length FROM queue_entries")
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def claim_matches(self, guild_id: int, game: str, length: str, now: float, ready_for: float,
                            pick: Pick, ranked: bool = True) -> list[Match]:
        async with self._pool.acquire() as conn, conn.transaction():
            rows = await conn.fetch(
                f"""SELECT {CLAIMED} WHERE q.guild_id = $1 AND q.game = $2 AND q.length = $3
                    AND q.status = 'waiting' ORDER BY q.joined_at FOR UPDATE OF q SKIP LOCKED""", guild_id, game, length)
            matches: list[Match] = []
            inserts: list[tuple[Any, ...]] = []
            updates: list[tuple[str, int]] = []
            for table in pick([entry_row(r) for r in rows], now):
                match_id, secret = uuid.uuid4().hex[:16], secrets.token_hex(32)
                inserts.append((match_id, guild_id, game, length, now, now + ready_for, secret, READY, ranked,
                                json.dumps([entry_json(e) for e in table])))
                updates += [(match_id, e.user_id) for e in table]
                matches.append(Match(match_id, guild_id, game, length, now, now + ready_for, secret, READY, ranked,
                                     [replace(e, status=MATCHED, match_id=match_id) for e in table]))
            await conn.executemany(
                f"INSERT INTO ranked_matches ({MATCH}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, "
                "NULL, NULL)", inserts)
            await conn.executemany("UPDATE queue_entries SET status = 'matched', match_id = $1, ready_id = NULL "
                                   "WHERE user_id = $2", updates)
            return matches

    async def get_match(self, match_id: str) -> Match | None:
        async with self._pool.acquire() as conn:
            return await _match(conn, match_id)

    async def mark_ready(self, match_id: str, user_id: int, interaction_id: int, now: float) -> ReadyAnswer:
        async with self._pool.acquire() as conn, conn.transaction():
            match = await _match(conn, match_id, lock=True)
            if match is None or match.state != READY or now > match.ready_by:
                return "late", match
            ready = await conn.fetchrow("SELECT ready_id FROM queue_entries WHERE user_id = $1 AND match_id = $2",
                                        user_id, match_id)
            if ready is None:
                return "late", match
            if ready[0] is not None:
                return "again", match
            await conn.execute("UPDATE queue_entries SET ready_id = $1 WHERE user_id = $2", interaction_id, user_id)
            counts = await conn.fetchrow("SELECT count(*) FILTER (WHERE ready_id IS NULL), count(*) FROM queue_entries "
                                         "WHERE match_id = $1", match_id)
            if counts[0] == 0 and counts[1] == len(match.players):
                await conn.execute("UPDATE ranked_matches SET state = $1 WHERE match_id = $2", OPENING, match_id)
                return "all", await _match(conn, match_id)
            return "ready", await _match(conn, match_id)

    async def expire_matches(self, now: float, stale_opening: float = 300.0) -> list[tuple[Match, list[int]]]:
        async with self._pool.acquire() as conn, conn.transaction():
            due = await conn.fetch("""SELECT match_id, state FROM ranked_matches WHERE (state = $1 AND ready_by < $2)
                                      OR (state = $3 AND ready_by < $4) FOR UPDATE SKIP LOCKED""",
                                   READY, now, OPENING, now - stale_opening)
            done: list[tuple[Match, list[int]]] = []
            for match_id, state in due:
                match = await _match(conn, match_id)
                assert match is not None
                if state == OPENING and match.table_id is not None:
                    stored = await conn.fetchval("SELECT channel_id FROM live_tables WHERE table_id = $1 UNION ALL "
                                                 "SELECT channel_id FROM games WHERE table_id = $1 LIMIT 1",
                                                 match.table_id)
                    if stored is not None:  # its table was stored before the opener stopped: it plays
                        await _opened(conn, match, int(stored))
                        continue
                dropped: list[int] = [] if state == OPENING else [int(r[0]) for r in await conn.fetch(
                    "DELETE FROM queue_entries WHERE match_id = $1 AND ready_id IS NULL RETURNING user_id", match_id)]
                await _back_in_queue(conn, match_id)
                await conn.execute("UPDATE ranked_matches SET state = $1 WHERE match_id = $2",
                                   UNDONE if state == OPENING else EXPIRED, match_id)
                done.append((match, sorted(dropped)))
            return done

    async def match_table(self, match_id: str, table_id: str) -> None:
        await self._pool.execute("UPDATE ranked_matches SET table_id = $1 WHERE match_id = $2", table_id, match_id)

    async def match_opened(self, match_id: str, thread_id: int) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            match = await _match(conn, match_id)
            if match is not None:
                await _opened(conn, match, thread_id)

    async def match_undo(self, match_id: str) -> list[QueueEntry]:
        async with self._pool.acquire() as conn, conn.transaction():
            await _back_in_queue(conn, match_id)
            await conn.execute("UPDATE ranked_matches SET state = $1 WHERE match_id = $2", UNDONE, match_id)
            match = await _match(conn, match_id)
            users = [p.user_id for p in match.players] if match else []
            rows = await conn.fetch(f"SELECT {ENTRY} FROM queue_entries WHERE user_id = ANY($1::bigint[]) "
                                    "ORDER BY joined_at", users)
            return [entry_row(r) for r in rows]

    async def recent_waits(self, guild_id: int, game: str, since: float) -> list[float]:
        rows = await self._pool.fetch("SELECT created_at, players::text FROM ranked_matches WHERE guild_id = $1 "
                                      "AND game = $2 AND opened_at >= $3", guild_id, game, since)
        return [float(r[0]) - p["joined_at"] for r in rows for p in json.loads(r[1])]

    async def seated_in_guild(self, guild_id: int) -> set[int]:
        rows = await self._pool.fetch("SELECT meta::text FROM live_tables WHERE guild_id = $1", guild_id)
        return seated_users([json.loads(r[0]) for r in rows])

    async def ranked_standings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, RankedRow]:
        rows = await self._pool.fetch("SELECT user_id, level, points, games FROM ranked_players WHERE guild_id = $1 "
                                      "AND mode = $2 AND user_id = ANY($3::bigint[])", guild_id, game, user_ids)
        return {int(r[0]): RankedRow(guild_id, game, int(r[0]), r[1], r[2], r[3]) for r in rows}

    async def ranked_leaderboard(self, guild_id: int, game: str, offset: int = 0, limit: int = 10
                                 ) -> list[RankedRow]:
        rows = await self._pool.fetch("SELECT user_id, level, points, games FROM ranked_players WHERE guild_id = $1 "
                                      "AND mode = $2 ORDER BY level DESC, points DESC, user_id LIMIT $3 OFFSET $4",
                                      guild_id, game, limit, offset)
        return [RankedRow(guild_id, game, int(r[0]), r[1], r[2], r[3]) for r in rows]

    async def apply_ranked_game(self, game_id: int) -> list[RankChange]:
        async with self._pool.acquire() as conn, conn.transaction():
            row = await conn.fetchrow(
                """SELECT g.guild_id, g.mode, g.options::text, extract(epoch FROM g.finished_at) FROM games g
                   JOIN ranked_matches m ON m.table_id = g.table_id AND m.ranked
                   WHERE g.game_id = $1 AND g.guild_id IS NOT NULL""", game_id)
            if row is None:
                return []
            first = await conn.fetchval("INSERT INTO ranked_results (game_id, applied_at) VALUES "
                                        "($1, extract(epoch FROM now())) ON CONFLICT DO NOTHING RETURNING 1", game_id)
            if not first:
                return await self._changes_of(conn, game_id)
            guild, mode, options, finished = int(row[0]), str(row[1]), json.loads(row[2]), float(row[3])
            seats = [(None if r[0] is None else int(r[0]), int(r[1])) for r in await conn.fetch(
                "SELECT user_id, rank FROM seats WHERE game_id = $1 ORDER BY seat", game_id)]
            users = sorted(u for u, _ in seats if u is not None)
            locked = await conn.fetch(  # the players' rows, locked in one order (created if new)
                """INSERT INTO ranked_players (guild_id, mode, user_id, level, points, games)
                   SELECT $1, $2, u, 0, 0, 0 FROM unnest($3::bigint[]) AS u ORDER BY u
                   ON CONFLICT (guild_id, mode, user_id) DO UPDATE SET games = ranked_players.games
                   RETURNING user_id, level, points""", guild, mode, users)
            standings = {int(r[0]): Standing(int(r[1]), int(r[2])) for r in locked}
            changes = changes_for(game_id, seats, standings, length_of(mode, options), finished)
            for c in changes:
                await conn.execute("UPDATE ranked_players SET level = $1, points = $2, games = games + 1 "
                                   "WHERE guild_id = $3 AND mode = $4 AND user_id = $5",
                                   c.level_after, c.points_after, guild, mode, c.user_id)
            await conn.executemany(
                f"INSERT INTO rank_changes ({CHANGE}, guild_id, mode) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
                "$10, $11)", [(c.game_id, c.user_id, c.place, c.delta, c.level_before, c.points_before, c.level_after,
                               c.points_after, c.finished_at, guild, mode) for c in changes])
            return changes

    @staticmethod
    async def _changes_of(conn: Any, game_id: int) -> list[RankChange]:
        rows = await conn.fetch(f"SELECT {CHANGE} FROM rank_changes WHERE game_id = $1 ORDER BY place, user_id",
                                game_id)
        return [change_row(r) for r in rows]

    async def unapplied_ranked_games(self) -> list[int]:
        rows = await self._pool.fetch("""SELECT g.game_id FROM games g JOIN ranked_matches m ON m.table_id = g.table_id
                                         AND m.ranked LEFT JOIN ranked_results r ON r.game_id = g.game_id
                                         WHERE r.game_id IS NULL ORDER BY g.game_id""")
        return [int(r[0]) for r in rows]

    async def rank_changes(self, guild_id: int, user_id: int, game: str, limit: int = 10) -> list[RankChange]:
        rows = await self._pool.fetch(f"SELECT {CHANGE} FROM rank_changes WHERE guild_id = $1 AND user_id = $2 "
                                      "AND mode = $3 ORDER BY game_id DESC LIMIT $4", guild_id, user_id, game, limit)
        return [change_row(r) for r in rows]

    async def rank_changes_of_game(self, game_id: int) -> list[RankChange]:
        async with self._pool.acquire() as conn:
            return await self._changes_of(conn, game_id)
