"""Whole games with CPUs in every seat through the real Game objects: every move legal, every
decision made from the seat's own view only. Size with CPU_GAMES (default keeps the file fast)."""

from __future__ import annotations

import json
import os
import random
from functools import partial
from typing import Any

import pytest

from engine.base import check_legal
from engine.cpu import choose_move
from engine.cpu.baselines import random_player
from engine.cpu.match import cpu_policy, play_match
from engine.games import new_game
from engine.holdem.cards import cards_str
from engine.holdem.table import HoldemTable

GAMES = int(os.environ.get("CPU_GAMES", "3"))


def _strings(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def test_holdem_cpus_play_legal_moves_from_their_own_view() -> None:  # P1-P5
    for seed in range(GAMES):
        game = new_game({"game": "holdem", "players": ["A", "B", "C", "D", "E"], "seed": seed,
                         "options": {"hands": 12, "stacks": 5000}})

        assert isinstance(game, HoldemTable)

        def inspect(player: str, view: dict[str, Any], game: HoldemTable = game) -> None:
            hand = game.hand
            assert hand is not None
            assert view["player"] == player and view["hole"] == cards_str(hand.cards.hole[player])
            text = _strings({k: v for k, v in view.items() if k not in ("last_hand", "tendencies")})  # earlier hands
            for other in hand.order:
                if other != player:
                    assert cards_str(hand.cards.hole[other]) not in text

        seats = {**_seats("holdem"), "E": cpu_policy("holdem", "hard", strict=True)}
        log = play_match(game, seats, seed, inspect=inspect)
        assert game.finished and len(log.moves) > 12
        assert sum(game.summary()["points"].values()) == 25000


PRIVATE_SEAT_KEYS = {"hand", "drawn", "waits", "shanten", "hole", "furiten", "kuikae"}


def _mahjong_game(game: Any) -> Any:
    return game.mj if hasattr(game, "mj") else game


def _check_mahjong_view(game: Any, player: str, view: dict[str, Any]) -> None:
    """The view holds the player's own concealed tiles and, of the others, counts only."""
    mj = _mahjong_game(game)
    kyoku = mj.kyoku
    me = game.players.index(player)
    assert view["player"] == player
    for seat in view["seats"]:
        assert not PRIVATE_SEAT_KEYS & set(seat), seat.keys()
    if kyoku.result is None:
        own = sorted(kyoku.name(t) for t in kyoku.seats[me].concealed_without_drawn())
        assert sorted(view["hand"]) == own
        lists = [sorted(x) for x in _string_lists({k: v for k, v in view.items() if k not in ("kyoku_results", "result")})]
        assert own in lists  # the search does find a hand where there is one
        for other, st in enumerate(kyoku.seats):
            if other != me and len(st.hand) > 1:
                assert sorted(kyoku.name(t) for t in st.concealed_without_drawn()) not in lists
    hole_of = getattr(getattr(game, "hand", None), "cards", None)
    if hole_of is not None and view.get("hole"):
        text = _strings({k: v for k, v in view.items() if k not in ("poker_results", "poker", "kyoku_results")})
        for other in game.hand.order:
            if other != player:
                assert cards_str(hole_of.hole[other]) not in text


def _string_lists(value: Any) -> list[list[str]]:
    """Every list of strings anywhere inside a view."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in _string_lists(v)]
    if isinstance(value, list):
        found = [value] if value and all(isinstance(v, str) for v in value) else []
        return found + [x for v in value for x in _string_lists(v)]
    return []


def _seats(game_name: str) -> dict[str, Any]:
    """A hard, a normal and an easy CPU and a random player, so the CPUs meet varied positions."""
    return {"A": cpu_policy(game_name, "hard", strict=True), "B": cpu_policy(game_name, "easy", strict=True),
            "C": cpu_policy(game_name, "normal", strict=True), "D": random_player}


@pytest.mark.parametrize("game_name", ["riichi", "five", "janpo"])
def test_mahjong_cpus_play_legal_moves_from_their_own_view(game_name: str) -> None:  # R, F, J
    for seed in range(GAMES // 3 or 1):
        spec: dict[str, Any] = {"game": game_name, "players": ["A", "B", "C", "D"], "seed": 1000 + seed}
        if game_name == "riichi":
            spec["options"] = {"length": "east"}
        game = new_game(spec)
        log = play_match(game, _seats(game_name), spec["seed"],
                         inspect=partial(_check_mahjong_view, game))
        assert game.finished and len(log.moves) > 100
        assert game.summary()["kyoku_results"], "a whole game has kyoku results"


def test_the_view_is_all_a_cpu_reads() -> None:
    """Same view and legal list, same move; the view is left as it was handed over."""
    game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 4})
    player = game.waiting_on()[0]
    view, legal = game.view(player), game.legal_moves(player)
    before = _strings(view)
    first = choose_move("janpo", view, legal, random.Random(3), strict=True)
    assert _strings(view) == before
    assert choose_move("janpo", json.loads(before), legal, random.Random(3), strict=True) == first


def test_choose_move_rejects_unknown_level_and_empty_legal() -> None:
    with pytest.raises(ValueError):
        choose_move("holdem", {}, [["A", "check"]], None, "expert")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        choose_move("holdem", {}, [], None)  # type: ignore[arg-type]


POSITIONS = int(os.environ.get("CPU_POSITIONS", "300"))


@pytest.mark.parametrize("game_name", ["riichi", "five", "janpo", "holdem"])
def test_cpu_answers_legally_in_positions_reached_by_random_play(game_name: str) -> None:
    """Random play reaches odd corners (riichi, kans, robbed kans, poker after the kyoku); at every
    position along the way every level must return a move from the legal list."""
    asked = 0
    seed = 0
    while asked < POSITIONS:
        spec: dict[str, Any] = {"game": game_name, "players": ["A", "B", "C", "D"], "seed": 500 + seed}
        if game_name == "holdem":
            spec["options"] = {"hands": 30}
        game = new_game(spec)
        rng = random.Random(seed)
        while not game.finished and asked < POSITIONS:
            for player in game.waiting_on():
                view, legal = game.view(player), game.legal_moves(player)
                level = ("easy", "normal", "hard")[asked % 3]
                move = choose_move(game_name, view, legal, random.Random(asked), level, strict=True)
                check_legal(game, move)
                asked += 1
            player = game.waiting_on()[0]
            game.play(random_player({}, game.legal_moves(player), rng))
        seed += 1
    assert asked == POSITIONS


@pytest.mark.parametrize("game_name", ["riichi", "five", "janpo"])
def test_easy_and_normal_always_win_when_a_win_is_legal(game_name: str) -> None:
    """D52: in whole games of easy and normal CPUs, every legal tsumo or ron is declared (in
    Janpo with its poker part)."""
    offered = 0
    for seed in (70, 71):
        spec: dict[str, Any] = {"game": game_name, "players": ["A", "B", "C", "D"], "seed": seed}
        if game_name == "riichi":
            spec["options"] = {"length": "east"}
        game, rng = new_game(spec), random.Random(seed)
        while not game.finished:
            player = game.waiting_on()[0]
            level = "easy" if player in "AC" else "normal"
            legal = game.legal_moves(player)
            move = choose_move(game_name, game.view(player), legal, rng, level, strict=True)
            if any(m[1] in ("tsumo", "ron") for m in legal):
                offered += 1
                assert move[1] in ("tsumo", "ron"), (move, legal)
            game.play(move)
    assert offered >= 3
