"""Mahjong Five played through the scenario runner: every file under scenarios/ gives what it expects.

Each file cites the F rules it covers (``_rule``) and works the hand out in words (``_note``). The
checks here add what the runner's output cannot show: the views (who deals, why a win is refused,
riichi standing without a deposit) and that the table always holds 4 x 50 = 200 points.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.base import Game
from engine.games import new_game
from engine.scenario import replay
from tests.engine.riichi.scenario_check import check, load

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.json"))
TOTAL = 4 * 50  # F2


def scenario(name: str) -> dict[str, Any]:
    return load(HERE / f"{name}.json")


def replay_first(spec: dict[str, Any], count: int) -> Game:
    """The game after the first ``count`` moves of ``spec``."""
    return replay({**spec, "moves": spec["moves"][:count]})


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    spec = load(path)
    assert spec["game"] == "five"
    assert re.search(r"\bF\d\b", spec.get("_rule", "")), "cite the F rule the file covers"
    assert spec.get("_note"), "work the hand out in _note"
    out = check(spec)
    if out is not None:
        assert sum(out["points"].values()) + out["deposits"] == TOTAL
        assert all(r.get("fu", None) is None for r in out["kyoku_results"])


def test_there_is_a_file_for_every_f_rule() -> None:
    cited = {m for p in FILES for m in re.findall(r"\bF\d\b", load(p)["_rule"])}
    assert {f"F{i}" for i in range(1, 9)} <= cited


def test_f3_east_seat_deals_every_kyoku_and_labels_follow_the_round_wind() -> None:
    # F3: four kyoku, each lost by the dealer A to B: E1, S1, W1, N1 — A deals all four.
    spec = scenario("f3-north-round-passing-ends-the-game")
    seen = []
    for done in range(0, 8, 2):
        view = replay_first(spec, done).public_view()
        seen.append((view["round"], view["round_wind"], view["dealer"], view["honba"]))
        assert [s["wind"] for s in view["seats"]] == ["E", "S", "W", "N"]
    assert seen == [("E1", "E", "A", 0), ("S1", "S", "A", 0), ("W1", "W", "A", 0), ("N1", "N", "A", 0)]
    assert replay(spec).finished


def test_f3_dealer_keeps_the_round_in_the_view() -> None:
    # F3: a dealer tenpai at a draw: the next kyoku is E1 again with honba 1, A still dealing.
    spec = scenario("f3-f7-dealer-tenpai-keeps-the-round")
    view = replay_first(spec, len(spec["moves"]) - 1).public_view()
    assert (view["round"], view["dealer"], view["honba"]) == ("E1", "A", 1)


def test_f4_no_yaku_is_not_offered_and_the_view_says_why() -> None:
    # F4: B's open 234m 567p 345s 678m 99s is complete but has no yaku. (D28)
    spec = scenario("f4-open-hand-without-yaku-may-not-tsumo")
    game = replay_first(spec, len(spec["moves"]) - 1)
    assert game.waiting_on() == ["B"]
    legal = game.legal_moves("B")
    assert ["B", "tsumo"] not in legal and ["B", "tsumogiri"] in legal
    view = game.view("B")
    assert view["drawn"] == "6m"
    assert view["no_win_reason"] == "no yaku: an open hand needs a VIP set, Outside/Inside, All Triplets or One Suit"
    assert game.view("C")["no_win_reason"] is None


def test_f6_riichi_stands_without_a_deposit() -> None:
    # F6: B's riichi stood (C has drawn), yet nobody paid anything.
    game = replay(scenario("f6-riichi-costs-no-deposit"))
    view = game.public_view()
    assert [s["riichi"] for s in view["seats"]] == [False, True, False, False]
    assert view["deposits"] == 0
    assert [s["points"] for s in view["seats"]] == [50, 50, 50, 50]


def test_f6_head_bump_asks_the_first_ron_claimant_first() -> None:
    # F6: both C and D may ron A's 9s; C, first after A, is asked first and wins alone.
    spec = scenario("f6-head-bump-one-ron-winner")
    game = replay_first(spec, 1)
    assert game.waiting_on() == ["C", "D"]
    assert game.legal_moves("D") == [["D", "ron"], ["D", "pass"]]
    game.play(["C", "ron"])
    assert game.summary()["kyoku_results"][0]["winner"] == "C"


def test_f8_furiten_seat_is_not_asked_about_its_wait() -> None:
    # F8: B discarded 9s, so D's 6s goes by B unasked: A draws next and B's view shows furiten.
    spec = scenario("f8-furiten-own-discard-refuses-ron")
    game = replay_first(spec, len(spec["moves"]) - 1)
    assert game.waiting_on() == ["A"]
    view = game.view("B")
    assert view["furiten"] is True
    assert [w["tile"] for w in view["waits"]] == ["6s", "9s"]


def test_f8_kuikae_kinds_are_shown_and_not_offered() -> None:
    # F8/R3: after chi 2m with 3m4m, neither 2m nor 5m may be discarded this turn.
    spec = scenario("f8-kuikae-swap-call-refused")
    game = replay_first(spec, 2)
    assert game.view("B")["kuikae"] == ["2m", "5m"]
    discards = {m[2] for m in game.legal_moves("B")}
    assert "5m" not in discards and "2m" not in discards and "6m" in discards


def test_f1_red_fives_option_changes_the_tile_names() -> None:
    # F1: with the option the copy-0 five is "0m"; without it every five is "5m".
    spec = {"game": "five", "players": ["A", "B", "C", "D"], "seed": 3,
            "kyoku": [{"hands": {"A": "0m5m5m5m1p2p3p4p5p6p7p8p9p"}}]}
    with pytest.raises(ValueError, match="red five"):
        new_game(spec)
    on = new_game({**spec, "options": {"red_fives": True}})
    assert on.view("A")["hand"][:4] == ["0m", "5m", "5m", "5m"]
    off = new_game({**spec, "kyoku": [{"hands": {"A": "5m5m5m5m1p2p3p4p5p6p7p8p9p"}}]})
    assert off.view("A")["hand"][:4] == ["5m", "5m", "5m", "5m"]


def test_f6_no_pao_names_nobody_liable() -> None:
    # F6: D's third dragon set was fed by A, yet nobody is liable: each pays the base.
    out = check(scenario("f6-no-pao-everyone-pays-on-tsumo"))
    assert out is not None
    assert "liable" not in out["kyoku_results"][0]


def test_f8_riichi_furiten_shows_in_the_view() -> None:
    # F8: after passing D's 9s in riichi, B stays furiten and C's 6s goes by unasked.
    spec = scenario("f8-riichi-furiten-after-passing-a-win")
    asked = replay_first(spec, 4)
    assert asked.legal_moves("B") == [["B", "ron"], ["B", "pass"]]
    game = replay_first(spec, len(spec["moves"]) - 1)
    assert game.waiting_on() == ["D"]
    assert game.view("B")["furiten"] is True and game.view("B")["riichi_declared"] is True


def test_f3_a_score_below_zero_and_a_dealer_keeping_north_do_not_end_the_game() -> None:
    # D44: A is at -40 after W1 and play goes on; A's wins in N1 keep the North round (honba 1,
    # then 2) and the game ends only when B wins N1.
    spec = scenario("f3-dealer-keeps-the-north-round-with-a-score-below-zero")
    seen = []
    for done in (6, 7, 10, 12):
        game = replay_first(spec, done)
        view = game.public_view()
        seen.append((view["round"], view["honba"], game.finished, view["seats"][0]["points"]))
    assert seen == [("N1", 0, False, -40), ("N1", 1, False, -10), ("N1", 2, False, 50), ("N1", 2, True, 20)]


def test_f3_no_limit_on_how_often_the_dealer_keeps_the_round() -> None:
    # D44: twelve dealer tsumos in a row in the North round: N1 with honba 12, the game goes on.
    hand = {"hands": {"A": "123m456m789p234s5s"}, "draws": "5s", "dead": {"dora": ["3z"]}}
    lose = {"hands": {"B": "1m2m3m4p5p6p7s8s9s2s3s9m9m"}, "draws": "4s", "dead": {"dora": ["7z"]}}
    keeps = 12
    spec = {"game": "five", "players": ["A", "B", "C", "D"], "seed": 8,
            "kyoku": [lose] * 3 + [hand] * keeps,
            "moves": [["A", "tsumogiri"], ["B", "ron"]] * 3 + [["A", "tsumo"]] * keeps}
    game = replay(spec)
    view = game.public_view()
    assert not game.finished and (view["round"], view["dealer"], view["honba"]) == ("N1", "A", keeps)
    results = game.summary()["kyoku_results"]
    assert [(r["kyoku"], r["honba"], r["winner"]) for r in results[3:]] == [("N1", h, "A") for h in range(keeps)]
    assert results[-1]["yaku"][-1] == f"Dealer Bonus +{keeps - 1}"


@pytest.mark.parametrize(
    ("options", "tenpai", "next_round"),
    [
        ({"seven_pairs": True, "thirteen_orphans": True}, ["A", "B"], ("E1", 1)),
        ({"seven_pairs": True}, ["A"], ("E1", 1)),
        ({"thirteen_orphans": True}, ["B"], ("S1", 0)),
        ({}, [], ("S1", 0)),
    ],
)
def test_f7_special_waits_count_at_a_draw_only_with_their_option(
    options: dict[str, bool], tenpai: list[str], next_round: tuple[str, int]
) -> None:
    # D30: A waits on 3p for seven pairs, B on 7z for thirteen orphans (no copy of either can come);
    # each option makes its own shape tenpai, and A's tenpai keeps the round for the dealer.
    spec = {**scenario("f7-special-waits-are-tenpai-with-the-options"), "options": options}
    game = replay(spec)
    record = game.summary()["kyoku_results"][0]
    assert (record["result"], record["tenpai"]) == ("draw", tenpai)
    view = game.public_view()
    assert (view["round"], view["honba"]) == next_round
