"""D51, D99: the summary of earlier hands a hold'em table keeps of each player — what each counter
counts, that a replay rebuilds it, and that it stays the same size however long the table runs."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.games import new_game
from engine.holdem.table import HoldemTable
from engine.holdem.tendencies import SHOWN_KEPT
from engine.scenario import replay


def _played(moves: list[list[Any]], **options: Any) -> HoldemTable:
    game = new_game({"game": "holdem", "players": ["A", "B", "C"], "seed": 3,
                     "options": {"hands": 1, **options}})
    assert isinstance(game, HoldemTable)
    for move in moves:
        game.play(move)
    assert game.finished
    return game


def _counts(game: HoldemTable, player: str) -> dict[str, Any]:
    return {k: v for k, v in game.view(player)["tendencies"][player].items() if v}


def test_preflop_raise_call_shove_and_showdown_are_counted() -> None:
    """A opens, B (small blind) calls, C (big blind) shoves over it, A folds, B calls all-in."""
    game = _played([["A", "raise", 600], ["B", "call"], ["C", "allin"], ["A", "fold"], ["B", "allin"]])
    shown = game.results[-1]["shown"]
    assert _counts(game, "A") == {"hands": 1, "unopened": 1, "vpip": 1, "pfr": 1, "pf_faced": 1,
                                  "pf_folds": 1}
    assert _counts(game, "B") == {"hands": 1, "vpip": 1, "pf_faced": 2, "rr_chances": 1, "showdowns": 1,
                                  "shown": [[shown["B"]["cards"], "call"]]}
    assert _counts(game, "C") == {"hands": 1, "vpip": 1, "pfr": 1, "shoves": 1, "pf_faced": 1,
                                  "rr_chances": 1, "reraises": 1, "showdowns": 1,
                                  "shown": [[shown["C"]["cards"], "shove"]]}
    assert game.public_view()["tendencies"] == game.view("A")["tendencies"]


def test_post_flop_bets_calls_and_folds_are_counted() -> None:
    """Limped three ways; on the flop B bets, C folds, A calls; on the turn A bets and B folds."""
    game = _played([["A", "call"], ["B", "call"], ["C", "check"],
                    ["B", "bet", 200], ["C", "fold"], ["A", "call"],
                    ["B", "check"], ["A", "bet", 400], ["B", "fold"]])
    assert _counts(game, "A") == {"hands": 1, "unopened": 1, "vpip": 1, "faced": 1, "bets": 1, "calls": 1}
    assert _counts(game, "B") == {"hands": 1, "unopened": 1, "vpip": 1, "faced": 1, "folds": 1, "bets": 1}
    assert _counts(game, "C") == {"hands": 1, "unopened": 1, "faced": 1, "folds": 1}


def test_a_replayed_table_rebuilds_the_same_summary_of_bounded_size() -> None:
    """D99: after 300 random hands every player's entry is a handful of counters and the last
    eight hands shown; the same moves replayed from the scenario give the same summary."""
    spec: dict[str, Any] = {"game": "holdem", "players": ["A", "B", "C", "D"], "seed": 11,
                            "options": {"hands": 300, "stacks": 10**9}}
    game = new_game(spec)
    rng = random.Random(5)
    moves = []
    while not game.finished:
        player = game.waiting_on()[0]
        legal = [m for m in game.legal_moves(player) if m[1] != "allin"] or game.legal_moves(player)
        move = [p[0] if isinstance(p, list) else p for p in rng.choice(legal)]  # the least bet or raise
        game.play(move)
        moves.append(move)
    tendencies = game.public_view()["tendencies"]
    assert all(e["hands"] == 300 for e in tendencies.values())
    assert any(len(e["shown"]) == SHOWN_KEPT for e in tendencies.values())
    assert all(len(json.dumps(e)) < 400 for e in tendencies.values())
    again = replay({**spec, "moves": moves})
    assert again.public_view()["tendencies"] == tendencies
