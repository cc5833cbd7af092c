"""Janpo's combined draw turn (J7): one move that is a mahjong discard and a poker action.

A chip action (call, bet, raise, all-in) forces tsumogiri, so its price is what the drawn tile
is worth to the mahjong hand compared with the best discard, in expected points (win chance
times value, less the deal-in risk). The CPU takes the chip action only when its expected chips
beat that price, and stops paying any price once the mahjong hand is hopeless (it then plays
poker with every draw, as the Janpo strategy notes suggest).

Because every chip action costs its maker a tile, Janpo betting is stronger than hold'em
betting of the same shape and each street is dear: the hard level does not call off most of
its chips on a thin edge, counts what a value bet wins when called, and bets big once well
ahead after the flop (``bench/cpu_janpo.py`` measures each against the older CPU).
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
from engine.cpu.poker_play import PokerChoice, PokerOptions, PokerSpot, poker_decision, sized
from engine.cpu.safety import risk
from engine.cpu.seat import Seat

CHIP_ACTIONS = frozenset({"call", "bet", "raise", "allin"})
BIG_CALL = 0.4  # a call of this share of the chips behind or more is a big call
BIG_CALL_MARGIN = 0.1  # equity a big call needs above the pot odds (hard)
VALUE_CALLED = 0.5  # how often a hard bet or raise is taken to be called, for its value
VALUE_EQUITY = 0.8  # post-flop equity from which hard bets big for value
VALUE_SIZE = 1.5  # that bet, in pots


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


def chip_gain(spot: PokerSpot, want: PokerChoice, equity: float, options: PokerOptions,
              level: str = "normal") -> float:
    """Points the chip action is expected to win over checking (or folding) instead.

    Counted as a call (the pot share it buys, less the chips it costs) plus a tenth of the pot
    for a bet or raise (what it wins when everyone folds is not counted beyond that). At the
    hard level a bet or raise with the better hand also counts what it wins when called: the
    chips it adds beyond the call (up to a pot's worth), times ``VALUE_CALLED``, times the
    edge ``2 * equity - 1``.
    """
    pot, call = spot.pot, min(spot.to_call, spot.stack)
    passive = equity * pot if options.check else 0.0  # a fold gives up the pot share
    raising = want.action in ("bet", "raise") or (want.action == "allin" and call < spot.stack)
    bonus = 0.1 * pot if raising else 0.0
    if raising and level == "hard":
        bonus += VALUE_CALLED * max(0.0, 2 * equity - 1) * min(_added(spot, want) - call, pot + call)
    return equity * (pot + call) - call - passive + bonus


def _added(spot: PokerSpot, want: PokerChoice) -> int:
    """Chips the action puts in now: the call included."""
    if want.action == "allin":
        return spot.stack
    if want.amount is None:
        return min(spot.to_call, spot.stack)
    return min(spot.stack, max(0, want.amount - spot.street_bet))


def _passive(options: PokerOptions) -> PokerChoice:
    return PokerChoice("check") if options.check else PokerChoice("fold")


def calls_off_light(spot: PokerSpot, want: PokerChoice, equity: float) -> bool:
    """A big call (``BIG_CALL`` of the stack or more) without ``BIG_CALL_MARGIN`` of equity over
    the pot odds. A Janpo bettor paid for the chips with a mahjong tile (J7), so a big bet is
    stronger than a hold'em read of the same betting says."""
    call = min(spot.to_call, spot.stack)
    if want.action not in ("call", "allin") or call <= 0 or call < BIG_CALL * max(1, spot.stack):
        return False
    if want.action == "allin" and spot.to_call < spot.stack:
        return False  # a shove of its own, not a call
    return equity < call / (spot.pot + call) + BIG_CALL_MARGIN


def janpo_poker(spot: PokerSpot, poker: PokerOptions, rng: random.Random, level: str,
                lost: float = 0.0) -> tuple[PokerChoice, float]:
    """The poker decision and equity, with the hard level's guard against calling off light and
    its big value bets; ``lost`` is what a chip action would cost the mahjong hand.

    Equity sampling may stop early (a combined turn must stay quick) once the equity is clearly
    away from each equity where the decision here would change."""
    want, power = poker_decision(spot, poker, rng, level, settle=_marks(spot, lost, level))
    if level != "hard":
        return want, power
    if calls_off_light(spot, want, power):
        return _passive(poker), power
    if spot.board and want.action in ("bet", "raise") and power >= VALUE_EQUITY:
        return sized(poker, spot, VALUE_SIZE), power
    return want, power


def _marks(spot: PokerSpot, lost: float, level: str) -> tuple[float, ...]:
    """Equities where :func:`janpo_poker` or the price of the chip action turns: the call that
    pays ``lost``, the bet that does (counted as a pot-sized bet), and at the hard level the big
    call's margin and the big value bet."""
    call = min(spot.to_call, spot.stack)
    pot = max(1, spot.pot)
    if call > 0:
        marks = [(lost + call) / (pot + call)]
    else:
        marks = [0.5 + max(0.0, lost - 0.1 * pot) / pot]
    if level == "hard":
        marks += [call / (pot + call) + BIG_CALL_MARGIN, VALUE_EQUITY]
    return tuple(marks)


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
    if not free and spot.board and (poker.check or poker.fold) and lost >= most_chips(spot, level):
        # No chip action can win what the forced tsumogiri would cost: skip the equity sampling
        # (the slow part of a combined turn), whatever the poker hand.
        return JanpoChoice(mj, _passive(poker))
    want, power = janpo_poker(spot, poker, rng, level, lost)
    if want.action not in CHIP_ACTIONS:
        return JanpoChoice(mj, want, tsumogiri=False)
    if free:
        return JanpoChoice(mj, want, tsumogiri=True)
    if level == "easy":
        return JanpoChoice(mj, _passive(poker))
    if chip_gain(spot, want, power, poker, level) > lost:
        return JanpoChoice(TurnChoice("discard", drawn_kind), want, tsumogiri=True)
    return JanpoChoice(mj, _passive(poker))


def most_chips(spot: PokerSpot, level: str = "normal") -> float:
    """The most :func:`chip_gain` can be, whatever the equity: the whole pot and a tenth more,
    and at the hard level a called pot-sized bet's worth on top."""
    extra = VALUE_CALLED * (spot.pot + min(spot.to_call, spot.stack)) if level == "hard" else 0.0
    return 1.1 * spot.pot + extra


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
