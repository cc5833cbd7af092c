"""The holdem game mode: the Game protocol, views that keep hole cards private, options (P1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.base import Game, IllegalMove, ScenarioError
from engine.holdem.cards import CardError, cards_str, deal, parse_cards
from engine.holdem.table import HoldemTable


def table(**options: Any) -> HoldemTable:
    poker = options.pop("poker", [])
    players = options.pop("players", ["A", "B", "C"])
    return HoldemTable.from_scenario(
        {"game": "holdem", "players": players, "seed": 5, "options": options, "poker": poker}
    )


def test_is_a_game() -> None:
    assert isinstance(table(), Game)


def test_public_view_hides_hole_cards_private_view_shows_own() -> None:
    game = table(poker=[{"hole": {"A": "AsKs", "B": "2c2d", "C": "7h8h"}}])
    public = json.dumps(game.public_view())
    for cards in ("As", "Ks", "2c", "2d", "7h", "8h"):
        assert cards not in public
    mine = game.view("B")
    assert mine["hole"] == "2c2d" and "AsKs" not in json.dumps(mine)
    assert mine["seats"] == {"A": "in", "B": "in", "C": "in"}
    assert mine["to_act"] == "A" and mine["bets"] == {"A": 0, "B": 100, "C": 200}


def test_cards_shown_only_for_hands_that_reached_showdown() -> None:
    game = table(poker=[{"hole": {"A": "AsKs", "B": "2c2d", "C": "7h8h"}}, {"board": "TsJsQsKsAs"}])
    game.play(["A", "fold"])
    game.play(["B", "fold"])  # hand 1 won without a showdown
    assert game.public_view()["last_hand"]["shown"] == {}
    for move in (["B", "allin"], ["C", "allin"], ["A", "allin"]):  # hand 2: button B
        game.play(move)
    shown = game.public_view()["last_hand"]["shown"]
    assert set(shown) == {"A", "B", "C"} and {s["class"] for s in shown.values()} == {"Royal Flush"}
    assert game.public_view()["last_hand"]["hand"] == 2 and not game.finished  # a three-way split


def test_side_pots_and_statuses_in_public_view() -> None:
    game = table(stacks=[1000, 3000, 10_000], poker=[{"board": "2h9c4dJsQd"}])
    for move in (["A", "call"], ["B", "call"], ["C", "check"], ["B", "bet", 1200], ["C", "call"]):
        game.play(move)
    assert game.public_view()["pots"] == [{"amount": 600, "eligible": ["A", "B", "C"]}]
    assert game.public_view()["bets"] == {"A": 0, "B": 1200, "C": 1200}
    game.play(["A", "allin"])  # 800: a call for less
    view = game.public_view()
    assert view["street"] == "turn" and view["to_act"] == "B"
    assert view["seats"] == {"A": "all-in", "B": "in", "C": "in"}
    assert view["pots"] == [{"amount": 3000, "eligible": ["A", "B", "C"]},
                            {"amount": 800, "eligible": ["B", "C"]}]
    assert view["pot"] == 3800 and view["bets"] == {"A": 0, "B": 0, "C": 0}


def test_default_move_checks_when_it_can_else_folds() -> None:
    """D13 (J15): the timeout move is check when nothing is to call, else fold."""
    game = table()
    assert game.default_move("A") == ["A", "fold"]
    game.play(["A", "call"])
    game.play(["B", "call"])
    assert game.default_move("C") == ["C", "check"]
    with pytest.raises(IllegalMove):
        game.default_move("A")


def test_illegal_moves_change_nothing() -> None:
    game = table()
    before = json.dumps(game.summary()), json.dumps(game.public_view())
    for move in (["B", "call"], ["A", "check"], ["A", "raise", 350], ["A", "raise"], ["Z", "fold"],
                 ["A", "fold", 100], ["A", "dance"]):
        with pytest.raises(IllegalMove):
            game.play(move)
    assert (json.dumps(game.summary()), json.dumps(game.public_view())) == before


def test_hand_limit_ends_the_game() -> None:
    game = table(hands=2)
    for _ in range(2):
        game.play([game.waiting_on()[0], "fold"])
        game.play([game.waiting_on()[0], "fold"])
    assert game.finished and game.waiting_on() == [] and game.summary()["pot"] == 0
    assert [r["hand"] for r in game.summary()["poker_results"]] == [1, 2]
    with pytest.raises(IllegalMove, match="over"):
        game.play(["A", "fold"])


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ({"players": ["A"]}, "players"),
        ({"players": ["A"] * 2}, "players"),
        ({"players": list("ABCDEFGHIJK")}, "players"),
        ({"options": {"blinds": [200, 100]}}, "options.blinds"),
        ({"options": {"blinds": [150, 300]}}, "options.blinds"),
        ({"options": {"stacks": [1000]}}, "options.stacks"),
        ({"options": {"stacks": 0}}, "options.stacks"),
        ({"options": {"hands": 0}}, "options.hands"),
        ({"poker": [{"hole": {"Z": "AsKs"}}]}, "poker[0].hole"),
        ({"poker": [{"hole": {"A": "AsKsQs"}}]}, "poker[0].hole.A"),
        ({"poker": [{"board": "AsKsXx"}]}, "poker[0].board"),
        ({"poker": [{"hole": {"A": "AsKs"}, "board": "2c3c4cAs"}]}, "poker[0].board"),
        ({"poker": [{}, {}, {"board": "2c2c"}]}, "poker[2].board"),
    ],
)
def test_malformed_scenarios_name_the_field(spec: dict[str, Any], field: str) -> None:
    full = {"game": "holdem", "players": ["A", "B"], "seed": 1} | spec
    with pytest.raises(ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        HoldemTable.from_scenario(full)


def test_hole_cards_given_for_a_busted_player_are_ignored() -> None:
    game = table(players=["A", "B", "C"], stacks=[1000, 10_000, 10_000],
                 poker=[{"hole": {"A": "QhQd", "C": "KhKd"}, "board": "2c7d9hJs4s"}, {"hole": {"A": "AsAh"}}])
    for move in (["A", "allin"], ["B", "fold"], ["C", "call"]):
        game.play(move)
    assert game.public_view()["seats"]["A"] == "out" and game.hand_number == 2


def test_seeded_deal_is_repeatable_and_keeps_given_cards() -> None:
    one = deal(["A", "B"], 9, 3, {"B": "AsAh"}, "Kd")
    two = deal(["A", "B"], 9, 3, {"B": "AsAh"}, "Kd")
    assert one == two and cards_str(one.hole["B"]) == "AsAh" and cards_str(one.board[:1]) == "Kd"
    every = [*one.hole["A"], *one.hole["B"], *one.board]
    assert len(set(every)) == 9
    assert deal(["A", "B"], 9, 4) != deal(["A", "B"], 9, 3)
    with pytest.raises(CardError, match="board"):
        deal(["A", "B"], 9, 3, {"B": "AsAh"}, "As")
    assert parse_cards("as kd") == parse_cards("AsKd")
