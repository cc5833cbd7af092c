"""Janpo: East-only riichi mahjong and no-limit hold'em played at once with one points stack.

The mahjong half is :class:`engine.riichi.game.MahjongGame` (no renchan, riichi needs 1,000
points); the poker half is one :class:`engine.holdem.hand.HoldemHand` at a time. This module only
adds what the fusion decides (RULES.md J1–J15): where the button goes, when a poker hand is dealt,
which draw turns carry a poker action and how the two parts of such a turn combine, and how mahjong
payments reach the chips of a hand in progress.

A seat's points are its chips behind: chips already in the pot are not points (J1), so
``points + pot + deposits`` is always 100,000.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import IllegalMove, Move, ScenarioError, check_turn, matches, move_text
from engine.holdem.cards import CardError, cards_str, deal, poker_entries
from engine.holdem.hand import HoldemHand
from engine.holdem.record import hand_record
from engine.holdem.table import action_history
from engine.holdem.tendencies import add_hand, empty
from engine.holdem.tendencies import copy as copy_tendencies
from engine.janpo.moves import CHIP_ACTIONS, PASSIVE, split_move
from engine.riichi import spec as spec_mod
from engine.riichi.game import MahjongGame
from engine.riichi.kyoku import Phase
from engine.riichi.ruleset import RiichiScoring

BLINDS = (200, 500)  # J3
START = 25000  # J1
RIICHI_POINTS = 1000  # R9: in Janpo a riichi needs the deposit in points


class JanpoGame:
    """The Janpo game; follows the :class:`engine.base.Game` protocol."""

    game = "janpo"

    def __init__(
        self,
        players: Sequence[str],
        seed: int | str,
        *,
        red_fives: bool = True,
        rounds: int = 1,
        scenario: dict[str, Any] | None = None,
    ) -> None:
        self.players = tuple(players)
        self.seed = seed
        self.scenario = scenario or {}
        self.poker_entries: list[dict[str, Any]] = list(self.scenario.get("poker", []) or [])
        self.out_of_poker: set[str] = set()  # J12: for the rest of the game
        self.hand: HoldemHand | None = None
        self.hand_count = 0
        self.button: str | None = None
        self.poker_results: list[dict[str, Any]] = []
        self.tendencies = empty(self.players)  # D51: what the finished hands showed of each player
        self.more_kyoku = True  # what the mahjong rules said when the last kyoku ended
        self.last_kyoku = False  # J13 made the current kyoku the last
        self.mj = MahjongGame(
            players, seed, RiichiScoring(), red_fives=red_fives, rounds=rounds, renchan=False,
            riichi_min_points=RIICHI_POINTS, scenario=self.scenario, on_kyoku_end=self._kyoku_over,
        )
        self.mj.game = self.game
        self.mj.table.payee = self._pay
        self.over = False
        self._version = 0  # bumped by every move played
        self._moves_version = -1
        self._moves: dict[str, list[Move]] = {}
        self._start_kyoku()

    @classmethod
    def from_scenario(cls, spec: dict[str, Any]) -> JanpoGame:
        names = spec_mod.players(spec, 4)
        seed = spec_mod.seed(spec)
        opts = spec_mod.options(spec, {"red_fives": True, "length": "east"})
        length = spec_mod.choice(opts, "length", ("east", "south"))
        spec_mod.kyoku_entries(spec)
        poker_entries(spec, names)
        try:
            return cls(names, seed, red_fives=opts["red_fives"], rounds=1 if length == "east" else 2,
                       scenario=spec)
        except CardError as e:
            raise ScenarioError(str(e)) from None

    # ---- points -------------------------------------------------------------------------

    @property
    def points(self) -> list[int]:
        return self.mj.table.points

    def _sync_from_hand(self) -> None:
        """Chips behind in the hand are the players' points (J1)."""
        if self.hand is None:
            return
        for name in self.hand.order:
            self.points[self.players.index(name)] = self.hand.stack(name)

    def _pay(self, seat: int, delta: int) -> None:
        """Where every mahjong payment and riichi deposit lands, once (J9–J11): in the chips of a
        poker hand in progress when the seat is dealt in, else in its points."""
        name = self.players[seat]
        hand = self.hand
        if hand is not None and not hand.over and name in hand.order:
            hand.adjust_stack(name, delta)
            self._sync_from_hand()
        else:
            self.points[seat] += delta

    # ---- kyoku and poker hands ----------------------------------------------------------

    def _start_kyoku(self) -> None:
        """J6: the kyoku's first poker hand is dealt right after the dealer's first draw."""
        self.button = None
        self._deal_hand()

    def _turn_order(self) -> list[str]:
        return [self.players[(self.mj.kyoku.dealer + i) % 4] for i in range(4)]

    def _deal_hand(self) -> None:
        """J4, J5, J12: positions, the moving button, who is dealt in."""
        self.hand = None
        for s, name in enumerate(self.players):
            if self.points[s] <= 0:
                self.out_of_poker.add(name)
        order = [p for p in self._turn_order() if p not in self.out_of_poker]
        if len(order) < 2:
            return
        if self.button is None:
            anchor = order[0]  # the dealer, or the next seat in turn order still in poker (J4)
            self.button = order[1 % len(order)] if len(order) >= 4 else anchor
        else:
            ring = self._turn_order()
            start = ring.index(self.button) + 1
            self.button = next(p for p in ring[start:] + ring[:start] if p in order)
        index = self.hand_count
        entry = self.poker_entries[index] if index < len(self.poker_entries) else {}
        entry = entry or {}
        hole = {p: c for p, c in (entry.get("hole") or {}).items() if p in order}
        cards = deal(order, self.seed, index, hole, entry.get("board"), f"poker[{index}]")
        stacks = {p: self.points[self.players.index(p)] for p in order}
        self.hand_count += 1
        self.hand = HoldemHand(order, self.button, stacks, BLINDS, cards)
        self._sync_from_hand()
        self._after_poker()

    def _after_poker(self) -> None:
        """Record a finished hand; deal the next while the kyoku goes on (J6), else move on (J9)."""
        hand = self.hand
        if hand is None or not hand.over:
            return
        assert hand.result is not None
        self.poker_results.append({"kyoku": self.mj.kyoku.label,
                                   **hand_record(hand.result, self.hand_count, self.players)})
        add_hand(self.tendencies, hand.order, hand.log, self.poker_results[-1])
        self.hand = None
        self._check_three_busted()
        if self.mj.kyoku.phase == Phase.ENDED:
            self._next_kyoku()
        else:
            self._deal_hand()

    def _check_three_busted(self) -> None:
        """J13: three players at 0 or below make the current kyoku the last.

        A player all-in in a live hand still has chips in the pot, so is counted once it settles.
        """
        in_pot = set()
        if self.hand is not None and not self.hand.over:
            in_pot = {p for p in self.hand.order if self.hand.committed[p] > 0 and p not in self.hand.folded}
        busted = [p for s, p in enumerate(self.players) if self.points[s] <= 0 and p not in in_pot]
        if len(busted) >= 3:
            self.last_kyoku = True

    def _kyoku_over(self, more: bool) -> None:
        """J9: settled at once; the poker hand in progress is played out, then the next kyoku."""
        self.more_kyoku = more
        self._check_three_busted()
        if self.hand is None:
            self._next_kyoku()

    def _next_kyoku(self) -> None:
        self.mj.next_kyoku(self.more_kyoku and not self.last_kyoku)
        if self.mj.over:
            self.over = True
            return
        self._start_kyoku()

    # ---- the moves ----------------------------------------------------------------------

    @property
    def playout(self) -> bool:
        """The kyoku is over and its last poker hand is being played as plain poker (J9)."""
        return self.mj.kyoku.phase == Phase.ENDED and not self.over

    def poker_turn(self, player: str) -> bool:
        """J7: poker action rides on this seat's mahjong draw turn when the action is on it."""
        hand = self.hand
        if hand is None or hand.over or hand.to_act != player:
            return False
        return self.mj.kyoku.is_draw_turn(self.players.index(player))

    @property
    def finished(self) -> bool:
        return self.over

    def waiting_on(self) -> list[str]:
        if self.over:
            return []
        if self.playout:
            return [self.hand.to_act] if self.hand is not None and self.hand.to_act else []
        return self.mj.waiting_on()

    def legal_moves(self, player: str) -> list[Move]:
        """Worked out once per state and player (a move asks for them from the view, the
        mover's choice and the move's check); each call gets its own copy."""
        if self._moves_version != self._version:
            self._moves_version, self._moves = self._version, {}
        kept = self._moves.get(player)
        if kept is None:
            kept = self._moves[player] = self._legal_moves(player)
        return [[list(x) if isinstance(x, list) else x for x in m] for m in kept]

    def _legal_moves(self, player: str) -> list[Move]:
        if self.over or player not in self.players:
            return []
        if self.playout:
            return self.hand.legal(player) if self.hand is not None else []
        mahjong = self.mj.legal_moves(player)
        if not self.poker_turn(player):
            return mahjong
        assert self.hand is not None
        poker = [m[1:] for m in self.hand.legal(player)]
        passive = [p for p in poker if p[0] in PASSIVE]
        out: list[Move] = []
        for m in mahjong:
            kind = m[1]
            if kind in ("ankan", "kakan"):
                out.append(m)  # J7: a kan takes no poker action; it comes after the rinshan draw
            elif kind == "tsumogiri" or m[1:] == ["riichi", "tsumogiri"]:
                for p in poker:
                    part = self._riichi_affordable(player, p) if kind == "riichi" else p
                    if part is not None:
                        out.append([*m, *part])
            else:  # tedashi, riichi with tedashi, tsumo: check or fold only (J7b, J7c)
                out += [[*m, *p] for p in passive]
        return out

    def _riichi_affordable(self, player: str, poker: list[Any]) -> list[Any] | None:
        """A riichi with a chip action must leave the 1,000 deposit behind (decision D9)."""
        assert self.hand is not None
        behind = self.hand.behind(player)
        to_call = self.hand.current_bet - self.hand.bets[player]
        if poker[0] in PASSIVE:
            return poker
        if poker[0] == "call":
            return poker if behind - to_call >= RIICHI_POINTS else None
        if poker[0] == "allin":
            return None
        lo, hi = poker[1]
        hi = min(hi, self.hand.bets[player] + behind - RIICHI_POINTS)
        return [poker[0], [lo, hi]] if lo <= hi else None

    def play(self, move: Sequence[Any]) -> None:
        move = list(move)
        legal = check_turn(self, move, self._not_your_turn)
        player = move[0]
        entry = next((m for m in legal if matches(move, m)), None)
        if entry is None:
            raise IllegalMove(self._why_not(player, move, legal))
        self._version += 1  # from here on the state changes: the kept legal moves are stale
        if self.playout:
            assert self.hand is not None
            self.hand.act(player, move[1], move[2] if len(move) > 2 else None)
            self._sync_from_hand()
            self._after_poker()
            return
        mahjong, poker = split_move(move[1:])
        if poker:
            assert self.hand is not None
            self.hand.act(player, poker[0], poker[1] if len(poker) > 1 else None)
            self._sync_from_hand()
        self.mj.play_in_kyoku(self.players.index(player), mahjong)
        if poker or self.hand is not None and self.hand.over:
            self._after_poker()
        self._check_three_busted()

    def _not_your_turn(self, player: str) -> str:
        if self.playout:
            waiting = self.waiting_on()
            return f"it is not {player}'s turn: the last poker hand is played out, waiting for {', '.join(waiting)}"
        return self.mj.not_your_turn(player)

    def _why_not(self, player: str, move: list[Any], legal: list[Move]) -> str:
        text = move_text(move[1:])
        if self.playout and self.hand is not None:
            return f"{text}: {self._poker_reason(player, move[1:]) or 'not allowed now'}"
        mahjong_part, poker_part = split_move(move[1:])
        if self.poker_turn(player) and poker_part and any(split_move(m[1:])[0] == mahjong_part for m in legal):
            reason = self._poker_reason(player, poker_part)
            if reason:
                return f"{text}: {reason}"
            if mahjong_part[:1] == ["riichi"] and poker_part[0] in CHIP_ACTIONS:
                return f"{text}: a riichi with a chip action must leave the 1,000 deposit behind (D9)"
        if not self.playout and self.poker_turn(player) and len(move) >= 2:
            if move[1] != "tsumogiri" and any(a in move for a in CHIP_ACTIONS):
                return f"{text}: a chip action goes only with tsumogiri (J7a)"
            if not any(isinstance(x, str) and x in (*PASSIVE, *CHIP_ACTIONS) for x in move[2:]):
                return f"{text}: poker action is on you — add check/fold or a chip action (J7)"
        if not self.playout and not self.poker_turn(player) and any(
            isinstance(x, str) and x in (*PASSIVE, *CHIP_ACTIONS) for x in move[1:]
        ):
            return f"{text}: no poker action on this turn (tada-jan, J7/J8)"
        mahjong = [m for m in legal if not any(isinstance(x, str) and x in (*PASSIVE, *CHIP_ACTIONS) for x in m)]
        return self.mj.kyoku.why_not(self.players.index(player), split_move(move[1:])[0] or move[1:2],
                                     [m[1:] for m in mahjong] or legal)

    def _poker_reason(self, player: str, poker: list[Any]) -> str | None:
        """The hold'em hand's own reason for refusing a poker part, or None if it is acceptable."""
        assert self.hand is not None
        if not poker or not isinstance(poker[0], str):
            return None
        try:
            self.hand.verify(player, poker[0], poker[1] if len(poker) > 1 else None)
        except IllegalMove as e:
            return str(e)
        return None

    def default_move(self, player: str) -> Move:
        """J15: check-or-fold with tsumogiri (never a chip action); pass on calls."""
        legal = self.legal_moves(player)
        if not legal:
            raise IllegalMove(self._not_your_turn(player), "not_your_turn")
        for want in (["pass"], ["tsumogiri", "check"], ["tsumogiri", "fold"], ["tsumogiri"], ["check"], ["fold"]):
            if [player, *want] in legal:
                return [player, *want]
        return legal[0]  # after a call: the first legal discard

    # ---- views --------------------------------------------------------------------------

    def _poker_public(self) -> dict[str, Any]:
        hand = self.hand
        status = {}
        for p in self.players:
            if p in self.out_of_poker:
                status[p] = "busted"
            elif hand is None or p not in hand.order:
                status[p] = "out"
            else:
                status[p] = hand.status(p)
        out: dict[str, Any] = {
            "blinds": list(BLINDS),
            "hand": self.hand_count,
            "seats": status,
            "shown": {},
            "last_hand": self.poker_results[-1] if self.poker_results else None,
            "tendencies": copy_tendencies(self.tendencies),
        }
        if hand is None:
            out.update(street=None, board="", pot=0, pots=[], bets={}, to_act=None, button=self.button,
                       history=[])
            return out
        out.update(hand.public_fields(), history=action_history(hand))
        return out

    def _tada_jan(self) -> bool:
        """The mahjong turn holder's draw carries no poker action (J7)."""
        if self.playout or self.mj.kyoku.phase != Phase.DRAW:
            return False
        return not self.poker_turn(self.players[self.mj.kyoku.current])

    def public_view(self) -> dict[str, Any]:
        view = self.mj.public_view()
        view.update(game=self.game, finished=self.over, playout=self.playout, tada_jan=self._tada_jan(),
                    poker=self._poker_public(), poker_results=self.poker_results)
        if not view["calls_pending"]:  # who may claim a discard stays private (D67)
            view["waiting_on"] = self.waiting_on()
        return view

    def view(self, player: str) -> dict[str, Any]:
        if player not in self.players:
            raise IllegalMove(f"{player!r} is not seated at this table", "not_seated")
        view = self.mj.view(player)
        if not view["calls_pending"]:
            view["waiting_on"] = self.waiting_on()
        view.update(game=self.game, finished=self.over, playout=self.playout, tada_jan=self._tada_jan(),
                    poker=self._poker_public(), poker_results=self.poker_results)
        hand = self.hand
        view["hole"] = cards_str(hand.cards.hole[player]) if hand is not None and player in hand.order else ""
        view["poker_turn"] = self.poker_turn(player)
        view["legal"] = self.legal_moves(player)
        return view

    def summary(self) -> dict[str, Any]:
        pot = self.hand.pot_total if self.hand is not None else 0
        points = dict(zip(self.players, self.points, strict=True))
        return {
            "finished": self.over,
            "points": points,
            "deposits": self.mj.table.deposits * RiichiScoring.riichi_deposit,
            "pot": pot,
            "kyoku_results": self.mj.results,
            "poker_results": self.poker_results,
            "standings": self.mj.standings(),
        }
