"""The wall of one kyoku: 13-tile hands, the live wall and the 14-tile dead wall.

A scenario may fix any part (hands, the next live draws, dora/ura indicators, rinshan tiles);
everything else is shuffled from the seed. Fixed tiles are taken first, so a fifth copy (or a
second red five) is refused, naming the field.

>>> w = build_wall(seed=1, label=0, red_fives=True)
>>> len(w.hands[0]), len(w.live), len(w.dora), len(w.ura), len(w.rinshan)
(13, 70, 5, 5, 4)
>>> sorted(t for h in w.hands for t in h) + sorted(w.live + w.dora + w.ura + w.rinshan) != []
True
>>> len(set(sum(w.hands, []) + w.live + w.dora + w.ura + w.rinshan))
136
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.base import ScenarioError
from engine.rng import derive
from engine.tiles import RED_FIVES, TileError, kind_name, parse

LIVE = 70
DORA_SLOTS = 5
RINSHAN_SLOTS = 4


@dataclass
class Wall:
    hands: list[list[int]]
    live: list[int]
    dora: list[int]
    ura: list[int]
    rinshan: list[int]

    def all_tiles(self) -> list[int]:
        return [t for h in self.hands for t in h] + self.live + self.dora + self.ura + self.rinshan


class _Pool:
    """The 136 ids not yet placed; hands out a copy of a named tile."""

    def __init__(self, red_fives: bool) -> None:
        self.free = set(range(136))
        self.red_fives = red_fives

    def take(self, kind: int, red: bool, where: str) -> int:
        if red and not self.red_fives:
            raise ScenarioError(f"{where}: a red five (0{kind_name(kind)[1]}) but red fives are off at this table")
        copies = [kind * 4 + c for c in range(4)]
        if self.red_fives and kind * 4 in RED_FIVES:
            copies = [kind * 4] if red else copies[1:]
        for t in copies:
            if t in self.free:
                self.free.remove(t)
                return t
        name = kind_name(kind)
        if red:
            what = f"second red {name}"
        elif len(copies) == 3:  # with red fives a plain five has three copies; the fourth is 0x
            what = f"fourth plain {name} (the fourth five is the red 0{name[1]})"
        else:
            what = f"fifth {name}"
        raise ScenarioError(f"{where}: a {what} (too many copies)")

    def take_text(self, text: Any, where: str) -> list[int]:
        if not isinstance(text, str):
            raise ScenarioError(f"{where}: must be a tile string")
        try:
            tiles = parse(text)
        except TileError as e:
            raise ScenarioError(f"{where}: {e}") from None
        return [self.take(k, r, where) for k, r in tiles]


def build_wall(
    seed: int | str,
    label: object,
    red_fives: bool,
    hands: dict[int, Any] | None = None,
    draws: Any = None,
    dead: dict[str, Any] | None = None,
    where: str = "kyoku",
    seat_names: tuple[str, ...] = ("0", "1", "2", "3"),
) -> Wall:
    """Place the fixed tiles, then fill every other slot from ``derive(seed, "wall", label)``."""
    pool = _Pool(red_fives)
    fixed_hands: dict[int, list[int]] = {}
    for seat, text in (hands or {}).items():
        tiles = pool.take_text(text, f"{where}.hands.{seat_names[seat]}")
        if len(tiles) != 13:
            raise ScenarioError(f"{where}.hands.{seat_names[seat]}: {len(tiles)} tiles, a hand has 13")
        fixed_hands[seat] = tiles
    live = pool.take_text(draws, f"{where}.draws") if draws is not None else []
    if len(live) > LIVE:
        raise ScenarioError(f"{where}.draws: {len(live)} draws, the live wall holds {LIVE}")
    dead = dead or {}
    if not isinstance(dead, dict):
        raise ScenarioError(f"{where}.dead: must be an object")
    fixed_dead: dict[str, list[int]] = {}
    for key, slots in (("dora", DORA_SLOTS), ("ura", DORA_SLOTS), ("rinshan", RINSHAN_SLOTS)):
        value = dead.get(key, [])
        if not isinstance(value, list):
            raise ScenarioError(f"{where}.dead.{key}: must be a list of tiles")
        tiles = [t for i, s in enumerate(value) for t in pool.take_text(s, f"{where}.dead.{key}[{i}]")]
        if len(tiles) > slots:
            raise ScenarioError(f"{where}.dead.{key}: at most {slots} tiles")
        fixed_dead[key] = tiles
    unknown = set(dead) - {"dora", "ura", "rinshan"}
    if unknown:
        raise ScenarioError(f"{where}.dead: unknown field {sorted(unknown)[0]!r}")

    rest = sorted(pool.free)
    derive(seed, "wall", label).shuffle(rest)

    def fill(tiles: list[int], size: int) -> list[int]:
        need = size - len(tiles)
        tiles = tiles + rest[:need]
        del rest[:need]
        return tiles

    out_hands = [fill(fixed_hands.get(s, []), 13) for s in range(4)]
    live = fill(live, LIVE)
    dora = fill(fixed_dead["dora"], DORA_SLOTS)
    ura = fill(fixed_dead["ura"], DORA_SLOTS)
    rinshan = fill(fixed_dead["rinshan"], RINSHAN_SLOTS)
    assert not rest
    return Wall(out_hands, live, dora, ura, rinshan)
