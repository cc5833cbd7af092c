"""Moves for CPU seats and for seats whose player is away, from ``engine.cpu``.

The CPU sees only the seat's own view and legal moves; ``rng`` is derived from the table's seed and
move number, so a replayed table makes the same CPU moves.
"""

from __future__ import annotations

import random

from engine.base import Game, Move
from engine.cpu import LEVELS, choose_move


def choose(game_name: str, game: Game, player: str, rng: random.Random, level: str) -> Move:
    legal = game.legal_moves(player)
    return list(choose_move(game_name, game.view(player), legal, rng, level if level in LEVELS else "normal"))
