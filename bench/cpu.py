"""CPU players: play statistics, head-to-head strength, hold'em against baselines, decision time.

* ``stats``: four CPUs of one level play East-only riichi; per seat-kyoku win, deal-in, riichi
  and open-call rates, and exhaustive draws per kyoku (the figures a riichi player compares
  with a human room's).
* ``h2h``: one ``hard`` seat against three seats of the CPU as it stood at commit ``BASELINE``
  (loaded from git history into a private package, so "today's normal" stays fixed while the
  CPU changes); every deal is played four times, the hard seat in each seat in turn. The hard
  seat's final points minus the baseline seats' average, averaged over the four seats of a
  deal, with its standard error over deals (``CPU_BENCH_GAMES`` deals, ``CPU_BENCH_SEED0`` the
  first seed).
* ``holdem``: heads-up, 100 big blinds, a hard CPU against always-call, always-shove and random
  players (button alternating): the CPU's net in big blinds per 100 hands ± standard error.
* ``memory``: a six-handed hold'em session of ``MEMORY_HANDS`` hands (stacks topped up to 100
  big blinds every hand) of a hard CPU against five different players; then the hard CPU's
  decision times over the next ``MEMORY_MORE`` hands, when its view carries the summary of
  every earlier hand (D51), and that summary's size in the view.
* ``time``: decision time per game kind over ``CPU_BENCH_DECISIONS`` decisions of hard CPUs:
  median / p99 / max, and the same with the shanten cache emptied before every decision, with
  the steps of the library's shanten search those cold decisions took (the same on any machine).

All times are CPU time of this process (``time.process_time``), so other load on the machine
does not inflate them. ``CPU_BENCH_GAMES`` sets the number of mahjong games per figure (hold'em
plays ``HOLDEM_HANDS`` hands per game and ten times as many games); ``CPU_BENCH_PARTS`` picks
parts (``stats,h2h,holdem,memory,time``).
"""

from __future__ import annotations

import importlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import mahjong.shanten

from bench._timing import standard_error
from engine.base import Move
from engine.cpu import choose_move
from engine.cpu.baselines import random_player
from engine.cpu.efficiency import clear_cache
from engine.cpu.match import Policy, cpu_policy, play_match
from engine.games import new_game
from engine.randomplay import concrete

PLAYERS = ["A", "B", "C", "D"]
BASELINE = "6e8e655"  # the CPU before the hard level: "today's normal" of the issue
HOLDEM_HANDS = 50
PARTS = ("stats", "h2h", "holdem", "memory", "time")
MEMORY_HANDS, MEMORY_MORE = 500, 50


def spec(game: str, seed: int, players: list[str] = PLAYERS) -> dict[str, Any]:
    out: dict[str, Any] = {"game": game, "players": players, "seed": seed}
    if game == "riichi":
        out["options"] = {"length": "east"}
    if game == "holdem":
        out["options"] = {"hands": HOLDEM_HANDS, "stacks": 20000, "blinds": [100, 200]}
    return out


def baseline_policy(game: str, rev: str = BASELINE) -> Policy:
    """The normal CPU as committed at ``rev``, imported from git history as ``cpu_then``."""
    root = Path(__file__).resolve().parent.parent
    if "cpu_then" not in sys.modules:
        names = subprocess.run(["git", "ls-tree", "--name-only", rev, "engine/cpu/"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.split()
        pkg = Path(tempfile.mkdtemp()) / "cpu_then"
        pkg.mkdir()
        for name in names:
            text = subprocess.run(["git", "show", f"{rev}:{name}"], cwd=root, capture_output=True,
                                  text=True, check=True).stdout
            (pkg / Path(name).name).write_text(text.replace("engine.cpu", "cpu_then"))
        sys.path.insert(0, str(pkg.parent))
    module = importlib.import_module("cpu_then")

    def policy(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return module.choose_move(game, view, legal, rng, "normal")  # type: ignore[no-any-return]

    return policy


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _recording(level: str, seen: list[tuple[str, tuple[str, int]]]) -> Policy:
    """A riichi CPU policy that notes, per move, the kyoku (round, honba) it was made in."""
    policy = cpu_policy("riichi", level)

    def play(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        move = policy(view, legal, rng)
        seen.append((move[0], (str(view.get("round")), int(view.get("honba") or 0))))
        return move

    return play


def play_stats(level: str, n: int) -> list[tuple[str, str]]:
    """Four ``level`` CPUs, ``n`` East-only riichi games: the rates per seat-kyoku."""
    kyoku = wins = deal_ins = draws = 0
    riichi: set[tuple[int, str, int, str]] = set()
    called: set[tuple[int, str, int, str]] = set()
    for seed in range(n):
        game = new_game(spec("riichi", seed))
        seen: list[tuple[str, tuple[str, int]]] = []
        log = play_match(game, dict.fromkeys(PLAYERS, _recording(level, seen)), seed)
        for move, (player, (rnd, honba)) in zip(log.moves, seen, strict=True):
            key = (seed, rnd, honba, player)
            if "riichi" in move[1:2]:
                riichi.add(key)
            if move[1] in ("pon", "chi", "kan"):
                called.add(key)
        for r in game.summary()["kyoku_results"]:
            kyoku += 1
            wins += bool(r.get("winner"))
            deal_ins += bool(r.get("from"))
            draws += r.get("result") == "draw"
    seats = 4 * kyoku
    label = f"riichi, four {level} CPUs (N={n} East games, {seats} seat-kyoku)"
    return [(f"{label}: win / deal-in / riichi / call per seat-kyoku",
             f"{_pct(wins / seats)} / {_pct(deal_ins / seats)} / {_pct(len(riichi) / seats)} / "
             f"{_pct(len(called) / seats)}"),
            (f"{label}: exhaustive draws per kyoku", _pct(draws / kyoku))]


def head_to_head(game: str, level: str, n: int, seed0: int = 0) -> tuple[str, str]:
    """One ``level`` seat against three baseline seats, on ``n`` deals, each deal played four
    times with the level's seat in each seat in turn (rotated duplicate play).

    The figure is the level's margin (its points less the others' average) averaged over the
    four seats of a deal, then over deals. Four baseline seats on the same deal would average
    exactly zero by this measure, so the seat's luck of the deal cancels without a reference
    game: per game played this has about 1.4 times smaller standard error than subtracting a
    four-baseline game from one rotated seat.
    """
    old = baseline_policy(game)
    per_deal: list[float] = []
    for seed in range(seed0, seed0 + n):
        margins = []
        for cpu in PLAYERS:
            g = new_game(spec(game, seed))
            play_match(g, {p: cpu_policy(game, level) if p == cpu else old for p in PLAYERS}, seed)
            points = g.summary()["points"]
            margins.append(points[cpu] - statistics.mean(points[p] for p in PLAYERS if p != cpu))
        per_deal.append(statistics.mean(margins))
    return (f"{game}: {level} vs three {BASELINE} normal ({n} deals x 4 seats): margin",
            f"{statistics.mean(per_deal):+.0f} ± {standard_error(per_deal):.0f} se")


def _pick(legal: list[Move], order: tuple[str, ...], rng: random.Random) -> Move:
    for word in order:
        for m in legal:
            if m[1] == word:
                return concrete(m, rng)
    return concrete(legal[0], rng)


def always_call(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return _pick(legal, ("call", "check", "allin"), rng)


def always_shove(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return _pick(legal, ("allin", "call", "check"), rng)


def holdem_vs(name: str, baseline: Policy, level: str, games: int) -> tuple[str, str]:
    per_game: list[float] = []
    hands = 0
    for seed in range(games):
        g = new_game(spec("holdem", seed, ["A", "B"]))
        cpu = "AB"[seed % 2]
        start = 20000
        play_match(g, {p: cpu_policy("holdem", level) if p == cpu else baseline for p in "AB"}, seed)
        summary = g.summary()
        played = len(summary["poker_results"])
        hands += played
        per_game.append((summary["points"][cpu] - start) / 200)
    bb100 = 100 * sum(per_game) / hands
    # Standard error of the rate from the spread of per-game results (games are independent).
    se = 100 * statistics.stdev(per_game) * len(per_game) ** 0.5 / hands if len(per_game) > 1 else 0.0
    return (f"holdem heads-up: {level} vs {name} ({games} games, {hands} hands)",
            f"{bb100:+.1f} ± {se:.1f} bb/100")


class _SearchSteps:
    """Counts the steps of the `mahjong` library's regular-shape shanten search while active: a
    cost of a decision that does not depend on the machine or its load."""

    def __init__(self) -> None:
        self.steps = 0
        self._cls: Any = getattr(mahjong.shanten, "_RegularShanten", None)
        self._run: Any = getattr(self._cls, "_run", None)

    def __enter__(self) -> _SearchSteps:
        if self._run is not None:
            run = self._run

            def counted(searcher: Any, depth: int) -> None:
                self.steps += 1
                run(searcher, depth)

            self._cls._run = counted
        return self

    def __exit__(self, *exc: object) -> None:
        if self._run is not None:
            self._cls._run = self._run


def decision_times(game: str, level: str, decisions: int, cold: bool) -> tuple[str, str]:
    times: list[float] = []
    steps: list[int] = []
    counter = _SearchSteps()
    seed = 0
    players = ["A", "B"] if game == "holdem" else PLAYERS
    while len(times) < decisions:
        g = new_game(spec(game, 1000 + seed, players))
        seed += 1

        def policy(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
            if cold:
                clear_cache()
            before = counter.steps
            start = time.process_time()
            move = choose_move(game, view, legal, rng, level)
            times.append(time.process_time() - start)
            steps.append(counter.steps - before)
            return move

        with counter:
            play_match(g, dict.fromkeys(players, policy), seed)
    s = sorted(times[:decisions])
    label = f"{game}: {level} decision time{' (cold cache)' if cold else ''}, CPU ms median / p99 / max"
    slow = sum(1 for x in s if x > 0.020)
    n = sorted(steps[:decisions])
    searched = (f"; shanten search steps {n[len(n) // 2]} / {n[int(len(n) * 0.99)]} / {n[-1]}"
                if cold and game != "holdem" else "")
    return label, (f"{1000 * s[len(s) // 2]:.1f} / {1000 * s[int(len(s) * 0.99)]:.1f} / "
                   f"{1000 * s[-1]:.1f}  ({len(s)} decisions, {slow} over 20 ms{searched})")


def memory_times(hands: int, more: int) -> tuple[str, str]:
    """Hard decision times after ``hands`` hands of one session (the summary at its fullest)."""
    import json

    from bench._gauntlet_bots import PICKERS, holdem_bot
    from bench.gauntlet import START, CashTable

    players = ["H", "B1", "B2", "B3", "B4", "B5"]
    others = [holdem_bot(PICKERS[n]) for n in ("always-call", "always-min-raise", "tight-passive",
                                                "shove-top-30%")] + [cpu_policy("holdem", "normal")]
    table = CashTable(players, START, hands + more, "cpu-memory")
    times: list[float] = []
    size = [0]

    def hard(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        start = time.process_time()
        move = choose_move("holdem", view, legal, rng, "hard")
        if view["hand"] > hands:
            times.append(time.process_time() - start)
            size[0] = max(size[0], len(json.dumps(view["tendencies"])))
        return move

    play_match(table, {"H": hard, **dict(zip(players[1:], others, strict=True))}, "cpu-memory")
    s = sorted(times)
    return (f"holdem six-handed: hard decision time after {hands} hands, CPU ms median / p99 / max",
            f"{1000 * s[len(s) // 2]:.1f} / {1000 * s[int(len(s) * 0.99)]:.1f} / {1000 * s[-1]:.1f}  "
            f"({len(s)} decisions; the summary in the view: {size[0]} bytes JSON)")


def run(quick: bool) -> list[tuple[str, str]]:
    n = int(os.environ.get("CPU_BENCH_GAMES", "4" if quick else "60"))
    parts = [p for p in os.environ.get("CPU_BENCH_PARTS", ",".join(PARTS)).split(",") if p]
    decisions = int(os.environ.get("CPU_BENCH_DECISIONS", "100" if quick else "1000"))
    out: list[tuple[str, str]] = []
    if "stats" in parts:
        out += play_stats("hard", n) + play_stats("normal", n)
    if "h2h" in parts:
        seed0 = int(os.environ.get("CPU_BENCH_SEED0", "0"))
        games = [g for g in os.environ.get("CPU_BENCH_H2H", "riichi,five,janpo").split(",") if g]
        out += [head_to_head(g, "hard", n, seed0) for g in games]
    if "holdem" in parts:
        baselines: list[tuple[str, Policy]] = [("always-call", always_call), ("always-shove", always_shove),
                                               ("random", random_player)]
        out += [holdem_vs(name, policy, "hard", 10 * n) for name, policy in baselines]
    if "memory" in parts:
        out.append(memory_times(50 if quick else MEMORY_HANDS, 20 if quick else MEMORY_MORE))
    if "time" in parts:
        out += [decision_times(g, "hard", decisions, cold)
                for g in ("riichi", "five", "janpo", "holdem") for cold in (False, True)]
    return out
