"""A game of Mahjong Five (RULES.md F): the riichi game with its own scoring and round order.

Seats never rotate: the East seat deals all game and the round wind moves E→S→W→N (F3). The
dealer keeps the round (honba +1) on a dealer win or dealer tenpai at a draw; otherwise the next
round starts with honba 0. The game ends when the North round passes.
"""

from __future__ import annotations

from typing import Any

from engine.five.ruleset import FiveScoring
from engine.riichi import spec as spec_mod
from engine.riichi.game import MahjongGame
from engine.riichi.kyoku import Kyoku

START = 50  # F2


class FiveGame(MahjongGame):
    game = "five"
    start_points = START

    @classmethod
    def from_scenario(cls, spec: dict[str, Any]) -> FiveGame:
        names = spec_mod.players(spec, 4)
        seed = spec_mod.seed(spec)
        opts = spec_mod.options(spec, {"red_fives": False, "seven_pairs": False, "thirteen_orphans": False})
        spec_mod.kyoku_entries(spec)
        scoring = FiveScoring(seven_pairs=opts["seven_pairs"], thirteen_orphans=opts["thirteen_orphans"])
        return cls(names, seed, scoring, red_fives=opts["red_fives"], rounds=4, renchan=True, scenario=spec)

    def advance(self, kyoku: Kyoku) -> bool:
        """F3: keep the round on a dealer win or dealer tenpai, else the next round wind."""
        result = kyoku.result
        assert result is not None
        keeps = result.winner == self.dealer or (
            result.kind == "draw" and bool(result.tenpai and result.tenpai[self.dealer])
        )
        if keeps:
            self.honba += 1
            return True
        self.honba = 0
        self.round_wind += 1
        return self.round_wind < self.rounds
