"""A table in play as rows: its scenario without the moves (the header) plus one row per move.

Saving a move then writes one small row, whatever the game's length, and the scenario is rebuilt
on load. The header keeps an empty ``moves`` list where the scenario had one, so the rebuilt
scenario has its keys in their original order and a scenario without ``moves`` stays without.

>>> header, moves = split_scenario({"game": "riichi", "moves": [["A", "tsumogiri"]], "seed": 3})
>>> header, moves
({'game': 'riichi', 'moves': [], 'seed': 3}, [['A', 'tsumogiri']])
>>> join_scenario(header, moves)
{'game': 'riichi', 'moves': [['A', 'tsumogiri']], 'seed': 3}
>>> join_scenario({"game": "riichi"}, [])
{'game': 'riichi'}
"""

from __future__ import annotations

import json
from typing import Any


def dumps(value: Any) -> str:
    """Compact JSON that keeps non-ASCII text as it is (names, titles)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def split_scenario(scenario: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    moves = scenario.get("moves")
    if moves is None:
        return dict(scenario), []
    if not isinstance(moves, list):
        raise ValueError("a scenario's moves are a list")
    return {k: ([] if k == "moves" else v) for k, v in scenario.items()}, moves


def join_scenario(header: dict[str, Any], moves: list[Any]) -> dict[str, Any]:
    if "moves" not in header and not moves:
        return header
    out = dict(header)
    out["moves"] = moves
    return out
