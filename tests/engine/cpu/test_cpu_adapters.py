"""Views and legal lists in, moves out: the adapters, the baselines and determinism."""

from __future__ import annotations

import random
from typing import Any

from engine.base import Move
from engine.cpu.baselines import passive_player
from engine.cpu.efficiency import Forms, counts_of, improving_kinds, ukeire, unseen_from
from engine.cpu.mahjong_view import discard_words, passed_after_riichi, seat_from_view, tile_ids
from engine.cpu.match import cpu_policy
from engine.games import new_game
from engine.tiles import RED_FIVES, parse_kinds

from .helpers import kind


def test_ukeire_counts_unseen_copies_of_each_improving_kind() -> None:
    hand = counts_of(parse_kinds("123m456p789s11z23m"))
    assert improving_kinds(hand, Forms()) == [kind("1m"), kind("4m")]
    seen = list(hand)
    seen[kind("4m")] += 3  # three 4m already out
    assert ukeire(hand, unseen_from(seen), Forms()) == 3 + 1


def test_seven_pairs_draws_count_only_when_the_form_is_on() -> None:
    hand = counts_of(parse_kinds("1133m5577p99s11z2z"))
    assert kind("2z") in improving_kinds(hand, Forms(True, False))
    assert improving_kinds(hand, Forms(False, False)) != improving_kinds(hand, Forms(True, False))


def test_tile_ids_keep_red_fives_apart() -> None:
    ids = tile_ids(["5m", "0m", "5m", "5p"])
    assert ids[1] in RED_FIVES and not {ids[0], ids[2], ids[3]} & RED_FIVES
    assert len(set(ids)) == 4


VIEW = {
    "game": "riichi", "player": "B", "seat_wind": "S", "round_wind": "E", "tiles_left": 40,
    "dora_indicators": ["4p"], "hand": ["2m", "3m", "4m", "5p", "0p", "6p", "7s", "8s", "9s", "1z", "1z", "3z", "4z"],
    "drawn": "5p", "riichi_declared": False,
    "seats": [
        {"player": "A", "riichi": True, "discards": [{"tile": "9m"}, {"tile": "3z"}], "melds": []},
        {"player": "B", "riichi": False, "discards": [], "melds": []},
        {"player": "C", "riichi": False, "discards": [],
         "melds": [{"type": "pon", "tiles": ["7z", "7z", "7z"]}, {"type": "ankan", "tiles": ["1s"] * 4}]},
        {"player": "D", "riichi": False, "discards": [{"tile": "1m"}], "melds": []},
    ],
}


def test_seat_from_view_reads_winds_dora_threats_and_open_sets() -> None:
    seat = seat_from_view(VIEW, "riichi")
    assert (seat.seat_wind, seat.round_wind) == (kind("2z"), kind("1z"))
    assert seat.dora_indicators == [kind("4p")] and seat.wall_left == 40
    assert [o.riichi for o in seat.opponents] == [True, False, False]
    assert kind("3z") in seat.opponents[0].safe
    assert seat.opponents[1].melds == [[kind("7z")] * 3]  # a closed kan is not an open set
    assert seat.reds_of(kind("5p")) == 1 and seat.drawn is not None and seat.drawn // 4 == kind("5p")
    assert seat.unseen()[kind("7z")] == 1


def test_discarding_a_five_keeps_the_red_one() -> None:
    seat = seat_from_view(VIEW, "riichi")
    words = [["discard", "5p"], ["discard", "0p"], ["tsumogiri"]]
    assert discard_words(kind("5p"), words, seat) == ["tsumogiri"]  # the drawn plain 5p
    assert discard_words(kind("5p"), words[:2], seat) == ["discard", "5p"]
    assert discard_words(kind("5p"), words, seat, tsumogiri=False) == ["discard", "5p"]


def test_passive_player_never_risks_anything() -> None:
    rng = random.Random(0)
    legal: list[Move] = [["A", "discard", "5m", "check"], ["A", "tsumogiri", "check"], ["A", "tsumogiri", "raise", [1000, 2000]]]
    assert passive_player({}, legal, rng) == ["A", "tsumogiri", "check"]
    assert passive_player({}, [["B", "ron"], ["B", "pass"]], rng) == ["B", "pass"]
    assert passive_player({}, [["C", "fold"], ["C", "call"], ["C", "allin"]], rng) == ["C", "fold"]
    assert passive_player({}, [["D", "tsumo"], ["D", "discard", "1z"], ["D", "tsumogiri"]], rng) == ["D", "tsumogiri"]


def test_same_seed_replays_the_same_game() -> None:
    """Deterministic given the seat's random stream: 120 Janpo moves replay exactly."""
    runs = []
    for _ in range(2):
        game = new_game({"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 11})
        policy = cpu_policy("janpo", strict=True)
        rngs = {p: random.Random(p) for p in game.players}
        played = []
        for _ in range(120):
            player = game.waiting_on()[0]
            move = policy(game.view(player), game.legal_moves(player), rngs[player])
            game.play(move)
            played.append(move)
        runs.append(played)
    assert runs[0] == runs[1]


def _river(tiles: str, riichi_at: int | None = None) -> list[dict[str, Any]]:
    return [{"tile": t, "riichi": i == riichi_at, "called": False} for i, t in enumerate(parse_tiles(tiles))]


def parse_tiles(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def test_tiles_passed_after_a_riichi_are_safe_against_it() -> None:  # R12: no ron on them, furiten
    seats = [
        {"player": "A", "discards": _river("1z2z3z"), "melds": []},
        {"player": "B", "discards": _river("9m8m", riichi_at=1), "melds": []},  # riichi on its 2nd discard
        {"player": "C", "discards": _river("1p2p"), "melds": []},
        {"player": "D", "discards": _river("4s5s"), "melds": []},
    ]
    passed = passed_after_riichi(seats, "A")
    # after B's 8m came C's 2p, D's 5s, then A's 3z; C's 1p and D's 4s were before the riichi
    assert passed == {1: {kind("2p"), kind("5s"), kind("3z")}}
    seats[2]["melds"] = [{"type": "pon", "tiles": ["7z"] * 3}]  # a call: keep one go-around of margin
    assert passed_after_riichi(seats, "A") == {1: set()}
