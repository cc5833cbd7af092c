"""The tenhou.net/6 log (bot/results/tenhou.py) against the engine: calls answered in any order,
each yaku's han, the all-tenpai / all-noten draws, red fives in the starting hands, final scores."""

from __future__ import annotations

from typing import Any

import pytest

from bot.results.played import replay
from bot.results.tenhou import haipai_key, result_entry, tenhou_log
from engine.games import new_game
from engine.tiles import MeldKind
from tests.bot.exports import PLAYERS, chi_first_game, random_game


def _chi_before_pass(moves: list[list[Any]]) -> bool:
    return any(a[1] == "chi" and b[1] == "pass" for a, b in zip(moves, moves[1:], strict=False))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("make", [random_game, chi_first_game])
def test_every_call_is_written_whatever_order_the_claims_were_answered_in(seed: int, make: Any) -> None:
    """R4 / SCENARIOS.md: a chi answered before another seat's pass resolves only after it."""
    spec = make(seed)
    played = replay(spec)
    log = tenhou_log(spec)["log"]
    assert len(log) == len(played.kyoku)
    for entry, pk in zip(log, played.kyoku, strict=True):
        for s, st in enumerate(pk.kyoku.seats):
            calls = [d for d in entry[4 + 3 * s + 1] if isinstance(d, str)]
            opened = [m for m in st.melds if m.kind in (MeldKind.CHI, MeldKind.PON, MeldKind.MINKAN)
                      or (m.kind == MeldKind.KAKAN)]
            assert len(calls) == len(opened)
            chis = sum(1 for m in st.melds if m.kind == MeldKind.CHI)
            assert sum(1 for c in calls if c.startswith("c")) == chis


def test_the_seeds_above_do_answer_a_chi_before_a_pass() -> None:
    assert sum(_chi_before_pass(chi_first_game(seed)["moves"]) for seed in range(4)) >= 3


def test_each_yaku_keeps_its_own_han() -> None:
    result = {"result": "ron", "winner": "A", "from": "B", "han": 6, "fu": 30, "limit": "haneman",
              "yaku": ["Honitsu", "Chiitoitsu", "Dora 1"], "yaku_han": [3, 2, 1],
              "deltas": {"A": 12000, "B": -12000, "C": 0, "D": 0}}
    entry = result_entry(result, PLAYERS, "C")
    assert entry[2][4:] == ["混一色(3飜)", "七対子(2飜)", "ドラ(1飜)"]
    assert entry[2][3] == "跳満12000点"


@pytest.mark.parametrize(("tenpai", "expected"), [
    ([], ["全員不聴"]),
    (PLAYERS, ["全員聴牌"]),
    (["A"], ["流局", [3000, -1000, -1000, -1000]]),
])
def test_draws_name_all_tenpai_and_all_noten(tenpai: list[str], expected: list[Any]) -> None:
    """D66: an exhaustive draw is written as Tenhou writes it, payments only with 流局."""
    deltas = dict(zip(PLAYERS, expected[1] if len(expected) > 1 else [0] * 4, strict=True))
    assert result_entry({"result": "draw", "tenpai": tenpai, "deltas": deltas}, PLAYERS, "A") == expected


def test_red_fives_sort_with_the_fives_in_starting_hands() -> None:
    assert sorted([53, 36, 34, 35, 51, 16, 14], key=haipai_key) == [14, 51, 16, 34, 53, 35, 36]
    for seed in range(3):
        for entry in tenhou_log(random_game(seed))["log"]:
            for s in range(4):
                hand = entry[4 + 3 * s]
                assert hand == sorted(hand, key=haipai_key)


def test_a_finished_game_has_final_points_and_scores_after_the_last_deposits() -> None:
    spec = random_game(1)
    game = new_game(dict(spec))
    for move in spec["moves"]:
        game.play(move)
    summary = game.summary()
    log = tenhou_log(spec)
    assert log["sc"][0::2] == [summary["points"][p] for p in PLAYERS]
    assert log["sc"][1::2] == [summary["mleague"][p] for p in PLAYERS]
    assert sum(log["sc"][0::2]) == 100_000  # the leftover deposits went to first place (R11)
    unfinished = dict(spec, moves=spec["moves"][:40])
    assert "sc" not in tenhou_log(unfinished)


def test_the_log_says_which_rules_it_follows() -> None:
    rule = tenhou_log(random_game(0))["rule"]
    assert rule["disp"] == "般東喰赤" and rule["aka"] == 1
    assert "M.League" in rule["rules"] and "1 to 3 tiles" in rule["rules"]



def test_the_log_holds_the_kyoku_that_ended_and_not_the_one_under_way() -> None:
    """D66: a game cut ten moves into its second kyoku is written with its first kyoku only."""
    spec = random_game(1)
    game = new_game(dict(spec))
    ended = 0
    while not game.summary()["kyoku_results"]:
        game.play(spec["moves"][ended])
        ended += 1
    cut = dict(spec, moves=spec["moves"][:ended + 10])
    assert len(replay(cut).kyoku) == 1 and not replay(cut).finished
    assert tenhou_log(cut)["log"] == tenhou_log(spec)["log"][:1]


# 2233445566778m waits on 8m; B draws it on its second turn (so no chiihou): 14 han, no yakuman.
THIRTEEN_HAN = {
    "game": "riichi", "options": {"length": "east"}, "players": PLAYERS, "seed": 3,
    "kyoku": [{"hands": {"A": "1p4p7p1s4s7s9p9s1z2z3z4z5z", "B": "2233445566778m",
                         "C": "2p5p8p2s5s8s3p6p3s6s6z7z1m", "D": "1m9m4p6p8p4s6s8s2z3z4z5z9p"},
               "draws": "6z7z5z4z3z8m", "dead": {"dora": ["1m"]}}],
    "moves": [["A", "tsumogiri"], ["B", "tsumogiri"], ["C", "tsumogiri"], ["D", "tsumogiri"],
              ["A", "tsumogiri"], ["B", "tsumo"]],
}


def test_thirteen_han_and_more_without_a_yakuman_is_written_as_sanbaiman() -> None:
    """D66 (R6): no kazoe yakuman. Menzen Tsumo, Pinfu, Tanyao, Ryanpeikou, Chinitsu and two dora
    make 14 han: sanbaiman, 6,000 / 12,000 from the dealer, each yaku with its own han."""
    [entry] = tenhou_log(THIRTEEN_HAN)["log"]
    assert entry[-1] == ["和了", [-12000, 24000, -6000, -6000], [
        1, 1, 1, "三倍満6000-12000点", "門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)", "二盃口(3飜)", "清一色(6飜)",
        "ドラ(2飜)"]]
