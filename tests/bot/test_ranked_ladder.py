"""The dan ladder's arithmetic (docs/RULES.md D73-D76) against the tables written there."""

from __future__ import annotations

import pytest

from bot.ranked.ladder import (
    RANKS,
    TOP,
    Standing,
    apply,
    game_changes,
    length_of,
    place_points,
    placement_points,
    rank_name,
    slot,
)


def test_ladder_has_ten_kyu_then_ten_dan_with_tenhou_targets() -> None:  # D73
    assert [rank_name(r.level) for r in RANKS[:2]] == [("kyu", 10), ("kyu", 9)]
    assert rank_name(9) == ("kyu", 1) and rank_name(10) == ("dan", 1) and rank_name(TOP) == ("dan", 10)
    assert [r.target for r in RANKS] == [20, 20, 20, 20, 40, 60, 80, 100, 100, 100,
                                         400, 800, 1200, 1600, 2000, 2400, 2800, 3200, 3600, 4000]
    assert [r.base for r in RANKS[10:]] == [r.target // 2 for r in RANKS[10:]]
    assert all(r.base == 0 for r in RANKS[:10])


@pytest.mark.parametrize(("level", "east", "south"), [
    (0, [20, 10, 0, 0], [30, 15, 0, 0]),          # 10 kyu: general room, no 4th-place loss
    (7, [20, 10, 0, 0], [30, 15, 0, 0]),          # 3 kyu
    (8, [20, 10, 0, -10], [30, 15, 0, -15]),      # 2 kyu: the first loss
    (9, [40, 10, 0, -20], [60, 15, 0, -30]),      # 1 kyu: upper room
    (11, [40, 10, 0, -40], [60, 15, 0, -60]),     # 2 dan
    (13, [50, 20, 0, -60], [75, 30, 0, -90]),     # 4 dan: special room
    (19, [60, 30, 0, -120], [90, 45, 0, -180]),   # 10 dan: phoenix room
])
def test_place_points_table(level: int, east: list[int], south: list[int]) -> None:  # D74
    assert [place_points(level, p, "east") for p in (1, 2, 3, 4)] == east
    assert [place_points(level, p, "south") for p in (1, 2, 3, 4)] == south


def test_fourth_place_loss_grows_with_rank() -> None:  # D74
    losses = [place_points(level, 4) for level in range(len(RANKS))]
    assert losses == sorted(losses, reverse=True) and losses[-1] < losses[10] < losses[8] < 0


def test_promotion_at_the_target_exactly_not_below() -> None:  # D75
    assert apply(Standing(11, 759), 40).after == Standing(11, 799)
    change = apply(Standing(11, 760), 40)
    assert change.promoted and change.after == Standing(12, 600)  # 3 dan starts at its base
    kyu = apply(Standing(0, 0), 20)
    assert kyu.promoted and kyu.after == Standing(1, 0)
    top = apply(Standing(TOP, 3990), 90)
    assert not top.promoted and top.after == Standing(TOP, 4080)  # the top rank keeps counting


def test_demotion_below_zero_from_two_dan_up_only() -> None:  # D75
    assert apply(Standing(11, 40), -40).after == Standing(11, 0)  # exactly 0 stays
    change = apply(Standing(11, 39), -40)
    assert change.demoted and change.after == Standing(10, 200)
    first_dan = apply(Standing(10, 10), -30)
    assert not first_dan.demoted and first_dan.after == Standing(10, 0)
    kyu = apply(Standing(8, 5), -10)
    assert not kyu.demoted and kyu.after == Standing(8, 0)


def test_ties_split_the_places_they_cover() -> None:  # D76
    assert placement_points(11, [1, 1, 3, 4], 0) == (40 + 10) // 2
    assert placement_points(11, [1, 2, 3, 3], 2) == (0 - 40) // 2
    assert placement_points(11, [1, 1, 1, 1], 3) == (40 + 10 + 0 - 40) // 4


def test_holdem_places_map_onto_four() -> None:  # D76
    assert [slot(p, 2) for p in (1, 2)] == [1, 4]
    assert [slot(p, 3) for p in (1, 2, 3)] == [1, 3, 4]
    assert [slot(p, 6) for p in range(1, 7)] == [1, 2, 2, 3, 3, 4]
    assert placement_points(13, [2, 1, 6, 3, 5, 4], 2) == -60


def test_game_changes_and_lengths() -> None:  # D74
    changes = game_changes([Standing(11, 100)] * 4, [1, 2, 3, 4], "south")
    assert [c.delta for c in changes] == [60, 15, 0, -60]
    assert length_of("riichi", {}) == "south" and length_of("riichi", {"length": "east"}) == "east"
    assert length_of("janpo", {}) == "east" and length_of("janpo", {"length": "south"}) == "south"
    assert length_of("five", {"length": "south"}) == "east" and length_of("holdem", {}) == "east"
