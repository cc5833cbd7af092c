"""Malformed scenarios name their field (SCENARIOS.md): a missing game, parts a game does not have."""

from __future__ import annotations

import pytest

from engine.base import ScenarioError
from engine.scenario import run

FOUR = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ({"players": FOUR, "seed": 1}, "game: missing"),
        ({"game": "go", "players": FOUR, "seed": 1}, "game: unknown"),
        ({"game": "five", "players": FOUR, "seed": 1, "poker": [{}]}, "poker: five has no poker"),
        ({"game": "riichi", "players": FOUR, "seed": 1, "poker": [{}]}, "poker: riichi has no poker"),
        ({"game": "holdem", "players": FOUR, "seed": 1, "kyoku": [{}]}, "kyoku: holdem has no mahjong"),
    ],
)
def test_malformed_scenario_names_the_field(spec: dict, field: str) -> None:
    with pytest.raises(ScenarioError, match=f"^{field}"):
        run(spec)
