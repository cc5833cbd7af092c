"""Properties of the multi-player Elo update that any game size and any ties must keep."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.storage.rating import K_FACTOR, cpu_rating, shared_ranks, update

tables = st.integers(min_value=2, max_value=10).flatmap(
    lambda n: st.tuples(
        st.lists(st.floats(min_value=800, max_value=2600), min_size=n, max_size=n),
        st.lists(st.integers(min_value=-5, max_value=5), min_size=n, max_size=n),
    )
)


@given(tables)
def test_changes_between_rated_players_sum_to_zero(table: tuple[list[float], list[int]]) -> None:
    ratings, points = table
    after = update(ratings, shared_ranks(points))
    assert abs(sum(after) - sum(ratings)) < 0.001 * len(ratings)


@given(tables)
def test_no_game_moves_a_rating_by_more_than_k(table: tuple[list[float], list[int]]) -> None:
    ratings, points = table
    for old, new in zip(ratings, update(ratings, shared_ranks(points)), strict=True):
        assert abs(new - old) <= K_FACTOR + 0.001


@given(st.lists(st.integers(min_value=0, max_value=3), min_size=2, max_size=10))
def test_from_equal_ratings_a_better_rank_never_gains_less(points: list[int]) -> None:
    ranks = shared_ranks(points)
    after = update([1500.0] * len(points), ranks)
    for i in range(len(points)):
        for j in range(len(points)):
            if ranks[i] < ranks[j]:
                assert after[i] > after[j]
            elif ranks[i] == ranks[j]:
                assert after[i] == after[j]


def test_beating_stronger_cpus_earns_more() -> None:
    """D40: a CPU seat counts as an opponent at its level's fixed rating."""
    def gain(level: str) -> float:
        cpu = cpu_rating(level)
        return update([1500, cpu, cpu, cpu], [1, 2, 3, 4], fixed=[False, True, True, True])[0] - 1500

    assert 0 < gain("easy") < gain("normal") < gain("hard")
    assert round(gain("normal"), 3) == 16.0


def test_cpus_keep_their_rating_and_a_lone_player_still_moves() -> None:
    """D39, D40: standard Elo expectation on a 400-point scale; the CPU's rating stays fixed."""
    # a loss to a CPU rated 200 above costs 32 x E(1500 vs 1700) = 32 x 0.2403
    assert update([1500, 1700], [2, 1], fixed=[False, True]) == [1492.312, 1700]


def test_ties_are_draws() -> None:  # R11, D39: equal points share the rank, equal ranks draw
    assert shared_ranks([100, 100, 50, 50]) == [1, 1, 3, 3]
    # a draw costs the favourite 32 x (0.7597 - 0.5)
    assert update([1600, 1400], [1, 1]) == [1591.688, 1408.312]
