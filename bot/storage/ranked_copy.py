"""Ranked play's rows in the copy tool (:mod:`bot.storage.copy`): the queue, matches, ladder and
counted games go over as they are (game ids are kept by the copy, so counted games stay counted)."""

from __future__ import annotations

import json
from typing import Any

RANKED_TABLES: dict[str, tuple[str, ...]] = {
    "ranked_settings": ("guild_id", "channel_id", "cpu_fill_minutes"),
    "queue_entries": ("user_id", "guild_id", "game", "length", "joined_at", "name", "level", "lang", "channel_id",
                      "status", "match_id", "ready_id"),
    "ranked_matches": ("match_id", "guild_id", "game", "length", "created_at", "ready_by", "secret", "state",
                       "ranked", "players", "table_id", "thread_id", "opened_at"),
    "ranked_players": ("guild_id", "mode", "user_id", "level", "points", "games"),
    "ranked_results": ("game_id", "applied_at"),
    "rank_changes": ("game_id", "user_id", "guild_id", "mode", "place", "delta", "level_before", "points_before",
                     "level_after", "points_after", "finished_at"),
}


def _value(column: str, value: Any) -> Any:
    if column == "ranked":
        return bool(value)
    if column == "players":
        return json.dumps(json.loads(value))
    return value


async def copy_ranked(db: Any, pool: Any) -> int:
    """Copy every ranked row from the SQLite connection ``db`` into the PostgreSQL ``pool``; how many."""
    copied = 0
    for table, columns in RANKED_TABLES.items():
        rows = await db.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table}")
        marks = ", ".join(f"${i}" + ("::jsonb" if c == "players" else "") for i, c in enumerate(columns, 1))
        await pool.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                               [[_value(c, v) for c, v in zip(columns, row, strict=True)] for row in rows])
        copied += len(rows)
    return copied
