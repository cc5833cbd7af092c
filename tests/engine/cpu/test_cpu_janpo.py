"""Janpo's combined draw turn (J7): a chip action forces tsumogiri, so its mahjong price is weighed."""

from __future__ import annotations

import random
from typing import NoReturn

import pytest

from engine.base import check_legal
from engine.cpu import choose_move
from engine.cpu.janpo_play import chip_gain, choose_janpo_turn, hopeless, mahjong_ev
from engine.cpu.janpo_view import split
from engine.cpu.mahjong_play import TurnOptions, score_discards
from engine.cpu.poker_play import PokerOptions, PokerSpot
from engine.cpu.poker_view import poker_options
from engine.cpu.seat import Seat
from engine.games import new_game

from .helpers import kind, seat

FACING = PokerOptions(fold=True, call=True, raise_to=(1000, 25000), allin=True)


def spot(hole: str, raised: bool = True, to_call: int = 1000) -> PokerSpot:
    return PokerSpot((hole[:2], hole[2:]), (), 2200, to_call, 24000, 500, 3, 0.0, 0, raised)


def options(s: Seat) -> TurnOptions:
    return TurnOptions(discards={k for k, n in enumerate(s.counts) if n})


def test_free_tsumogiri_goes_with_the_chip_action() -> None:  # J7a
    s = seat("123m456p789s11z45m", drawn="7z")
    choice = choose_janpo_turn(s, options(s), spot("AsAh"), FACING, random.Random(0))
    assert choice is not None and choice.poker is not None
    assert choice.tsumogiri and choice.poker.action == "raise"
    assert choice.turn.kind == kind("7z")


def test_a_tile_that_makes_tenpai_is_kept_and_a_middling_hand_folds() -> None:  # J7b
    s = seat("123m456p789s11z4m7z", drawn="5m")
    choice = choose_janpo_turn(s, options(s), spot("Ts9s", raised=False, to_call=500), FACING, random.Random(0))
    assert choice is not None and choice.poker is not None
    assert not choice.tsumogiri
    assert choice.turn.kind == kind("7z") and choice.poker.action == "fold"


def test_hopeless_mahjong_hand_plays_poker_with_every_draw() -> None:
    s = seat("147m258p369s1357z", drawn="2m")
    scored = {x.kind: x for x in score_discards(s, options(s).discards)}
    best = min(scored.values(), key=lambda x: (x.shanten, -x.utility))
    assert hopeless(best.shanten, s.wall_left)
    assert scored[kind("2m")].ukeire < best.ukeire  # the drawn tile is not the best discard
    choice = choose_janpo_turn(s, options(s), spot("KsKh"), FACING, random.Random(0))
    assert choice is not None and choice.poker is not None
    assert choice.tsumogiri and choice.poker.action in ("call", "raise")


def test_weak_poker_hand_folds_with_the_best_discard() -> None:
    s = seat("123m456p789s11z45m", drawn="7z")
    choice = choose_janpo_turn(s, options(s), spot("7h2c"), FACING, random.Random(0))
    assert choice is not None and choice.poker is not None
    assert choice.poker.action == "fold" and choice.turn.kind == kind("7z")


def test_tsumo_goes_with_check_or_fold() -> None:  # J7c
    s = seat("123m456p789s11z45m", drawn="6m")
    opts = TurnOptions(discards=options(s).discards, tsumo=True)
    choice = choose_janpo_turn(s, opts, spot("AsAh"), FACING, random.Random(0))
    assert choice is not None and choice.poker is not None
    assert choice.turn.action == "tsumo" and choice.poker.action == "fold"
    checked = PokerOptions(check=True, bet=(500, 25000), allin=True)
    unbet = choose_janpo_turn(s, opts, spot("AsAh", to_call=0), checked, random.Random(0))
    assert unbet is not None and unbet.poker is not None and unbet.poker.action == "check"


def test_split_separates_the_mahjong_and_poker_words() -> None:
    assert split(["riichi", "tsumogiri", "raise", [1000, 2000]]) == (["riichi", "tsumogiri"], ["raise", [1000, 2000]])
    assert split(["discard", "5m", "check"]) == (["discard", "5m"], ["check"])
    assert poker_options([["raise", [1000, 2000]], ["fold"]]).raise_to == (1000, 2000)


def test_first_combined_turn_of_a_real_table_is_legal() -> None:  # J6, J7
    for seed in range(6):
        game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": seed})
        player = game.waiting_on()[0]
        move = choose_move("janpo", game.view(player), game.legal_moves(player), random.Random(seed), strict=True)
        check_legal(game, move)
        assert len(move) >= 3  # a mahjong part and a poker part


def test_chip_action_is_priced_in_points_against_the_mahjong_hand() -> None:
    """A tenpai kept by the best discard is worth more than a small pot's share; a big pot pays."""
    s = seat("123m456p789s11z4m7z", drawn="5m", wall_left=60)
    scored = {x.kind: x for x in score_discards(s, options(s).discards, count_also=frozenset({kind("5m")}))}
    lost = mahjong_ev(s, scored[kind("7z")], "hard") - mahjong_ev(s, scored[kind("5m")], "hard")
    assert lost > 0
    small = PokerSpot(("Ks", "Kh"), (), 700, 500, 24000, 500, 3, 0.0, 0, False)
    big = PokerSpot(("Ks", "Kh"), (), 12000, 1000, 24000, 500, 1, 0.0, 0, True)
    call = FACING
    from engine.cpu.poker_play import PokerChoice
    assert chip_gain(small, PokerChoice("call"), 0.5, call) < lost < chip_gain(big, PokerChoice("call"), 0.8, call)


def test_no_equity_is_sampled_when_no_pot_could_pay_for_the_tsumogiri(monkeypatch: pytest.MonkeyPatch) -> None:
    """A post-flop spot whose whole pot is worth less than the tenpai the drawn tile would break:
    the CPU keeps the tenpai and checks without sampling equity (the slow part of the turn)."""
    import engine.cpu.janpo_play as janpo_play

    def no_sampling(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("equity was sampled")

    s = seat("123m456p789s11z4m7z", drawn="5m", wall_left=60)
    tiny = PokerSpot(("As", "Ah"), ("Ad", "Kc", "2h"), 100, 0, 24000, 100, 1, 0.0, 0, False)
    checked = PokerOptions(check=True, bet=(100, 24000), allin=True)
    monkeypatch.setattr(janpo_play, "poker_decision", no_sampling)
    choice = choose_janpo_turn(s, options(s), tiny, checked, random.Random(0), "hard")
    assert choice is not None and choice.poker is not None
    assert choice.turn.kind == kind("7z") and not choice.tsumogiri and choice.poker.action == "check"


def test_hard_does_not_call_off_its_stack_light(monkeypatch: pytest.MonkeyPatch) -> None:
    """Facing a bet of most of its chips with equity only a little over the pot odds, hard folds
    (a Janpo bettor paid a tile for the bet); the same equity still calls a small bet, and the
    normal level calls either."""
    from engine.cpu.janpo_play import calls_off_light, janpo_poker
    from engine.cpu.poker_play import PokerChoice

    big = PokerSpot(("Ks", "Qh"), ("2c", "7d", "9h"), 12000, 10000, 12000, 500, 1, 0.0, 0, True)
    small = PokerSpot(("Ks", "Qh"), ("2c", "7d", "9h"), 12000, 1000, 20000, 500, 1, 0.0, 0, True)
    odds = 10000 / 22000
    assert calls_off_light(big, PokerChoice("call"), odds + 0.05)
    assert not calls_off_light(big, PokerChoice("call"), odds + 0.15)
    assert not calls_off_light(small, PokerChoice("call"), 0.2)
    assert not calls_off_light(big, PokerChoice("raise", 12000), odds + 0.05)

    def calls(*args: object, **kwargs: object) -> tuple[PokerChoice, float]:
        return PokerChoice("call"), odds + 0.05

    import engine.cpu.janpo_play as janpo_play
    monkeypatch.setattr(janpo_play, "poker_decision", calls)
    facing = PokerOptions(fold=True, call=True, allin=True)
    assert janpo_poker(big, facing, random.Random(0), "hard")[0].action == "fold"
    assert janpo_poker(big, facing, random.Random(0), "normal")[0].action == "call"
    assert janpo_poker(small, facing, random.Random(0), "hard")[0].action == "call"


def test_hard_counts_what_a_value_bet_wins_when_called() -> None:
    """A bet with the better hand is worth more than the tenth of the pot that folds give: at
    the hard level half a call of its chips at the hand's edge; a bet without an edge gains
    nothing more, and the normal level counts only the tenth."""
    from engine.cpu.poker_play import PokerChoice

    flop = PokerSpot(("As", "Ah"), ("Ad", "Kc", "2h"), 4000, 0, 20000, 500, 1, 0.0, 0, False)
    bet = PokerChoice("bet", 4000)
    checked = PokerOptions(check=True, bet=(500, 20000), allin=True)
    assert chip_gain(flop, bet, 0.9, checked, "normal") == 400
    assert round(chip_gain(flop, bet, 0.9, checked, "hard")) == 400 + round(0.5 * 0.8 * 4000)
    assert chip_gain(flop, bet, 0.45, checked, "hard") == 400


def test_hard_bets_big_for_value_after_the_flop(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a post-flop equity of 0.8 or more, a hard bet is one and a half pots (a Janpo street
    costs every bettor a tile, so the chips go in while the hand is ahead); a weaker bet keeps
    its size, and the normal level does not resize."""
    import engine.cpu.janpo_play as janpo_play
    from engine.cpu.janpo_play import janpo_poker
    from engine.cpu.poker_play import PokerChoice

    flop = PokerSpot(("As", "Ah"), ("Ad", "Kc", "2h"), 4000, 0, 20000, 500, 1, 0.0, 0, False)
    checked = PokerOptions(check=True, bet=(500, 20000), allin=True)
    for eq, level, amount in ((0.9, "hard", 6000), (0.7, "hard", 3000), (0.9, "normal", 3000)):
        monkeypatch.setattr(janpo_play, "poker_decision", lambda *a, eq=eq, **k: (PokerChoice("bet", 3000), eq))
        assert janpo_poker(flop, checked, random.Random(0), level)[0] == PokerChoice("bet", amount)
