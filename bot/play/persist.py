"""Every storage call of table play, in one place (the Store interface grows here, not elsewhere).

A table is saved under its lock after each change and before anyone is told of it.
"""

from __future__ import annotations

from typing import Any

from bot.comfort import UserSettings
from bot.play.table import Table
from bot.storage import FinishedGame, TableRecord


async def save(store: Any, table: Table) -> None:
    record = TableRecord(table.table_id, table.guild_id, table.channel_id, table.game_name, table.scenario(),
                         table.meta())
    await store.save_table(record)


async def drop(store: Any, table: Table) -> None:
    """A table that will never be played on (cancelled, expired, aborted, its channel gone)."""
    await store.delete_table(table.table_id)


async def finish(store: Any, table: Table, result: FinishedGame) -> None:
    await store.finish_game(table.table_id, result)


async def unfinished(store: Any) -> list[TableRecord]:
    return list(await store.load_unfinished())


async def user_settings(store: Any, user_id: int) -> UserSettings:
    """A player's own switches (``/settings me``); a player who never set any has them all off."""
    return UserSettings.from_json(await store.get_user_settings(user_id))
