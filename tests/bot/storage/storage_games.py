"""Hand-made finished games for the storage tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.storage import FinishedGame, SeatResult

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
Seat = tuple[int | None, int]  # (user id or None for a CPU, final points)


def make_game(
    seats: list[Seat],
    guild_id: int | None = 1,
    game: str = "riichi",
    finished_at: datetime = NOW,
    ranks: list[int] | None = None,
    stats: list[dict[str, Any]] | None = None,
    cpu_level: str = "normal",
) -> FinishedGame:
    names = "ABCDEFGHIJ"
    return FinishedGame(
        guild_id=guild_id,
        channel_id=100,
        game=game,
        options={"red_fives": True},
        started_at=finished_at - timedelta(minutes=40),
        finished_at=finished_at,
        seed=7,
        scenario={"game": game, "players": list(names[: len(seats)]), "seed": 7, "moves": [["A", "tsumogiri"]]},
        seats=[
            SeatResult(
                player=names[i],
                user_id=user,
                name=f"user{user}" if user is not None else f"CPU {names[i]}",
                points=points,
                rank=None if ranks is None else ranks[i],
                cpu_level=None if user is not None else cpu_level,
                stats=(stats or [{}] * len(seats))[i],
            )
            for i, (user, points) in enumerate(seats)
        ],
        kyoku_results=[
            {"kyoku": "E1", "honba": 0, "result": "ron", "winner": "A", "from": "B", "han": 2, "fu": 30,
             "yaku": ["Tanyao", "Dora 1"], "deltas": {"A": 2000, "B": -2000}},
        ],
        poker_results=[
            {"hand": 1, "board": "2h3d4hTs9c", "pots": [{"amount": 1000, "winners": ["A"]}],
             "deltas": {"A": 500, "B": -500}},
        ],
    )
