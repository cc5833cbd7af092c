"""Tables in play on PostgreSQL: a header row in ``live_tables`` plus one ``live_moves`` row per move.

:func:`append_moves` is one statement: it bumps ``move_count`` only where it still equals the
first new move's number, inserts the moves and drops the turn deadlines they answer. A second
writer racing for the same move waits on the header's row lock, finds ``move_count`` moved on
and changes nothing, so it gets :class:`MoveConflict`; the ``(table_id, move_no)`` key backs
that up.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import asyncpg

from bot.storage.base import MoveConflict, TableRecord
from bot.storage.live import dumps, join_scenario, split_scenario

HEADER = "SELECT table_id, guild_id, channel_id, game, scenario, meta FROM live_tables"

INSERT_MOVES = """INSERT INTO live_moves (table_id, move_no, move)
                  SELECT $1, $2 + u.i - 1, u.m::json FROM unnest($3::text[]) WITH ORDINALITY AS u(m, i)"""

APPEND = """WITH bumped AS (
                UPDATE live_tables SET move_count = move_count + cardinality($3::text[]),
                                       meta = COALESCE($4::jsonb, meta), updated_at = now()
                WHERE table_id = $1 AND move_count = $2
                RETURNING table_id),
            added AS (
                INSERT INTO live_moves (table_id, move_no, move)
                SELECT b.table_id, $2 + u.i - 1, u.m::json
                FROM bumped b, unnest($3::text[]) WITH ORDINALITY AS u(m, i)),
            answered AS (
                DELETE FROM turn_deadlines d USING bumped b
                WHERE d.table_id = b.table_id AND d.move_no < $2 + cardinality($3::text[]))
            SELECT count(*) FROM bumped"""


async def _stored_count(conn: asyncpg.Connection, table_id: str) -> int | None:
    value = await conn.fetchval("SELECT move_count FROM live_tables WHERE table_id = $1", table_id)
    return None if value is None else int(value)


async def _insert_header(conn: asyncpg.Connection, rec: TableRecord, header: dict[str, Any], count: int) -> bool:
    added = await conn.fetchval(
        """INSERT INTO live_tables (table_id, guild_id, channel_id, game, scenario, meta, move_count)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (table_id) DO NOTHING RETURNING 1""",
        rec.table_id, rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), count,
    )
    return added is not None


async def create_table(conn: asyncpg.Connection, rec: TableRecord) -> None:
    header, moves = split_scenario(rec.scenario)
    async with conn.transaction():
        if not await _insert_header(conn, rec, header, len(moves)):
            raise MoveConflict(rec.table_id, 0, await _stored_count(conn, rec.table_id))
        await conn.execute(INSERT_MOVES, rec.table_id, 0, [dumps(m) for m in moves])


async def save_table(conn: asyncpg.Connection, rec: TableRecord) -> None:
    header, moves = split_scenario(rec.scenario)
    async with conn.transaction():
        if await _insert_header(conn, rec, header, len(moves)):
            await conn.execute(INSERT_MOVES, rec.table_id, 0, [dumps(m) for m in moves])
            return
        stored = int(await conn.fetchval(
            "SELECT move_count FROM live_tables WHERE table_id = $1 FOR UPDATE", rec.table_id
        ))
        keep = stored
        if stored > len(moves):
            keep = 0
        elif stored:
            last = await conn.fetchval(
                "SELECT move FROM live_moves WHERE table_id = $1 AND move_no = $2", rec.table_id, stored - 1
            )
            if last is None or json.loads(last) != moves[stored - 1]:
                keep = 0
        if keep < stored:
            await conn.execute("DELETE FROM live_moves WHERE table_id = $1 AND move_no >= $2", rec.table_id, keep)
        await conn.execute(
            """UPDATE live_tables SET guild_id = $2, channel_id = $3, game = $4, scenario = $5, meta = $6,
                                      updated_at = now(), move_count = $7 WHERE table_id = $1""",
            rec.table_id, rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), len(moves),
        )
        await conn.execute(INSERT_MOVES, rec.table_id, keep, [dumps(m) for m in moves[keep:]])


async def append_moves(
    conn: asyncpg.Connection, table_id: str, first: int, moves: list[Any], meta: dict[str, Any] | None
) -> int:
    if first < 0:
        raise ValueError("move numbers start at 0")
    done = await conn.fetchval(APPEND, table_id, first, [dumps(m) for m in moves],
                               None if meta is None else dumps(meta))
    if done != 1:
        raise MoveConflict(table_id, first, await _stored_count(conn, table_id))
    return first + len(moves)


def _records(headers: Iterable[Any], move_rows: Iterable[Any]) -> list[TableRecord]:
    moves: dict[str, list[Any]] = {}
    for table_id, move in move_rows:
        moves.setdefault(table_id, []).append(json.loads(move))
    return [
        TableRecord(h[0], h[1], h[2], h[3], join_scenario(json.loads(h[4]), moves.get(h[0], [])), json.loads(h[5]))
        for h in headers
    ]


async def load_table(conn: asyncpg.Connection, table_id: str) -> TableRecord | None:
    async with conn.transaction(isolation="repeatable_read", readonly=True):  # header and moves agree
        headers = await conn.fetch(HEADER + " WHERE table_id = $1", table_id)
        if not headers:
            return None
        rows = await conn.fetch(
            "SELECT table_id, move FROM live_moves WHERE table_id = $1 ORDER BY move_no", table_id
        )
    return _records(headers, rows)[0]


async def load_unfinished(conn: asyncpg.Connection, shard: tuple[int, int] | None) -> list[TableRecord]:
    where = ""
    args: tuple[int, ...] = ()
    if shard is not None:
        shard_id, count = shard
        where = " WHERE (CASE WHEN guild_id IS NULL THEN 0 ELSE (guild_id >> 22) % $1 END) = $2"
        args = (count, shard_id)
    async with conn.transaction(isolation="repeatable_read", readonly=True):
        headers = await conn.fetch(HEADER + where + " ORDER BY position", *args)
        rows = await conn.fetch(
            f"""SELECT table_id, move FROM live_moves
                WHERE table_id IN (SELECT table_id FROM live_tables{where}) ORDER BY table_id, move_no""",
            *args,
        )
    return _records(headers, rows)


async def abort_table(conn: asyncpg.Connection, table_id: str, reason: str) -> int | None:
    """Move a dealt table with its moves to ``aborted_games`` and drop it from play, in one
    transaction; the header's row lock makes a racing append wait, then find no table."""
    async with conn.transaction():
        head = await conn.fetchrow(
            """SELECT guild_id, channel_id, game, scenario, meta, created_at FROM live_tables
               WHERE table_id = $1 FOR UPDATE""",
            table_id,
        )
        if head is None:
            return None
        scenario = json.loads(head["scenario"])
        aborted_id: int | None = None
        if scenario.get("seed") is not None:  # dealt: a game to keep; a lobby has nothing to keep
            rows = await conn.fetch("SELECT move FROM live_moves WHERE table_id = $1 ORDER BY move_no", table_id)
            full = join_scenario(scenario, [json.loads(r[0]) for r in rows])
            aborted_id = int(await conn.fetchval(
                """INSERT INTO aborted_games (table_id, guild_id, channel_id, mode, scenario, meta, reason,
                                              opened_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                   RETURNING aborted_id""",
                table_id, head["guild_id"], head["channel_id"], head["game"], dumps(full), head["meta"], reason,
                head["created_at"],
            ))
        await conn.execute("DELETE FROM live_tables WHERE table_id = $1", table_id)
    return aborted_id
