"""League seating (``bot.league.seating``): repeat meetings and the time to seat a round.

For 16, 32 and 64 players over 4 to 8 rounds, each method's repeat meetings (a pair meeting k
times makes k − 1) and the most times one pair met, median over a few leagues (seeds), against
random seating and against the lower bound no seating can beat (pairs seated per round × rounds −
distinct pairs; the published tournament grids cannot be fetched here, and where a perfect grid
exists its figure is that bound, 0). Swiss is measured with standings that change every round (a
random order per round, as results would give). Then the time to seat one round of 1,000 players
(the median of a few; no-repeat plans the whole league at its first round, so that round is timed).
"""

from __future__ import annotations

import random
import statistics
import time

from bot.league import seating

SIZES = (16, 32, 64)
ROUNDS = (4, 5, 6, 7, 8)


def league(method: str, players: int, rounds: int, seed: int) -> tuple[int, int]:
    people = list(range(players))
    played: list[seating.Round] = []
    rng = random.Random(seed)
    for r in range(rounds):
        ranked = people[:]
        rng.shuffle(ranked)
        played.append(seating.seat(method, people, played, seed * 100 + r if method != "no-repeat" else seed,
                                   ranked=ranked, total=rounds))
    return seating.repeats(played)


def run(quick: bool) -> list[tuple[str, str]]:
    seeds = range(2 if quick else 3)
    out: list[tuple[str, str]] = []
    for players in SIZES:
        for rounds in ROUNDS[:2] if quick else ROUNDS:
            cells = []
            for method in ("random", "swiss", "no-repeat"):
                runs = [league(method, players, rounds, s) for s in seeds]
                cells.append(f"{method} {statistics.median(r[0] for r in runs):g}/{max(r[1] for r in runs)}")
            bound = seating.lower_bound(players, rounds)
            out.append((f"{players} players, {rounds} rounds: repeats/most meetings",
                        f"{', '.join(cells)}; bound {bound}"))
    people = list(range(1000))
    earlier = [seating.seat_random(people, s) for s in range(3)]
    for method in ("random", "swiss", "no-repeat"):
        times = []
        for s in range(2 if quick else 3):
            start = time.perf_counter()
            if method == "no-repeat":
                seating.plan_no_repeat(people, earlier, 8, s)
            else:
                seating.seat(method, people, earlier, s, ranked=people)
            times.append(time.perf_counter() - start)
        out.append((f"1,000 players, seat a round: {method}", f"{statistics.median(times) * 1000:.0f} ms"))
    return out
