"""Which class plays which game: the one place that maps a scenario's ``game`` to its code."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from engine.base import Game, ScenarioError

GAMES: dict[str, str] = {
    "riichi": "engine.riichi.game:RiichiGame",
    "holdem": "engine.holdem.table:HoldemTable",
    "janpo": "engine.janpo.game:JanpoGame",
    "five": "engine.five.game:FiveGame",
}


def game_class(name: Any) -> Any:
    if name in (None, ""):
        raise ScenarioError(f"game: missing (one of {', '.join(GAMES)})")
    if not isinstance(name, str):
        raise ScenarioError(f"game: must be a name, one of {', '.join(GAMES)}")
    try:
        module, _, attr = GAMES[name].partition(":")
    except KeyError:
        raise ScenarioError(f"game: unknown game {name!r} (one of {', '.join(GAMES)})") from None
    return getattr(import_module(module), attr)


def new_game(spec: dict[str, Any]) -> Game:
    """Build the game a scenario describes, before any move (see SCENARIOS.md)."""
    if not isinstance(spec, dict):
        raise ScenarioError("the scenario must be a JSON object")
    cls = game_class(spec.get("game"))
    name = spec["game"]
    if name == "holdem" and spec.get("kyoku"):
        raise ScenarioError("kyoku: holdem has no mahjong; remove it")
    if name in ("riichi", "five") and spec.get("poker"):
        raise ScenarioError(f"poker: {name} has no poker hands; remove it")
    game: Game = cls.from_scenario(spec)
    return game
