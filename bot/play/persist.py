"""Every storage call of table play, in one place (the Store interface grows here, not elsewhere).

A table is saved after each change and before anyone is told of it: the save is queued on the
store's one writer (:mod:`bot.storage.writer`) under the table's lock, so the table's saves keep
the order of its changes, and awaited once the lock is released, so no lock waits on the disk.
A table in play is saved by appending the moves the store does not have yet (``append_moves``,
whose cost does not grow with the game); only a new table, a lobby, or a table whose scenario
header changed (the Start fixes the seed and the seats) is written whole. If another process
stored moves meanwhile, the append fails with ``MoveConflict`` with nothing written: this copy of
the table is stale, and the caller answers from what is stored.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from bot.comfort import UserSettings
from bot.play.session import TableSession
from bot.play.table import Table
from bot.storage import FinishedGame, TableRecord
from bot.storage.base import MoveConflict

__all__ = ["MoveConflict", "Saving", "drop", "finish", "mark_saved", "queue_save", "record", "settled", "unfinished"]


@dataclass
class Saving:
    """A save queued for a table: ``future`` resolves once it is stored (or refused); ``rows``
    are the turn timers to store once it is (several processes)."""

    future: asyncio.Future[Any]
    rows: dict[str, tuple[int, float]] = field(default_factory=dict)


def _header(table: Table) -> str:
    """Everything of the scenario but its moves: while it stays the same, appending suffices."""
    scenario = table.scenario()
    scenario.pop("moves")
    return json.dumps(scenario, sort_keys=True, default=str)


def record(table: Table, meta: dict[str, Any] | None = None) -> TableRecord:
    """The table as stored whole (``meta``: its ``table.meta()``, when the caller has it already)."""
    return TableRecord(table.table_id, table.guild_id, table.channel_id, table.game_name, table.scenario(),
                       table.meta() if meta is None else meta)


def mark_saved(session: TableSession) -> None:
    """The store holds the table as it is in memory (just saved, or just loaded)."""
    session.saved = (session.table.move_no, _header(session.table))
    session.saved_meta = None  # not known: the next save writes it


def queue_save(store: Any, session: TableSession, patient: bool = False) -> asyncio.Future[Any]:
    """Queue the table as it is now (lock held; nothing awaited): what the store lacks of it.
    ``patient``: no player waits for this save, so the writer may batch it with later ones."""
    table = session.table
    header = _header(table)
    writer = store.writer
    meta = table.meta()
    if session.saved is None or session.saved[1] != header or table.status != "playing":
        future: asyncio.Future[Any] = writer.save(record(table, meta))
    else:
        stored = session.saved[0]
        # The meta (timers, banks, flags) is written only when it changed: a CPU-only table's
        # rarely does, and its JSON was a good part of each save.
        future = writer.append(table.table_id, stored, table.moves[stored:],
                               None if meta == session.saved_meta else meta, patient=patient)
    session.saved = (table.move_no, header)
    session.saved_meta = meta
    session.pending = future
    return future


async def settled(store: Any, session: TableSession) -> None:
    """Wait until the table's saves queued so far are written (before a write outside the
    writer: the end of the game, a stop), whatever their outcome; none of them lingers."""
    if session.pending is not None and not session.pending.done():
        store.writer.hurry()
        await asyncio.wait([session.pending])


async def load(store: Any, table_id: str) -> TableRecord | None:
    found: TableRecord | None = await store.load_table(table_id)
    return found


async def drop(store: Any, table: Table) -> int | None:
    """A table that will never be played on. A lobby cancelled or expired (status ``cancelled``)
    is deleted; a table stopped (``aborted``: ``/table abort``; ``gone``: its channel or server)
    is kept as an aborted game, never rated, if it was dealt (the store deletes an undealt one).
    Returns the aborted game's id, if one was kept."""
    if table.status == "cancelled":
        await store.delete_table(table.table_id)
        return None
    aborted: int | None = await store.abort_table(table.table_id, table.status)
    return aborted


async def finish(store: Any, table: Table, result: FinishedGame) -> int:
    """Store the finished game; its id in the store."""
    return int(await store.finish_game(table.table_id, result))


async def user_settings(store: Any, user_id: int) -> UserSettings:
    """A player's own switches (``/settings me``); a player who never set any has them all off."""
    return UserSettings.from_json(await store.get_user_settings(user_id))
async def unfinished(store: Any, shards: tuple[tuple[int, ...], int] | None = None) -> list[TableRecord]:
    """Every table in play, or (``shards`` = shard ids, shard count) those of these shards' guilds."""
    if shards is None:
        return list(await store.load_unfinished())
    ids, count = shards
    found: list[TableRecord] = []
    for shard in ids:
        found.extend(await store.load_unfinished(shard=(shard, count)))
    return found
