"""Reading the common parts of a scenario (SCENARIOS.md): players, seed, options, kyoku walls.

Every error names the field, so a hand-written scenario or a stored table points at its mistake.
"""

from __future__ import annotations

from typing import Any

from engine.base import ScenarioError
from engine.wall import Wall, build_wall


def players(spec: dict[str, Any], count: int | tuple[int, int]) -> tuple[str, ...]:
    names = spec.get("players")
    lo, hi = (count, count) if isinstance(count, int) else count
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise ScenarioError("players: must be a list of names")
    if not lo <= len(names) <= hi:
        need = str(lo) if lo == hi else f"{lo}-{hi}"
        raise ScenarioError(f"players: {spec.get('game')} takes {need} players, got {len(names)}")
    if len(set(names)) != len(names):
        raise ScenarioError("players: names must be distinct")
    return tuple(names)


def seed(spec: dict[str, Any]) -> int | str:
    value = spec.get("seed")
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ScenarioError("seed: must be an integer or a string")
    return value


def options(spec: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """The table options merged over ``defaults``; an unknown option or a wrong type is an error."""
    given = spec.get("options", {})
    if not isinstance(given, dict):
        raise ScenarioError("options: must be an object")
    out = dict(defaults)
    for key, value in given.items():
        if key not in defaults:
            raise ScenarioError(f"options.{key}: not an option of {spec.get('game')} "
                                f"(options: {', '.join(defaults) or 'none'})")
        want = defaults[key]
        if isinstance(want, bool) and not isinstance(value, bool):
            raise ScenarioError(f"options.{key}: must be true or false")
        out[key] = value
    return out


def choice(opts: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = opts[key]
    if value not in allowed:
        raise ScenarioError(f"options.{key}: must be one of {', '.join(allowed)}")
    return str(value)


def kyoku_entries(spec: dict[str, Any]) -> list[dict[str, Any]]:
    entries = spec.get("kyoku", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ScenarioError("kyoku: must be a list of objects")
    return entries


def wall_for(
    spec: dict[str, Any], names: tuple[str, ...], index: int, red_fives: bool, seed_value: int | str
) -> Wall:
    """The wall of the ``index``-th kyoku played: fixed parts from the scenario, the rest seeded."""
    entries = kyoku_entries(spec)
    entry = entries[index] if index < len(entries) else {}
    where = f"kyoku[{index}]"
    unknown = set(entry) - {"hands", "draws", "dead"}
    if unknown:
        raise ScenarioError(f"{where}.{sorted(unknown)[0]}: unknown field")
    hands = entry.get("hands", {})
    if not isinstance(hands, dict):
        raise ScenarioError(f"{where}.hands: must be an object of player -> tiles")
    by_seat: dict[int, Any] = {}
    for name, text in hands.items():
        if name not in names:
            raise ScenarioError(f"{where}.hands.{name}: no such player")
        by_seat[names.index(name)] = text
    return build_wall(seed_value, index, red_fives, by_seat, entry.get("draws"), entry.get("dead"), where, names)
