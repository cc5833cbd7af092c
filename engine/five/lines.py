"""One line of a score breakdown, and the plain-English words for every line key.

Keys are stable so the bot can translate them; :data:`LABELS` is the English a child reads.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.tiles import SUITS


class Line(NamedTuple):
    """A category or bonus and the han it adds; ``tiles`` names the set it is for, if one."""

    key: str
    han: int
    tiles: str = ""


LABELS: dict[str, str] = {
    "closed_hand": "Closed Hand",
    "closed_riichi": "Riichi",
    "closed_all_sequences": "All Sequences",
    "closed_twin_sequences": "Twin Sequences",
    "vip_set": "VIP Set",
    "vip_all_dragons": "All Three Dragons",
    "vip_all_winds": "All Four Winds",
    "outside": "Outside",
    "inside": "Inside",
    "all_triplets": "All Triplets",
    "all_triplets_closed": "All Triplets, Closed",
    "one_suit": "One Numbered Suit",
    "one_suit_straight": "Straight 123 456 789",
    "one_suit_no_honors": "No Honors",
    "thirteen_orphans": "Thirteen Orphans",
    "dora": "Dora",
    "red_five": "Red Five",
    "ura_dora": "Ura Dora",
    "kan_bonus": "Kan Bonus",
    "dealer_bonus": "Dealer Bonus",
}

NO_YAKU = "no_yaku"
REASONS: dict[str, str] = {
    NO_YAKU: "no yaku: an open hand needs a VIP set, Outside/Inside, All Triplets or One Suit",
}


def block_name(block: tuple[int, ...]) -> str:
    """A set or pair of 34-kinds in tile notation.

    >>> block_name((0, 1, 2)), block_name((33, 33, 33, 33)), block_name((13, 13))
    ('123m', '7777z', '55p')
    """
    return "".join(str(k % 9 + 1) for k in block) + SUITS[block[0] // 9]


def line_text(line: Line) -> str:
    """``'VIP Set 777z +1'``: one line as a child reads it.

    >>> line_text(Line("closed_hand", 1)), line_text(Line("vip_set", 1, "777z"))
    ('Closed Hand +1', 'VIP Set 777z +1')
    """
    label = LABELS.get(line.key, line.key)
    return f"{label} {line.tiles} +{line.han}" if line.tiles else f"{label} +{line.han}"
