"""Pure matching (docs/RULES.md D78): close ranks first, a widening window, oldest first."""

from __future__ import annotations

import random

from bot.ranked.matching import (
    HOLDEM,
    MAHJONG,
    WHOLE_LADDER_AFTER,
    Waiting,
    find_matches,
    window,
)


def ids(tables: list[list[Waiting]]) -> list[list[int]]:
    return [[w.user_id for w in t] for t in tables]


def test_four_close_ranks_make_a_table_and_a_fifth_waits() -> None:  # D78
    waiting = [Waiting(i, 100.0 + i, level=5) for i in range(1, 6)]
    assert ids(find_matches(waiting, 110.0, MAHJONG)) == [[1, 2, 3, 4]]


def test_prefers_close_ranks_over_earlier_far_ones() -> None:  # D78
    waiting = [Waiting(1, 0.0, 10), Waiting(2, 1.0, 0), Waiting(3, 2.0, 0), Waiting(4, 3.0, 0),
               Waiting(5, 4.0, 11), Waiting(6, 5.0, 9), Waiting(7, 6.0, 10)]
    assert ids(find_matches(waiting, 6.0, MAHJONG)) == [[1, 7, 5, 6]]


def test_window_widens_until_the_whole_ladder() -> None:  # D78
    waiting = [Waiting(1, 0.0, 19), Waiting(2, 1.0, 0), Waiting(3, 2.0, 0), Waiting(4, 3.0, 0)]
    assert find_matches(waiting, 10.0, MAHJONG) == []
    assert window(0) < window(30) < window(WHOLE_LADDER_AFTER)
    assert ids(find_matches(waiting, WHOLE_LADDER_AFTER, MAHJONG)) == [[1, 2, 3, 4]]


def test_the_longest_waiter_is_never_passed_over_once_the_window_is_whole() -> None:  # D78
    rng = random.Random(7)
    waiting = [Waiting(0, 0.0, 19)] + [Waiting(i, 200.0 + i, rng.randrange(0, 3)) for i in range(1, 40)]
    tables = ids(find_matches(waiting, 240.0, MAHJONG))
    assert tables[0][0] == 0 and len(tables) == 10
    assert len({u for t in tables for u in t}) == 40  # nobody twice


def test_holdem_six_at_once_or_two_after_a_minute() -> None:  # D78
    few = [Waiting(i, float(i), 3) for i in range(3)]
    assert find_matches(few, 59.0, HOLDEM) == []
    assert ids(find_matches(few, 60.0, HOLDEM)) == [[0, 1, 2]]
    many = [Waiting(i, float(i), 3) for i in range(8)]
    assert ids(find_matches(many, 10.0, HOLDEM)) == [[0, 1, 2, 3, 4, 5]]
    assert find_matches([Waiting(1, 0.0, 3)], 500.0, HOLDEM) == []


def test_random_queues_never_seat_anyone_twice() -> None:
    rng = random.Random(3)
    for _ in range(50):
        waiting = [Waiting(i, rng.uniform(0, 300), rng.randrange(20)) for i in range(rng.randrange(0, 60))]
        seated = [u for t in ids(find_matches(waiting, 300.0, MAHJONG)) for u in t]
        assert len(seated) == len(set(seated)) and len(seated) % 4 == 0


def test_among_equal_ranks_the_nearer_hidden_rating_first() -> None:  # D78
    waiting = [Waiting(1, 0.0, 5, 1500.0), Waiting(2, 1.0, 5, 1900.0), Waiting(3, 2.0, 5, 1540.0),
               Waiting(4, 3.0, 5, 1450.0), Waiting(5, 4.0, 5, 1520.0)]
    assert ids(find_matches(waiting, 5.0, MAHJONG)) == [[1, 3, 4, 5]]
