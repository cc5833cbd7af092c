"""The league's pure parts: seating (D80), league points (D81, D82), standings (D85, D86)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.league import scoring, seating
from bot.league.standings import Result, carry, ranked_for_seating, standings
from engine.riichi.game import mleague_scores


def test_mleague_points_by_hand() -> None:
    """R2: (points − 30,000) / 1,000 + uma +50/+10/−10/−30 with the oka (tenths)."""
    assert scoring.mleague_tenths({"A": 45_000, "B": 30_000, "C": 15_000, "D": 10_000}) == {
        "A": 650, "B": 100, "C": -250, "D": -500}
    assert scoring.mleague_tenths({"A": 8_000, "B": 52_100, "C": 24_400, "D": 15_500}) == {
        "A": -520, "B": 721, "C": 44, "D": -245}


def test_ties_split_the_uma_and_round_to_the_tenth() -> None:
    """D81: equal points share their places' uma; a third of it rounds to the nearest tenth."""
    assert scoring.mleague_tenths({"A": 40_000, "B": 40_000, "C": 12_000, "D": 8_000}) == {
        "A": 400, "B": 400, "C": -280, "D": -520}
    # (50 + 10 − 10) / 3 = 16.67 → 3.3 + 16.67 = 19.97 → 20.0
    assert scoring.mleague_tenths({"A": 33_300, "B": 33_300, "C": 33_300, "D": 100}) == {
        "A": 200, "B": 200, "C": 200, "D": -599}


def test_league_points_agree_with_the_engine_result() -> None:
    """The league counts what the table showed (the engine's own M.League figure) for whole hundreds."""
    for points in ([25_000] * 4, [31_000, 31_000, 19_000, 19_000], [61_200, 23_800, 8_000, 7_000]):
        players = ["A", "B", "C", "D"]
        ours = scoring.mleague_tenths(dict(zip(players, points, strict=True)))
        theirs = mleague_scores(players, points)
        assert {p: v / 10 for p, v in ours.items()} == theirs


def test_other_games_score_as_documented() -> None:
    """D82: Janpo raw points − 25,000 (no placement), Five score − 50, hold'em big blinds won."""
    assert scoring.game_tenths("janpo", {"A": 41_300, "B": 25_000, "C": 0, "D": 33_700}) == {
        "A": 163, "B": 0, "C": -250, "D": 87}
    assert scoring.game_tenths("five", {"A": 71, "B": 50, "C": 30, "D": 49}) == {"A": 210, "B": 0, "C": -200, "D": -10}
    options = {"blinds": [100, 200], "stacks": 20_000}
    assert scoring.game_tenths("holdem", {"A": 35_000, "B": 0, "C": 25_000, "D": 20_000}, options) == {
        "A": 750, "B": -1000, "C": 250, "D": 0}
    assert scoring.round_tenths(Fraction(-1, 2)) == -1 and scoring.round_tenths(Fraction(1, 2)) == 1
    assert scoring.show(-5) == "\u22120.5" and scoring.show(123) == "+12.3"


def test_random_seating_is_deterministic_and_tops_up_with_cpus() -> None:
    """D80: 13 players make four tables, three of them with one CPU seat; same seed, same round."""
    players = list(range(100, 113))
    one = seating.seat("random", players, [], seed=5)
    assert one == seating.seat("random", players, [], seed=5)
    assert one != seating.seat("random", players, [], seed=6)
    assert len(one) == 4 and all(len(t) == 4 for t in one)
    assert sorted(t.count(None) for t in one) == [0, 1, 1, 1]
    assert sorted(p for t in one for p in t if p is not None) == players
    with pytest.raises(ValueError):
        seating.seat("random", [1, 2, 3], [], seed=1)


def test_no_repeat_reaches_the_lower_bound_for_sixteen() -> None:
    """16 players over 5 rounds can meet every other player exactly once: no-repeat finds it,
    where random seating repeats pairs."""
    players = list(range(16))
    rounds: list[seating.Round] = []
    for _r in range(5):
        rounds.append(seating.seat("no-repeat", players, rounds, seed=3, total=5))
    assert seating.repeats(rounds) == (0, 1) and seating.lower_bound(16, 5) == 0
    randoms = [seating.seat("random", players, [], seed=r) for r in range(5)]
    assert seating.repeats(randoms)[0] > 0
    assert seating.lower_bound(16, 6) == 24  # 6 rounds × 24 pairs − 120 distinct pairs


def test_swiss_seats_by_standings_and_avoids_a_repeat() -> None:
    """The leaders sit together; a repeat that a swap with the next table removes is removed."""
    ranked = list(range(8))
    first = seating.seat("swiss", ranked, [], seed=1, ranked=ranked)
    assert [sorted(p for p in t if p is not None) for t in first] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    second = seating.seat("swiss", ranked, [first], seed=1, ranked=ranked)
    assert seating.repeats([first, second])[0] < seating.repeats([first, first])[0]


def test_standings_add_up_and_share_places() -> None:
    """Totals add up; equal totals share the place; a settled table's 0 counts as a game (D84)."""
    players = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}
    results = [Result(1, 1, 650, 1), Result(2, 1, 100, 2), Result(3, 1, -250, 3), Result(4, 1, -500, 4),
               Result(1, 2, -300, 4), Result(2, 2, 250, 1), Result(3, 2, 0, None), Result(4, 2, 50, 2)]
    rows = standings(players, results)
    assert [(r.rank, r.user_id, r.tenths, r.games) for r in rows] == [
        (1, 1, 350, 2), (1, 2, 350, 2), (3, 3, -250, 2), (4, 4, -450, 2)]
    assert rows[0].firsts == 1 and rows[2].places == [3]


def test_playoff_carries_a_share_and_swiss_breaks_ties_by_seed() -> None:
    """D86: the top N carry a share of their points into the playoff; D85: ties drawn by the seed."""
    players = {1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"}
    results = [Result(1, 1, 405, 1), Result(2, 1, 101, 2), Result(3, 1, -200, 3), Result(4, 1, -306, 4)]
    rows = standings(players, results)
    assert carry(rows, 4, 50) == {1: 203, 2: 51, 3: -100, 4: -153}
    final = standings(players, [Result(1, 4, -100, 3)], carried=carry(rows, 4, 50), rounds=[4])
    assert [(r.user_id, r.tenths, r.carried) for r in final][:2] == [(1, 103, 203), (2, 51, 51)]
    tied = standings({1: "A", 2: "B", 3: "C", 4: "D"}, [])
    orders = {tuple(ranked_for_seating(tied, s)) for s in range(10)}
    assert len(orders) > 1 and all(sorted(o) == [1, 2, 3, 4] for o in orders)
