"""Leagues' rows in the copy tool (:mod:`bot.storage.copy`): leagues, sign-ups, rounds, tables,
corrections and organiser roles go over as they are, ids kept (game ids are kept by the copy, so a
table's game and a correction's game stay the same game).

SQLite keeps times as epoch seconds, JSON as text and flags as 0/1; PostgreSQL as timestamptz,
jsonb and booleans. Sign-ups are inserted in SQLite's sign-up order, so PostgreSQL's ``seq`` (what
it orders sign-ups by) comes out in the same order.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

LEAGUE_TABLES: dict[str, tuple[str, ...]] = {
    "leagues": ("league_id", "guild_id", "channel_id", "name", "name_key", "game", "organiser_id", "rounds",
                "seating", "options", "settings", "status", "seed", "message_id", "created_at"),
    "league_players": ("league_id", "user_id", "name", "joined_at", "lang"),
    "league_rounds": ("league_id", "round", "forced", "playoff", "seated_at"),
    "league_tables": ("league_id", "round", "table_no", "seats", "status", "table_id", "game_id", "state",
                      "results"),
    "league_fixes": ("fix_id", "league_id", "game_id", "by_user", "reason", "before", "after", "fixed_at"),
    "league_roles": ("guild_id", "role_id"),
}
"""Each league table with its columns, in the order parents come before their children."""

ORDER = {"league_players": "league_id, joined_at, rowid"}  # the order sign-ups are read in
TIMES = frozenset({"created_at", "joined_at", "seated_at", "fixed_at"})
JSONS = frozenset({"options", "settings", "seats", "state", "results", "before", "after"})
FLAGS = frozenset({"forced", "playoff"})
IDENTITIES = (("leagues", "league_id"), ("league_fixes", "fix_id"))


def _value(column: str, value: Any) -> Any:
    if value is None:
        return None
    if column in TIMES:
        return datetime.fromtimestamp(value, UTC)
    if column in JSONS:
        return json.dumps(json.loads(value))
    if column in FLAGS:
        return bool(value)
    return value


async def copy_leagues(db: Any, pool: Any) -> int:
    """Copy every league row from the SQLite connection ``db`` into the PostgreSQL ``pool``; how many."""
    copied = 0
    for table, columns in LEAGUE_TABLES.items():
        rows = await db.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {ORDER.get(table, 'rowid')}")
        marks = ", ".join(f"${i}" + ("::jsonb" if c in JSONS else "") for i, c in enumerate(columns, 1))
        await pool.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                               [[_value(c, v) for c, v in zip(columns, row, strict=True)] for row in rows])
        copied += len(rows)
    for table, column in IDENTITIES:  # new leagues and corrections carry on after the copied ids
        await pool.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                           f" COALESCE(MAX({column}), 0) + 1, false) FROM {table}")
    return copied
