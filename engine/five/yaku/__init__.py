"""Mahjong Five's yaku (F4): one module per category, each a ``score(reading) -> list[Line]``.

A category's first line is its base value; the lines after it are its bonuses. An empty list means
the category does not apply. :data:`CATEGORIES` is the table order the breakdown follows.

With the seven-pairs option the same categories judge the pairs: Closed Hand (and its riichi
bonus), Outside or Inside and One Numbered Suit can apply; the set-based bonuses, VIP Sets and All
Triplets cannot. Thirteen orphans is scored alone by :mod:`engine.five.yaku.thirteen_orphans`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.five.lines import Line
from engine.five.reading import Reading
from engine.five.yaku import all_triplets, closed_hand, one_suit, outside_inside, vip_sets

CATEGORIES: tuple[Callable[[Reading], list[Line]], ...] = (
    closed_hand.score,
    vip_sets.score,
    outside_inside.score,
    all_triplets.score,
    one_suit.score,
)


def score_reading(reading: Reading) -> list[Line]:
    """Every yaku line of one reading, in table order (yaku stack, F4)."""
    return [line for category in CATEGORIES for line in category(reading)]
