"""The plain ``holdem`` game mode: a table of 2–10 players playing hand after hand (P1).

The first player has the button for hand 1; after each hand the button passes to the next seated
player in seat order. A player with no chips at the end of a hand leaves the table. The game ends
after ``hands`` hands if that option is set, and otherwise when one player holds every chip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import IllegalMove, Move, ScenarioError, check_legal
from engine.holdem.cards import CardError, cards_str, deal, poker_entries
from engine.holdem.hand import STREETS, UNIT, HoldemHand
from engine.holdem.record import hand_record
from engine.holdem.tendencies import add_hand, empty
from engine.holdem.tendencies import copy as copy_tendencies

DEFAULT_BLINDS = (100, 200)
DEFAULT_STACK = 10_000


MAX_CHIPS = 10**12  # a table larger than this is a typing mistake, and its sums would not print
def action_history(hand: HoldemHand) -> list[list[Any]]:
    """The hand's blinds and actions so far, in order, as ``[street, player, action, total]``
    (``total``: the player's chips in this street after it). All of it is public: every seat's
    view carries it, so a player (or a CPU) can read the betting the way a table shows it."""
    return [[STREETS[street], seat, action, total] for street, seat, action, total in hand.log]


def _chips(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0 or value % UNIT:
        raise ScenarioError(f"{name}: must be a positive multiple of {UNIT}, got {str(value)[:20]}")
    if value > MAX_CHIPS:
        raise ScenarioError(f"{name}: at most {MAX_CHIPS:,}")
    return value


class HoldemTable:
    """A stand-alone hold'em game implementing :class:`engine.base.Game`."""

    def __init__(
        self,
        players: Sequence[str],
        stacks: Sequence[int],
        blinds: tuple[int, int] = DEFAULT_BLINDS,
        hands: int | None = None,
        seed: int | str = 0,
        poker: Sequence[dict[str, Any]] = (),
    ) -> None:
        self.players = tuple(players)
        self.blinds = blinds
        self.max_hands = hands
        self.seed = seed
        self.fixed = list(poker)
        self.stacks: dict[str, int] = dict(zip(self.players, stacks, strict=True))
        self.hand: HoldemHand | None = None
        self.hand_number = 0
        self.button: str | None = None
        self.results: list[dict[str, Any]] = []
        self.tendencies = empty(self.players)  # D51: what the finished hands showed of each player
        self._finished = False
        self._next_hand()

    @classmethod
    def from_scenario(cls, spec: dict[str, Any]) -> HoldemTable:
        players = spec.get("players")
        if (
            not isinstance(players, list)
            or not 2 <= len(players) <= 10
            or not all(isinstance(p, str) and p for p in players)
            or len(set(players)) != len(players)
        ):
            raise ScenarioError("players: holdem needs 2 to 10 distinct names")
        options = spec.get("options") or {}
        if not isinstance(options, dict):
            raise ScenarioError("options: must be an object")
        blinds = options.get("blinds", list(DEFAULT_BLINDS))
        if not isinstance(blinds, list) or len(blinds) != 2:
            raise ScenarioError("options.blinds: must be [small, big]")
        small, big = (_chips(b, "options.blinds") for b in blinds)
        if small > big:
            raise ScenarioError("options.blinds: the small blind is larger than the big blind")
        raw = options.get("stacks", DEFAULT_STACK)
        if isinstance(raw, list):
            if len(raw) != len(players):
                raise ScenarioError("options.stacks: one number, or one per player")
            stacks = [_chips(s, f"options.stacks[{i}]") for i, s in enumerate(raw)]
        else:
            stacks = [_chips(raw, "options.stacks")] * len(players)
        hands = options.get("hands")
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or hands < 1):
            raise ScenarioError("options.hands: must be a positive whole number")
        seed = spec.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ScenarioError("seed: must be a number or a string")
        entries = poker_entries(spec, players)
        try:
            return cls(players, stacks, (small, big), hands, seed, entries)
        except CardError as e:
            raise ScenarioError(str(e)) from None

    # ---- hand after hand ---------------------------------------------------------------------

    def _next_hand(self) -> None:
        seated = [p for p in self.players if self.stacks[p] > 0]
        if len(seated) < 2 or (self.max_hands is not None and self.hand_number >= self.max_hands):
            self.hand = None
            self._finished = True
            return
        if self.button is None:
            self.button = self.players[0]
        else:
            start = self.players.index(self.button) + 1
            ring = self.players[start:] + self.players[:start]
            self.button = next(p for p in ring if self.stacks[p] > 0)
        index = self.hand_number
        entry = self.fixed[index] if index < len(self.fixed) else {}
        hole = {p: c for p, c in (entry.get("hole") or {}).items() if p in seated}  # busted: ignored
        cards = deal(seated, self.seed, index, hole, entry.get("board"), f"poker[{index}]")
        self.hand_number += 1
        self.hand = HoldemHand(seated, self.button, self.stacks, self.blinds, cards)
        self._after_action()

    def _after_action(self) -> None:
        hand = self.hand
        if hand is None or not hand.over:
            return
        assert hand.result is not None
        for p in hand.order:
            self.stacks[p] = hand.stack(p)
        self.results.append(hand_record(hand.result, self.hand_number, self.players))
        add_hand(self.tendencies, hand.order, hand.log, self.results[-1])
        self._next_hand()

    # ---- the Game protocol -------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self._finished

    def waiting_on(self) -> list[str]:
        if self.hand is None or self.hand.to_act is None:
            return []
        return [self.hand.to_act]

    def legal_moves(self, player: str) -> list[Move]:
        return [] if self.hand is None else self.hand.legal(player)

    def play(self, move: Sequence[Any]) -> None:
        hand = self.hand
        if hand is not None and len(move) in (2, 3) and move[0] == hand.to_act and isinstance(move[1], str):
            hand.verify(move[0], move[1], move[2] if len(move) == 3 else None)  # the precise reason
        check_legal(self, move)
        assert self.hand is not None
        player, action, *rest = move
        self.hand.act(player, action, rest[0] if rest else None)
        self._after_action()

    def default_move(self, player: str) -> Move:
        legal = self.legal_moves(player)
        if [player, "check"] in legal:
            return [player, "check"]
        if [player, "fold"] in legal:
            return [player, "fold"]
        raise IllegalMove(f"it is not {player}'s turn to move", "not_your_turn")

    def public_view(self) -> dict[str, Any]:
        """The table as the channel sees it; hole cards only from the last hand's showdown."""
        hand = self.hand
        view: dict[str, Any] = {
            "game": "holdem",
            "hand": self.hand_number,
            "blinds": list(self.blinds),
            "button": self.button,
            "stacks": self._points(),
            "finished": self._finished,
        }
        if hand is not None:
            view.update(
                hand.public_fields(),
                seats={p: hand.status(p) if p in hand.order else "out" for p in self.players},
                history=action_history(hand),
            )
        else:
            view.update(street=None, board="", pot=0, pots=[], bets={}, to_act=None, history=[],
                        seats={p: "out" if self.stacks[p] <= 0 else "in" for p in self.players})
        view["last_hand"] = self._last_hand_view()
        view["tendencies"] = copy_tendencies(self.tendencies)
        view.update(waiting_on=self.waiting_on(), calls_pending=False)  # whose turn is public in poker
        return view

    def _last_hand_view(self) -> dict[str, Any] | None:
        return self.results[-1] if self.results else None

    def view(self, player: str) -> dict[str, Any]:
        view = self.public_view()
        hand = self.hand
        view["player"] = player
        view["hole"] = cards_str(hand.cards.hole[player]) if hand is not None and player in hand.order else ""
        view["legal"] = self.legal_moves(player)
        return view

    def _points(self) -> dict[str, int]:
        """Chips behind per player (not counting chips in the pot)."""
        hand = self.hand
        return {p: hand.stack(p) if hand is not None and p in hand.order else self.stacks[p] for p in self.players}

    def summary(self) -> dict[str, Any]:
        points = self._points()
        return {
            "finished": self._finished,
            "points": points,
            "deposits": 0,
            "pot": 0 if self.hand is None else self.hand.pot_total,
            "kyoku_results": [],
            "poker_results": list(self.results),
            "standings": [[p, points[p]] for p in sorted(self.players, key=lambda p: -points[p])],
        }
