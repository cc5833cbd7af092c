"""Tables in play on SQLite: a header row in ``live_tables`` plus one ``live_moves`` row per move.

Each function runs under :class:`~bot.storage.sqlite.SQLiteStore`'s lock and, where it writes
more than one statement, in its own ``BEGIN IMMEDIATE`` transaction. ``move_count`` on the header
is the number of moves stored; an append is accepted only if it starts exactly there, so a second
writer with a stale copy fails with :class:`MoveConflict` instead of forking the game.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.storage.base import MoveConflict, TableRecord
from bot.storage.live import dumps, join_scenario, split_scenario

HEADER = "SELECT table_id, guild_id, channel_id, game, scenario, meta FROM live_tables"


@asynccontextmanager
async def transaction(db: aiosqlite.Connection) -> AsyncIterator[None]:
    await db.execute("BEGIN IMMEDIATE")
    try:
        yield
        await db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a failed COMMIT may have ended it already
            await db.execute("ROLLBACK")
        raise


async def _insert_moves(db: aiosqlite.Connection, table_id: str, first: int, moves: Iterable[Any]) -> None:
    await db.executemany(
        "INSERT INTO live_moves (table_id, move_no, move) VALUES (?, ?, ?)",
        [(table_id, first + i, dumps(m)) for i, m in enumerate(moves)],
    )


async def _stored_count(db: aiosqlite.Connection, table_id: str) -> int | None:
    rows = list(await db.execute_fetchall("SELECT move_count FROM live_tables WHERE table_id = ?", (table_id,)))
    return int(rows[0][0]) if rows else None


async def create_table(db: aiosqlite.Connection, rec: TableRecord) -> None:
    header, moves = split_scenario(rec.scenario)
    now = time.time()
    async with transaction(db):
        if await _stored_count(db, rec.table_id) is not None:
            raise MoveConflict(rec.table_id, 0, await _stored_count(db, rec.table_id))
        await db.execute(
            """INSERT INTO live_tables (table_id, guild_id, channel_id, game, scenario, meta, created_at,
                                        updated_at, move_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (rec.table_id, rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), now, now,
             len(moves)),
        )
        await _insert_moves(db, rec.table_id, 0, moves)


async def save_table(db: aiosqlite.Connection, rec: TableRecord) -> None:
    header, moves = split_scenario(rec.scenario)
    now = time.time()
    async with transaction(db):
        stored = await _stored_count(db, rec.table_id)
        if stored is None:
            await db.execute(
                """INSERT INTO live_tables (table_id, guild_id, channel_id, game, scenario, meta, created_at,
                                            updated_at, move_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (rec.table_id, rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), now,
                 now, len(moves)),
            )
            await _insert_moves(db, rec.table_id, 0, moves)
            return
        keep = stored
        if stored > len(moves):
            keep = 0
        elif stored:
            last = list(await db.execute_fetchall(
                "SELECT move FROM live_moves WHERE table_id = ? AND move_no = ?", (rec.table_id, stored - 1)
            ))
            if not last or json.loads(last[0][0]) != moves[stored - 1]:
                keep = 0
        if keep < stored:
            await db.execute("DELETE FROM live_moves WHERE table_id = ? AND move_no >= ?", (rec.table_id, keep))
        await db.execute(
            """UPDATE live_tables SET guild_id = ?, channel_id = ?, game = ?, scenario = ?, meta = ?,
                                      updated_at = ?, move_count = ? WHERE table_id = ?""",
            (rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), now, len(moves),
             rec.table_id),
        )
        await _insert_moves(db, rec.table_id, keep, moves[keep:])


async def append_moves(
    db: aiosqlite.Connection, table_id: str, first: int, moves: list[Any], meta: dict[str, Any] | None
) -> int:
    if first < 0:
        raise ValueError("move numbers start at 0")
    async with transaction(db):
        cursor = await db.execute(
            """UPDATE live_tables SET move_count = move_count + ?, meta = COALESCE(?, meta), updated_at = ?
               WHERE table_id = ? AND move_count = ?""",
            (len(moves), None if meta is None else dumps(meta), time.time(), table_id, first),
        )
        if cursor.rowcount != 1:
            raise MoveConflict(table_id, first, await _stored_count(db, table_id))
        await _insert_moves(db, table_id, first, moves)
        await db.execute(
            "DELETE FROM turn_deadlines WHERE table_id = ? AND move_no < ?", (table_id, first + len(moves))
        )
    return first + len(moves)


def _records(headers: Iterable[Any], move_rows: Iterable[Any]) -> list[TableRecord]:
    moves: dict[str, list[Any]] = {}
    for table_id, move in move_rows:
        moves.setdefault(table_id, []).append(json.loads(move))
    return [
        TableRecord(h[0], h[1], h[2], h[3], join_scenario(json.loads(h[4]), moves.get(h[0], [])), json.loads(h[5]))
        for h in headers
    ]


async def load_table(db: aiosqlite.Connection, table_id: str) -> TableRecord | None:
    headers = list(await db.execute_fetchall(HEADER + " WHERE table_id = ?", (table_id,)))
    if not headers:
        return None
    rows = await db.execute_fetchall(
        "SELECT table_id, move FROM live_moves WHERE table_id = ? ORDER BY move_no", (table_id,)
    )
    return _records(headers, rows)[0]


async def load_unfinished(db: aiosqlite.Connection, shard: tuple[int, int] | None) -> list[TableRecord]:
    where = ""
    args: tuple[int, ...] = ()
    if shard is not None:
        shard_id, count = shard
        where = " WHERE (CASE WHEN guild_id IS NULL THEN 0 ELSE (guild_id >> 22) % ? END) = ?"
        args = (count, shard_id)
    headers = list(await db.execute_fetchall(HEADER + where + " ORDER BY created_at, table_id", args))
    rows = await db.execute_fetchall(
        f"""SELECT table_id, move FROM live_moves
            WHERE table_id IN (SELECT table_id FROM live_tables{where}) ORDER BY table_id, move_no""",
        args,
    )
    return _records(headers, rows)


async def abort_table(db: aiosqlite.Connection, table_id: str, reason: str) -> int | None:
    """Move a dealt table with its moves to ``aborted_games`` and drop it from play, in one
    transaction (the move rows and timers go with the header, by their foreign keys)."""
    async with transaction(db):
        headers = list(await db.execute_fetchall(
            "SELECT guild_id, channel_id, game, scenario, meta, created_at FROM live_tables WHERE table_id = ?",
            (table_id,),
        ))
        if not headers:
            return None
        guild_id, channel_id, game, header, meta, created_at = headers[0]
        scenario = json.loads(header)
        aborted_id: int | None = None
        if scenario.get("seed") is not None:  # dealt: a game to keep; a lobby has nothing to keep
            rows = await db.execute_fetchall(
                "SELECT move FROM live_moves WHERE table_id = ? ORDER BY move_no", (table_id,)
            )
            full = join_scenario(scenario, [json.loads(r[0]) for r in rows])
            cursor = await db.execute(
                """INSERT INTO aborted_games (table_id, guild_id, channel_id, mode, scenario, meta, reason,
                                              opened_at, aborted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (table_id, guild_id, channel_id, game, dumps(full), meta, reason, created_at, time.time()),
            )
            aborted_id = cursor.lastrowid
        await db.execute("DELETE FROM live_tables WHERE table_id = ?", (table_id,))
    return aborted_id
