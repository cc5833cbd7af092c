"""Leases, turn deadlines and forwarding on SQLite: the same contract within one process.

One process owns an SQLite file, so these are simple: the lease and deadline rows behave as on
PostgreSQL (a conditional upsert, a claim that runs out) on the process's clock, and forwarding
is a registry of listeners in this process keyed by the file and the holder, so two store
objects on one file (as in tests) reach each other.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import os
import time
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from bot.storage.base import Deadline, Forwarded, HandedOff

log = logging.getLogger(__name__)

_LISTENERS: dict[tuple[str, str], Forwarded] = {}
_HANDOFFS: dict[str, list[HandedOff]] = {}  # file -> every store's hand-off listener on it
MAX_PAYLOAD = 7000  # as on PostgreSQL, so code that works here works there


class SQLiteCoordination:
    """The coordination half of :class:`~bot.storage.sqlite.SQLiteStore`."""

    _db: aiosqlite.Connection
    _lock: asyncio.Lock
    _path: str

    def _init_coordination(self, path: str) -> None:
        self._path = path if path == ":memory:" else os.path.realpath(path)
        self._mine: list[tuple[str, str]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._handoffs: list[HandedOff] = []

    async def acquire_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        now = time.time()
        async with self._lock:
            cursor = await self._db.execute(
                """INSERT INTO table_leases (table_id, holder, expires_at) VALUES (?, ?, ?)
                   ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                   WHERE table_leases.holder = excluded.holder OR table_leases.expires_at <= ?""",
                (table_id, holder, now + seconds, now),
            )
            return cursor.rowcount == 1

    async def renew_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        async with self._lock:
            cursor = await self._db.execute(
                "UPDATE table_leases SET expires_at = ? WHERE table_id = ? AND holder = ?",
                (time.time() + seconds, table_id, holder),
            )
            return cursor.rowcount == 1

    async def release_lease(self, table_id: str, holder: str) -> None:
        async with self._lock:
            await self._db.execute("DELETE FROM table_leases WHERE table_id = ? AND holder = ?", (table_id, holder))

    async def lease_holder(self, table_id: str) -> str | None:
        async with self._lock:
            rows = list(await self._db.execute_fetchall(
                "SELECT holder FROM table_leases WHERE table_id = ? AND expires_at > ?", (table_id, time.time())
            ))
        return str(rows[0][0]) if rows else None

    async def set_deadline(self, table_id: str, kind: str, move_no: int, due_at: datetime) -> None:
        async with self._lock:
            await self._db.execute(
                """INSERT INTO turn_deadlines (table_id, kind, move_no, due_at) VALUES (?, ?, ?, ?)
                   ON CONFLICT (table_id, kind) DO UPDATE SET move_no = excluded.move_no,
                       due_at = excluded.due_at, claimed_by = NULL, claimed_until = NULL""",
                (table_id, kind, move_no, due_at.timestamp()),
            )

    async def clear_deadline(self, table_id: str, kind: str) -> None:
        async with self._lock:
            await self._db.execute("DELETE FROM turn_deadlines WHERE table_id = ? AND kind = ?", (table_id, kind))

    async def claim_deadlines(self, holder: str, limit: int = 100, hold_for: float = 30.0) -> list[Deadline]:
        now = time.time()
        async with self._lock:  # one statement: no other claim can run between the read and the write
            rows = await self._db.execute_fetchall(
                """UPDATE turn_deadlines SET claimed_by = ?, claimed_until = ?
                   WHERE rowid IN (SELECT rowid FROM turn_deadlines
                                   WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                                   ORDER BY due_at LIMIT ?)
                   RETURNING table_id, kind, move_no, due_at""",
                (holder, now + hold_for, now, now, limit),
            )
        found = [Deadline(r[0], r[1], r[2], datetime.fromtimestamp(r[3], UTC)) for r in rows]
        return sorted(found, key=lambda d: (d.due_at, d.table_id, d.kind))

    async def forward(self, table_id: str, payload: dict[str, Any]) -> str | None:
        message = json.loads(json.dumps({"table_id": table_id, "payload": payload}))  # a copy, as if sent
        if len(json.dumps(message).encode()) > MAX_PAYLOAD:
            raise ValueError(f"a forwarded payload is at most {MAX_PAYLOAD} bytes")
        holder = await self.lease_holder(table_id)
        callback = None if holder is None else _LISTENERS.get((self._path, holder))
        if holder is None or callback is None:
            return None if holder is None else holder  # held by a listener that is gone: it is lost
        asyncio.get_running_loop().call_soon(self._deliver, callback, table_id, message["payload"])
        return holder

    def _deliver(self, callback: Forwarded, table_id: str, payload: dict[str, Any]) -> None:
        result = callback(table_id, payload)
        if inspect.isawaitable(result):
            task = asyncio.ensure_future(result)
            self._tasks.add(task)
            task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a forwarded interaction failed", exc_info=task.exception())

    async def hand_off(self, table_id: str, holder: str) -> bool:
        async with self._lock:
            cursor = await self._db.execute("DELETE FROM table_leases WHERE table_id = ? AND holder = ?",
                                            (table_id, holder))
            held = cursor.rowcount == 1
        if held:
            for callback in list(_HANDOFFS.get(self._path, [])):
                asyncio.get_running_loop().call_soon(self._deliver_handoff, callback, table_id, holder)
        return held

    def _deliver_handoff(self, callback: HandedOff, table_id: str, holder: str) -> None:
        result = callback(table_id, holder)
        if inspect.isawaitable(result):
            task = asyncio.ensure_future(result)
            self._tasks.add(task)
            task.add_done_callback(self._done)

    async def listen_handoffs(self, callback: HandedOff) -> None:
        _HANDOFFS.setdefault(self._path, []).append(callback)
        self._handoffs.append(callback)

    async def lease_counts(self) -> dict[str, int]:
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT holder, count(*) FROM table_leases WHERE expires_at > ? GROUP BY holder ORDER BY holder",
                (time.time(),))
        return {str(r[0]): int(r[1]) for r in rows}

    async def listen(self, holder: str, callback: Forwarded) -> None:
        _LISTENERS[(self._path, holder)] = callback
        self._mine.append((self._path, holder))

    def _close_coordination(self) -> None:
        for key in self._mine:
            _LISTENERS.pop(key, None)
        mine = _HANDOFFS.get(self._path, [])
        for callback in self._handoffs:
            if callback in mine:
                mine.remove(callback)
        for task in list(self._tasks):
            task.cancel()
