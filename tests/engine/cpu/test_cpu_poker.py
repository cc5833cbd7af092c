"""Poker CPU decisions (P1 no-limit, P4 multiples of 100) on hand-built spots."""

from __future__ import annotations

import random

from engine.cpu.poker_play import PokerOptions, PokerSpot, choose_poker, equity
from engine.cpu.poker_view import poker_options

OPEN = PokerOptions(fold=True, call=True, raise_to=(1000, 20000), allin=True)
CHECKED = PokerOptions(check=True, bet=(500, 20000), allin=True)


def spot(hole: str, board: str = "", to_call: int = 500, pot: int = 700, opponents: int = 3,
         position: float = 0.5, raised: bool = False) -> PokerSpot:
    cards = tuple(hole[i:i + 2] for i in range(0, len(hole), 2))
    return PokerSpot(cards, tuple(board[i:i + 2] for i in range(0, len(board), 2)), pot, to_call,
                     20000, 500, opponents, position, 0, raised)


def test_equity_of_aces_heads_up_is_about_85_percent():
    eq = equity(("As", "Ah"), (), 1, random.Random(1), 2000)
    assert 0.81 <= eq <= 0.89


def test_made_nuts_on_the_river_wins_every_sample():
    assert equity(("As", "Ks"), ("Qs", "Js", "Ts", "2d", "3c"), 3, random.Random(2), 200) == 1.0


def test_raises_aces_preflop_with_an_amount_in_range():  # P4
    choice = choose_poker(spot("AsAh"), OPEN, random.Random(0))
    assert choice.action == "raise" and 1000 <= choice.amount <= 20000 and choice.amount % 100 == 0


def test_folds_seven_deuce_to_a_raise():
    choice = choose_poker(spot("7s2d", to_call=2000, pot=3200, raised=True), OPEN, random.Random(0))
    assert choice.action == "fold"


def test_checks_rather_than_folds_when_free():
    choice = choose_poker(spot("7s2d", board="AhKd9c", to_call=0, pot=2000, opponents=3), CHECKED,
                          random.Random(0))
    assert choice.action == "check"


def test_bets_top_set_on_a_dry_flop():
    choice = choose_poker(spot("KsKd", board="Kh7c2d", to_call=0, pot=2000), CHECKED, random.Random(0))
    assert choice.action == "bet" and 1000 <= choice.amount <= 2000  # half pot to pot


def test_calls_a_small_bet_with_a_strong_draw_by_pot_odds():
    opts = PokerOptions(fold=True, call=True, raise_to=(1000, 20000), allin=True)
    choice = choose_poker(spot("As9s", board="Ks7s2d", to_call=500, pot=4000, opponents=1, raised=True),
                          opts, random.Random(0))
    assert choice.action in ("call", "raise")


def test_folds_air_to_a_pot_sized_river_bet():
    opts = PokerOptions(fold=True, call=True, raise_to=(8000, 20000), allin=True)
    choice = choose_poker(spot("3c4d", board="AsKdQh9s8c", to_call=4000, pot=8000, opponents=1, raised=True),
                          opts, random.Random(0))
    assert choice.action == "fold"


def test_calls_all_in_when_no_plain_call_is_listed():
    opts = poker_options([["fold"], ["allin"]])
    choice = choose_poker(spot("AsAh", to_call=30000, pot=31000, raised=True), opts, random.Random(0))
    assert choice.action == "allin"


def test_same_seed_same_decision():
    s = spot("Js9s", board="Ts8d2c", to_call=1000, pot=3000, raised=True)
    picks = {choose_poker(s, OPEN, random.Random(5)) for _ in range(5)}
    assert len(picks) == 1


def test_easy_level_plays_by_hand_class():
    choice = choose_poker(spot("7s2d", board="7h7c2d", to_call=0, pot=2000), CHECKED, random.Random(0), "easy")
    assert choice.action == "bet"  # a full house
