"""What each image shows, as small frozen records of plain values (tile and card notation strings).

The renderers read only these, never engine objects, so an adapter can fill them from the
engine's views. The public records (:class:`SeatView`, :class:`TableImage`, :class:`HoldemTable`)
have no field that can hold a concealed tile or a hole card: hole cards reach a public image only
through ``showdown_cards``, which the caller fills once the cards are shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

Direction = Literal["left", "across", "right"]
MeldKind = Literal["chi", "pon", "kan", "ankan", "kakan"]
PokerStatus = Literal["in", "to_act", "folded", "all_in", "busted"]
Game = Literal["riichi", "janpo", "five"]


class _Record:
    """Pickled as the class and its values in order: a picture's record goes to a worker process
    with every picture, and the dataclasses' own state functions look the fields up for each
    object (twice the time both ways)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        names: tuple[str, ...] = type(self).__slots__  # a slotted dataclass's: its fields in order
        return type(self), tuple([getattr(self, name) for name in names])


@dataclass(frozen=True, slots=True)
class MeldView(_Record):
    """A declared set. ``tiles`` holds every tile of it, the called and added tiles included;
    the called tile is drawn sideways on the side it came from (left, across, right); a kakan's
    added tile is stacked on the sideways one."""

    kind: MeldKind
    tiles: tuple[str, ...]
    called: str | None = None
    source: Direction | None = None
    added: str | None = None


@dataclass(frozen=True, slots=True)
class Wait(_Record):
    tile: str
    remaining: int


@dataclass(frozen=True, slots=True)
class HandImage(_Record):
    """A player's own hand, for their DM. ``forbidden`` lists tiles kuikae bars from discard now
    (R3); a red five there also bars its plain five and the other way round."""

    tiles: tuple[str, ...]
    drawn: str | None = None
    melds: tuple[MeldView, ...] = ()
    riichi: bool = False
    forbidden: frozenset[str] = frozenset()
    waits: tuple[Wait, ...] = ()
    furiten: bool = False
    shanten: int | None = None
    hole_cards: tuple[str, ...] = ()
    board: tuple[str, ...] = ()
    dora_indicators: tuple[str, ...] = ()
    title: str = ""
    poker_turn: PokerTurn | None = None
    # Comfort and assist (issue 20), off unless given, so every other hand picture is unchanged:
    # the concealed tiles assist suggests letting go (names as in ``tiles``; the drawn tile by
    # ``suggest_drawn``), its lines already in the player's words, and the switches that are on.
    suggested: tuple[str, ...] = ()
    suggest_drawn: bool = False
    assist_lines: tuple[str, ...] = ()
    switches: tuple[str, ...] = ()
    # Large tiles (issue 39, ``/settings me``): the concealed tiles in two rows of bigger tiles and
    # the calls on a row of their own, so the hand stays readable shrunk to a phone's width.
    large: bool = False


@dataclass(frozen=True, slots=True)
class PokerTurn(_Record):
    """The numbers a Janpo player weighs on their poker turn: what a call costs (``current_bet``
    less their own bet), everything in the middle (collected pots and this street's bets), and
    their points behind (J1: chips in the pot are no longer points)."""

    to_call: int
    pot: int
    behind: int


@dataclass(frozen=True, slots=True)
class Discard(_Record):
    """A pond tile: ``riichi`` turns it sideways, ``called`` dims it (another seat took it),
    ``last`` rings it (the discard others may still claim)."""

    tile: str
    riichi: bool = False
    called: bool = False
    last: bool = False


@dataclass(frozen=True, slots=True)
class PokerSeat(_Record):
    """A seat's public poker state; ``showdown_cards`` stays empty until the hand is shown."""

    bet: int = 0
    status: PokerStatus = "in"
    position: str = ""
    showdown_cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatView(_Record):
    name: str
    wind: str
    points: int
    discards: tuple[Discard, ...] = ()
    melds: tuple[MeldView, ...] = ()
    riichi: bool = False
    dealer: bool = False
    poker: PokerSeat | None = None


@dataclass(frozen=True, slots=True)
class Pot(_Record):
    amount: int
    eligible: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableImage(_Record):
    """The channel's picture of a mahjong or Janpo table. ``seats`` run in turn order from East;
    seat 0 is drawn at the bottom, then right, top, left (counter-clockwise, as play goes).
    ``deposits`` counts riichi sticks on the table; ``wall`` is live tiles left. ``finished`` marks
    the game-over picture, which names nobody's turn and no poker positions. ``pot_total`` is
    every chip in the middle, this betting round's bets included (what "Pot" means on every
    picture); ``pots`` are the pots collected from earlier rounds, by who may win them."""

    game: Game
    seats: tuple[SeatView, ...]
    round_wind: str = "E"
    kyoku: int = 1
    honba: int = 0
    deposits: int = 0
    turn: int | None = None
    dora_indicators: tuple[str, ...] = ()
    wall: int | None = None
    pots: tuple[Pot, ...] = ()
    board: tuple[str, ...] = ()
    finished: bool = False
    pot_total: int | None = None

    def pot(self) -> int:
        """Every chip in the middle: ``pot_total``, else the collected pots plus the bets out."""
        return pot_of(self.pot_total, self.pots, (s.poker.bet for s in self.seats if s.poker))


def pot_of(total: int | None, pots: tuple[Pot, ...], bets: Iterable[int]) -> int:
    return total if total is not None else sum(p.amount for p in pots) + sum(bets)


@dataclass(frozen=True, slots=True)
class HoldemSeat(_Record):
    name: str
    stack: int
    poker: PokerSeat = field(default_factory=PokerSeat)
    button: bool = False
    in_hand: bool = True


@dataclass(frozen=True, slots=True)
class HoldemTable(_Record):
    """A plain hold'em table of 2-10 seats, drawn around an oval from the bottom, clockwise;
    ``finished`` (game over) draws no button, positions or seat to act. ``pot_total`` and
    ``pots`` as in :class:`TableImage`."""

    seats: tuple[HoldemSeat, ...]
    board: tuple[str, ...] = ()
    pots: tuple[Pot, ...] = ()
    small_blind: int = 0
    big_blind: int = 0
    hand_no: int | None = None
    finished: bool = False
    pot_total: int | None = None

    def pot(self) -> int:
        return pot_of(self.pot_total, self.pots, (s.poker.bet for s in self.seats))


@dataclass(frozen=True, slots=True)
class ScoreLine(_Record):
    """One line of a hand's value: a yaku with its han, or a Mahjong Five category or bonus.
    ``romaji`` is the yaku's romanised Japanese name, drawn beside a translated ``label``."""

    label: str
    han: int
    bonus: bool = False
    romaji: str = ""


@dataclass(frozen=True, slots=True)
class ScoreChange(_Record):
    name: str
    delta: int


@dataclass(frozen=True, slots=True)
class KyokuResult(_Record):
    """A kyoku's end. ``winner`` is empty for an exhaustive draw; ``loser`` is the ron discarder.
    ``value`` is the caption under the han/fu line (e.g. ``'Mangan 8000'``)."""

    title: str
    winner: str = ""
    loser: str = ""
    hand: tuple[str, ...] = ()
    melds: tuple[MeldView, ...] = ()
    win_tile: str | None = None
    lines: tuple[ScoreLine, ...] = ()
    han: int = 0
    fu: int = 0
    value: str = ""
    dora_indicators: tuple[str, ...] = ()
    ura_indicators: tuple[str, ...] = ()
    changes: tuple[ScoreChange, ...] = ()
    tenpai: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FiveResult(_Record):
    """A Mahjong Five kyoku's end (F5, F6, F9): every line with its han, the total, the base
    score and each player's score change, worded as scores, never as payments."""

    title: str
    winner: str = ""
    loser: str = ""
    hand: tuple[str, ...] = ()
    melds: tuple[MeldView, ...] = ()
    win_tile: str | None = None
    lines: tuple[ScoreLine, ...] = ()
    total_han: int = 0
    base_score: int = 0
    dora_indicators: tuple[str, ...] = ()
    ura_indicators: tuple[str, ...] = ()
    changes: tuple[ScoreChange, ...] = ()
    tenpai: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing(_Record):
    rank: int
    name: str
    points: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class StandingsImage(_Record):
    """Final standings. A row's ``note`` is its M.League result (R2), under a column headed
    ``note_label`` (the "M.League" caption when empty)."""

    title: str
    rows: tuple[Standing, ...]
    footer: str = ""
    note_label: str = ""


@dataclass(frozen=True, slots=True)
class ShowdownHand(_Record):
    name: str
    cards: tuple[str, ...]
    label: str = ""
    won: int = 0
    folded: bool = False


@dataclass(frozen=True, slots=True)
class PotResult(_Record):
    amount: int
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowdownImage(_Record):
    board: tuple[str, ...]
    hands: tuple[ShowdownHand, ...]
    pots: tuple[PotResult, ...] = ()
    title: str = ""
