"""A stored game replayed for the log exporters: each finished kyoku with the engine's record.

The exporters (tenhou.py, mjai.py) read what the engine recorded as it happened
(:attr:`engine.riichi.kyoku.Kyoku.record`), never the order in which answers came in the moves
list, so a call answered before the other players passed is written where it took effect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.games import new_game
from engine.riichi.kyoku import Kyoku
from engine.riichi.views import result_record

MAHJONG_GAMES = ("riichi", "janpo", "five")

# The rules a log follows, written into both formats so a reader knows where Tenhou's differ.
RULES_NOTE = {
    "riichi": "M.League rules (docs/RULES.md R1-R13): riichi may be declared with 1 to 3 tiles left in the "
              "wall; a double-wind pair is worth 2 fu; kiriage mangan; 13 han or more is sanbaiman (no kazoe "
              "yakuman, no double yakuman); kan dora is turned at once for every kan; no abortive draws, no "
              "nagashi, one winner per discard (head bump); leftover deposits go to first place at the end.",
    "five": "Mahjong Five (docs/RULES.md F): riichi-style play with Five's own hand values and payments; "
            "points are Five's, not Tenhou's.",
    "janpo": "Janpo (docs/RULES.md J): the mahjong part only; the poker hands played during each kyoku are not "
             "in this log, and the points they moved show only in the next kyoku's starting scores.",
}


@dataclass(frozen=True, slots=True)
class PlayedKyoku:
    kyoku: Kyoku
    result: dict[str, Any]  # the kyoku_results entry (SCENARIOS.md)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    game: str
    players: tuple[str, ...]
    kyoku: tuple[PlayedKyoku, ...]
    finished: bool
    final_points: tuple[int, ...]  # after the end of game deposits (R11) when finished
    summary: dict[str, Any]
    red_fives: bool


def _mahjong(game: Any) -> Any:
    """The riichi-style part of a game (Janpo keeps it in ``mj``)."""
    return getattr(game, "mj", game)


def replay(scenario: Mapping[str, Any]) -> PlayedGame:
    """Replay a stored scenario and keep every kyoku that ended (a game may be unfinished)."""
    name = str(scenario.get("game"))
    if name not in MAHJONG_GAMES:
        raise ValueError(f"{name} games have no mahjong log")
    game: Any = new_game(dict(scenario))
    mj = _mahjong(game)
    seen: list[Kyoku] = [mj.kyoku]
    for move in scenario.get("moves", []):
        game.play(list(move))
        if mj.kyoku is not seen[-1]:
            seen.append(mj.kyoku)
    players = tuple(game.players)
    ended = tuple(PlayedKyoku(k, result_record(k, players)) for k in seen if k.result is not None)
    summary = game.summary()
    points = tuple(int(summary["points"][p]) for p in players)
    return PlayedGame(name, players, ended, bool(game.finished), points, summary, bool(mj.red_fives))


def riichi_cost(k: Kyoku) -> int:
    """The deposit a standing riichi costs in this game (1,000 in riichi and Janpo)."""
    return int(k.scoring.riichi_deposit)


def end_points(k: Kyoku) -> list[int]:
    """The points after the kyoku's own events: start, riichi deposits, the result's deltas.

    In Janpo the table's points also move by poker during the kyoku; those are not counted here.
    """
    assert k.result is not None
    points = list(k.start_points)
    for e in k.record:
        if e.kind == "riichi_accepted" and e.seat is not None:
            points[e.seat] -= riichi_cost(k)
    return [p + d for p, d in zip(points, k.result.deltas, strict=True)]


def names_for(scenario: Mapping[str, Any], names: Sequence[str] | None) -> list[str]:
    players = [str(p) for p in scenario.get("players", [])]
    return list(names) if names else players
