"""Mahjong Five's hand value and payments for the shared kyoku (F4–F8).

The flow of play is riichi's (F8); only what a win or a draw is worth differs: the small yaku set
of :mod:`engine.five.scoring`, no riichi deposit, no honba payment (honba is han for the dealer),
no pao, and 5 from each noten player to each tenpai player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.five.scoring import FiveScore, noten_payments, payments, score_five
from engine.five.tenpai import completing_kinds
from engine.riichi.scoring import WinContext
from engine.tiles import Meld


class FiveScoring:
    """The :class:`engine.riichi.state.Scoring` of Mahjong Five."""

    riichi_deposit = 0  # F6
    four_copies_noten = True  # F8: tenpai as R10

    def __init__(self, seven_pairs: bool = False, thirteen_orphans: bool = False) -> None:
        self.seven_pairs = seven_pairs
        self.thirteen_orphans = thirteen_orphans

    def waits(self, closed: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
        concealed_only = not melds
        return frozenset(completing_kinds(
            closed,
            seven_pairs=self.seven_pairs and concealed_only,
            thirteen_orphans=self.thirteen_orphans and concealed_only,
        ))

    def score(self, ctx: WinContext, honba: int) -> FiveScore | str:
        scored = score_five(
            ctx.closed, ctx.melds, ctx.win_tile,
            tsumo=ctx.tsumo, riichi=ctx.riichi or ctx.double_riichi,
            seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
            dora_indicators=ctx.dora_indicators, ura_indicators=ctx.ura_indicators,
            red_fives=ctx.red_fives, honba=honba, is_dealer=ctx.seat_wind == 0,
            seven_pairs=self.seven_pairs, thirteen_orphans=self.thirteen_orphans,
        )
        if scored is None:
            return "not a complete hand"
        if not scored.is_win:
            return scored.reason_text or "no yaku"
        return scored

    def win_deltas(
        self, scored: FiveScore, winner: int, discarder: int | None, dealer: int, honba: int,
        deposits: int, liable: int | None,
    ) -> list[int]:
        paid = payments(winner, discarder, scored.base, range(4))
        return [paid[s] for s in range(4)]

    def draw_deltas(self, tenpai: list[bool]) -> list[int]:
        paid = noten_payments([s for s in range(4) if tenpai[s]], range(4))
        return [paid[s] for s in range(4)]

    def describe(self, scored: FiveScore) -> dict[str, Any]:
        return {
            "han": scored.total_han,
            "fu": None,
            "yaku": scored.texts(),
            "base": scored.base,
            "breakdown": scored.breakdown(),
        }
