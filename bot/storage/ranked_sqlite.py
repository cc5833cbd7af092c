"""Ranked play on SQLite (:class:`bot.storage.ranked.RankedStore`): plain ``sqlite3`` work run in
the connection's thread, each call one ``BEGIN IMMEDIATE`` transaction under the store's lock, so
one process never matches a player twice; SQLite serves one process, as everywhere else."""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

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
from bot.storage.sqlite_writes import _transaction

T = TypeVar("T")
ENTRY = ("user_id, guild_id, game, length, joined_at, name, level, lang, channel_id, status, match_id, "
         "ready_id")
MATCH = ("match_id, guild_id, game, length, created_at, ready_by, secret, state, ranked, players, table_id, "
         "thread_id")
CLAIMED = (", ".join(f"q.{c}" for c in ENTRY.split(", ")) + ", COALESCE(p.rating, 1500.0) FROM queue_entries q "
           "LEFT JOIN players p ON p.guild_id = q.guild_id AND p.mode = q.game AND p.user_id = q.user_id")
"""The queue's entries with each player's Elo rating of the game, for matching."""
CHANGE = ("game_id, user_id, place, delta, level_before, points_before, level_after, points_after, "
          "finished_at")


def entry_row(row: Any) -> QueueEntry:
    rating = float(row[12]) if len(row) > 12 else 1500.0
    return QueueEntry(int(row[0]), int(row[1]), row[2], row[3], float(row[4]), row[5], int(row[6]), row[7],
                      int(row[8]), row[9], row[10], None if row[11] is None else int(row[11]), rating)


def entry_json(e: QueueEntry) -> dict[str, Any]:
    return {"user_id": e.user_id, "joined_at": e.joined_at, "name": e.name, "level": e.level, "lang": e.lang,
            "channel_id": e.channel_id}


def match_row(row: Any, players: list[QueueEntry] | None = None) -> Match:
    listed = json.loads(row[9]) if isinstance(row[9], str) else row[9]
    kept = players if players is not None else [
        QueueEntry(p["user_id"], int(row[1]), row[2], row[3], p["joined_at"], p["name"], p["level"], p["lang"],
                   p["channel_id"], MATCHED, row[0]) for p in listed]
    return Match(row[0], int(row[1]), row[2], row[3], float(row[4]), float(row[5]), row[6], row[7], bool(row[8]),
                 kept, row[10], None if row[11] is None else int(row[11]))


def change_row(row: Any) -> RankChange:
    game_id, user_id, place, delta, lb, pb, la, pa = (int(v) for v in row[:8])
    return RankChange(game_id, user_id, place, delta, lb, pb, la, pa, float(row[8]))


def _claim(db: sqlite3.Connection, key: tuple[int, str, str], now: float, ready_for: float, pick: Pick,
           ranked: bool) -> list[Match]:
    with _transaction(db):
        rows = db.execute(f"SELECT {CLAIMED} WHERE q.guild_id = ? AND q.game = ? AND q.length = ? "
                          "AND q.status = 'waiting' ORDER BY q.joined_at", key).fetchall()
        matches: list[Match] = []
        inserts: list[tuple[Any, ...]] = []
        updates: list[tuple[str, int]] = []
        for table in pick([entry_row(r) for r in rows], now):
            match_id, secret = uuid.uuid4().hex[:16], secrets.token_hex(32)
            inserts.append((match_id, *key, now, now + ready_for, secret, READY, int(ranked),
                            json.dumps([entry_json(e) for e in table])))
            updates += [(match_id, e.user_id) for e in table]
            matches.append(Match(match_id, key[0], key[1], key[2], now, now + ready_for, secret, READY, ranked,
                                 [replace(e, status=MATCHED, match_id=match_id) for e in table]))
        db.executemany(f"INSERT INTO ranked_matches ({MATCH}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)",
                       inserts)  # in one statement each: a big queue's claim holds the store briefly
        db.executemany("UPDATE queue_entries SET status = 'matched', match_id = ?, ready_id = NULL WHERE user_id = ?",
                       updates)
        return matches


def _match(db: sqlite3.Connection, match_id: str) -> Match | None:
    row = db.execute(f"SELECT {MATCH} FROM ranked_matches WHERE match_id = ?", (match_id,)).fetchone()
    if row is None:
        return None
    base = match_row(row)
    queued = {int(r[0]): entry_row(r) for r in db.execute(
        f"SELECT {ENTRY} FROM queue_entries WHERE match_id = ?", (match_id,))}
    return Match(**{**base.__dict__, "players": [queued.get(p.user_id, p) for p in base.players]})


def _ready(db: sqlite3.Connection, match_id: str, user_id: int, interaction_id: int, now: float) -> ReadyAnswer:
    with _transaction(db):
        match = _match(db, match_id)
        if match is None or match.state != READY or now > match.ready_by:
            return "late", match
        row = db.execute("SELECT ready_id FROM queue_entries WHERE user_id = ? AND match_id = ?",
                         (user_id, match_id)).fetchone()
        if row is None:
            return "late", match
        if row[0] is not None:
            return "again", match
        db.execute("UPDATE queue_entries SET ready_id = ? WHERE user_id = ?", (interaction_id, user_id))
        waiting = db.execute("SELECT count(*) FROM queue_entries WHERE match_id = ? AND ready_id IS NULL",
                             (match_id,)).fetchone()[0]
        present = db.execute("SELECT count(*) FROM queue_entries WHERE match_id = ?", (match_id,)).fetchone()[0]
        if waiting == 0 and present == len(match.players):
            db.execute("UPDATE ranked_matches SET state = ? WHERE match_id = ?", (OPENING, match_id))
            return "all", _match(db, match_id)
        return "ready", _match(db, match_id)


def _back_in_queue(db: sqlite3.Connection, match_id: str) -> None:
    db.execute("UPDATE queue_entries SET status = 'waiting', match_id = NULL, ready_id = NULL WHERE match_id = ?",
               (match_id,))


def _opened(db: sqlite3.Connection, match_id: str, thread_id: int) -> None:
    """The match's table plays: none of its players waits any longer, even one a stale opening
    had put back in the queue meanwhile."""
    db.execute("UPDATE ranked_matches SET state = ?, thread_id = ?, opened_at = created_at WHERE match_id = ?",
               (OPENED, thread_id, match_id))
    match = _match(db, match_id)
    users = [p.user_id for p in match.players] if match is not None else []
    db.executemany("DELETE FROM queue_entries WHERE user_id = ?", [(u,) for u in users])


def _expire(db: sqlite3.Connection, now: float, stale: float) -> list[tuple[Match, list[int]]]:
    with _transaction(db):
        done: list[tuple[Match, list[int]]] = []
        due = db.execute("SELECT match_id, state FROM ranked_matches WHERE (state = ? AND ready_by < ?) "
                         "OR (state = ? AND ready_by < ?)", (READY, now, OPENING, now - stale)).fetchall()
        for match_id, state in due:
            match = _match(db, match_id)
            assert match is not None
            if state == OPENING and match.table_id is not None:
                stored = db.execute("SELECT channel_id FROM live_tables WHERE table_id = ? UNION ALL "
                                    "SELECT channel_id FROM games WHERE table_id = ?",
                                    (match.table_id, match.table_id)).fetchone()
                if stored is not None:  # its table was stored before the opener stopped: it plays
                    _opened(db, match_id, int(stored[0]))
                    continue
            dropped = [] if state == OPENING else [
                int(u) for (u,) in db.execute("SELECT user_id FROM queue_entries WHERE match_id = ? "
                                              "AND ready_id IS NULL", (match_id,))]
            db.executemany("DELETE FROM queue_entries WHERE user_id = ?", [(u,) for u in dropped])
            _back_in_queue(db, match_id)
            db.execute("UPDATE ranked_matches SET state = ? WHERE match_id = ?",
                       (UNDONE if state == OPENING else EXPIRED, match_id))
            done.append((match, dropped))
        return done


def _undo(db: sqlite3.Connection, match_id: str) -> list[QueueEntry]:
    with _transaction(db):
        _back_in_queue(db, match_id)
        db.execute("UPDATE ranked_matches SET state = ? WHERE match_id = ?", (UNDONE, match_id))
        match = _match(db, match_id)
        users = [p.user_id for p in match.players] if match else []
        rows = [db.execute(f"SELECT {ENTRY} FROM queue_entries WHERE user_id = ?", (u,)).fetchone() for u in users]
        return [entry_row(r) for r in rows if r is not None]


def _apply(db: sqlite3.Connection, game_id: int) -> list[RankChange]:
    with _transaction(db):
        if db.execute("SELECT 1 FROM ranked_results WHERE game_id = ?", (game_id,)).fetchone():
            return _changes_of(db, game_id)
        row = db.execute("""SELECT g.guild_id, g.mode, g.options, g.finished_at FROM games g
                            JOIN ranked_matches m ON m.table_id = g.table_id AND m.ranked = 1
                            WHERE g.game_id = ? AND g.guild_id IS NOT NULL""", (game_id,)).fetchone()
        if row is None:
            return []
        guild, mode, options, finished = int(row[0]), row[1], json.loads(row[2]), float(row[3])
        seats = [(None if u is None else int(u), int(r)) for u, r in db.execute(
            "SELECT user_id, rank FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]
        users = [u for u, _ in seats if u is not None]
        standings = {int(u): Standing(int(lv), int(pt)) for u, lv, pt in db.execute(
            f"SELECT user_id, level, points FROM ranked_players WHERE guild_id = ? AND mode = ? "
            f"AND user_id IN ({','.join('?' * len(users))})", (guild, mode, *users))}
        changes = changes_for(game_id, seats, standings, length_of(mode, options), finished)
        db.execute("INSERT INTO ranked_results (game_id, applied_at) VALUES (?, ?)", (game_id, time.time()))
        for c in changes:
            db.execute("""INSERT INTO ranked_players (guild_id, mode, user_id, level, points, games)
                          VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, mode, user_id) DO UPDATE
                          SET level = excluded.level, points = excluded.points, games = games + 1""",
                       (guild, mode, c.user_id, c.level_after, c.points_after))
            db.execute(f"INSERT INTO rank_changes ({CHANGE}, guild_id, mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (c.game_id, c.user_id, c.place, c.delta, c.level_before, c.points_before, c.level_after,
                        c.points_after, c.finished_at, guild, mode))
        return changes


def _changes_of(db: sqlite3.Connection, game_id: int) -> list[RankChange]:
    rows = db.execute(f"SELECT {CHANGE} FROM rank_changes WHERE game_id = ? ORDER BY place, user_id", (game_id,))
    return [change_row(r) for r in rows]


class SQLiteRanked(RankedStore):
    """The ranked half of :class:`~bot.storage.sqlite.SQLiteStore`."""

    async def _in_thread(self, work: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError

    async def _rows(self, sql: str, *args: Any) -> list[Any]:
        return await self._in_thread(lambda db: db.execute(sql, args).fetchall())

    async def get_ranked_settings(self, guild_id: int) -> RankedSettings:
        rows = await self._rows("SELECT channel_id, cpu_fill_minutes FROM ranked_settings WHERE guild_id = ?",
                                guild_id)
        return RankedSettings(guild_id, *rows[0]) if rows else RankedSettings(guild_id)

    async def set_ranked_settings(self, settings: RankedSettings) -> None:
        await self._rows("""INSERT INTO ranked_settings (guild_id, channel_id, cpu_fill_minutes) VALUES (?, ?, ?)
                            ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,
                            cpu_fill_minutes = excluded.cpu_fill_minutes""",
                         settings.guild_id, settings.channel_id, settings.cpu_fill_minutes)

    async def queue_join(self, entry: QueueEntry) -> QueueEntry | None:
        def work(db: sqlite3.Connection) -> QueueEntry | None:
            with _transaction(db):
                row = db.execute(f"SELECT {ENTRY} FROM queue_entries WHERE user_id = ?", (entry.user_id,)).fetchone()
                if row is not None:
                    return entry_row(row)
                db.execute(f"INSERT INTO queue_entries ({ENTRY}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', NULL, "
                           "NULL)", (entry.user_id, entry.guild_id, entry.game, entry.length, entry.joined_at,
                                     entry.name, entry.level, entry.lang, entry.channel_id))
                return None
        return await self._in_thread(work)

    async def queue_leave(self, user_id: int) -> QueueEntry | None:
        rows = await self._rows(f"DELETE FROM queue_entries WHERE user_id = ? RETURNING {ENTRY}", user_id)
        return entry_row(rows[0]) if rows else None

    async def queue_entry(self, user_id: int) -> QueueEntry | None:
        rows = await self._rows(f"SELECT {ENTRY} FROM queue_entries WHERE user_id = ?", user_id)
        return entry_row(rows[0]) if rows else None

    async def queue_of_guild(self, guild_id: int) -> list[QueueEntry]:
        rows = await self._rows(f"SELECT {ENTRY} FROM queue_entries WHERE guild_id = ? ORDER BY joined_at, user_id",
                                guild_id)
        return [entry_row(r) for r in rows]

    async def queue_keys(self) -> list[tuple[int, str, str]]:
        rows = await self._rows("SELECT DISTINCT guild_id, game, length FROM queue_entries")
        return [(int(g), str(m), str(n)) for g, m, n in rows]

    async def claim_matches(self, guild_id: int, game: str, length: str, now: float, ready_for: float,
                            pick: Pick, ranked: bool = True) -> list[Match]:
        return await self._in_thread(_claim, (guild_id, game, length), now, ready_for, pick, ranked)

    async def get_match(self, match_id: str) -> Match | None:
        return await self._in_thread(_match, match_id)

    async def mark_ready(self, match_id: str, user_id: int, interaction_id: int, now: float) -> ReadyAnswer:
        return await self._in_thread(_ready, match_id, user_id, interaction_id, now)

    async def expire_matches(self, now: float, stale_opening: float = 300.0) -> list[tuple[Match, list[int]]]:
        return await self._in_thread(_expire, now, stale_opening)

    async def match_table(self, match_id: str, table_id: str) -> None:
        await self._rows("UPDATE ranked_matches SET table_id = ? WHERE match_id = ?", table_id, match_id)

    async def match_opened(self, match_id: str, thread_id: int) -> None:
        def work(db: sqlite3.Connection) -> None:
            with _transaction(db):
                _opened(db, match_id, thread_id)
        await self._in_thread(work)

    async def match_undo(self, match_id: str) -> list[QueueEntry]:
        return await self._in_thread(_undo, match_id)

    async def recent_waits(self, guild_id: int, game: str, since: float) -> list[float]:
        rows = await self._rows("SELECT created_at, players FROM ranked_matches WHERE guild_id = ? AND game = ? "
                                "AND opened_at >= ?", guild_id, game, since)
        return [float(at) - p["joined_at"] for at, players in rows for p in json.loads(players)]

    async def seated_in_guild(self, guild_id: int) -> set[int]:
        rows = await self._rows("SELECT meta FROM live_tables WHERE guild_id = ?", guild_id)
        return seated_users([json.loads(m) for (m,) in rows])

    async def ranked_standings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, RankedRow]:
        if not user_ids:
            return {}
        rows = await self._rows(f"SELECT user_id, level, points, games FROM ranked_players WHERE guild_id = ? "
                                f"AND mode = ? AND user_id IN ({','.join('?' * len(user_ids))})",
                                guild_id, game, *user_ids)
        return {int(u): RankedRow(guild_id, game, int(u), int(lv), int(pt), int(n)) for u, lv, pt, n in rows}

    async def ranked_leaderboard(self, guild_id: int, game: str, offset: int = 0, limit: int = 10
                                 ) -> list[RankedRow]:
        rows = await self._rows("SELECT user_id, level, points, games FROM ranked_players WHERE guild_id = ? "
                                "AND mode = ? ORDER BY level DESC, points DESC, user_id LIMIT ? OFFSET ?",
                                guild_id, game, limit, offset)
        return [RankedRow(guild_id, game, int(u), int(lv), int(pt), int(n)) for u, lv, pt, n in rows]

    async def apply_ranked_game(self, game_id: int) -> list[RankChange]:
        return await self._in_thread(_apply, game_id)

    async def unapplied_ranked_games(self) -> list[int]:
        rows = await self._rows("""SELECT g.game_id FROM games g JOIN ranked_matches m ON m.table_id = g.table_id
                                   AND m.ranked = 1 LEFT JOIN ranked_results r ON r.game_id = g.game_id
                                   WHERE r.game_id IS NULL ORDER BY g.game_id""")
        return [int(g) for (g,) in rows]

    async def rank_changes(self, guild_id: int, user_id: int, game: str, limit: int = 10) -> list[RankChange]:
        rows = await self._rows(f"SELECT {CHANGE} FROM rank_changes WHERE guild_id = ? AND user_id = ? AND mode = ? "
                                "ORDER BY game_id DESC LIMIT ?", guild_id, user_id, game, limit)
        return [change_row(r) for r in rows]

    async def rank_changes_of_game(self, game_id: int) -> list[RankChange]:
        return await self._in_thread(_changes_of, game_id)
