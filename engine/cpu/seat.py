"""What a mahjong CPU knows about its table, gathered from its own view only.

The game adapters build a :class:`Seat` from ``game.view(player)``; every mahjong decision reads
this and nothing else, so a CPU cannot see the wall or another player's concealed tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cpu.efficiency import Counts, Forms, counts_of, unseen_from
from engine.tiles import RED_FIVES, dora_of


@dataclass(slots=True)
class Opponent:
    """Another seat as the table shows it."""

    discards: list[int] = field(default_factory=list)  # kinds, in order, not counting called ones
    melds: list[list[int]] = field(default_factory=list)  # kinds of each open set
    riichi: bool = False
    safe: set[int] = field(default_factory=set)  # kinds that cannot ron-win against this seat
    dealer: bool = False

    def __post_init__(self) -> None:
        self.safe |= set(self.discards)

    def one_suit(self) -> int | None:
        """The suit of an open hand whose every called set is that suit or honors (honitsu look)."""
        if not self.melds:
            return None
        suits = {k // 9 for m in self.melds for k in m if k < 27}
        return suits.pop() if len(suits) == 1 else None

    def suit_factor(self, kind: int) -> float:
        """Against a one-suit open hand, its suit and honors are the danger, other suits far less."""
        suit = self.one_suit()
        if suit is None:
            return 1.0
        return 1.3 if kind >= 27 or kind // 9 == suit else 0.2


@dataclass(slots=True)
class Seat:
    """The CPU's own hand and the public table.

    ``hand`` holds 136 ids of the concealed tiles (the drawn tile included on a draw turn);
    ``melds`` the kinds of the CPU's own declared sets with whether each is open.
    """

    variant: str  # "riichi" or "five" (Janpo plays riichi rules)
    hand: list[int]
    drawn: int | None = None
    melds: list[tuple[list[int], bool]] = field(default_factory=list)
    seat_wind: int = 27
    round_wind: int = 27
    dora_indicators: list[int] = field(default_factory=list)  # kinds
    opponents: list[Opponent] = field(default_factory=list)
    wall_left: int = 70
    forms: Forms = field(default_factory=Forms)
    in_riichi: bool = False
    red_fives: bool = True
    first_turn: bool = False  # no discard of its own and no call on the table yet (double riichi)

    @property
    def dealer(self) -> bool:
        """Whether this seat's wins pay half again (riichi and Janpo; Five's dealer gets no more)."""
        return self.seat_wind == 27 and self.variant != "five"

    @property
    def closed(self) -> bool:
        return not any(opened for _, opened in self.melds)

    @property
    def counts(self) -> Counts:
        return counts_of([t // 4 for t in self.hand])

    @property
    def hand_forms(self) -> Forms:
        return self.forms.for_hand(not self.melds)  # seven pairs and orphans: no set declared

    def dora_count(self, kind: int) -> int:
        return sum(1 for ind in self.dora_indicators if dora_of(ind) == kind)

    def value_honors(self) -> set[int]:
        """Honors whose triplet is a yaku: dragons and the seat and round winds (VIP sets in Five)."""
        return {31, 32, 33, self.seat_wind, self.round_wind}

    def visible(self) -> Counts:
        """Copies of each kind this player can see: own tiles, rivers, open sets, dora indicators."""
        seen = list(self.counts)
        for kinds, _ in self.melds:
            for k in kinds:
                seen[k] += 1
        for opp in self.opponents:
            for k in opp.discards:
                seen[k] += 1
            for meld in opp.melds:
                for k in meld:
                    seen[k] += 1
        for ind in self.dora_indicators:
            seen[ind] += 1
        return tuple(seen)

    def unseen(self) -> Counts:
        return unseen_from(self.visible())

    def reds_of(self, kind: int) -> int:
        return sum(1 for t in self.hand if t // 4 == kind and t in RED_FIVES) if self.red_fives else 0
