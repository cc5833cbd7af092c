"""Playing a whole game with a policy in every seat: for tests, benchmarks and CPU-only tables.

A policy is handed ``(view, legal, rng)`` only. Each seat draws from its own random stream,
derived from the match seed and the seat's name, so a match replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.base import Game, Move, check_legal
from engine.rng import derive

Policy = Callable[[dict[str, Any], list[Move], random.Random], Move]


def cpu_policy(game_name: str, level: str = "normal", strict: bool = False) -> Policy:
    from engine.cpu import choose_move

    def policy(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return choose_move(game_name, view, legal, rng, level, strict)

    return policy


@dataclass(slots=True)
class MatchLog:
    moves: list[Move] = field(default_factory=list)
    seconds: dict[str, list[float]] = field(default_factory=dict)  # decision times per seat, if clocked


def play_match(game: Game, policies: dict[str, Policy], seed: int | str = 0,
               max_moves: int = 50_000, inspect: Callable[[str, dict[str, Any]], None] | None = None,
               clock: Callable[[], float] | None = None) -> MatchLog:
    """Play to the end; every move is checked against the legal list before it is played.

    ``inspect(player, view)`` sees each view handed to a policy (tests use it to check that a
    view holds nothing private of another seat); ``clock`` (e.g. ``time.process_time``) times
    each decision for benchmarks.
    """
    rngs = {p: derive(seed, "cpu", p) for p in game.players}
    log = MatchLog(seconds={p: [] for p in game.players})
    while not game.finished:
        if len(log.moves) >= max_moves:
            raise RuntimeError(f"no end after {max_moves} moves")
        waiting = game.waiting_on()
        if not waiting:
            raise RuntimeError("game not finished but nobody to act")
        player = waiting[0]
        view = game.view(player)
        legal = game.legal_moves(player)
        if inspect is not None:
            inspect(player, view)
        start = clock() if clock else 0.0
        move = policies[player](view, legal, rngs[player])
        if clock:
            log.seconds[player].append(clock() - start)
        check_legal(game, move)
        game.play(move)
        log.moves.append(move)
    return log
