"""Tile efficiency: shanten and effective tiles (ukeire) over 34-count arrays.

Shanten comes from the `mahjong` library; this module only caches it and counts, per candidate
discard, how many still-unseen tiles would bring the hand one step closer.

>>> from engine.tiles import parse_kinds
>>> hand = counts_of(parse_kinds("123m456p789s1122z"))
>>> shanten(hand, Forms())
0
>>> ukeire(hand, unseen_from([0] * 34), Forms())
8
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mahjong.shanten import Shanten

Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Forms:
    """Which winning shapes count: seven pairs and thirteen orphans need a closed hand."""

    seven_pairs: bool = True
    thirteen_orphans: bool = True

    def for_hand(self, closed: bool) -> Forms:
        return self if closed else Forms(False, False)


def counts_of(kinds: list[int] | tuple[int, ...]) -> Counts:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return tuple(counts)


def unseen_from(visible: list[int] | tuple[int, ...]) -> Counts:
    """Copies of each kind not yet seen by this player (4 minus visible, never below 0)."""
    return tuple(max(0, 4 - v) for v in visible)


@lru_cache(maxsize=200_000)
def _shanten(counts: Counts, seven_pairs: bool, thirteen_orphans: bool) -> int:
    return Shanten.calculate_shanten(counts, use_chiitoitsu=seven_pairs, use_kokushi=thirteen_orphans)


def shanten(counts: Counts, forms: Forms) -> int:
    """Shanten of a concealed part of 3n+1 or 3n+2 tiles (called sets count as done)."""
    return _shanten(counts, forms.seven_pairs, forms.thirteen_orphans)


def _neighbours(counts: Counts, forms: Forms) -> list[int]:
    """Kinds whose draw can lower shanten: near a held tile, or any orphan for thirteen orphans."""
    near: set[int] = set()
    for k, n in enumerate(counts):
        if not n:
            continue
        if k >= 27:
            near.add(k)
            continue
        base = k - k % 9
        for d in (-2, -1, 0, 1, 2):
            j = k + d
            if base <= j < base + 9:
                near.add(j)
    if forms.thirteen_orphans:
        near.update((0, 8, 9, 17, 18, 26, *range(27, 34)))
    return sorted(near)


def improving_kinds(counts: Counts, forms: Forms) -> list[int]:
    """Kinds that lower the shanten of a 3n+1 hand when drawn (ignoring how many are left)."""
    base = shanten(counts, forms)
    out = []
    work = list(counts)
    for k in _neighbours(counts, forms):
        if work[k] >= 4:
            continue
        work[k] += 1
        if shanten(tuple(work), forms) < base:
            out.append(k)
        work[k] -= 1
    return out


def ukeire(counts: Counts, unseen: Counts, forms: Forms) -> int:
    """Unseen tiles that lower the shanten of a 3n+1 hand (the player's own tiles are seen)."""
    return sum(unseen[k] for k in improving_kinds(counts, forms))


@dataclass(frozen=True, slots=True)
class DiscardOption:
    kind: int
    shanten: int
    ukeire: int


def discard_options(counts: Counts, unseen: Counts, forms: Forms) -> list[DiscardOption]:
    """For a 3n+2 hand: shanten and ukeire after each distinct discard, best first."""
    out = []
    work = list(counts)
    for k, n in enumerate(counts):
        if not n:
            continue
        work[k] -= 1
        after = tuple(work)
        out.append(DiscardOption(k, shanten(after, forms), ukeire(after, unseen, forms)))
        work[k] += 1
    out.sort(key=lambda o: (o.shanten, -o.ukeire, o.kind))
    return out
