"""Where tables in play, finished games, ratings and guild settings are kept.

``store = await Store.open(path)`` opens SQLite for a file name and PostgreSQL for a
``postgresql://`` URL; the bot uses only the methods of :class:`Store` and the records below.
"""

from bot.storage.base import (
    AbortedGame,
    Deadline,
    FinishedGame,
    GameSummary,
    LeaderboardRow,
    MoveConflict,
    Period,
    PlayerStats,
    RatingPoint,
    SeatResult,
    SeatSummary,
    Store,
    StoredGame,
    StoreError,
    TableRecord,
)

__all__ = [
    "AbortedGame",
    "Deadline",
    "FinishedGame",
    "GameSummary",
    "LeaderboardRow",
    "MoveConflict",
    "Period",
    "PlayerStats",
    "RatingPoint",
    "SeatResult",
    "SeatSummary",
    "Store",
    "StoreError",
    "StoredGame",
    "TableRecord",
]
