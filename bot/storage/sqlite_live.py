"""Tables in play on SQLite, read and stopped: a header row in ``live_tables`` plus one
``live_moves`` row per move (their writes: :mod:`bot.storage.sqlite_writes`).

Each function runs under :class:`~bot.storage.sqlite.SQLiteStore`'s lock and, where it writes
more than one statement, in its own ``BEGIN IMMEDIATE`` transaction.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.storage.base import TableRecord
from bot.storage.live import dumps, join_scenario

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
