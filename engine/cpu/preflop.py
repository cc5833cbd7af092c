"""Starting-hand classes for hold'em: the Chen score of two hole cards.

A small, well-known table of points (high card, pair, suited, gap) that orders the 169 starting
hands well enough for the easy level, which plays by hand class (the others use the equity
table of :mod:`engine.cpu.preflop_table`).

>>> chen("As", "Ah"), chen("Ks", "Qs"), chen("7h", "2c"), chen("5d", "5c"), chen("Ts", "9s")
(20, 10, -1, 5, 8)
"""

from __future__ import annotations

import math

RANKS = "23456789TJQKA"
_HIGH = {"A": 10.0, "K": 8.0, "Q": 7.0, "J": 6.0}


def _card_points(rank: str) -> float:
    return _HIGH.get(rank, (RANKS.index(rank) + 2) / 2)


def chen(card1: str, card2: str) -> int:
    """Chen score of a starting hand, from -1 (72o) to 20 (AA)."""
    r1, r2 = RANKS.index(card1[0]), RANKS.index(card2[0])
    hi, lo = max(r1, r2), min(r1, r2)
    points = _card_points(RANKS[hi])
    if hi == lo:
        return int(math.ceil(max(5.0, points * 2)))
    if card1[1] == card2[1]:
        points += 2
    gap = hi - lo - 1
    points -= {0: 0, 1: 1, 2: 2, 3: 4}.get(gap, 5)
    if gap <= 1 and hi < RANKS.index("Q"):
        points += 1
    return int(math.ceil(points))

