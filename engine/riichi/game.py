"""A game of riichi mahjong: kyoku after kyoku, points, honba, deposits, the end and standings.

The stand-alone mode plays M.League rules (R2): East+South by default, renchan on a dealer win or
dealer tenpai, no tobi (R8). Janpo and Mahjong Five reuse this class with other parameters —
how the deal moves (:meth:`MahjongGame.advance`), the scoring, the start points — not a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.base import IllegalMove, Move
from engine.riichi import spec as spec_mod
from engine.riichi.kyoku import WINDS, Kyoku, KyokuRules, Phase, Scoring, TableState
from engine.riichi.ruleset import RiichiScoring
from engine.riichi.views import private_view, public_view, result_record

UMA = (50, 10, -10, -30)  # R2, thousands of points, oka included
RETURN = 30000


class MahjongGame:
    """Four players, a sequence of kyoku. Subclasses set the ruleset; see :class:`RiichiGame`."""

    game = "riichi"
    start_points = 25000

    def __init__(
        self,
        players: Sequence[str],
        seed: int | str,
        scoring: Scoring,
        *,
        red_fives: bool = True,
        rounds: int = 2,
        renchan: bool = True,
        riichi_min_points: int = 0,
        scenario: dict[str, Any] | None = None,
        on_kyoku_end: Callable[[bool], None] | None = None,
    ) -> None:
        if len(players) != 4:
            raise ValueError("mahjong needs four players")
        self.players = tuple(players)
        self.seed = seed
        self.scoring = scoring
        self.red_fives = red_fives
        self.rounds = rounds
        self.renchan = renchan
        self.rules = KyokuRules(red_fives=red_fives, riichi_min_points=riichi_min_points)
        self.scenario = scenario or {}
        self.table = TableState(points=[self.start_points] * 4)
        self.results: list[dict[str, Any]] = []
        self.kyoku_index = 0
        self.dealer = 0
        self.round_wind = 0
        self.honba = 0
        self.over = False
        # Called once per kyoku, when it ends and its result is recorded, with whether the rules
        # give another kyoku. By default the next one is dealt at once; Janpo waits for its last
        # poker hand (J9) and may make the kyoku the last (J13) before calling next_kyoku itself.
        self.on_kyoku_end: Callable[[bool], None] = on_kyoku_end or self.next_kyoku
        self.kyoku: Kyoku = self._new_kyoku()

    # ---- kyoku sequence -----------------------------------------------------------------

    def label(self) -> str:
        return f"{WINDS[self.round_wind]}{self.dealer + 1}"

    def _new_kyoku(self) -> Kyoku:
        wall = spec_mod.wall_for(self.scenario, self.players, self.kyoku_index, self.red_fives, self.seed)
        return Kyoku(wall, self.dealer, self.round_wind, self.honba, self.table, self.scoring,
                     self.rules, self.label(), names=self.players)

    def advance(self, kyoku: Kyoku) -> bool:
        """Set dealer, round wind and honba for the next kyoku; False when the game is over.

        M.League (R2, R11): the dealer keeps the deal on a win or on tenpai at a draw (honba +1);
        a draw adds a honba; a non-dealer win resets it.
        """
        result = kyoku.result
        assert result is not None
        dealer_won = result.winner == self.dealer
        keeps = self.renchan and (dealer_won or (result.kind == "draw" and bool(result.tenpai and result.tenpai[self.dealer])))
        if result.kind == "draw" or (keeps and dealer_won):
            self.honba += 1
        else:
            self.honba = 0
        if keeps:
            return True
        self.dealer += 1
        if self.dealer == 4:
            self.dealer = 0
            self.round_wind += 1
        return self.round_wind < self.rounds

    def play_in_kyoku(self, seat: int, move: list[Any]) -> None:
        """Apply one mahjong move (without the player's name) to the kyoku; when it ends, record
        its result, move the deal and call :attr:`on_kyoku_end`."""
        self.kyoku.play(seat, move)
        if self.kyoku.phase == Phase.ENDED:
            self.results.append(result_record(self.kyoku, self.players))
            self.on_kyoku_end(self.advance(self.kyoku))

    def next_kyoku(self, more: bool) -> None:
        """Deal the next kyoku, or end the game when the one just played was the last."""
        if more:
            self.kyoku_index += 1
            self.kyoku = self._new_kyoku()
        else:
            self.end_game()

    def end_game(self) -> None:
        """R11: leftover deposits to first place (split on a tie, in 100s)."""
        self.over = True
        if self.table.deposits:
            pts = self.table.points
            top = max(pts)
            firsts = [s for s in range(4) if pts[s] == top]
            total = self.table.deposits * self.scoring.riichi_deposit
            share = total // len(firsts) // 100 * 100
            for i, s in enumerate(firsts):
                pts[s] += share + (total - share * len(firsts) if i == 0 else 0)
            self.table.deposits = 0

    # ---- the Game protocol --------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.over

    def seat(self, player: str) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise IllegalMove(f"{player!r} is not seated at this table", "not_seated") from None

    def waiting_on(self) -> list[str]:
        if self.over:
            return []
        return [self.players[s] for s in self.kyoku.waiting_on()]

    def legal_moves(self, player: str) -> list[Move]:
        if self.over:
            return []
        return [[player, *m] for m in self.kyoku.legal(self.seat(player))]

    def play(self, move: Sequence[Any]) -> None:
        if not move or not isinstance(move[0], str):
            raise IllegalMove("a move starts with the player's name")
        if self.over:
            raise IllegalMove("the game is over", "game_over")
        seat = self.seat(move[0])
        if not self.kyoku.legal(seat):
            raise IllegalMove(self.not_your_turn(move[0]), "not_your_turn")
        self.play_in_kyoku(seat, list(move[1:]))

    def not_your_turn(self, player: str) -> str:
        """Who the table is waiting for, in words (for a refused move)."""
        waiting = self.waiting_on()
        k = self.kyoku
        if k.phase in (Phase.CLAIMS, Phase.CHANKAN) and waiting:
            tile = k.kakan_tile if k.phase == Phase.CHANKAN else k.last_discard
            assert tile is not None
            kinds: list[str] = []
            for name in waiting:
                for m in k.claim_options.get(self.players.index(name), []):
                    if m[0] not in kinds:
                        kinds.append(m[0])
            options = ", ".join(kinds) + " or pass" if kinds else "a call or pass"
            return (f"it is not {player}'s turn: {', '.join(waiting)} must first answer the claim on "
                    f"{k.name(tile)} ({options})")
        return f"it is not {player}'s turn: waiting for {', '.join(waiting) or 'nobody'}"

    def default_move(self, player: str) -> Move:
        """Timeout: pass a claim, otherwise tsumogiri (or the first discard after a call)."""
        legal = self.legal_moves(player)
        for want in (["pass"], ["tsumogiri"]):
            if [player, *want] in legal:
                return [player, *want]
        return legal[0]

    def public_view(self) -> dict[str, Any]:
        view = public_view(self.kyoku, self.players)
        view.update(self._game_fields())
        return view

    def view(self, player: str) -> dict[str, Any]:
        view = private_view(self.kyoku, self.seat(player), self.players)
        view.update(self._game_fields())
        return view

    def _game_fields(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options(),
            "finished": self.over,
            "kyoku_results": self.results,
            "standings": self.standings(),
        }

    def options(self) -> dict[str, Any]:
        """The table options in force (views carry them so players and CPUs know the rules)."""
        return {
            "red_fives": self.red_fives,
            "rounds": self.rounds,
            "seven_pairs": bool(getattr(self.scoring, "seven_pairs", True)),
            "thirteen_orphans": bool(getattr(self.scoring, "thirteen_orphans", True)),
        }

    def standings(self) -> list[list[Any]]:
        order = sorted(range(4), key=lambda s: (-self.table.points[s], s))
        return [[self.players[s], self.table.points[s]] for s in order]

    def summary(self) -> dict[str, Any]:
        return {
            "finished": self.over,
            "points": dict(zip(self.players, self.table.points, strict=True)),
            "deposits": self.table.deposits * self.scoring.riichi_deposit,
            "pot": 0,
            "kyoku_results": self.results,
            "poker_results": [],
            "standings": self.standings(),
        }


class RiichiGame(MahjongGame):
    """The stand-alone riichi mode (R2): hanchan by default, ``length: east`` for East-only."""

    game = "riichi"

    @classmethod
    def from_scenario(cls, spec: dict[str, Any]) -> RiichiGame:
        names = spec_mod.players(spec, 4)
        seed = spec_mod.seed(spec)
        opts = spec_mod.options(spec, {"red_fives": True, "length": "south"})
        length = spec_mod.choice(opts, "length", ("east", "south"))
        spec_mod.kyoku_entries(spec)
        return cls(names, seed, RiichiScoring(), red_fives=opts["red_fives"],
                   rounds=1 if length == "east" else 2, scenario=spec)

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        if self.over:
            out["mleague"] = mleague_scores(self.players, self.table.points)
        return out


def mleague_scores(players: Sequence[str], points: Sequence[int]) -> dict[str, float]:
    """R2: (points - 30,000) / 1,000 + uma, players on equal points sharing the uma of their places."""
    order = sorted(range(4), key=lambda s: -points[s])
    out: dict[str, float] = {}
    i = 0
    while i < 4:
        j = i
        while j + 1 < 4 and points[order[j + 1]] == points[order[i]]:
            j += 1
        uma = sum(UMA[i : j + 1]) / (j - i + 1)
        for k in range(i, j + 1):
            s = order[k]
            out[players[s]] = round((points[s] - RETURN) / 1000 + uma, 1)
        i = j + 1
    return out
