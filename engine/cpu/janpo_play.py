"""Janpo's combined draw turn (J7): one move that is a mahjong discard and a poker action.

A chip action (call, bet, raise, all-in) forces tsumogiri, so its price is what the drawn tile
is worth to the mahjong hand compared with the best discard, in expected points (win chance
times value, less the deal-in risk). The CPU takes the chip action only when its expected chips
beat that price, and stops paying any price once the mahjong hand is hopeless (it then plays
poker with every draw, as the Janpo strategy notes suggest).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cpu.hand_value import win_chance
from engine.cpu.mahjong_play import (
    Scored,
    TurnChoice,
    TurnOptions,
    choose_turn,
    dora_kinds,
    push_value,
    score_discards,
)
from engine.cpu.poker_play import PokerChoice, PokerOptions, PokerSpot, poker_decision
from engine.cpu.safety import risk
from engine.cpu.seat import Seat

CHIP_ACTIONS = frozenset({"call", "bet", "raise", "allin"})


@dataclass(frozen=True, slots=True)
class JanpoChoice:
    turn: TurnChoice
    poker: PokerChoice | None  # None for a kan (no poker part)
    tsumogiri: bool = False  # the discard is the drawn tile itself


def hopeless(best_shanten: int, wall_left: int) -> bool:
    """A mahjong hand not worth a single poker chip: far from ready with the wall running out."""
    return best_shanten >= 4 or (best_shanten >= 3 and wall_left < 45) or (best_shanten >= 2 and wall_left < 12)


def mahjong_ev(seat: Seat, s: Scored, level: str) -> float:
    """Expected points of the mahjong hand after discarding ``s.kind``: its win chance times its
    value, less what the discard risks against a threat."""
    value = push_value(seat, seat.counts, s.kind, level, ready=s.shanten == 0)
    lost = risk(s.kind, seat.opponents, seat.visible(), dora_kinds(seat), kabe=level == "hard")
    return win_chance(s.shanten, s.ukeire, seat.wall_left) * value - lost


def chip_gain(spot: PokerSpot, want: PokerChoice, equity: float, options: PokerOptions) -> float:
    """Points the chip action is expected to win over checking (or folding) instead.

    Counted as a call (the pot share it buys, less the chips it costs) plus a tenth of the pot
    for a bet or raise: what a raise wins beyond that depends on answers nobody can count on.
    """
    pot, call = spot.pot, min(spot.to_call, spot.stack)
    passive = equity * pot if options.check else 0.0  # a fold gives up the pot share
    bonus = 0.1 * pot if want.action in ("bet", "raise") or (want.action == "allin" and call < spot.stack) else 0.0
    return equity * (pot + call) - call - passive + bonus


def _passive(options: PokerOptions) -> PokerChoice:
    return PokerChoice("check") if options.check else PokerChoice("fold")


def choose_janpo_turn(seat: Seat, turn: TurnOptions, spot: PokerSpot, poker: PokerOptions,
                      rng: random.Random, level: str = "normal",
                      chip_with_riichi: bool = True) -> JanpoChoice:
    """The draw turn when poker action is on this seat.

    ``turn.discards`` holds every kind that may be discarded with check/fold; the drawn tile is
    ``seat.drawn``. ``chip_with_riichi``: a riichi on the drawn tile may carry a chip action.
    """
    if seat.drawn is None:
        raise ValueError("a combined turn needs the drawn tile")
    drawn_kind = seat.drawn // 4
    scored_list = score_discards(seat, turn.discards | turn.riichi | {drawn_kind},
                                 count_also=frozenset({drawn_kind}))
    mj = choose_turn(seat, turn, rng, level, scored_list)
    if mj.action == "tsumo":
        return JanpoChoice(mj, _passive(poker))
    if mj.action in ("ankan", "kakan"):
        return JanpoChoice(mj, None)
    free = mj.kind == drawn_kind and (mj.action == "discard" or chip_with_riichi)
    lost = 0.0 if free or level == "easy" else tsumogiri_price(seat, mj, scored_list, drawn_kind, level)
    if not free and spot.board and (poker.check or poker.fold) and lost >= most_chips(spot):
        # No chip action can win what the forced tsumogiri would cost: skip the equity sampling
        # (the slow part of a combined turn), whatever the poker hand.
        return JanpoChoice(mj, _passive(poker))
    want, power = poker_decision(spot, poker, rng, level)
    if want.action not in CHIP_ACTIONS:
        return JanpoChoice(mj, want, tsumogiri=False)
    if free:
        return JanpoChoice(mj, want, tsumogiri=True)
    if level == "easy":
        return JanpoChoice(mj, _passive(poker))
    if chip_gain(spot, want, power, poker) > lost:
        return JanpoChoice(TurnChoice("discard", drawn_kind), want, tsumogiri=True)
    return JanpoChoice(mj, _passive(poker))


def most_chips(spot: PokerSpot) -> float:
    """The most :func:`chip_gain` can be, whatever the equity: the whole pot and a tenth more."""
    return 1.1 * spot.pot


def tsumogiri_price(seat: Seat, mj: TurnChoice, scored_list: list[Scored], drawn_kind: int,
                    level: str) -> float:
    """What the mahjong hand loses, in expected points, by discarding the drawn tile instead of
    the discard ``mj`` chose (a tenpai, its value, its wait)."""
    scored = {s.kind: s for s in scored_list}
    best = (scored.get(mj.kind) if mj.kind is not None else None) or min(scored.values(), key=lambda s: (s.shanten, -s.utility))
    drawn = scored[drawn_kind]
    if hopeless(best.shanten, seat.wall_left):
        return max(0.0, -mahjong_ev(seat, drawn, level))  # only what the drawn tile risks
    lost = max(0.0, mahjong_ev(seat, best, level) - mahjong_ev(seat, drawn, level))
    return 1.2 * lost if mj.action == "riichi" else lost  # the riichi itself waits a turn
