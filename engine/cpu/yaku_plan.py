"""Whether an open hand still has a way to a yaku, and which tiles a hand's plan wants kept.

An open hand without a yaku can never win, so calls and open-hand discards are checked here.
These are plans, not scoring: the real yaku come from the engine's scoring when the hand wins.

>>> from engine.tiles import parse_kinds
>>> from engine.cpu.efficiency import counts_of
>>> has_open_plan(counts_of(parse_kinds("234m678p3455s")), [parse_kinds("666s")], {31, 32, 33, 27})
True
>>> has_open_plan(counts_of(parse_kinds("123m789p3455s")), [parse_kinds("666s")], {31, 32, 33, 27})
False
>>> has_open_plan(counts_of(parse_kinds("123m789p3455s")), [parse_kinds("777z")], {31, 32, 33, 27})
True
"""

from __future__ import annotations

from engine.cpu.efficiency import Counts
from engine.tiles import is_terminal_or_honor


def _is_simple(kind: int) -> bool:
    return not is_terminal_or_honor(kind)


def _is_triplet(meld: list[int]) -> bool:
    return len(set(meld)) == 1


def value_set(counts: Counts, melds: list[list[int]], value_honors: set[int]) -> bool:
    """A dragon or own-wind triplet already made (called or concealed)."""
    if any(_is_triplet(m) and m[0] in value_honors for m in melds):
        return True
    return any(counts[k] >= 3 for k in value_honors)


def all_simples_plan(counts: Counts, melds: list[list[int]], slack: int = 1) -> bool:
    """Tanyao / Five's Inside: every called set is simples and at most ``slack`` stray tiles."""
    if not all(_is_simple(k) for m in melds for k in m):
        return False
    return sum(n for k, n in enumerate(counts) if not _is_simple(k)) <= slack


def one_suit_plan(counts: Counts, melds: list[list[int]], slack: int = 2) -> bool:
    """Honitsu / Five's One Numbered Suit: one suit plus honors, up to ``slack`` strays."""
    meld_suits = {k // 9 for m in melds for k in m if k < 27}
    if len(meld_suits) > 1:
        return False
    per_suit = [sum(counts[s * 9:(s + 1) * 9]) for s in range(3)]
    suits = list(meld_suits) or [max(range(3), key=lambda s: per_suit[s])]
    suit = suits[0]
    return sum(per_suit) - per_suit[suit] <= slack


def triplets_plan(counts: Counts, melds: list[list[int]]) -> bool:
    """Toitoi / All Triplets: called sets are triplets and enough pairs to finish."""
    if not all(_is_triplet(m) for m in melds):
        return False
    pairs = sum(1 for n in counts if n >= 2)
    return pairs >= 5 - len(melds) - 1


def outside_plan(counts: Counts, melds: list[list[int]], slack: int = 1) -> bool:
    """Chanta / Five's Outside: every set touches a terminal or honor; middle tiles (4-6) are strays."""
    if not all(any(is_terminal_or_honor(k) for k in m) for m in melds):
        return False
    middles = sum(n for k, n in enumerate(counts) if k < 27 and k % 9 in (3, 4, 5))
    return middles <= slack and sum(n for k, n in enumerate(counts) if is_terminal_or_honor(k)) >= 4


def has_open_plan(counts: Counts, melds: list[list[int]], value_honors: set[int],
                  near_value_pair: bool = False) -> bool:
    """Whether an open hand (concealed ``counts`` plus called ``melds``) can reach a yaku.

    ``near_value_pair`` also accepts a concealed pair of a value honor (a pon away from a yaku).
    """
    if value_set(counts, melds, value_honors):
        return True
    if near_value_pair and any(counts[k] >= 2 for k in value_honors):
        return True
    return (all_simples_plan(counts, melds) or one_suit_plan(counts, melds)
            or triplets_plan(counts, melds) or outside_plan(counts, melds))


def lean_bonus(counts: Counts, kind: int) -> float:
    """Extra keep-value of ``kind`` when the hand leans to one suit or to all simples.

    Positive means keep; used only to break near-ties between equally fast discards.
    """
    per_suit = [sum(counts[s * 9:(s + 1) * 9]) for s in range(3)]
    honors = sum(counts[27:])
    best = max(range(3), key=lambda s: per_suit[s])
    bonus = 0.0
    if per_suit[best] + honors >= 10:
        bonus += 3.0 if kind >= 27 or kind // 9 == best else -3.0
    strays = sum(n for k, n in enumerate(counts) if not _is_simple(k))
    if strays <= 3 and per_suit[best] + honors < 10:
        bonus += 1.5 if _is_simple(kind) else -1.5
    return bonus
