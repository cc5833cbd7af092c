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


def game_class(name: str) -> Any:
    try:
        module, _, attr = GAMES[name].partition(":")
    except KeyError:
        raise ScenarioError(f"game: unknown game {name!r} (one of {', '.join(GAMES)})") from None
    return getattr(import_module(module), attr)


def new_game(spec: dict[str, Any]) -> Game:
    """Build the game a scenario describes, before any move (see SCENARIOS.md)."""
    if not isinstance(spec, dict):
        raise ScenarioError("the scenario must be a JSON object")
    return game_class(spec.get("game", "")).from_scenario(spec)
