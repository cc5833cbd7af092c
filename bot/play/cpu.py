"""Moves for CPU seats and for seats whose player is away, from ``engine.cpu``.

The CPU sees only the seat's own view and legal moves, so its choice can run in a worker thread
while the event loop answers clicks; ``rng`` is derived from the table's seed and move number, so
a replayed table makes the same CPU moves.
"""

from __future__ import annotations

import asyncio
import random

from engine.base import Game, Move
from engine.cpu import LEVELS, choose_move


async def choose(game_name: str, game: Game, player: str, rng: random.Random, level: str) -> Move:
    view, legal = game.view(player), game.legal_moves(player)
    level = level if level in LEVELS else "normal"
    return list(await asyncio.to_thread(choose_move, game_name, view, legal, rng, level))
