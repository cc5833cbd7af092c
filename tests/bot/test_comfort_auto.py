"""Comfort switches: each one only ever plays a legal move of its own kind, all off plays
nothing, and none answers what the rules leave to the player (a win in the last kyoku, a Janpo
poker action, riichi, a kan)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.comfort import UserSettings, auto_move, final_kyoku, visible_moves
from engine.base import Game, Move, matches
from engine.cpu import choose_move
from engine.games import new_game
from engine.randomplay import random_move

ALL_ON = UserSettings(auto_win=True, no_calls=True, auto_tsumogiri=True)
SINGLES = {name: UserSettings().with_switch(name, True) for name in ("auto_win", "no_calls", "auto_tsumogiri")}
Position = tuple[dict[str, Any], list[Move]]


def play_positions(game_name: str, seed: int) -> list[Position]:
    """Every (view, legal) a waiting player met in one game; CPUs and random moves take turns so
    that wins, calls and riichi all come up."""
    options = {"length": "east"} if game_name == "riichi" else {}
    game: Game = new_game({"game": game_name, "players": ["A", "B", "C", "D"], "seed": seed, "options": options})
    rng = random.Random(seed)
    out: list[Position] = []
    while not game.finished:
        player = rng.choice(game.waiting_on())
        legal, view = game.legal_moves(player), game.view(player)
        out.append((view, legal))
        if rng.random() < 0.8:
            game.play(choose_move(game_name, view, legal, rng, "easy"))
        else:
            game.play(random_move(game, player, rng))
    return out


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return [p for name in ("riichi", "five", "janpo") for seed in (1, 2) for p in play_positions(name, seed)]


def poker_parts(view: dict[str, Any], legal: list[Move]) -> bool:
    return view.get("game") == "janpo" and any(
        isinstance(w, str) and w in ("fold", "check", "call", "bet", "raise", "allin") for m in legal for w in m[2:])


def test_each_switch_plays_only_its_own_legal_kind(positions: list[Position]) -> None:
    fired: Counter[str] = Counter()
    for view, legal in positions:
        player = legal[0][0]
        heads = {m[1] for m in legal}
        assert auto_move(UserSettings(), view, legal) is None
        got = {name: auto_move(s, view, legal) for name, s in SINGLES.items()}
        for name, move in got.items():
            if move is None:
                continue
            fired[name] += 1
            assert any(matches(move, m) for m in legal)
            if name == "auto_win":
                assert move[1] in ("ron", "tsumo") and move[2:] in ([], ["check"])
                assert not final_kyoku(view)
            elif name == "no_calls":
                assert move == [player, "pass"] and "ron" not in heads and heads & {"chi", "pon", "kan"}
            else:
                assert move == [player, "tsumogiri"]
                assert not heads & {"ron", "tsumo", "riichi", "ankan", "kakan"}
                assert not poker_parts(view, legal)
        made = [m for m in got.values() if m is not None]
        assert len(made) <= 1  # the switches answer different turns
        assert auto_move(ALL_ON, view, legal) == (made[0] if made else None)
        if "ron" in heads:
            assert auto_move(SINGLES["no_calls"], view, legal) is None  # never passes a ron
            if final_kyoku(view):
                fired["last_kyoku_prompted"] += 1
    assert fired["auto_win"] >= 5 and fired["no_calls"] >= 20 and fired["auto_tsumogiri"] >= 100
    assert fired["last_kyoku_prompted"] >= 1


def test_visible_moves_hide_only_calls_beside_a_ron(positions: list[Position]) -> None:
    hidden = 0
    for _view, legal in positions:
        assert visible_moves(UserSettings(), legal) == legal
        shown = visible_moves(ALL_ON, legal)
        gone = [m for m in legal if m not in shown]
        assert all(m[1] in ("chi", "pon", "kan") for m in gone)
        if gone:
            assert ["ron"] in [m[1:] for m in shown] and ["pass"] in [m[1:] for m in shown]
            hidden += 1
    claims = [legal for _v, legal in positions
              if "ron" in {m[1] for m in legal} and {m[1] for m in legal} & {"chi", "pon", "kan"}]
    assert hidden == len(claims) >= 1


# ---- hand-written turns ----------------------------------------------------------------------

def view_of(hand: str, drawn: str | None, game: str = "riichi", **over: Any) -> dict[str, Any]:
    from engine.tiles import kind_name, parse

    view: dict[str, Any] = {
        "game": game, "player": "A", "seat_wind": "E", "round_wind": "E", "dealer": "A", "round": "E1",
        "hand": [("0" + kind_name(k)[1]) if red else kind_name(k) for k, red in parse(hand)],
        "drawn": drawn, "dora_indicators": ["9m"], "tiles_left": 40,
        "options": {"rounds": 1 if game == "janpo" else 2},
        "seats": [{"player": p, "points": 25000, "discards": [], "melds": []} for p in "ABCD"],
    }
    view.update(over)
    return view


def discards(hand: list[str], tail: list[Any] | None = None) -> list[Move]:
    return [["A", "discard", t, *(tail or [])] for t in dict.fromkeys(hand)] + [["A", "tsumogiri", *(tail or [])]]


TSUMOGIRI = UserSettings(auto_tsumogiri=True)
HAND = "123m456p789s1255z"  # tenpai on 3s


def test_tsumogiri_when_the_draw_changes_nothing() -> None:
    view = view_of(HAND, "7z")
    assert auto_move(TSUMOGIRI, view, discards(view["hand"])) == ["A", "tsumogiri"]


def test_prompted_when_the_draw_helps_or_has_value() -> None:
    one_away = "123m456p1379s557z"  # 1-shanten: 13s and 79s wait, 7z is spare
    idle = view_of(one_away, "2z")
    assert auto_move(TSUMOGIRI, idle, discards(idle["hand"])) == ["A", "tsumogiri"]
    better = view_of(one_away, "8s")  # 789s: kept, the hand is tenpai
    assert auto_move(TSUMOGIRI, better, discards(better["hand"])) is None
    dora = view_of(HAND, "1m")  # indicator 9m: 1m is dora
    assert auto_move(TSUMOGIRI, dora, discards(dora["hand"])) is None
    red = view_of(HAND, "0p")
    assert auto_move(TSUMOGIRI, red, discards(red["hand"])) is None


def test_forced_tsumogiri_after_riichi_even_on_a_dora() -> None:
    view = view_of("123m456p789s1155z", "1m", riichi_declared=True)
    assert auto_move(TSUMOGIRI, view, [["A", "tsumogiri"]]) == ["A", "tsumogiri"]
    with_kan = [["A", "tsumogiri"], ["A", "ankan", "1m"]]
    assert auto_move(TSUMOGIRI, view, with_kan) is None


def test_riichi_offer_and_poker_part_are_prompted() -> None:
    view = view_of("123m456p789s1155z", "7z")
    legal = discards(view["hand"]) + [["A", "riichi", "7z"], ["A", "riichi", "tsumogiri"]]
    assert auto_move(TSUMOGIRI, view, legal) is None
    janpo = view_of(HAND, "7z", game="janpo", poker_turn=True)
    poker = discards(janpo["hand"], ["fold"]) + [["A", "tsumogiri", "call"]]
    assert auto_move(ALL_ON, janpo, poker) is None
    tada_jan = view_of(HAND, "7z", game="janpo")
    assert auto_move(TSUMOGIRI, tada_jan, discards(tada_jan["hand"])) == ["A", "tsumogiri"]


def test_auto_win_and_its_exceptions() -> None:
    win = UserSettings(auto_win=True)
    view = view_of("123m456p789s1155z", "5z")
    legal = [["A", "tsumo"], *discards(view["hand"])]
    assert auto_move(win, view, legal) == ["A", "tsumo"]
    assert auto_move(TSUMOGIRI, view, legal) is None  # a win on offer is never discarded away
    last = view_of("123m456p789s1155z", "5z", round="S4")
    assert final_kyoku(last) and auto_move(win, last, legal) is None
    janpo = view_of("123m456p789s1155z", "5z", game="janpo", round="E2", poker_turn=True)
    check = [["A", "tsumo", "check"], *discards(janpo["hand"], ["check"]), ["A", "tsumogiri", "bet", [500, 25000]]]
    assert auto_move(win, janpo, check) == ["A", "tsumo", "check"]
    fold = [["A", "tsumo", "fold"], *discards(janpo["hand"], ["fold"]), ["A", "tsumogiri", "call"]]
    assert auto_move(win, janpo, fold) is None  # folding chips in the pot is a poker choice


def test_no_calls_passes_calls_but_never_a_ron() -> None:
    calls = UserSettings(no_calls=True)
    view = view_of("123m456p789s1355z", None, last_discard={"player": "D", "tile": "5z"})
    assert auto_move(calls, view, [["A", "pon"], ["A", "kan"], ["A", "pass"]]) == ["A", "pass"]
    ron = [["A", "ron"], ["A", "pon"], ["A", "pass"]]
    assert auto_move(calls, view, ron) is None
    assert visible_moves(calls, ron) == [["A", "ron"], ["A", "pass"]]
    assert auto_move(ALL_ON, view, ron) == ["A", "ron"]


def test_final_kyoku() -> None:
    assert not final_kyoku(view_of(HAND, None, round="E4"))  # hanchan: S4 is last
    assert final_kyoku(view_of(HAND, None, round="S4"))
    assert final_kyoku(view_of(HAND, None, game="janpo", round="E4"))
    assert final_kyoku(view_of(HAND, None, game="five", round="N1", options={"rounds": 4}))
    assert not final_kyoku(view_of(HAND, None, game="five", round="W1", options={"rounds": 4}))
    points = {"A": 90000, "B": 0, "C": -5, "D": -100}
    broke = [{"player": p, "points": pts, "discards": [], "melds": []} for p, pts in points.items()]
    assert final_kyoku(view_of(HAND, None, game="janpo", round="E2", seats=broke))  # J13
    assert final_kyoku({"game": "riichi"})  # unknown: prompt


def test_a_yakuless_shape_is_never_won_for_the_player() -> None:
    """B waits on 1m or 9p with no yaku (R13: a win needs one); A's 1m goes by. The engine offers
    no ron, so auto-win has nothing to declare, and no calls passes the calls that are offered."""
    game = new_game({"game": "riichi", "players": ["A", "B", "C", "D"], "seed": 4,
                     "kyoku": [{"hands": {"A": "1m456m456p456s777z", "B": "11m123m789p234s99p"},
                                "draws": "2z"}]})
    game.play(["A", "discard", "1m"])
    legal = game.legal_moves("B")
    assert {m[1] for m in legal} == {"chi", "pon", "kan", "pass"}
    view = game.view("B")
    assert view["no_win_reason"] == "no yaku"
    assert auto_move(UserSettings(auto_win=True), view, legal) is None
    assert auto_move(ALL_ON, view, legal) == ["B", "pass"]
