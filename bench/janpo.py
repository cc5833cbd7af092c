"""Janpo: whole random-move games per second (both halves: every kyoku and every poker hand)."""

from __future__ import annotations

import statistics
import time

from engine.games import new_game
from engine.randomplay import play_out


def run(quick: bool) -> list[tuple[str, str]]:
    games = 3 if quick else 20
    times: list[float] = []
    moves = hands = 0
    for seed in range(games):
        start = time.process_time()
        game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": seed})
        moves += len(play_out(game, seed))
        times.append(time.process_time() - start)
        hands += len(game.summary()["poker_results"])
    total = sum(times)
    return [
        (f"random-move Janpo games per second ({games} games)", f"{games / total:.2f}"),
        ("median seconds per game", f"{statistics.median(times):.3f}"),
        ("moves per second", f"{moves / total:.0f}"),
        ("poker hands per game (mean)", f"{hands / games:.1f}"),
    ]
