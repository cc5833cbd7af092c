"""Poker CPU decisions (P1 no-limit, P4 multiples of 100) on hand-built spots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from engine.cpu.poker_play import PokerOptions, PokerSpot, choose_poker, equity
from engine.cpu.poker_view import poker_options
from engine.games import new_game

T = TypeVar("T")
OPEN = PokerOptions(fold=True, call=True, raise_to=(1000, 20000), allin=True)
CHECKED = PokerOptions(check=True, bet=(500, 20000), allin=True)


def spot(hole: str, board: str = "", to_call: int = 500, pot: int = 700, opponents: int = 3,
         position: float = 0.5, raised: bool = False) -> PokerSpot:
    cards = tuple(hole[i:i + 2] for i in range(0, len(hole), 2))
    assert len(cards) == 2
    return PokerSpot(cards, tuple(board[i:i + 2] for i in range(0, len(board), 2)), pot, to_call,
                     20000, 500, opponents, position, 0, raised)


def test_equity_of_aces_heads_up_is_about_85_percent() -> None:
    eq = equity(("As", "Ah"), (), 1, random.Random(1), 2000)
    assert 0.81 <= eq <= 0.89


def test_made_nuts_on_the_river_wins_every_sample() -> None:
    assert equity(("As", "Ks"), ("Qs", "Js", "Ts", "2d", "3c"), 3, random.Random(2), 200) == 1.0


def test_raises_aces_preflop_with_an_amount_in_range() -> None:  # P4
    choice = choose_poker(spot("AsAh"), OPEN, random.Random(0))
    assert choice.action == "raise" and choice.amount is not None and 1000 <= choice.amount <= 20000 and choice.amount % 100 == 0


def test_folds_seven_deuce_to_a_raise() -> None:
    choice = choose_poker(spot("7s2d", to_call=2000, pot=3200, raised=True), OPEN, random.Random(0))
    assert choice.action == "fold"


def test_checks_rather_than_folds_when_free() -> None:
    choice = choose_poker(spot("7s2d", board="AhKd9c", to_call=0, pot=2000, opponents=3), CHECKED,
                          random.Random(0))
    assert choice.action == "check"


def test_bets_top_set_on_a_dry_flop() -> None:
    choice = choose_poker(spot("KsKd", board="Kh7c2d", to_call=0, pot=2000), CHECKED, random.Random(0))
    assert choice.action == "bet" and choice.amount is not None and 1000 <= choice.amount <= 2000  # half pot to pot


def test_calls_a_small_bet_with_a_strong_draw_by_pot_odds() -> None:
    opts = PokerOptions(fold=True, call=True, raise_to=(1000, 20000), allin=True)
    choice = choose_poker(spot("As9s", board="Ks7s2d", to_call=500, pot=4000, opponents=1, raised=True),
                          opts, random.Random(0))
    assert choice.action in ("call", "raise")


def test_folds_air_to_a_pot_sized_river_bet() -> None:
    opts = PokerOptions(fold=True, call=True, raise_to=(8000, 20000), allin=True)
    choice = choose_poker(spot("3c4d", board="AsKdQh9s8c", to_call=4000, pot=8000, opponents=1, raised=True),
                          opts, random.Random(0))
    assert choice.action == "fold"


def test_calls_all_in_when_no_plain_call_is_listed() -> None:
    opts = poker_options([["fold"], ["allin"]])
    choice = choose_poker(spot("AsAh", to_call=30000, pot=31000, raised=True), opts, random.Random(0))
    assert choice.action == "allin"


def test_same_seed_same_decision() -> None:
    s = spot("Js9s", board="Ts8d2c", to_call=1000, pot=3000, raised=True)
    picks = {choose_poker(s, OPEN, random.Random(5)) for _ in range(5)}
    assert len(picks) == 1


def test_easy_level_plays_by_hand_class() -> None:  # D52
    choice = choose_poker(spot("7s2d", board="7h7c2d", to_call=0, pot=2000), CHECKED, random.Random(0), "easy")
    assert choice.action == "bet"  # a full house


def _class_hole(name: str) -> str:
    """Two concrete cards of a class name such as ``AKo``, ``T9s`` or ``77``."""
    if len(name) == 2:
        return f"{name[0]}s{name[1]}h"
    return f"{name[0]}s{name[1]}{'s' if name[2] == 's' else 'h'}"


def test_calls_a_shove_with_every_hand_ahead_of_the_shovers_range() -> None:
    """Not exploitable by always-shove: facing a 100 bb open shove heads-up, every class with
    55 % equity or more against the range an open shove is read as is called, whatever the seed."""
    from engine.cpu.poker_range import OPEN_SHOVE_WIDTH, Read, preflop_equity
    from engine.cpu.preflop_table import CLASSES

    shove = PokerOptions(fold=True, allin=True)
    ahead = [c for c in CLASSES if preflop_equity(_class_hole(c), OPEN_SHOVE_WIDTH) >= 0.55]
    assert len(ahead) >= 15 and "AKo" in ahead
    for name in ahead:
        hole = _class_hole(name)
        spot = PokerSpot((hole[:2], hole[2:]), (), 20200, 19800, 19800, 200, 1, 0.0, 200, True,
                         reads=(Read(OPEN_SHOVE_WIDTH),))
        for seed in range(10):
            assert choose_poker(spot, shove, random.Random(seed), "hard").action == "allin", name
            assert choose_poker(spot, shove, random.Random(seed), "normal").action == "allin", name


def test_betting_history_narrows_each_range() -> None:
    from engine.cpu.poker_range import OPEN_SHOVE_WIDTH, RAISE_WIDTHS, read_history

    blinds = [["preflop", "A", "small blind", 100], ["preflop", "B", "big blind", 200]]
    opened = read_history([*blinds, ["preflop", "A", "raise", 600], ["preflop", "B", "raise", 1800],
                           ["preflop", "A", "call", 1800], ["flop", "B", "bet", 1200]], 200)
    assert opened["A"].width == RAISE_WIDTHS[0] and opened["B"].width == RAISE_WIDTHS[1]
    assert opened["B"].bets == 1 and opened["A"].bets == 0
    shoved = read_history([*blinds, ["preflop", "A", "allin", 20000]], 200)
    assert shoved["A"].width == OPEN_SHOVE_WIDTH and shoved["B"].width == 100.0


def test_holdem_views_carry_the_public_betting_history() -> None:
    game = new_game({"game": "holdem", "players": ["A", "B", "C"], "seed": 4})
    game.play(["A", "raise", 600])
    history = game.view("C")["history"]
    assert history[-1] == ["preflop", "A", "raise", 600]
    assert game.view("B")["history"] == history == game.public_view()["history"]


def test_ranged_equity_counts_ties_and_losses_on_a_fixed_river() -> None:
    """On the river nothing is left to deal: a board-playing hand splits with every opponent."""
    import random as _random

    from engine.cpu.poker_play import ranged_equity
    from engine.cpu.poker_range import Read

    royal = ("As", "Ks", "Qs", "Js", "Ts")
    assert ranged_equity(("2c", "3d"), royal, (Read(),), _random.Random(1), 100) == 0.5
    assert abs(ranged_equity(("2c", "3d"), royal, (Read(), Read()), _random.Random(1), 100) - 1 / 3) < 1e-9
    nuts = ("Ah", "Ad", "Ac", "Kd", "2h")
    assert ranged_equity(("As", "3c"), nuts, (Read(), Read(), Read()), _random.Random(1), 50) == 1.0


class _Counting(random.Random):
    """A random stream that counts the deals drawn from it (one ``sample`` per equity sample)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.samples = 0

    def sample(self, population: Sequence[T], k: int, **kwargs: Any) -> list[T]:
        self.samples += 1
        return super().sample(population, k, **kwargs)


def test_equity_sampling_stops_early_only_when_told_and_clear() -> None:
    """Given the equities a decision turns on, sampling stops once the estimate is clearly away
    from all of them; near one of them, or with none given (hold'em), it samples in full."""
    from engine.cpu.poker_play import SETTLE_FIRST, ranged_equity
    from engine.cpu.poker_range import Read

    nuts = ("Ah", "Ad", "Ac", "Kd", "2h")
    full = _Counting(1)
    assert ranged_equity(("As", "3c"), nuts, (Read(),), full, 250) == 1.0
    assert full.samples == 250
    early = _Counting(1)
    assert ranged_equity(("As", "3c"), nuts, (Read(),), early, 250, settle=(0.4, 0.8)) == 1.0
    assert early.samples == SETTLE_FIRST
    near = _Counting(1)
    flop = ("Kd", "7c", "2h")
    eq = ranged_equity(("Qs", "Js"), flop, (Read(),), near, 250, settle=(0.45,))
    assert 0.35 < eq < 0.55 and near.samples > 2 * SETTLE_FIRST


def test_holdem_decisions_sample_in_full() -> None:
    """The hold'em CPU is not given any early stop: every post-flop decision samples in full."""
    from engine.cpu.poker_play import SAMPLES, poker_decision

    rng = _Counting(3)
    poker_decision(spot("AsAh", "AdKc2h", to_call=0, pot=1000, opponents=1), CHECKED, rng, "hard")
    assert rng.samples == SAMPLES["hard"]


def test_easy_reads_the_hand_class_and_normal_simulates_the_equity() -> None:
    """D52: after the flop the easy level draws no sample deal at all (its hand class decides);
    the normal level estimates its equity over sampled deals."""
    from engine.cpu.poker_play import SAMPLES, poker_decision

    flop = spot("AsAh", "AdKc2h", to_call=0, pot=1000, opponents=1)
    easy, normal = _Counting(3), _Counting(3)
    poker_decision(flop, CHECKED, easy, "easy")
    poker_decision(flop, CHECKED, normal, "normal")
    assert easy.samples == 0
    assert normal.samples == SAMPLES["normal"] > 0
