"""The gauntlet: the hard CPU against simple poker players, on pre-registered deals (D98).

* Hold'em, heads-up and six-handed (the hard CPU and five copies of one opponent), against
  always-shove, always-call, always-min-raise, a tight-passive player (the top 10 %, only calls),
  a shove-the-top-30 % player and the normal CPU. A match is a session of hands on one table, so
  the CPU remembers what the session showed; every hand starts from 100 big blinds (the stacks are
  topped up, as at a cash table), so each hand is one deal and its result is comparable with
  another player's on the same deal. Against always-shove the same deals are also played by the
  best response (play exactly the hands ahead of a random hand; call every shove with them).
* Janpo: the hard CPU in one seat (a different seat per game), the other three with one simple
  poker strategy for their chips and the normal CPU for their tiles (or three normal CPUs).

Deals are fixed before any run: session ``k`` of a format is seed ``"<SEEDS>:<format>:<k>"``
(``GAUNTLET_SEEDS``, default :data:`SEEDS`), the same deals for every opponent. The figure is the
hard CPU's mean per hand in big blinds per 100 hands (per game in points for Janpo) ± its standard
error over hands (games). ``GAUNTLET_OUT`` names a folder for every deal's result, one file per
matchup (``docs/benchmarks/gauntlet/`` in the recorded run). ``GAUNTLET_PARTS`` picks
``hu,six,janpo``; ``GAUNTLET_VS`` a comma-separated list of opponents (all by default).
``GAUNTLET_SESSIONS`` overrides the number of 200-hand sessions (``hu:80,six:40``) and
``GAUNTLET_GAMES`` the Janpo games per opponent. ``GAUNTLET_MEMORY=off`` takes the summary of
earlier hands out of the hard CPU's views (in this process only), so the same deals show what
memory is worth; its files and lines say "memory off".
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from bench._gauntlet_bots import PICKERS, best_response_to_shove, holdem_bot, janpo_bot
from bench._timing import standard_error
from engine.cpu.match import Policy, cpu_policy, play_match
from engine.games import new_game
from engine.holdem.table import HoldemTable

SEEDS = "gauntlet-1"  # registered before the recorded run; development used other prefixes
BLINDS = (100, 200)
START = 20_000  # 100 big blinds
FULL = {"hu": (20, 200), "six": (10, 200)}  # sessions x hands per session
QUICK = {"hu": (2, 25), "six": (1, 20)}
JANPO_GAMES = {True: 2, False: 60}  # per opponent, quick or not


class CashTable(HoldemTable):
    """A hold'em table whose stacks are topped up to ``start`` before every hand."""

    def __init__(self, players: Sequence[str], start: int, hands: int, seed: str) -> None:
        self.start = start
        super().__init__(players, [start] * len(players), BLINDS, hands, seed)

    def _next_hand(self) -> None:
        for p in self.players:
            self.stacks[p] = self.start
        super()._next_hand()


def _sizes(quick: bool) -> tuple[dict[str, tuple[int, int]], int]:
    """Sessions x hands per format and Janpo games, with the environment's overrides."""
    sizes = dict(QUICK if quick else FULL)
    for item in os.environ.get("GAUNTLET_SESSIONS", "").split(","):
        if item:
            fmt, n = item.split(":")
            sizes[fmt] = (int(n), sizes[fmt][1])
    games = int(os.environ.get("GAUNTLET_GAMES") or JANPO_GAMES[quick])
    return sizes, games


@contextmanager
def _memory(on: bool) -> Iterator[None]:
    """With ``on`` false, every view reads as a table of strangers (the CPU before D51's memory)."""
    if on:
        yield
        return
    with patch("engine.cpu.poker_view.profiles", lambda tendencies: {}):
        yield


def _opponents() -> list[str]:
    chosen = [o for o in os.environ.get("GAUNTLET_VS", "").split(",") if o]
    return [o for o in [*PICKERS, "normal CPU"] if not chosen or o in chosen]


def session(players: list[str], policies: dict[str, Policy], seed: str, hands: int) -> list[float]:
    """The first seat's result of every hand, in big blinds."""
    table = CashTable(players, START, hands, seed)
    play_match(table, policies, seed)
    return [r["deltas"][players[0]] / BLINDS[1] for r in table.results]


def holdem_match(fmt: str, opponent: str, cpu: Policy, sessions: int, hands: int,
                 seeds: str) -> list[list[float]]:
    players = ["H", *(f"B{i}" for i in range(1, 2 if fmt == "hu" else 6))]
    other = cpu_policy("holdem", "normal") if opponent == "normal CPU" else holdem_bot(PICKERS[opponent])
    out = []
    for k in range(sessions):
        policies = {p: other for p in players[1:]} | {"H": cpu}
        out.append(session(players, policies, f"{seeds}:{fmt}:{k}", hands))
    return out


HOLDEM_ROWS = "one line per session: its seed, then the seat's result of every hand in big blinds, in order"
JANPO_ROWS = "one line per game: its seed, the seat's final points less 25,000, its poker net"


def _write(folder: Path | None, name: str, rows: list[tuple[str, list[float]]], what: str = HOLDEM_ROWS) -> None:
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    slug = name.replace(" ", "-").replace("%", "pct").replace("'", "")
    seeds = os.environ.get("GAUNTLET_SEEDS", SEEDS)
    if seeds != SEEDS:  # a later run's files sit beside the recorded ones, named by their deals
        slug = f"{seeds}-{slug}"
    if os.environ.get("GAUNTLET_MEMORY", "on") == "off":
        slug += "-memory-off"
    lines = [f"{seed} " + " ".join(f"{x:g}" for x in xs) for seed, xs in rows]
    (folder / f"{slug}.txt").write_text(f"# {name}: {what}\n" + "\n".join(lines) + "\n")


def _figure(xs: list[float], scale: float, unit: str) -> str:
    return f"{scale * statistics.mean(xs):+.1f} ± {scale * standard_error(xs):.1f} {unit}"


def holdem_part(fmt: str, sessions: int, hands: int, seeds: str, folder: Path | None) -> list[tuple[str, str]]:
    hard = cpu_policy("holdem", "hard")
    out = []
    label = "heads-up" if fmt == "hu" else "six-handed"
    for opponent in _opponents():
        runs = holdem_match(fmt, opponent, hard, sessions, hands, seeds)
        flat = [x for xs in runs for x in xs]
        name = f"{fmt} hard vs {opponent}"
        _write(folder, name, [(f"{seeds}:{fmt}:{k}", xs) for k, xs in enumerate(runs)])
        out.append((f"hold'em {label}: hard vs {opponent} ({len(flat)} hands)", _figure(flat, 100, "bb/100")))
        if opponent == "always-shove":
            best = holdem_match(fmt, opponent, holdem_bot(best_response_to_shove), sessions, hands, seeds)
            flat_best = [x for xs in best for x in xs]
            _write(folder, f"{fmt} best response vs always-shove",
                   [(f"{seeds}:{fmt}:{k}", xs) for k, xs in enumerate(best)])
            diff = [a - b for a, b in zip(flat, flat_best, strict=True)]
            out.append((f"hold'em {label}: best response vs always-shove, same deals",
                        _figure(flat_best, 100, "bb/100")))
            share = statistics.mean(flat) / statistics.mean(flat_best) if statistics.mean(flat_best) else 0.0
            out.append((f"hold'em {label}: hard less best response (paired); hard / best",
                        f"{_figure(diff, 100, 'bb/100')}; {100 * share:.0f}%"))
    return out


def janpo_game(opponent: str, k: int, seeds: str, mine: Policy | None = None) -> tuple[str, float, float]:
    """One Janpo game: its seed, the hard seat's points less the start, and its poker net.
    ``mine`` plays the hard seat instead of the hard CPU (the best response)."""
    seed = f"{seeds}:janpo:{k}"
    players = ["A", "B", "C", "D"]
    hard = players[k % 4]
    game = new_game({"game": "janpo", "players": players, "seed": seed})
    other = cpu_policy("janpo", "normal") if opponent == "normal CPU" else janpo_bot(PICKERS[opponent])
    me = mine or cpu_policy("janpo", "hard")
    play_match(game, {p: me if p == hard else other for p in players}, seed)
    summary: dict[str, Any] = game.summary()
    poker = sum(r["deltas"].get(hard, 0) for r in summary["poker_results"])
    return seed, float(summary["points"][hard] - 25_000), float(poker)


def janpo_part(games: int, seeds: str, folder: Path | None) -> list[tuple[str, str]]:
    out = []
    for opponent in _opponents():
        played = [janpo_game(opponent, k, seeds) for k in range(games)]
        _write(folder, f"janpo hard vs {opponent}", [(s, [pts, poker]) for s, pts, poker in played],
               JANPO_ROWS)
        points = [p for _, p, _ in played]
        poker = [q for _, _, q in played]
        out.append((f"janpo: hard vs three {opponent} ({games} games): points; poker net",
                    f"{_figure(points, 1, '')}; {_figure(poker, 1, '')}"))
        if opponent == "always-shove":
            best = janpo_bot(best_response_to_shove, cpu_policy("janpo", "hard"))
            again = [janpo_game(opponent, k, seeds, best) for k in range(games)]
            _write(folder, "janpo best response vs always-shove", [(s, [pts, pk]) for s, pts, pk in again],
                   JANPO_ROWS)
            out.append(("janpo: best response vs always-shove, same seeds: points; poker net",
                        f"{_figure([p for _, p, _ in again], 1, '')}; {_figure([q for _, _, q in again], 1, '')}"))
    return out


def run(quick: bool) -> list[tuple[str, str]]:
    sizes, games = _sizes(quick)
    memory = os.environ.get("GAUNTLET_MEMORY", "on") != "off"
    seeds = os.environ.get("GAUNTLET_SEEDS", SEEDS)
    folder = Path(os.environ["GAUNTLET_OUT"]) if os.environ.get("GAUNTLET_OUT") else None
    parts = [p for p in os.environ.get("GAUNTLET_PARTS", "hu,six,janpo").split(",") if p]
    out: list[tuple[str, str]] = []
    with _memory(memory):
        for fmt in ("hu", "six"):
            if fmt in parts:
                sessions, hands = sizes[fmt]
                out += holdem_part(fmt, sessions, hands, seeds, folder)
        if "janpo" in parts:
            out += janpo_part(games, seeds, folder)
    if not memory:
        out = [(f"{label} (memory off)", figure) for label, figure in out]
    return out
