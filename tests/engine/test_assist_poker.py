"""Assist mode, poker half: hand class from treys, equity against one random hand (exact on the
river, checked here by an independent enumeration), and the price of a call (D59)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from treys import Card, Evaluator

from engine.assist import assist
from engine.games import new_game
from engine.randomplay import random_move


def holdem_view(hole: str, board: str, **over: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "holdem", "player": "A", "hole": hole, "board": board, "blinds": [100, 200],
        "button": "B", "stacks": {"A": 5000, "B": 8000}, "seats": {"A": "in", "B": "in"},
        "pot": 1400, "bets": {"A": 0, "B": 600}, "current_bet": 600, "min_raise": 600,
    }
    view.update(over)
    return view


def test_river_equity_is_exact() -> None:
    view = holdem_view("AhKh", "QhJh2c7d9s")
    hint = assist(view, [["A", "fold"], ["A", "call"]]).poker
    assert hint is not None and hint.exact
    ev = Evaluator()
    hole = [Card.new("Ah"), Card.new("Kh")]
    board = [Card.new(c) for c in ("Qh", "Jh", "2c", "7d", "9s")]
    deck = [Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    rest = [c for c in deck if c not in hole + board]
    mine = ev.evaluate(hole, board)
    wins = 0.0
    pairs = list(combinations(rest, 2))
    for pair in pairs:
        theirs = ev.evaluate(list(pair), board)
        wins += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    assert hint.equity == wins / len(pairs)
    assert hint.hand_class == "High Card"


def test_call_price_and_pot_odds() -> None:
    hint = assist(holdem_view("AsAd", "Kc7h2d"), [["A", "fold"], ["A", "call"]]).poker
    assert hint is not None
    assert (hint.hand_class, hint.to_call, hint.pot) == ("Pair", 600, 1400)
    assert hint.pot_odds == 600 / 2000
    assert 0.8 < hint.equity < 0.95 and not hint.exact
    short = assist(holdem_view("AsAd", "Kc7h2d", stacks={"A": 400, "B": 8000}), []).poker
    assert short is not None and short.to_call == 400  # capped at the chips behind (D59)
    free = assist(holdem_view("AsAd", "Kc7h2d", bets={"A": 600, "B": 600}), []).poker
    assert free is not None and free.to_call == 0 and free.pot_odds is None


def test_preflop_yardsticks_and_determinism() -> None:
    aces = assist(holdem_view("AsAd", ""), []).poker
    trash = assist(holdem_view("7c2d", ""), []).poker
    assert aces is not None and trash is not None
    assert aces.hand_class == "Pair" and trash.hand_class == "High Card"
    assert 0.8 < aces.equity < 0.9 and 0.28 < trash.equity < 0.4  # known: 85% and 35%
    assert assist(holdem_view("7c2d", ""), []).poker == trash


def test_no_poker_hint_without_a_live_hand() -> None:
    folded = holdem_view("AsAd", "", seats={"A": "folded", "B": "in"})
    assert assist(folded, []).poker is None
    assert assist(holdem_view("", ""), []).poker is None
    assert assist({**holdem_view("AsAd", ""), "game": "riichi", "hand": None}, []).poker is None


def test_janpo_turns_get_the_halves_that_apply() -> None:
    """A combined draw turn gets both halves; a poker-only move after the kyoku (J9) gets no
    mahjong half."""
    seen = {"both": 0, "poker_only": 0}
    for seed in range(4):
        game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": seed})
        rng = random.Random(seed)
        while not game.finished and min(seen.values()) < 2:
            player = rng.choice(game.waiting_on())
            legal = game.legal_moves(player)
            view = game.view(player)
            hint = assist(view, legal)
            poker_only = all(m[1] in ("fold", "check", "call", "bet", "raise", "allin") for m in legal)
            if poker_only:
                assert hint.mahjong is None
                seen["poker_only"] += 1
            elif view.get("poker_turn"):
                assert hint.mahjong is not None and hint.mahjong.discards
                assert hint.poker is not None
                seen["both"] += 1
            game.play(random_move(game, player, rng))
    assert min(seen.values()) >= 2
