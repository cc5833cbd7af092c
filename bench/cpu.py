"""CPU players: decision time per game mode, and matches of the normal CPU against baselines.

Each match seats one normal CPU (its seat rotating with the seed) against three copies of a
baseline: random legal moves, or the passive player (tsumogiri-only, check-or-fold-only).
Figures for the CPU seat and for the average baseline seat, over N seeded games, with the
standard deviation of the CPU's final points and the standard error of the difference. Decision times are CPU time of this process, so other load
on the machine does not inflate them.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

from engine.cpu.baselines import passive_player, random_player
from engine.cpu.match import Policy, cpu_policy, play_match
from engine.games import new_game

PLAYERS = ["A", "B", "C", "D"]
HOLDEM_HANDS = 20  # hands per hold'em game: short games keep one all-in from deciding a whole sample
HOLDEM_FACTOR = 5  # ... and so hold'em plays more of them
MODES = ("riichi", "five", "janpo", "holdem")


def spec(game: str, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {"game": game, "players": PLAYERS, "seed": seed}
    if game == "riichi":
        out["options"] = {"length": "east"}
    if game == "holdem":
        out["options"] = {"hands": HOLDEM_HANDS, "stacks": 10000, "blinds": [100, 200]}
    return out


def match_stats(game: str, baseline: Policy, n: int, seed0: int = 0) -> dict[str, Any]:
    """Play ``n`` games, one CPU against three ``baseline`` seats; per-seat outcomes."""
    diffs, cpu_points, base_points = [], [], []
    wins = {"cpu": 0, "base": 0}
    deal_ins = {"cpu": 0, "base": 0}
    poker = {"cpu": 0, "base": 0}
    firsts = 0
    kyoku = 0
    seconds: list[float] = []
    for i in range(n):
        seed = seed0 + i
        game_obj = new_game(spec(game, seed))
        cpu = PLAYERS[seed % 4]
        policies = {p: cpu_policy(game) if p == cpu else baseline for p in PLAYERS}
        log = play_match(game_obj, policies, seed, clock=time.process_time)
        seconds += log.seconds[cpu]
        summary = game_obj.summary()
        points = summary["points"]
        others = [points[p] for p in PLAYERS if p != cpu]
        cpu_points.append(points[cpu])
        base_points.append(statistics.mean(others))
        diffs.append(points[cpu] - statistics.mean(others))
        firsts += summary["standings"][0][0] == cpu
        for r in summary["kyoku_results"]:
            kyoku += 1
            if r.get("winner"):
                wins["cpu" if r["winner"] == cpu else "base"] += 1
            if r.get("from"):
                deal_ins["cpu" if r["from"] == cpu else "base"] += 1
        for r in summary["poker_results"]:
            for p, d in r["deltas"].items():
                poker["cpu" if p == cpu else "base"] += d
    return {
        "n": n, "cpu_points": cpu_points, "base_points": base_points, "diffs": diffs, "firsts": firsts,
        "kyoku": kyoku, "wins": wins, "deal_ins": deal_ins, "poker": poker, "seconds": seconds,
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def describe(game: str, name: str, st: dict[str, Any]) -> list[tuple[str, str]]:
    n = st["n"]
    diff = st["diffs"]
    err = statistics.stdev(diff) / n ** 0.5 if n > 1 else 0.0
    spread = statistics.stdev(st["cpu_points"]) if n > 1 else 0.0
    label = f"{game} vs {name} (N={n})"
    out = [
        (f"{label}: final points CPU / baseline avg",
         f"{statistics.mean(st['cpu_points']):.0f} / {statistics.mean(st['base_points']):.0f}"
         f"  (CPU sd {spread:.0f}; diff {statistics.mean(diff):+.0f} ± {err:.0f} se)"),
        (f"{label}: games won by CPU", f"{st['firsts']}/{n} ({_pct(st['firsts'] / n)}; fair share 25%)"),
    ]
    if st["kyoku"]:
        k = st["kyoku"]
        out.append((f"{label}: kyoku win rate CPU / per baseline",
                    f"{_pct(st['wins']['cpu'] / k)} / {_pct(st['wins']['base'] / 3 / k)}  ({k} kyoku)"))
        out.append((f"{label}: deal-in rate CPU / per baseline",
                    f"{_pct(st['deal_ins']['cpu'] / k)} / {_pct(st['deal_ins']['base'] / 3 / k)}"))
    if game in ("janpo", "holdem"):
        out.append((f"{label}: poker net per game CPU / per baseline",
                    f"{st['poker']['cpu'] / n:+.0f} / {st['poker']['base'] / 3 / n:+.0f}"))
    return out


def timing(game: str, seconds: list[float]) -> tuple[str, str]:
    s = sorted(seconds)
    median = s[len(s) // 2] * 1000
    p99 = s[min(len(s) - 1, int(len(s) * 0.99))] * 1000
    return (f"{game}: normal CPU decision time (CPU ms) median / p99 / max",
            f"{median:.1f} / {p99:.1f} / {s[-1] * 1000:.1f} ({len(s)} decisions)")


def run(quick: bool) -> list[tuple[str, str]]:
    """``CPU_BENCH_GAMES`` sets N for the mahjong modes (hold'em plays five times as many short
    games); ``CPU_BENCH_MODES`` picks modes, comma-separated."""
    n = int(os.environ.get("CPU_BENCH_GAMES", "4" if quick else "40"))
    modes = [m for m in os.environ.get("CPU_BENCH_MODES", ",".join(MODES)).split(",") if m]
    out: list[tuple[str, str]] = []
    for game in modes:
        times: list[float] = []
        games = n * HOLDEM_FACTOR if game == "holdem" else n
        for name, baseline in (("random", random_player), ("passive", passive_player)):
            st = match_stats(game, baseline, games)
            times += st["seconds"]
            out += describe(game, name, st)
        out.append(timing(game, times))
    return out
