"""Scoring a Mahjong Five win (F4-F6) as a breakdown a child can follow.

Every reading of the hand is scored with the yaku of :mod:`engine.five.yaku` and the best one is
kept. Dora, kan and dealer bonuses are added on top (F5), the total is looked up in the base table,
and :func:`payments` says who gives what (F6).

A closed riichi hand of sequences with one twin, won by ron (1+1+1+1 = 4 han -> base 40):

>>> from engine.five.hand_text import ids_of
>>> hand = ids_of("123123m456p78999s")
>>> s = score_five(hand, (), hand[-4], tsumo=False, riichi=True, seat_wind=1, round_wind=0)
>>> s.yaku_han, s.total_han, s.base
(4, 4, 40)
>>> [line_text(x) for x in s.lines]
['Closed Hand +1', 'Riichi +1', 'All Sequences +1', 'Twin Sequences 123m +1']
>>> payments(2, 3, s.base, range(4))
{0: 0, 1: 0, 2: 120, 3: -120}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.five.lines import LABELS, NO_YAKU, REASONS, Line, block_name, line_text
from engine.five.reading import all_kinds, readings
from engine.five.yaku import score_reading
from engine.five.yaku import thirteen_orphans as orphans_yaku
from engine.tiles import RED_FIVES, Meld, dora_of

Seat = TypeVar("Seat", bound=Hashable)

BASE_TABLE: tuple[tuple[int, int], ...] = ((13, 160), (11, 120), (8, 80), (6, 60), (4, 40), (3, 20), (2, 10), (1, 5))
NOTEN_PAYMENT = 5


def base_score(total_han: int) -> int:
    """F5's base table; 0 below 1 han.

    >>> [base_score(h) for h in (1, 2, 3, 4, 5, 6, 8, 10, 11, 13, 30)]
    [5, 10, 20, 40, 40, 60, 80, 80, 120, 160, 160]
    """
    return next((base for han, base in BASE_TABLE if total_han >= han), 0)


@dataclass(frozen=True, slots=True)
class FiveScore:
    """A scored complete hand. ``lines`` are the yaku lines, then dora and bonus lines.

    ``yaku_han`` is 0 when the shape is complete but no yaku applies: then ``base`` is 0 and
    ``reason``/``reason_text`` say why the win is refused (F4).
    """

    shape: str  # "four_sets", "seven_pairs" or "thirteen_orphans"
    blocks: tuple[str, ...]  # the reading kept, in notation: ("123m", "123m", "456p", "789s", "99s")
    lines: tuple[Line, ...]
    yaku_han: int
    total_han: int
    base: int
    reason: str | None = None
    reason_text: str | None = field(default=None)

    @property
    def is_win(self) -> bool:
        return self.yaku_han > 0

    def texts(self) -> list[str]:
        """Each line in plain English: ``['Closed Hand +1', 'Dora +2']``."""
        return [line_text(x) for x in self.lines]

    def breakdown(self) -> dict[str, Any]:
        """The whole score as JSON-ready data for the bot to show."""
        return {
            "shape": self.shape,
            "blocks": list(self.blocks),
            "lines": [{"key": x.key, "label": LABELS[x.key], "han": x.han, "tiles": x.tiles} for x in self.lines],
            "yaku_han": self.yaku_han,
            "total_han": self.total_han,
            "base": self.base,
            "reason": self.reason,
            "reason_text": self.reason_text,
        }


def _count_dora(kinds: Sequence[int], indicators: Iterable[int]) -> int:
    return sum(kinds.count(dora_of(i // 4)) for i in indicators)


def bonus_lines(
    tiles: Sequence[int],
    melds: Sequence[Meld],
    *,
    riichi: bool,
    dora_indicators: Sequence[int],
    ura_indicators: Sequence[int],
    red_fives: bool,
    honba: int,
    is_dealer: bool,
) -> list[Line]:
    """F5's additions to the yaku: dora (every revealed indicator), red fives (when the table
    uses them, F1), ura dora (riichi winners only), 1 per kan, and 1 per honba for the dealer."""
    kinds = [t // 4 for t in tiles]
    counted = [
        ("dora", _count_dora(kinds, dora_indicators)),
        ("red_five", sum(t in RED_FIVES for t in tiles) if red_fives else 0),
        ("ura_dora", _count_dora(kinds, ura_indicators) if riichi else 0),
        ("kan_bonus", sum(m.is_kan for m in melds)),
        ("dealer_bonus", honba if is_dealer else 0),
    ]
    return [Line(key, han) for key, han in counted if han > 0]


def score_five(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    *,
    tsumo: bool,
    riichi: bool = False,
    seat_wind: int = 0,
    round_wind: int = 0,
    dora_indicators: Sequence[int] = (),
    ura_indicators: Sequence[int] = (),
    red_fives: bool = False,
    honba: int = 0,
    is_dealer: bool | None = None,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
) -> FiveScore | None:
    """Score a hand; None if it is not a complete shape under the table's options.

    ``concealed`` holds the 136 ids in hand including ``win_tile``; ``melds`` are the declared
    sets (a kan with its four ids). Indicators are 136 ids. ``is_dealer`` defaults to the East
    seat (seats never rotate, F3). ``tsumo`` changes no han in Five (Closed Hand is not a
    self-draw yaku); it is taken so that one call describes the whole win.
    """
    if win_tile not in concealed:
        raise ValueError("the winning tile must be among the concealed tiles")
    if riichi and any(m.opened for m in melds):
        raise ValueError("riichi needs a closed hand")
    if len(concealed) + 3 * len(melds) != 14:
        raise ValueError(f"{len(concealed)} concealed tiles do not fit {len(melds)} melds")
    dealer = seat_wind == 0 if is_dealer is None else is_dealer
    tiles = [*concealed, *(t for m in melds for t in m.tiles)]
    bonuses = bonus_lines(
        tiles,
        melds,
        riichi=riichi,
        dora_indicators=dora_indicators,
        ura_indicators=ura_indicators,
        red_fives=red_fives,
        honba=honba,
        is_dealer=dealer,
    )
    kinds = all_kinds(concealed, melds)
    if thirteen_orphans and not melds and (orphans := orphans_yaku.score(kinds)):
        singles = tuple((k,) * kinds.count(k) for k in sorted(set(kinds)))
        return _result("thirteen_orphans", singles, orphans, bonuses)
    best: tuple[int, list[Line], tuple[tuple[int, ...], ...]] | None = None
    for reading in readings(
        concealed, melds, riichi=riichi, seat_wind=seat_wind, round_wind=round_wind, seven_pairs=seven_pairs
    ):
        yaku = score_reading(reading)
        han = sum(x.han for x in yaku)
        if best is None or han > best[0]:
            best = (han, yaku, reading.blocks)
    if best is None:
        return None
    _, yaku, blocks = best
    return _result("seven_pairs" if len(blocks) == 7 else "four_sets", blocks, yaku, bonuses)


def _result(shape: str, blocks: Sequence[tuple[int, ...]], yaku: list[Line], bonuses: list[Line]) -> FiveScore:
    yaku_han = sum(x.han for x in yaku)
    total = yaku_han + sum(x.han for x in bonuses)
    names = tuple(block_name(b) for b in blocks)
    if yaku_han == 0:
        return FiveScore(shape, names, tuple(bonuses), 0, total, 0, NO_YAKU, REASONS[NO_YAKU])
    return FiveScore(shape, names, (*yaku, *bonuses), yaku_han, total, base_score(total))


def payments(winner: Seat, discarder: Seat | None, base: int, seats: Iterable[Seat]) -> dict[Seat, int]:
    """F6: on tsumo each other seat pays ``base``; on ron the discarder pays for all three.

    >>> payments("A", None, 20, "ABCD")
    {'A': 60, 'B': -20, 'C': -20, 'D': -20}
    >>> payments("A", "C", 20, "ABCD")
    {'A': 60, 'B': 0, 'C': -60, 'D': 0}
    """
    order = list(seats)
    out = dict.fromkeys(order, 0)
    others = [s for s in order if s != winner]
    for seat in others:
        payer = seat if discarder is None else discarder
        out[payer] -= base
        out[winner] += base
    return out


def noten_payments(tenpai: Iterable[Seat], seats: Iterable[Seat]) -> dict[Seat, int]:
    """F7: at an exhaustive draw each noten seat gives 5 to each tenpai seat.

    >>> noten_payments(["B", "C"], "ABCD")
    {'A': -10, 'B': 10, 'C': 10, 'D': -10}
    """
    order = list(seats)
    ready = set(tenpai)
    out = dict.fromkeys(order, 0)
    for payer in (s for s in order if s not in ready):
        for taker in (s for s in order if s in ready):
            out[payer] -= NOTEN_PAYMENT
            out[taker] += NOTEN_PAYMENT
    return out
