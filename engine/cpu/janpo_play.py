"""Janpo's combined draw turn (J7): one move that is a mahjong discard and a poker action.

A chip action (call, bet, raise, all-in) forces tsumogiri, so its price is what the drawn tile
is worth to the mahjong hand compared with the best discard. The CPU pays that price only when
the poker hand is strong enough, and stops paying any price once the mahjong hand is hopeless
(it then plays poker with every draw, as the Janpo strategy notes suggest).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cpu.mahjong_play import Scored, TurnChoice, TurnOptions, choose_turn, score_discards
from engine.cpu.poker_play import PokerChoice, PokerOptions, PokerSpot, poker_decision
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


def tsumogiri_cost(best: Scored, drawn: Scored) -> float:
    """How much mahjong a forced tsumogiri gives up: 0 when the drawn tile is the best discard.

    One shanten step counts as a whole hand's worth (1.0); otherwise the share of effective
    tiles and value lost.
    """
    if drawn.kind == best.kind:
        return 0.0
    if drawn.shanten > best.shanten:
        return 1.0
    base = max(best.utility, 1.0)
    return max(0.0, min(1.0, (best.utility - drawn.utility) / base))


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
    want, power = poker_decision(spot, poker, rng, level)
    if want.action not in CHIP_ACTIONS:
        return JanpoChoice(mj, want, tsumogiri=False)
    if mj.kind == drawn_kind and (mj.action == "discard" or chip_with_riichi):
        return JanpoChoice(mj, want, tsumogiri=True)
    if level == "easy":
        return JanpoChoice(mj, _passive(poker))
    scored = {s.kind: s for s in scored_list}
    best = scored.get(mj.kind) or min(scored.values(), key=lambda s: (s.shanten, -s.utility))
    drawn = scored[drawn_kind]
    cost = tsumogiri_cost(best, drawn)
    if mj.action == "riichi":
        cost = max(cost, 0.8)  # giving up a riichi now
    if hopeless(best.shanten, seat.wall_left):
        cost = 0.5 if drawn.danger > best.danger + 3 else 0.0  # still no feeding a threat
    # A premium poker hand pays for anything short of a lost shanten step; a good one for a
    # small loss of effective tiles; a marginal one only for a free tsumogiri.
    if cost <= 0.15 or (cost <= 0.5 and power >= 0.6) or (cost < 1.0 and power >= 0.8) or power >= 0.9:
        return JanpoChoice(TurnChoice("discard", drawn_kind), want, tsumogiri=True)
    return JanpoChoice(mj, _passive(poker))
