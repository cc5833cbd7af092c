"""The poker half of the assist: what the hand is, how often it beats one random hand, and what a
call costs.

Read from the player's own view only (hole cards, board, pot, bets). The equity is against a
single random hand, as a beginner's yardstick rather than a read of the table: exact on the river
(every possible hand enumerated), elsewhere a fixed number of sampled deals from a stream seeded
by the cards themselves, so the same view always shows the same number.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from treys import Card

from engine.cpu.janpo_view import janpo_spot
from engine.cpu.poker_play import PokerSpot
from engine.cpu.poker_view import holdem_spot
from engine.holdem.cards import DECK, class_name, parse_cards, strength

SAMPLES = 400  # sampled deals before the river: about ±2.5% on the estimate
LIVE = ("in", "all-in")


@dataclass(frozen=True, slots=True)
class PokerAssist:
    """``hand_class``: treys' class name (``"Pair"``, ``"Flush"``...; before the flop ``"Pair"`` or
    ``"High Card"``). ``equity``: share of the pot won against one random hand (ties split).
    ``exact``: enumerated rather than sampled. ``to_call``: chips needed to call, capped at the
    player's chips behind (D59); ``pot``: every chip in the middle, this street's bets included;
    ``pot_odds``: ``to_call / (pot + to_call)``, the equity a call needs (None with nothing to call).
    """

    hand_class: str
    equity: float
    exact: bool
    to_call: int
    pot: int
    pot_odds: float | None


def hand_class(hole: list[int], board: list[int]) -> str:
    if len(board) >= 3:
        return class_name(strength(hole, board))
    return "Pair" if Card.get_rank_int(hole[0]) == Card.get_rank_int(hole[1]) else "High Card"


def _share(mine: int, theirs: int) -> float:
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def equity_vs_random(hole: list[int], board: list[int]) -> tuple[float, bool]:
    """(equity against one random hand, whether it was enumerated exactly)."""
    deck = [c for c in DECK if c not in hole and c not in board]
    if len(board) == 5:
        mine = strength(hole, board)
        pairs = list(combinations(deck, 2))
        return sum(_share(mine, strength(list(p), board)) for p in pairs) / len(pairs), True
    rng = random.Random("assist:" + ",".join(map(str, hole + board)))
    missing = 5 - len(board)
    total = 0.0
    for _ in range(SAMPLES):
        drawn = rng.sample(deck, missing + 2)
        full = board + drawn[:missing]
        total += _share(strength(hole, full), strength(drawn[missing:], full))
    return total / SAMPLES, False


def _spot(view: dict[str, Any]) -> PokerSpot | None:
    if view.get("game") == "janpo":
        status = (view.get("poker") or {}).get("seats") or {}
        if status.get(view["player"]) not in LIVE:
            return None
        return janpo_spot(view)
    status = view.get("seats") or {}
    if status.get(view["player"]) not in LIVE:
        return None
    return holdem_spot(view)


def poker_assist(view: dict[str, Any]) -> PokerAssist | None:
    """The poker assist for a hold'em or Janpo view, or None when the player holds no live hand."""
    hole_text = view.get("hole") or ""
    if len(hole_text) < 4:
        return None
    spot = _spot(view)
    if spot is None:
        return None
    hole = parse_cards(hole_text)
    board = parse_cards("".join(spot.board))
    equity, exact = equity_vs_random(hole, board)
    to_call = min(spot.to_call, spot.stack)
    odds = to_call / (spot.pot + to_call) if to_call else None
    return PokerAssist(hand_class(hole, board), equity, exact, to_call, spot.pot, odds)
