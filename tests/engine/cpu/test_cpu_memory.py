"""Position tests of a CPU that remembers its opponents (D51, D96, D97): a heads-up hold'em table
is played with scripted seats for a number of hands, then the hard CPU is asked its decision
from the view, once as the table shows it and once with the summary of earlier hands taken out
(the same spot against a stranger)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.base import Move
from engine.cpu import choose_move
from engine.games import new_game
from engine.holdem.table import HoldemTable

Script = Callable[[HoldemTable, str, list[Move]], Move]


def _first(legal: list[Move], *words: str) -> Move:
    for word in words:
        for move in legal:
            if move[1] == word:
                return [*move[:2], move[2][0]] if len(move) > 2 else move
    raise AssertionError(f"none of {words} in {legal}")


def _table(hands: int, last: dict[str, Any], scripts: dict[str, Script],
           at: Callable[[HoldemTable], bool], seed: int = 7) -> HoldemTable:
    """Play ``hands`` hands with ``scripts``, then the next one (cards ``last``, the same scripts)
    until it is seat A's turn in a spot where ``at`` holds."""
    spec = {"game": "holdem", "players": ["B", "A"], "seed": seed,
            "poker": [{} for _ in range(hands)] + [last]}
    game = new_game(spec)
    assert isinstance(game, HoldemTable)
    while True:
        player = game.waiting_on()[0]
        if game.hand_number > hands and player == "A" and at(game):
            return game
        game.play(scripts[player](game, player, game.legal_moves(player)))


def _decisions(game: HoldemTable, seeds: range, stranger: bool) -> list[Move]:
    view = game.view("A")
    if stranger:
        view = {k: v for k, v in view.items() if k != "tendencies"}
    legal = game.legal_moves("A")
    return [choose_move("holdem", view, legal, random.Random(s), "hard", strict=True) for s in seeds]


def _shover(game: HoldemTable, player: str, legal: list[Move]) -> Move:
    return _first(legal, "allin")


def _limp_then_fold(game: HoldemTable, player: str, legal: list[Move]) -> Move:
    """Never puts more than a blind in: limps, checks, folds to the shove."""
    if game.hand is not None and game.hand.current_bet > game.blinds[1]:
        return _first(legal, "fold")
    return _first(legal, "check", "call")


def _facing_shove(game: HoldemTable) -> bool:
    return game.hand is not None and game.hand.current_bet > 5000


def test_calls_a5o_after_twenty_shoves() -> None:
    """D96: after twenty hands in which B shoved every time, the hard CPU calls B's shove with A5o
    (ahead of B's shown range); against a stranger's open shove (a 35 % range) it folds it, and
    so it does after two shoves — two hands are noise."""
    last = {"hole": {"A": "As5d"}}
    game = _table(20, last, {"B": _shover, "A": _limp_then_fold}, _facing_shove)
    shoves = game.view("A")["tendencies"]["B"]
    assert (shoves["hands"], shoves["shoves"]) == (20, 20)
    assert game.view("A")["hole"] == "As5d"
    assert all(m == ["A", "allin"] for m in _decisions(game, range(5), stranger=False))
    assert all(m == ["A", "fold"] for m in _decisions(game, range(5), stranger=True))
    early = _table(2, last, {"B": _shover, "A": _limp_then_fold}, _facing_shove)
    assert early.view("A")["tendencies"]["B"]["shoves"] == 2
    assert all(m == ["A", "fold"] for m in _decisions(early, range(5), stranger=False))


def _station(game: HoldemTable, player: str, legal: list[Move]) -> Move:
    return _first(legal, "call", "check", "allin")


def _min_bettor(game: HoldemTable, player: str, legal: list[Move]) -> Move:
    """Limps or checks before the flop, then bets the least it may at every chance."""
    if game.hand is not None and game.hand.street == 0:
        return _first(legal, "check", "call")
    return _first(legal, "bet", "check", "call")


def _checker(game: HoldemTable, player: str, legal: list[Move]) -> Move:
    return _first(legal, "check", "call")


def _river_first(game: HoldemTable) -> bool:
    return game.hand is not None and game.hand.street == 3


def test_value_bets_thinner_and_never_bluffs_a_player_who_only_calls() -> None:
    """D97: after twenty hands in which B called every bet (and never folded or raised), the hard
    CPU bets a river pair of sevens under two overcards for value (against a stranger it checks
    it: too thin), and it never bluffs B with nothing, where a stranger is bluffed now and then."""
    scripts: dict[str, Script] = {"B": _station, "A": _min_bettor}
    board = "Kd8c4s2h9d"
    thin = _table(20, {"hole": {"A": "7h7c"}, "board": board}, {**scripts, "A": _checker_last(20)}, _river_first)
    station = thin.view("A")["tendencies"]["B"]
    assert station["faced"] >= 40 and station["folds"] == 0 and station["bets"] == 0
    assert all(m[1] == "bet" for m in _decisions(thin, range(10), stranger=False))
    assert sum(m[1] == "check" for m in _decisions(thin, range(10), stranger=True)) >= 8
    air = _table(20, {"hole": {"A": "3c5h"}, "board": "KdQc9s7hJd"}, {**scripts, "A": _checker_last(20)}, _river_first)
    assert all(m[1] == "check" for m in _decisions(air, range(200), stranger=False))
    assert any(m[1] == "bet" for m in _decisions(air, range(200), stranger=True))


def _checker_last(hands: int) -> Script:
    """The min-bettor for ``hands`` hands, then a seat that only checks (up to the decision)."""

    def play(game: HoldemTable, player: str, legal: list[Move]) -> Move:
        if game.hand_number > hands:
            return _checker(game, player, legal)
        return _min_bettor(game, player, legal)

    return play


def test_janpo_poker_reads_the_same_summary() -> None:
    """D51: Janpo's poker view carries the summary of the game's finished hands, and the CPU's
    poker spot is read with it (one remembered read per live opponent)."""
    from engine.cpu.janpo_view import janpo_spot
    from engine.cpu.match import cpu_policy
    from engine.rng import derive

    game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 4})
    policy = cpu_policy("janpo", "normal")
    rngs = {p: derive(4, "cpu", p) for p in "ABCD"}
    while not game.finished:
        player = game.waiting_on()[0]
        view = game.view(player)
        done = len(game.summary()["poker_results"])
        if done >= 3 and view["poker"]["to_act"] == player and view["hole"]:
            spot = janpo_spot(view)
            live = [p for p, s in view["poker"]["seats"].items() if s in ("in", "all-in") and p != player]
            assert len(spot.memory) == len(live) == spot.opponents
            assert sum(e["hands"] for e in view["poker"]["tendencies"].values()) >= 3 * 2
            assert view["poker"]["tendencies"] == game.public_view()["poker"]["tendencies"]
            return
        game.play(policy(view, game.legal_moves(player), rngs[player]))
    raise AssertionError("no poker decision after three hands")


def test_no_evidence_no_change() -> None:
    """D96: on a table's first hand the summary holds nothing yet, and the hard CPU decides exactly
    as against strangers, in every spot of a six-handed hand and whatever its random stream."""
    from engine.cpu.match import cpu_policy

    for seed in range(3):
        game = new_game({"game": "holdem", "players": list("ABCDEF"), "seed": seed, "options": {"hands": 1}})
        normal = cpu_policy("holdem", "normal")
        while not game.finished:
            player = game.waiting_on()[0]
            view, legal = game.view(player), game.legal_moves(player)
            assert all(e["hands"] == 0 for e in view["tendencies"].values())
            stranger = {k: v for k, v in view.items() if k != "tendencies"}
            for s in range(2):
                remembered = choose_move("holdem", view, legal, random.Random(s), "hard", strict=True)
                assert remembered == choose_move("holdem", stranger, legal, random.Random(s), "hard", strict=True)
            game.play(normal(view, legal, random.Random(seed)))
