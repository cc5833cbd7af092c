"""The plain data of a kyoku: its phases, a seat's hand and river, the table it pays into, its
rules and result, and the :class:`Scoring` a ruleset plugs in.

Kept apart from the flow of play (engine/riichi/kyoku.py and the modules it drives) so that a
ruleset, a view or a game can read these shapes without the state machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from engine.riichi.scoring import WinContext
from engine.tiles import Meld

WINDS = "ESWN"


class Phase(StrEnum):
    DRAW = "draw"  # the current seat has drawn (wall or rinshan) and must act
    CALLED = "called"  # the current seat called chi/pon and must discard
    CLAIMS = "claims"  # a discard is out; others may ron / pon / kan / chi
    CHANKAN = "chankan"  # an added kan is declared; others may rob it
    ENDED = "ended"


# A ruleset's value of a win. The kyoku never looks inside: it hands it back to the same ruleset's
# win_deltas and describe, so any type will do (riichi's WinScore, Five's FiveScore).
Scored = object


class Scoring(Protocol):
    """What a ruleset decides about hand value and payments (riichi and Five differ)."""

    riichi_deposit: int
    four_copies_noten: bool

    def waits(self, closed: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
        """34-kinds that complete the shape of a 13-tile hand (yaku not considered)."""
        ...

    def score(self, ctx: WinContext, honba: int) -> Scored | str:
        """The value of a win, or why it is not one (a short English reason)."""
        ...

    def win_deltas(
        self, scored: Any, winner: int, discarder: int | None, dealer: int, honba: int,
        deposits: int, liable: int | None,
    ) -> list[int]: ...

    def draw_deltas(self, tenpai: list[bool]) -> list[int]: ...

    def describe(self, scored: Any) -> dict[str, Any]:
        """Extra result fields (han/fu/yaku, a breakdown) for the kyoku's result record."""
        ...


@dataclass(frozen=True, slots=True)
class Discard:
    tile: int
    tsumogiri: bool
    riichi: bool = False
    order: int = 0  # the kyoku's discard count when it was made: rivers can be read in time order


@dataclass
class Seat:
    hand: list[int]
    drawn: int | None = None
    melds: list[Meld] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    called_away: set[int] = field(default_factory=set)  # indexes into discards
    riichi: bool = False
    riichi_pending: bool = False  # declared with the discard now out; stands if nobody rons
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temp: bool = False
    furiten_riichi: bool = False
    waits: frozenset[int] = frozenset()
    kuikae: frozenset[int] = frozenset()  # kinds that may not be discarded this turn (R3)
    liable: dict[str, int] = field(default_factory=dict)  # pao: yakuman -> liable seat (R7)

    @property
    def closed(self) -> bool:
        return all(not m.opened for m in self.melds)

    def concealed_without_drawn(self) -> list[int]:
        hand = list(self.hand)
        if self.drawn is not None:
            hand.remove(self.drawn)
        return hand


@dataclass
class TableState:
    """What outlives a kyoku: points per seat and riichi deposits on the table.

    The kyoku reports every payment through :meth:`pay`; the game that owns the points decides
    where it lands (Janpo: into the chips of a poker hand in progress, J10/J11) via ``payee``.
    """

    points: list[int]
    deposits: int = 0
    payee: Callable[[int, int], None] | None = None

    def pay(self, seat: int, delta: int) -> None:
        if self.payee is None:
            self.points[seat] += delta
        else:
            self.payee(seat, delta)


@dataclass(frozen=True, slots=True)
class KyokuRules:
    red_fives: bool = True
    riichi_min_points: int = 0  # Janpo: 1,000 (points are chips there)


@dataclass
class KyokuResult:
    kind: str  # "ron", "tsumo", "draw"
    winner: int | None
    discarder: int | None
    deltas: list[int]
    detail: dict[str, Any]
    tenpai: list[bool] | None = None
