"""Tile notation, 136-tile ids and melds.

A tile in play is an int 0..135, the id the `mahjong` library uses: kind * 4 + copy, where
kind 0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s, 27..33 = East South West North White Green Red.
The red five of each suit is copy 0 of its five (ids 16, 52, 88), as in the library.

Text notation (RULES.md): ``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z``; red fives
``0m 0p 0s``. Digits may share a suffix: ``"345m77z"`` is five tiles.

>>> parse_kinds("123m0p7z")
[0, 1, 2, 13, 33]
>>> tile_name(16, red_fives=True), tile_name(16, red_fives=False), tile_name(17, red_fives=True)
('0m', '5m', '5m')
>>> dora_of(8), dora_of(27), dora_of(30), dora_of(33)
(0, 28, 27, 31)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

RED_FIVES = frozenset({16, 52, 88})
SUITS = "mpsz"
_TOKEN = re.compile(r"([0-9]+)([mpsz])")


class TileError(ValueError):
    """A tile string that does not follow the notation."""


def is_red(tile: int) -> bool:
    return tile in RED_FIVES


def kind_name(kind: int) -> str:
    """``0 -> '1m'``, ``33 -> '7z'``."""
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def _spelled(tile: int, red_fives: bool) -> str:
    if red_fives and tile in RED_FIVES:
        return f"0{SUITS[tile // 36]}"
    return kind_name(tile // 4)


# Every view names every visible tile, so the 2 x 136 names are spelled once, not per call.
_NAMES = (tuple(_spelled(t, False) for t in range(136)), tuple(_spelled(t, True) for t in range(136)))


def tile_names(red_fives: bool = True) -> tuple[str, ...]:
    """The notation of every 136 id, indexed by id (views name many tiles at a time)."""
    return _NAMES[bool(red_fives)]


def tile_name(tile: int, red_fives: bool = True) -> str:
    """The notation of a 136 id; red fives print as ``0x`` only when the table uses them."""
    return _NAMES[bool(red_fives)][tile]


def parse(text: str) -> list[tuple[int, bool]]:
    """Split notation into ``(kind, red)`` pairs, keeping order.

    >>> parse("15m0s")
    [(0, False), (4, False), (22, True)]
    """
    text = text.replace(" ", "")
    pos = 0
    out: list[tuple[int, bool]] = []
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            raise TileError(f"bad tile string {text!r}")
        pos = m.end()
        suit = SUITS.index(m.group(2))
        for ch in m.group(1):
            n = int(ch)
            if suit == 3 and not 1 <= n <= 7:
                raise TileError(f"no honor tile {ch}z")
            red = n == 0
            if red and suit == 3:
                raise TileError("there is no red honor (0z)")
            out.append((suit * 9 + (4 if red else n - 1), red))
    if pos != len(text):
        raise TileError(f"bad tile string {text!r}")
    return out


def parse_kinds(text: str) -> list[int]:
    return [k for k, _ in parse(text)]


def parse_one(text: str) -> tuple[int, bool]:
    tiles = parse(text)
    if len(tiles) != 1:
        raise TileError(f"expected one tile, got {text!r}")
    return tiles[0]


def dora_of(indicator_kind: int) -> int:
    """The dora kind an indicator kind points at (9->1, North->East, Red->White)."""
    if indicator_kind < 27:
        return indicator_kind - indicator_kind % 9 + (indicator_kind % 9 + 1) % 9
    if indicator_kind < 31:
        return 27 + (indicator_kind - 27 + 1) % 4
    return 31 + (indicator_kind - 31 + 1) % 3


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


ORPHANS = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})
"""The terminals and honors (thirteen orphans)."""


def near_kinds(counts: list[int] | tuple[int, ...]) -> set[int]:
    """Kinds that can join a held tile in a set or pair: a held honor, or a suit kind within two
    of a held one. Only these can complete a regular hand or lower its shanten.

    >>> sorted(kind_name(k) for k in near_kinds(to_34([0, 32, 132])))
    ['1m', '2m', '3m', '7m', '7z', '8m', '9m']
    """
    near: set[int] = set()
    for kind, n in enumerate(counts):
        if not n:
            continue
        if kind >= 27:
            near.add(kind)
            continue
        low = kind - kind % 9
        near.update(range(max(low, kind - 2), min(low + 9, kind + 3)))
    return near


def to_34(tiles: list[int] | tuple[int, ...]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t // 4] += 1
    return counts


class MeldKind(StrEnum):
    CHI = "chi"
    PON = "pon"
    MINKAN = "kan"  # open kan on a discard (daiminkan)
    ANKAN = "ankan"
    KAKAN = "kakan"


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``called`` is the claimed tile (the added tile for a kakan)."""

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None

    @property
    def opened(self) -> bool:
        return self.kind != MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.KAKAN)

    @property
    def kind34(self) -> int:
        return min(self.tiles) // 4
