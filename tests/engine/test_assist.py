"""Assist mode, mahjong half: the marked discards are exactly those a brute force over the
`mahjong` library finds best (shanten, then acceptance over tiles the player has not seen), on
positions from seeded random games; and the assist works from a view alone (D51's rule for CPUs
holds for the assist too: it sees what the player sees)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from mahjong.shanten import Shanten

from engine.assist import assist, mahjong_words
from engine.assist.mahjong import discarded
from engine.base import Game
from engine.five.lines import LABELS
from engine.games import new_game
from engine.randomplay import random_move
from engine.tiles import parse_kinds

SHANTEN = Shanten()


def kinds(names: list[str]) -> list[int]:
    return [k for n in names for k in parse_kinds(n)]


def visible(view: dict[str, Any]) -> list[int]:
    """Every tile this player can see, counted straight from the view."""
    seen = [0] * 34
    own = kinds(list(view["hand"]) + ([view["drawn"]] if view.get("drawn") else []))
    table = [d["tile"] for s in view["seats"] for d in s["discards"] if not d["called"]]
    table += [t for s in view["seats"] for m in s["melds"] for t in m["tiles"]]
    table += list(view["dora_indicators"])
    for k in own + kinds(table):
        seen[k] += 1
    return seen


def forms(view: dict[str, Any]) -> tuple[bool, bool]:
    me = next(s for s in view["seats"] if s["player"] == view["player"])
    if me["melds"]:
        return False, False
    if view["game"] == "five":
        return bool(view["options"]["seven_pairs"]), bool(view["options"]["thirteen_orphans"])
    return True, True


def brute(view: dict[str, Any], legal: list[list[Any]]) -> dict[tuple[str, bool], tuple[int, int]]:
    """(tile, tsumogiri) -> (shanten, acceptance) for every legal discard, every kind tried."""
    chiitoi, kokushi = forms(view)

    def sh(c: list[int]) -> int:
        return int(SHANTEN.calculate_shanten(c, use_chiitoitsu=chiitoi, use_kokushi=kokushi))

    unseen = [max(0, 4 - v) for v in visible(view)]
    held = [0] * 34
    for k in kinds(list(view["hand"]) + ([view["drawn"]] if view.get("drawn") else [])):
        held[k] += 1
    out = {}
    for words in mahjong_words(view["game"], legal):
        picked = discarded(words)
        if picked is None:
            continue
        tile = view["drawn"] if picked[1] else picked[0]
        after = list(held)
        after[parse_kinds(tile)[0]] -= 1
        base = sh(after)
        accept = 0
        for k in range(34):
            if unseen[k] and after[k] < 4:
                after[k] += 1
                if sh(after) < base:
                    accept += unseen[k]
                after[k] -= 1
        out[(tile, picked[1])] = (base, accept)
    return out


def positions(game_name: str, seeds: range, every: int) -> list[tuple[dict[str, Any], list[list[Any]]]]:
    """Discard turns from random games: (player's view, legal moves)."""
    found: list[tuple[dict[str, Any], list[list[Any]]]] = []
    for seed in seeds:
        game: Game = new_game({"game": game_name, "players": ["A", "B", "C", "D"], "seed": seed})
        rng = random.Random(seed)
        turn = 0
        while not game.finished and len(found) < (seed - seeds.start + 1) * 12:
            player = rng.choice(game.waiting_on())
            legal = game.legal_moves(player)
            view = game.view(player)
            if view.get("hand") is not None and any(
                discarded(w) for w in mahjong_words(game_name, legal)
            ):
                turn += 1
                if turn % every == 0:
                    found.append((copy.deepcopy(view), copy.deepcopy(legal)))
            game.play(random_move(game, player, rng))
    return found


@pytest.mark.parametrize("game_name", ["riichi", "five", "janpo"])
def test_marked_discards_are_the_brute_force_best(game_name: str) -> None:
    checked = 0
    for view, legal in positions(game_name, range(11, 14), 3):
        hint = assist(view, legal).mahjong
        assert hint is not None
        want = brute(view, legal)
        got = {(d.tile, d.tsumogiri): (d.shanten, d.ukeire) for d in hint.discards}
        assert got == want
        top = min(want.values(), key=lambda v: (v[0], -v[1]))
        assert {(d.tile, d.tsumogiri) for d in hint.best} == {p for p, v in want.items() if v == top}
        assert hint.shanten == top[0]
        for words in mahjong_words(game_name, legal):
            picked = discarded(words)
            if picked is not None:
                tile = view["drawn"] if picked[1] else picked[0]
                assert hint.suggests(words) == (want[(tile, picked[1])] == top)
        checked += 1
    assert checked >= 20


def test_works_from_a_bare_view_with_no_game_object() -> None:
    """A view typed by hand (the JSON a player could be shown) is all the assist needs."""
    view = {
        "game": "riichi", "player": "A", "seat_wind": "S", "round_wind": "E", "dealer": "D",
        "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z", "3p", "5z"],
        "drawn": "4p", "dora_indicators": ["1z"], "tiles_left": 50, "options": {},
        "seats": [{"player": p, "discards": [], "melds": []} for p in "ABCD"],
    }
    legal = [["A", "discard", t] for t in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "3p",
                                             "5z"]] + [["A", "tsumogiri"]]
    hint = assist(view, legal).mahjong
    assert hint is not None
    # 123m 456p 789s 22z 3p4p 5z: letting 5z go waits on 2p-5p (4 + 3 unseen: one 5p is held)
    assert hint.shanten == 0
    assert [(d.tile, d.ukeire) for d in hint.best] == [("5z", 7)]
    assert hint.suggests(["riichi", "5z"]) and not hint.suggests(["tsumogiri"])
    assert "Yakuhai (seat wind south)" in hint.near


def test_same_view_same_answer_and_view_untouched() -> None:
    game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 5})
    view, legal = game.view("A"), game.legal_moves("A")
    frozen = json.dumps(view, sort_keys=True)
    first = assist(json.loads(frozen), legal)
    assert assist(json.loads(frozen), copy.deepcopy(legal)) == first
    assert json.dumps(view, sort_keys=True) == frozen
    assert first.mahjong is not None and first.poker is not None


def test_other_seats_hidden_tiles_do_not_matter() -> None:
    """Two tables alike in all A can see, unlike in B's concealed hand, give A the same assist."""
    def table(b_hand: str) -> Game:
        return new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 8,
                         "kyoku": [{"hands": {"A": "123m456p789s1155z", "B": b_hand},
                                    "draws": "6z", "dead": {"dora": ["1z"], "ura": ["2z"]}}],
                         "poker": [{"hole": {"A": "AsKd"}}]})

    one, two = table("2345678m234567p"), table("1122334s666777z")
    assert one.view("B")["hand"] != two.view("B")["hand"]
    assert one.view("A") == two.view("A")
    assert assist(one.view("A"), one.legal_moves("A")) == assist(two.view("A"), two.legal_moves("A"))


def test_five_names_its_own_categories() -> None:
    view = {
        "game": "five", "player": "A", "seat_wind": "E", "round_wind": "E", "dealer": "A",
        "hand": ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "5z", "5z", "5z", "3s"],
        "drawn": "3s", "dora_indicators": ["1z"], "tiles_left": 50,
        "options": {"seven_pairs": False, "thirteen_orphans": False},
        "seats": [{"player": p, "discards": [], "melds": []} for p in "ABCD"],
    }
    hint = assist(view, [["A", "tsumogiri"], ["A", "discard", "2m"]]).mahjong
    assert hint is not None
    assert set(hint.near) <= set(LABELS)
    assert "closed_hand" in hint.near and "vip_set" in hint.near
    assert "Tanyao" not in hint.near and "Menzen Tsumo" not in hint.near
    riichi = assist({**view, "game": "riichi"}, [["A", "tsumogiri"]]).mahjong
    assert riichi is not None and "Yakuhai (haku)" in riichi.near and not set(riichi.near) & set(LABELS)


def test_claim_turn_has_shanten_but_no_discards() -> None:
    view = {
        "game": "riichi", "player": "A", "seat_wind": "E", "round_wind": "E", "dealer": "A",
        "hand": ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "5z", "5z", "1p", "9p"],
        "drawn": None, "dora_indicators": ["1z"], "tiles_left": 50, "options": {},
        "last_discard": {"player": "D", "tile": "5z"},
        "seats": [{"player": p, "discards": [], "melds": []} for p in "ABCD"],
    }
    hint = assist(view, [["A", "pon"], ["A", "pass"]]).mahjong
    assert hint is not None and hint.discards == () and hint.best == ()
    assert hint.shanten == 1
