"""Seeded games for the export tests: random-move games (claims answered in every order), games
where a chi is always answered before the other seats pass, and CPU games (wins, riichi, kans).

The first CPU games' moves are kept in data/cpu_games.json (what :func:`cpu_game` played for those
seeds when they were written, ``fresh=True`` plays them again) so the default run does not spend
seconds on CPU decisions; the engine still checks every move as it replays them. ``JANPO_EXPORT_GAMES`` sets how many games (default 9, the full run 60).
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from pathlib import Path
from typing import Any

from bot.results.played import PlayedGame, replay
from engine.cpu.match import cpu_policy, play_match
from engine.games import new_game
from engine.randomplay import play_out, random_move

PLAYERS = ["A", "B", "C", "D"]
KEPT = json.loads((Path(__file__).parent / "data" / "cpu_games.json").read_text(encoding="utf-8"))
GAMES = int(os.environ.get("JANPO_EXPORT_GAMES", "9"))


def _spec(game: str, seed: int, length: str = "east") -> dict[str, Any]:
    options = {"length": length} if game == "riichi" else {}
    return {"game": game, "players": PLAYERS, "seed": seed, "options": options}


@cache
def random_game(seed: int, game: str = "riichi", length: str = "east") -> dict[str, Any]:
    spec = _spec(game, seed, length)
    spec["moves"] = play_out(new_game(dict(spec)), seed=seed)
    return spec


@cache
def chi_first_game(seed: int) -> dict[str, Any]:
    """Random play, except that whoever may chi answers first and does chi while another seat
    still has to answer (the issue's ``["A", "chi", "4p6p"]`` before ``["B", "pass"]``)."""
    spec = _spec("riichi", seed)
    game = new_game(dict(spec))
    rng = random.Random(seed)
    moves: list[list[Any]] = []
    while not game.finished:
        waiting = game.waiting_on()
        chis = [m for p in waiting for m in game.legal_moves(p) if m[1] == "chi"]
        move = chis[0] if chis and len(waiting) > 1 else random_move(game, rng.choice(waiting), rng)
        game.play(move)
        moves.append(move)
    spec["moves"] = moves
    return spec


@cache
def cpu_game(seed: int, game: str = "riichi", fresh: bool = False) -> dict[str, Any]:
    """CPU players (easy) in every seat; the kept moves unless ``fresh``."""
    spec = _spec(game, seed)
    if str(seed) in KEPT and game == "riichi" and not fresh:
        spec["moves"] = KEPT[str(seed)]
        return spec
    table = new_game(dict(spec))
    policy = cpu_policy(game, "easy")
    spec["moves"] = play_match(table, {p: policy for p in PLAYERS}, seed=seed).moves
    return spec


def seeded_games(count: int = GAMES) -> list[tuple[str, int]]:
    """``count`` (kind, seed) pairs: a quarter CPU games (at least the kept ones), one
    East-South random game, the rest random and chi-first games."""
    kept = sorted(int(s) for s in KEPT)
    more = [s for s in range(count) if s not in kept][: max(0, count // 4 - len(kept))]
    cpu = kept + more
    rest = count - len(cpu) - 1
    out = [("cpu", s) for s in cpu] + [("south", 0)]
    out += [("chi_first" if i % 2 else "random", i // 2) for i in range(rest)]
    return out


def make(kind: str, seed: int) -> dict[str, Any]:
    if kind == "cpu":
        return cpu_game(seed)
    if kind == "chi_first":
        return chi_first_game(seed)
    if kind == "south":
        return random_game(seed, length="south")
    return random_game(seed)


@cache
def played(kind: str, seed: int) -> PlayedGame:
    """The game replayed once for every exporter (both formats read the same kyoku records)."""
    return replay(make(kind, seed))
