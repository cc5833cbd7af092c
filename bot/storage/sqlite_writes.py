"""Writes of tables in play on SQLite, as plain ``sqlite3`` calls run in the connection's thread.

Each public function here is one round trip to aiosqlite's thread, however many statements it
runs: under load that thread waits for the interpreter lock at every hand-over, so a save of five
statements sent one by one cost five waits. ``write_batch`` runs a whole queue of saves
(:mod:`bot.storage.writer`) in one ``BEGIN IMMEDIATE`` transaction, each save in its own
savepoint, so a refused one (:class:`MoveConflict`) is rolled back alone.

``move_count`` on the header is the number of moves stored; an append is accepted only if it
starts exactly there, so a second writer with a stale copy fails with :class:`MoveConflict`
instead of forking the game.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.storage.base import MoveConflict, TableRecord
from bot.storage.live import dumps, split_scenario
from bot.storage.writer import Write


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a failed COMMIT may have ended it already
            db.execute("ROLLBACK")
        raise


def _insert_moves(db: sqlite3.Connection, table_id: str, first: int, moves: Iterable[Any]) -> None:
    db.executemany(
        "INSERT INTO live_moves (table_id, move_no, move) VALUES (?, ?, ?)",
        [(table_id, first + i, dumps(m)) for i, m in enumerate(moves)],
    )


def _stored_count(db: sqlite3.Connection, table_id: str) -> int | None:
    row = db.execute("SELECT move_count FROM live_tables WHERE table_id = ?", (table_id,)).fetchone()
    return int(row[0]) if row else None


def _insert_header(db: sqlite3.Connection, rec: TableRecord, header: dict[str, Any], count: int) -> None:
    now = time.time()
    db.execute(
        """INSERT INTO live_tables (table_id, guild_id, channel_id, game, scenario, meta, created_at,
                                    updated_at, move_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (rec.table_id, rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), now, now, count),
    )


def _create(db: sqlite3.Connection, rec: TableRecord) -> None:
    header, moves = split_scenario(rec.scenario)
    stored = _stored_count(db, rec.table_id)
    if stored is not None:
        raise MoveConflict(rec.table_id, 0, stored)
    _insert_header(db, rec, header, len(moves))
    _insert_moves(db, rec.table_id, 0, moves)


def _save(db: sqlite3.Connection, rec: TableRecord) -> None:
    header, moves = split_scenario(rec.scenario)
    stored = _stored_count(db, rec.table_id)
    if stored is None:
        _insert_header(db, rec, header, len(moves))
        _insert_moves(db, rec.table_id, 0, moves)
        return
    keep = stored
    if stored > len(moves):
        keep = 0
    elif stored:
        last = db.execute("SELECT move FROM live_moves WHERE table_id = ? AND move_no = ?",
                          (rec.table_id, stored - 1)).fetchone()
        if last is None or json.loads(last[0]) != moves[stored - 1]:
            keep = 0
    if keep < stored:
        db.execute("DELETE FROM live_moves WHERE table_id = ? AND move_no >= ?", (rec.table_id, keep))
    db.execute(
        """UPDATE live_tables SET guild_id = ?, channel_id = ?, game = ?, scenario = ?, meta = ?,
                                  updated_at = ?, move_count = ? WHERE table_id = ?""",
        (rec.guild_id, rec.channel_id, rec.game, dumps(header), dumps(rec.meta), time.time(), len(moves),
         rec.table_id),
    )
    _insert_moves(db, rec.table_id, keep, moves[keep:])


def _append(db: sqlite3.Connection, table_id: str, first: int, moves: list[Any], meta: dict[str, Any] | None) -> int:
    if first < 0:
        raise ValueError("move numbers start at 0")
    cursor = db.execute(
        """UPDATE live_tables SET move_count = move_count + ?, meta = COALESCE(?, meta), updated_at = ?
           WHERE table_id = ? AND move_count = ?""",
        (len(moves), None if meta is None else dumps(meta), time.time(), table_id, first),
    )
    if cursor.rowcount != 1:
        raise MoveConflict(table_id, first, _stored_count(db, table_id))
    _insert_moves(db, table_id, first, moves)
    db.execute("DELETE FROM turn_deadlines WHERE table_id = ? AND move_no < ?", (table_id, first + len(moves)))
    return first + len(moves)


def _alone(work: Callable[..., Any]) -> Callable[..., Any]:
    def run(db: sqlite3.Connection, *args: Any) -> Any:
        with _transaction(db):
            return work(db, *args)

    return run


create_table = _alone(_create)
save_table = _alone(_save)
append_moves = _alone(_append)


def write_batch(db: sqlite3.Connection, writes: list[Write]) -> list[Any]:
    """Every write in one transaction, each in a savepoint: its result, or what it raised."""
    results: list[Any] = []
    with _transaction(db):
        for w in writes:
            db.execute("SAVEPOINT write")
            try:
                if w.record is not None:
                    _save(db, w.record)
                    results.append(None)
                else:
                    results.append(_append(db, w.table_id, w.first, w.moves, w.meta))
            except (MoveConflict, ValueError, sqlite3.IntegrityError) as e:
                db.execute("ROLLBACK TO write")
                results.append(e)
            db.execute("RELEASE write")
    return results
