"""Moves for CPU seats and for seats whose player is away, from ``engine.cpu``.

The CPU sees only the seat's own view and legal moves, so its choice runs in a worker thread
while the event loop answers clicks; the view and the legal moves are worked out in that thread
too (they cost about as much as the choice), while the caller holds the table's lock, so the game
does not change meanwhile. ``rng`` is derived from the table's seed and move number, so a
replayed table makes the same CPU moves.
"""

from __future__ import annotations

import asyncio
import random

from engine.base import Game, Move
from engine.cpu import LEVELS, choose_move


def _decide(game_name: str, game: Game, player: str, rng: random.Random, level: str) -> Move:
    return choose_move(game_name, game.view(player), game.legal_moves(player), rng, level)


async def choose(game_name: str, game: Game, player: str, rng: random.Random, level: str) -> Move:
    level = level if level in LEVELS else "normal"
    return list(await asyncio.to_thread(_decide, game_name, game, player, rng, level))
