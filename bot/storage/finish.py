"""What every backend checks and derives before it stores a finished game."""

from __future__ import annotations

from typing import Any

from bot.storage.base import FinishedGame
from bot.storage.player_stats import flatten_stats
from bot.storage.rating import shared_ranks
from bot.storage.rows import KYOKU_FIELDS, POKER_FIELDS, extra


def checked_ranks(game: FinishedGame) -> list[int]:
    """The seats' ranks (by points unless all are given); refuses a game no backend should store."""
    seats = game.seats
    if not seats:
        raise ValueError("a finished game has at least one seat")
    if len({s.player for s in seats}) != len(seats):
        raise ValueError("seat names must differ")
    humans = [s.user_id for s in seats if s.user_id is not None]
    if len(set(humans)) != len(humans):
        raise ValueError("a user sits in one seat only")
    given = [s.rank for s in seats]
    if all(r is None for r in given):
        return shared_ranks([s.points for s in seats])
    if any(r is None for r in given):
        raise ValueError("give every seat's rank or none")
    return [int(r) for r in given if r is not None]


def stat_rows(game: FinishedGame) -> list[tuple[int, str, int]]:
    """(seat, counter, value) rows; raises before anything is written if a counter is not an int."""
    return [(i, key, value) for i, s in enumerate(game.seats) for key, value in flatten_stats(s.stats)]


def kyoku_rows(game: FinishedGame, dumps: Any) -> list[tuple[Any, ...]]:
    return [
        (i, k.get("kyoku"), k.get("honba"), k["result"], k.get("winner"), k.get("from"), k.get("han"),
         k.get("fu"), dumps(k.get("yaku", [])), dumps(k.get("deltas", {})), dumps(extra(k, KYOKU_FIELDS)))
        for i, k in enumerate(game.kyoku_results)
    ]


def poker_rows(game: FinishedGame, dumps: Any) -> list[tuple[Any, ...]]:
    return [
        (i, p.get("hand"), p.get("board"), dumps(p.get("pots", [])), dumps(p.get("deltas", {})),
         dumps(extra(p, POKER_FIELDS)))
        for i, p in enumerate(game.poker_results)
    ]
