"""Riichi payments (M.League): how a scored win or a drawn kyoku moves points.

The hand's value comes from :mod:`engine.riichi.scoring`; this module adds what the kyoku settles:
honba (R11), riichi deposits (R9, R11), pao (R7) and noten payments (R10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.riichi import scoring
from engine.riichi.scoring import WinContext, WinScore
from engine.tiles import Meld

HONBA = 300
RIICHI_DEPOSIT = 1000
NOTEN_TOTAL = 3000


class RiichiScoring:
    """The :class:`engine.riichi.state.Scoring` of riichi and Janpo."""

    riichi_deposit = RIICHI_DEPOSIT
    four_copies_noten = True

    def waits(self, closed: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
        return frozenset(scoring.waits(closed, melds))

    def score(self, ctx: WinContext, honba: int) -> WinScore | str:
        won = scoring.score_win(ctx)
        return "no yaku" if won is None else won

    def win_deltas(
        self, scored: WinScore, winner: int, discarder: int | None, dealer: int, honba: int,
        deposits: int, liable: int | None,
    ) -> list[int]:
        """R7 pao: the liable player covers one yakuman's worth (honba too); the rest as usual."""
        deltas = [0] * 4
        units = max(1, scored.han // scoring.YAKUMAN_HAN) if scored.yakuman else 1
        is_dealer = winner == dealer

        def pay(payer: int, amount: int) -> None:
            deltas[payer] -= amount
            deltas[winner] += amount

        if discarder is None:
            shares = {s: (scored.tsumo_other if is_dealer or s != dealer else scored.tsumo_dealer)
                      for s in range(4) if s != winner}
            if liable is not None:
                pao = sum(shares.values()) // units
                pay(liable, pao + HONBA * honba)
                for s, share in shares.items():
                    pay(s, share - share // units)
            else:
                for s, share in shares.items():
                    pay(s, share + HONBA // 3 * honba)
        elif liable is not None and liable != discarder:
            pao = scored.ron // units
            pay(liable, pao // 2 + HONBA * honba)
            pay(discarder, scored.ron - pao // 2)
        else:
            pay(discarder, scored.ron + HONBA * honba)
        deltas[winner] += RIICHI_DEPOSIT * deposits
        return deltas

    def draw_deltas(self, tenpai: list[bool]) -> list[int]:
        """R10: 3,000 from the noten players to the tenpai players, split."""
        n = sum(tenpai)
        if n in (0, 4):
            return [0] * 4
        return [NOTEN_TOTAL // n if t else -NOTEN_TOTAL // (4 - n) for t in tenpai]

    def describe(self, scored: WinScore) -> dict[str, Any]:
        return {
            "han": scored.han,
            "fu": scored.fu,
            "yaku": yaku_names(scored),
            "yaku_han": list(scored.yaku_han),
            "limit": scored.limit,
        }


def yaku_names(scored: WinScore) -> list[str]:
    """Library yaku names, with a count for the dora kinds: ``["Tanyao", "Dora 1"]``."""
    out = []
    for name, han in zip(scored.yaku, scored.yaku_han, strict=False):
        out.append(f"{name} {han}" if "Dora" in name else name)
    return out
