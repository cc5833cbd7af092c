"""Random legal play: the baseline opponent and the driver of property tests and benchmarks.

>>> from engine.games import new_game
>>> g = new_game({"game": "riichi", "players": ["A", "B", "C", "D"], "seed": 1,
...               "options": {"length": "east"}})
>>> moves = play_out(g, seed=1)
>>> g.finished, sum(g.summary()["points"].values()) + g.summary()["deposits"]
(True, 100000)
"""

from __future__ import annotations

import random
from typing import Any

from engine.base import Game, Move


def concrete(move: Move, rng: random.Random) -> Move:
    """Fill a listed range ``[lo, hi]`` with a random multiple of 100 inside it."""
    out: Move = []
    for part in move:
        if isinstance(part, list) and len(part) == 2 and all(isinstance(x, int) for x in part):
            lo, hi = part
            out.append(rng.randrange(lo // 100, hi // 100 + 1) * 100)
        else:
            out.append(part)
    return out


def random_move(game: Game, player: str, rng: random.Random) -> Move:
    return concrete(rng.choice(game.legal_moves(player)), rng)


def play_out(game: Game, seed: int | str = 0, max_moves: int = 100_000, on_move: Any = None) -> list[Move]:
    """Play random legal moves until the game ends; returns the moves made."""
    rng = random.Random(seed)
    moves: list[Move] = []
    while not game.finished and len(moves) < max_moves:
        waiting = game.waiting_on()
        if not waiting:
            raise RuntimeError("game not finished but nobody to act")
        player = rng.choice(waiting)
        move = random_move(game, player, rng)
        game.play(move)
        moves.append(move)
        if on_move is not None:
            on_move(game, move)
    return moves
