"""Apply a stored game to its guild's ratings and all-time totals (inside the caller's transaction).

Shared by :meth:`SQLiteStore.finish_game` and the migration that rates games stored before
ratings existed, so both give the same numbers. Games outside a guild are not rated.
"""

from __future__ import annotations

import aiosqlite

from bot.storage.rating import DEFAULT_RATING, cpu_rating, update


async def rate_stored_game(db: aiosqlite.Connection, game_id: int) -> None:
    """Rate game ``game_id`` from its seats: write each seat's rating before/after and add the game
    to its human players' totals. Must run in the transaction that stored the game."""
    seats = list(
        await db.execute_fetchall(
            "SELECT seat, user_id, cpu_level, rank, points, guild_id, mode FROM seats"
            " WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
    )
    humans = [s for s in seats if s[1] is not None]
    if not humans or seats[0][5] is None:
        return
    guild_id, mode = seats[0][5], seats[0][6]
    marks = ",".join("?" * len(humans))
    current: dict[int, float] = dict(
        await db.execute_fetchall(  # type: ignore[arg-type]
            f"SELECT user_id, rating FROM players WHERE guild_id = ? AND mode = ? AND user_id IN ({marks})",
            (guild_id, mode, *(s[1] for s in humans)),
        )
    )
    before = [current.get(s[1], DEFAULT_RATING) if s[1] is not None else cpu_rating(s[2]) for s in seats]
    after = update(before, [s[3] for s in seats], fixed=[s[1] is None for s in seats])
    await db.executemany(
        "UPDATE seats SET rating_before = ?, rating_after = ? WHERE game_id = ? AND seat = ?",
        [(before[i], after[i], game_id, s[0]) for i, s in enumerate(seats) if s[1] is not None],
    )
    await db.executemany(
        """INSERT INTO players (guild_id, mode, user_id, rating, games, rank_sum, firsts, points_sum)
           VALUES (?, ?, ?, ?, 1, ?, ?, ?)
           ON CONFLICT (guild_id, mode, user_id) DO UPDATE SET
               rating = excluded.rating,
               games = games + 1,
               rank_sum = rank_sum + excluded.rank_sum,
               firsts = firsts + excluded.firsts,
               points_sum = points_sum + excluded.points_sum""",
        [
            (guild_id, mode, s[1], after[i], s[3], int(s[3] == 1), s[4])
            for i, s in enumerate(seats)
            if s[1] is not None
        ],
    )
