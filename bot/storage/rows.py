"""Database rows to the records of :mod:`bot.storage.base`, for every backend.

Times arrive as Unix seconds from SQLite and as aware datetimes from PostgreSQL; JSON columns as
text from both.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from bot.storage.base import AbortedGame, GameSummary, SeatSummary, StoredGame

Row = Sequence[Any]


KYOKU_FIELDS = ("kyoku", "honba", "result", "winner", "from", "han", "fu", "yaku", "deltas")
POKER_FIELDS = ("hand", "board", "pots", "deltas")


def extra(result: dict[str, Any], columns: tuple[str, ...]) -> dict[str, Any]:
    """The fields of a result without a column of their own (a Janpo hand's ``kyoku``, ``shown``)."""
    return {k: v for k, v in result.items() if k not in columns}


def when(value: int | float | datetime) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromtimestamp(value, UTC)


def seats_by_game(rows: Iterable[Row]) -> dict[int, list[SeatSummary]]:
    """Rows of (game_id, player, user_id, name, points, rank, rating_before, rating_after)."""
    out: dict[int, list[SeatSummary]] = {}
    for r in rows:
        out.setdefault(r[0], []).append(SeatSummary(*r[1:]))
    return out


def game_summaries(games: Iterable[Row], seat_rows: Iterable[Row]) -> list[GameSummary]:
    """Rows of (game_id, guild_id, channel_id, mode, started_at, finished_at)."""
    seats = seats_by_game(seat_rows)
    return [GameSummary(g[0], g[1], g[2], g[3], when(g[4]), when(g[5]), seats.get(g[0], [])) for g in games]


def stored_game(game: Row, seat_rows: Iterable[Row], kyoku: Iterable[Row], poker: Iterable[Row]) -> StoredGame:
    """``game`` = (game_id, guild_id, channel_id, mode, started_at, finished_at, options, seed, scenario)."""
    seats = seats_by_game(seat_rows)
    return StoredGame(
        game_id=game[0],
        guild_id=game[1],
        channel_id=game[2],
        game=game[3],
        started_at=when(game[4]),
        finished_at=when(game[5]),
        seats=seats.get(game[0], []),
        options=json.loads(game[6]),
        seed=game[7],
        scenario=json.loads(game[8]),
        kyoku_results=[
            {**dict(zip(KYOKU_FIELDS, (*k[:7], json.loads(k[7]), json.loads(k[8])), strict=True)),
             **json.loads(k[9])}
            for k in kyoku
        ],
        poker_results=[
            {**dict(zip(POKER_FIELDS, (p[0], p[1], json.loads(p[2]), json.loads(p[3])), strict=True)),
             **json.loads(p[4])}
            for p in poker
        ],
    )


def settings_object(text: str) -> dict[str, Any] | None:
    """A stored user-settings row as an object; a row that is not a JSON object reads as none."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


ABORTED_COLUMNS = ("aborted_id, table_id, guild_id, channel_id, mode, scenario, meta, reason, opened_at,"
                   " aborted_at")


def aborted_game(row: Row) -> AbortedGame:
    """A row of ``ABORTED_COLUMNS``."""
    return AbortedGame(int(row[0]), row[1], row[2], row[3], row[4], json.loads(row[5]), json.loads(row[6]), row[7],
                       when(row[8]), when(row[9]))
