"""Riichi: whole East-only games per second with random legal moves, and the time of one
``legal_moves`` call (the first after a move, when nothing is cached yet, and a repeated one).

Random play rarely wins, so most kyoku run to an exhaustive draw: the figure is a floor for the
move rate of real tables, and ``legal_moves`` is sampled at every state those games pass through.
"""

from __future__ import annotations

import random
import statistics
import time

from engine.base import Game
from engine.games import new_game
from engine.randomplay import play_out


def _game(seed: int) -> Game:
    return new_game({"game": "riichi", "players": ["A", "B", "C", "D"], "seed": seed,
                     "options": {"length": "east"}})


def _games_per_second(count: int) -> tuple[float, float]:
    play_out(_game(-1), seed=-1)  # warm-up: imports and the library's first calls are not timed
    moves = 0
    start = time.process_time()
    for seed in range(count):
        moves += len(play_out(_game(seed), seed=seed))
    elapsed = time.process_time() - start
    return count / elapsed, moves / elapsed


def _legal_timings(count: int) -> tuple[list[float], list[float]]:
    """Microseconds of legal_moves for the player to act: first call after each move, then a repeat."""
    first: list[float] = []
    again: list[float] = []
    clock = time.perf_counter  # wall time: a CPU clock costs more than the cached call it would time
    for seed in range(count):
        g = _game(1000 + seed)
        rng = random.Random(seed)
        while not g.finished:
            player = g.waiting_on()[0]
            t0 = clock()
            legal = g.legal_moves(player)
            t1 = clock()
            g.legal_moves(player)
            t2 = clock()
            first.append((t1 - t0) * 1e6)
            again.append((t2 - t1) * 1e6)
            g.play(rng.choice(legal))
    return first, again


def _p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20)[-1]


def run(quick: bool) -> list[tuple[str, str]]:
    games = 4 if quick else 40
    per_s, moves_per_s = _games_per_second(games)
    first, again = _legal_timings(2 if quick else 20)
    return [
        (f"East-only games per second, random legal moves ({games} games)", f"{per_s:.1f}"),
        ("moves per second in those games", f"{moves_per_s:,.0f}"),
        (f"legal_moves, first call after a move: median / p95 ({len(first):,} states)",
         f"{statistics.median(first):.0f} / {_p95(first):.0f} µs"),
        ("legal_moves, repeated call (cached): median / p95",
         f"{statistics.median(again):.1f} / {_p95(again):.1f} µs"),
    ]
