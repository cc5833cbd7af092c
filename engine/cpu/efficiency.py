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

from mahjong.shanten import Shanten

from engine.tiles import ORPHANS, near_kinds

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


CACHE_LIMIT = 200_000  # entries per form; the cache is emptied when it grows past this
_CACHE: dict[int, dict[bytes, int]] = {0: {}, 1: {}, 2: {}, 3: {}}


def shape_key(counts: Counts) -> bytes:
    """What the regular shape's shanten depends on: each suit's blocks (held kinds at most two
    apart, so no set or partial set spans two blocks) as count shapes read in the direction that
    sorts first, and the honours' counts, all sorted. Moving or mirroring a block changes no set
    it can form, two kinds one apart form the same sets as two adjacent ones (pairs, triplets and
    one partial set, never a run), an honour held once, twice or three times is a one-kind block,
    and four honours of a kind count apart (a quad is no pair and no wait). Hands that differ only
    so share one library search: discarding one loose tile or another often leaves the same shapes."""
    shapes = [bytes((n,)) for n in counts[27:] if 0 < n < 4]
    for base in (0, 9, 18):
        for part in bytes(counts[base:base + 9]).split(b"\0\0"):
            block = part.strip(b"\0")
            if len(block) == 3 and not block[1]:
                block = block[::2]  # two kinds a gap apart pair up as two adjacent kinds do
            if block:
                shapes.append(min(block, block[::-1]))
    shapes.sort()
    return b"\t".join(shapes) + bytes((9, counts[27:].count(4)))


def _shanten(counts: Counts, seven_pairs: bool, thirteen_orphans: bool) -> int:
    """The library's shanten, memoised under a ``bytes`` key: the counts themselves where a
    special shape counts (its shanten depends on which kinds are held), else :func:`shape_key`.

    The regular shape's part (the library's costly search) is kept once for every set of forms:
    a hand asked for with seven pairs and without is searched once, and the special shapes'
    counts (cheap) are added to it. Neither ``bytes`` keys nor ``int`` values are tracked by the
    garbage collector, so the cache adds nothing to a collection pass however large it grows.
    """
    table = _CACHE[seven_pairs * 2 + thirteen_orphans]
    key = bytes(counts) if seven_pairs or thirteen_orphans else shape_key(counts)
    found = table.get(key)
    if found is None:
        if len(table) >= CACHE_LIMIT:
            table.clear()
        if seven_pairs or thirteen_orphans:
            found = _shanten(counts, False, False)
            if sum(counts) >= 13:
                if seven_pairs:
                    found = min(found, Shanten.calculate_shanten_for_chiitoitsu_hand(counts))
                if thirteen_orphans:
                    found = min(found, Shanten.calculate_shanten_for_kokushi_hand(counts))
        else:
            found = Shanten.calculate_shanten_for_regular_hand(counts)
        table[key] = found
    return found


def clear_cache() -> None:
    """Forget every memoised shanten (benchmarks use it to time cold decisions)."""
    for table in _CACHE.values():
        table.clear()


def shanten(counts: Counts, forms: Forms) -> int:
    """Shanten of a concealed part of 3n+1 or 3n+2 tiles (called sets count as done)."""
    return _shanten(counts, forms.seven_pairs, forms.thirteen_orphans)


def _candidates(counts: Counts, forms: Forms, base: int) -> set[int]:
    """Draws worth testing: only the shapes already at the hand's shanten can improve it."""
    out: set[int] = set()
    if _shanten(counts, False, False) == base:
        out |= near_kinds(counts)
    if sum(counts) >= 13:
        if forms.seven_pairs and Shanten.calculate_shanten_for_chiitoitsu_hand(counts) == base:
            held = {k for k, n in enumerate(counts) if n}
            out |= held if len(held) >= 7 else set(range(34))
        if forms.thirteen_orphans and Shanten.calculate_shanten_for_kokushi_hand(counts) == base:
            out.update(ORPHANS)
    return out


def _improving(counts: Counts, forms: Forms, unseen: Counts | None) -> tuple[list[int], int]:
    """(kinds that lower the shanten when drawn, how many draws were tried)."""
    base = shanten(counts, forms)
    out = []
    tried = 0
    work = list(counts)
    for k in sorted(_candidates(counts, forms, base)):
        if work[k] >= 4 or (unseen is not None and not unseen[k]):
            continue
        work[k] += 1
        tried += 1
        if shanten(tuple(work), forms) < base:
            out.append(k)
        work[k] -= 1
    return out, tried


def improving_kinds(counts: Counts, forms: Forms, unseen: Counts | None = None) -> list[int]:
    """Kinds that lower the shanten of a 3n+1 hand when drawn (those still unseen, if given)."""
    return _improving(counts, forms, unseen)[0]


def ukeire(counts: Counts, unseen: Counts, forms: Forms) -> int:
    """Unseen tiles that lower the shanten of a 3n+1 hand (the player's own tiles are seen)."""
    return sum(unseen[k] for k in improving_kinds(counts, forms, unseen))


def ukeire_and_work(counts: Counts, unseen: Counts, forms: Forms) -> tuple[int, int]:
    """:func:`ukeire` and the number of draws it tried: a deterministic measure of its cost."""
    kinds, tried = _improving(counts, forms, unseen)
    return sum(unseen[k] for k in kinds), tried


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
