"""Per-seat counters read from a scenario: exact on hand-made games, consistent on random whole games."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from bot.storage import SeatResult, Store
from bot.storage.counters import seat_counters
from bot.storage.player_stats import build_player_stats
from bot.storage.standings import final_ranks
from engine.games import new_game
from engine.randomplay import play_out
from engine.scenario import run
from tests.bot.storage.storage_games import make_game

EXAMPLES = Path(__file__).resolve().parents[2] / "engine" / "examples"
SCENARIOS = Path(__file__).resolve().parents[2] / "engine" / "riichi" / "scenarios"
GAMES = int(os.environ.get("STORAGE_COUNTER_GAMES", "2"))


def example(name: str) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text())
    return spec


def test_heads_up_hand_folded_on_the_flop() -> None:  # P2: the uncalled bet returns; D43: no showdown
    c = seat_counters(example("holdem-heads-up"))
    assert c["A"] == {"poker_hands": 1, "vpip_hands": 1, "poker_net": 600}
    assert c["B"] == {"poker_hands": 1, "vpip_hands": 1, "poker_net": -600}  # called preflop, no showdown


def test_three_way_showdown_big_blind_checked_through() -> None:
    three = {"game": "holdem", "players": ["A", "B", "C"], "seed": 5,
             "options": {"blinds": [100, 200], "stacks": 5000, "hands": 1},
             "moves": [["A", "call"], ["B", "call"], ["C", "check"]] + [["B", "check"], ["C", "check"], ["A", "check"]] * 3}
    c = seat_counters(three)  # D43: a check is not VPIP; both players left in reach a showdown
    assert c["A"] == {"poker_hands": 1, "vpip_hands": 1, "showdowns": 1, "showdown_wins": 1, "poker_net": 400}
    assert c["C"] == {"poker_hands": 1, "vpip_hands": 0, "showdowns": 1, "showdown_wins": 0, "poker_net": -200}


def test_dealer_tsumo_counts_the_win_and_its_yaku() -> None:
    c = seat_counters(example("riichi-dealer-tsumo"))
    assert c["A"] == {"kyoku_played": 1, "wins": 1, "win_points": 3900,
                      "yaku": {"Menzen Tsumo": 1, "Pinfu": 1, "Tanyao": 1}}
    assert c["B"] == {"kyoku_played": 1}


def test_janpo_combined_moves_and_chip_choices() -> None:  # J7, D43: a chip action on a combined turn
    c = seat_counters(example("janpo-first-orbit"))
    assert [(c[p]["combined_moves"], c[p]["poker_choices"]) for p in "ABCD"] == [(1, 1), (1, 0), (1, 1), (1, 0)]
    assert "poker_hands" not in c["A"]  # the hand is still being played


def test_vpip_counts_a_chip_action_on_any_street_and_a_showdown_needs_another_player_in() -> None:
    """D43: C only checks preflop and first puts chips in with a flop bet; A's all-in is VPIP too,
    but B folds to it, so nobody reaches a showdown in that hand."""
    three = {"game": "holdem", "players": ["A", "B", "C"], "seed": 5,
             "options": {"blinds": [100, 200], "stacks": 5000, "hands": 1},
             "moves": [["A", "call"], ["B", "fold"], ["C", "check"], ["C", "bet", 400], ["A", "call"]]
             + [["C", "check"], ["A", "check"]] * 2}
    c = seat_counters(three)
    assert [(c[p]["vpip_hands"], c[p].get("showdowns", 0)) for p in "ABC"] == [(1, 1), (0, 0), (1, 1)]
    shove = {"game": "holdem", "players": ["A", "B"], "seed": 5,
             "options": {"blinds": [100, 200], "stacks": 5000, "hands": 1}, "moves": [["A", "allin"], ["B", "fold"]]}
    c = seat_counters(shove)
    assert c["A"] == {"poker_hands": 1, "vpip_hands": 1, "poker_net": 200}
    assert c["B"] == {"poker_hands": 1, "vpip_hands": 0, "poker_net": -200}


def test_a_chip_action_after_the_kyoku_is_not_a_choice_of_poker() -> None:
    """D43 (J7a, J9): only a chip action on a combined draw turn counts as choosing poker. A's tsumo
    carries a fold; C's call after the kyoku is a plain poker move and counts neither way."""
    spec = {"game": "janpo", "players": ["A", "B", "C", "D"], "seed": 14,
            "kyoku": [{"hands": {"A": "234m567m234p678s5s", "B": "147m147p147s1z2z3z4z",
                                 "C": "2589m2589p2s3z5z6z7z", "D": "36m36p369s1z2z4z5z6z7z"},
                       "draws": "5s", "dead": {"dora": ["7z"]}}],
            "moves": [["A", "tsumo", "fold"], ["B", "fold"], ["C", "call"], ["D", "check"]]}
    c = seat_counters(spec)
    assert (c["A"]["combined_moves"], c["A"]["poker_choices"]) == (1, 0)
    assert all(c[p].get("combined_moves", 0) == c[p].get("poker_choices", 0) == 0 for p in "BCD")


def test_a_win_counts_the_payment_with_honba_and_deposits() -> None:
    """D43: average win value is the winner's mahjong payment, honba and deposits included. In
    r11-honba-tsumo-and-reset B's 700 / 1,300 tsumo at one honba, with A's riichi deposit on the
    table, is worth 4,000 (2,700 + 300 + 1,000)."""
    spec = json.loads((SCENARIOS / "r11-honba-tsumo-and-reset.json").read_text())
    c = seat_counters(spec)
    assert [(c[p].get("wins", 0), c[p].get("win_points", 0)) for p in "ABCD"] == [(1, 2000), (1, 4000), (1, 1000), (0, 0)]
    rows = [(k, v) for k, v in c["B"].items() if isinstance(v, int)]
    assert build_player_stats(1, 2, "riichi", (1, 1.0, 1.0, 26000.0), rows, {}).average_win_value == 4000


@pytest.mark.parametrize("game", ["janpo", "riichi", "holdem"])
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_whole_games_add_up(game: str, seed: int) -> None:
    options = {"riichi": {"length": "east"}, "holdem": {"blinds": [100, 200], "stacks": 2000}}.get(game, {})
    spec: dict[str, Any] = {"game": game, "players": ["A", "B", "C", "D"], "seed": seed, "options": options}
    spec["moves"] = play_out(new_game(spec), seed=seed)
    out = run(spec)
    c = seat_counters(spec)
    kyoku, hands = out.get("kyoku_results", []), out.get("poker_results", [])

    def total(key: str) -> int:
        return sum(s.get(key, 0) for s in c.values())

    assert all(s.get("kyoku_played", 0) == len(kyoku) for s in c.values())
    assert total("wins") == sum(k["result"] != "draw" for k in kyoku)
    assert total("deal_ins") == sum(k["result"] == "ron" for k in kyoku)
    assert total("riichi") == sum(m[1] == "riichi" for m in spec["moves"])
    assert total("poker_net") == 0 and all(c[p].get("poker_net", 0) == sum(h["deltas"][p] for h in hands) for p in c)
    for s in c.values():
        assert s.get("showdown_wins", 0) <= s.get("showdowns", 0) <= s.get("poker_hands", 0) <= len(hands)
        assert s.get("vpip_hands", 0) <= s.get("poker_hands", 0)
        assert s.get("poker_choices", 0) <= s.get("combined_moves", 0)
    if hands:
        assert total("poker_hands") >= 2 * len(hands)  # nobody plays a hand alone
    if game != "janpo":
        assert total("combined_moves") == 0


async def test_counters_feed_player_stats(store: Store) -> None:
    spec = example("riichi-dealer-tsumo")
    c = seat_counters(spec)
    fg = make_game([(1, 28900), (2, 23700), (3, 23700), (4, 23700)])
    fg.seats = [SeatResult(p, i + 1, p, s.points, stats=c[p]) for i, (p, s) in enumerate(zip("ABCD", fg.seats, strict=True))]
    await store.finish_game(None, fg)
    s = await store.player_stats(1, 1, "riichi")
    assert (s.win_rate, s.average_win_value, s.deal_in_rate) == (1.0, 3900, 0.0)
    assert s.top_yaku == [("Menzen Tsumo", 1), ("Pinfu", 1), ("Tanyao", 1)]


def test_holdem_ranks_follow_elimination_order() -> None:
    """D41 (and D63 for the mahjong games): a later bust ranks higher; equal points share the place."""
    summary = {
        "points": {"A": 0, "B": 0, "C": 6000, "D": 0},
        "poker_results": [
            {"deltas": {"A": -2000, "B": 1000, "C": 1000, "D": 0}},  # A out first
            {"deltas": {"A": 0, "B": -3000, "C": 3000, "D": 0}},  # B out second, D survives the hand
            {"deltas": {"A": 0, "B": 0, "C": 2000, "D": -2000}},
        ],
    }
    assert final_ranks("holdem", summary) == {"C": 1, "D": 2, "B": 3, "A": 4}
    assert final_ranks("riichi", {"points": {"A": 30000, "B": 30000, "C": 25000, "D": 15000}}) == {
        "A": 1, "B": 1, "C": 3, "D": 4,
    }


def test_holdem_ranks_by_chips_then_by_bust_hand_then_by_chips_the_hand_began_with() -> None:
    """D41: the hand limit ends the game with B and D holding chips (ranked by chips); E busts in the
    first hand; A and C both bust in the second, C having started it with more chips."""
    summary = {
        "points": {"A": 0, "B": 6500, "C": 0, "D": 3500, "E": 0},
        "poker_results": [
            {"deltas": {"A": 0, "B": 1500, "C": 500, "D": 0, "E": -2000}},
            {"deltas": {"A": -2000, "B": 3000, "C": -2500, "D": 1500, "E": 0}},
        ],
    }
    assert final_ranks("holdem", summary) == {"B": 1, "D": 2, "C": 3, "A": 4, "E": 5}


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_holdem_ranks_put_the_winner_first_and_bust_outs_below(seed: int) -> None:
    spec: dict[str, Any] = {"game": "holdem", "players": ["A", "B", "C", "D", "E"], "seed": seed,
                            "options": {"blinds": [100, 200], "stacks": 2000}}
    game = new_game(spec)
    play_out(game, seed=seed)
    summary = game.summary()
    ranks = final_ranks("holdem", summary)
    winner = max(summary["points"], key=summary["points"].get)
    assert ranks[winner] == 1 and sorted(ranks.values())[1] >= 2
    assert all(r >= 2 for p, r in ranks.items() if p != winner)
