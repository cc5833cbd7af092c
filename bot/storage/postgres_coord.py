"""Leases, turn deadlines and forwarding on PostgreSQL: what lets any process serve any table.

- A lease is a row (table, holder, expiry) taken or extended by one conditional upsert, on the
  database's clock, so one process at a time holds a table and another takes it once it runs out.
- A turn deadline is a row claimed with ``SELECT … FOR UPDATE SKIP LOCKED``: concurrent claimers
  never get the same row, a claim lasts ``hold_for`` seconds, and storing the timeout move drops
  the row in the same transaction. A claimant that dies leaves a claim that runs out.
- Forwarding is ``NOTIFY`` on a channel per holder (and schema), sent in the statement that reads
  the lease, and ``LISTEN`` on a connection of its own in the holder's process.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from datetime import datetime
from typing import Any

import asyncpg

from bot.storage.base import Deadline, Forwarded, HandedOff
from bot.storage.live import dumps

log = logging.getLogger(__name__)

MAX_PAYLOAD = 7000  # NOTIFY takes under 8,000 bytes; leave room for the table id
CHANNEL = "'janpo_' || left(md5(current_schema() || ':' || {holder}), 24)"
HANDOFFS = "'janpo_free_' || left(md5(current_schema()), 20)"  # one channel per schema, every process


class PostgresCoordination:
    """The coordination half of :class:`~bot.storage.postgres.PostgresStore`."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self._listener: asyncpg.Connection | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def acquire_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        got = await self._pool.fetchval(
            """INSERT INTO table_leases (table_id, holder, expires_at)
               VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))
               ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
               WHERE table_leases.holder = excluded.holder OR table_leases.expires_at <= clock_timestamp()
               RETURNING 1""",
            table_id, holder, seconds,
        )
        return got is not None

    async def renew_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        status = await self._pool.execute(
            """UPDATE table_leases SET expires_at = clock_timestamp() + make_interval(secs => $3)
               WHERE table_id = $1 AND holder = $2""",
            table_id, holder, seconds,
        )
        return bool(status == "UPDATE 1")

    async def release_lease(self, table_id: str, holder: str) -> None:
        await self._pool.execute("DELETE FROM table_leases WHERE table_id = $1 AND holder = $2", table_id, holder)

    async def lease_holder(self, table_id: str) -> str | None:
        value = await self._pool.fetchval(
            "SELECT holder FROM table_leases WHERE table_id = $1 AND expires_at > clock_timestamp()", table_id
        )
        return None if value is None else str(value)

    async def set_deadline(self, table_id: str, kind: str, move_no: int, due_at: datetime) -> None:
        await self._pool.execute(
            """INSERT INTO turn_deadlines (table_id, kind, move_no, due_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (table_id, kind) DO UPDATE SET move_no = excluded.move_no, due_at = excluded.due_at,
                                                         claimed_by = NULL, claimed_until = NULL""",
            table_id, kind, move_no, due_at,
        )

    async def clear_deadline(self, table_id: str, kind: str) -> None:
        await self._pool.execute("DELETE FROM turn_deadlines WHERE table_id = $1 AND kind = $2", table_id, kind)

    async def claim_deadlines(self, holder: str, limit: int = 100, hold_for: float = 30.0) -> list[Deadline]:
        rows = await self._pool.fetch(
            """WITH due AS (
                   SELECT table_id, kind FROM turn_deadlines
                   WHERE due_at <= clock_timestamp()
                     AND (claimed_until IS NULL OR claimed_until <= clock_timestamp())
                   ORDER BY due_at LIMIT $2
                   FOR UPDATE SKIP LOCKED)
               UPDATE turn_deadlines d
               SET claimed_by = $1, claimed_until = clock_timestamp() + make_interval(secs => $3)
               FROM due WHERE d.table_id = due.table_id AND d.kind = due.kind
               RETURNING d.table_id, d.kind, d.move_no, d.due_at""",
            holder, limit, hold_for,
        )
        return sorted((Deadline(*r) for r in rows), key=lambda d: (d.due_at, d.table_id, d.kind))

    async def forward(self, table_id: str, payload: dict[str, Any]) -> str | None:
        text = dumps({"table_id": table_id, "payload": payload})
        if len(text.encode()) > MAX_PAYLOAD:
            raise ValueError(f"a forwarded payload is at most {MAX_PAYLOAD} bytes")
        row = await self._pool.fetchrow(
            f"""WITH h AS (SELECT holder FROM table_leases WHERE table_id = $1 AND expires_at > clock_timestamp())
                SELECT holder, pg_notify({CHANNEL.format(holder="holder")}, $2) FROM h""",
            table_id, text,
        )
        return None if row is None else str(row[0])

    async def listen(self, holder: str, callback: Forwarded) -> None:
        if self._listener is None:
            self._listener = await asyncpg.connect(self._url)
        channel = await self._listener.fetchval(f"SELECT {CHANNEL.format(holder='$1::text')}", holder)

        def deliver(_conn: Any, _pid: int, _channel: str, text: str) -> None:
            message = json.loads(text)
            result = callback(message["table_id"], message["payload"])
            if inspect.isawaitable(result):
                task = asyncio.ensure_future(result)
                self._tasks.add(task)
                task.add_done_callback(self._done)

        await self._listener.add_listener(channel, deliver)

    async def hand_off(self, table_id: str, holder: str) -> bool:
        row = await self._pool.fetchrow(
            f"""WITH gone AS (DELETE FROM table_leases WHERE table_id = $1 AND holder = $2 RETURNING table_id)
                SELECT pg_notify({HANDOFFS}, $3) FROM gone""",
            table_id, holder, dumps({"table_id": table_id, "holder": holder}),
        )
        return row is not None

    async def listen_handoffs(self, callback: HandedOff) -> None:
        if self._listener is None:
            self._listener = await asyncpg.connect(self._url)
        channel = await self._listener.fetchval(f"SELECT {HANDOFFS}")

        def deliver(_conn: Any, _pid: int, _channel: str, text: str) -> None:
            message = json.loads(text)
            result = callback(message["table_id"], message["holder"])
            if inspect.isawaitable(result):
                task = asyncio.ensure_future(result)
                self._tasks.add(task)
                task.add_done_callback(self._done)

        await self._listener.add_listener(channel, deliver)

    async def lease_counts(self) -> dict[str, int]:
        rows = await self._pool.fetch(
            """SELECT holder, count(*) FROM table_leases WHERE expires_at > clock_timestamp()
               GROUP BY holder ORDER BY holder""")
        return {str(r[0]): int(r[1]) for r in rows}

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a forwarded interaction failed", exc_info=task.exception())

    async def _close_listener(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        for task in list(self._tasks):
            task.cancel()
