"""Leaderboards rank a guild's players of one game mode by current rating; periods filter the games counted."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

import pytest

from bot.storage import LeaderboardRow, Store
from bot.storage.rating import update
from tests.bot.storage.storage_games import NOW, Seat, make_game

DAY = timedelta(days=1)
# three riichi games in guild 1: 40, 10 and 1 day(s) ago; seat 3 of the last is an easy CPU
GAMES: list[tuple[list[Seat], datetime]] = [
    ([(1, 40000), (2, 30000), (3, 20000), (4, 10000)], NOW - 40 * DAY),
    ([(5, 45000), (1, 25000), (3, 25000), (2, 5000)], NOW - 10 * DAY),
    ([(2, 38000), (None, 32000), (4, 20000), (1, 10000)], NOW - DAY),
]


async def play_all(store: Store) -> None:
    for seats, when in GAMES:
        await store.finish_game(None, make_game(seats, finished_at=when, cpu_level="easy"))


def expected_ratings() -> dict[int, float]:
    ratings: dict[int, float] = {}
    for seats, _ in GAMES:
        ranks = [1 + sum(q > p for _, q in seats) for _, p in seats]
        before = [ratings.get(u, 1500.0) if u is not None else 1300.0 for u, _ in seats]
        after = update(before, ranks, fixed=[u is None for u, _ in seats])
        ratings.update({u: r for (u, _), r in zip(seats, after, strict=True) if u is not None})
    return ratings


async def test_first_game_moves_ratings_by_the_documented_amounts(store: Store) -> None:
    """D39: from 1,500, every pair of seats is one Elo result; a seat's change is scaled by 32/(n−1)."""
    await store.finish_game(None, make_game(GAMES[0][0], finished_at=GAMES[0][1]))
    rows = await store.leaderboard(1, "riichi")
    assert [(r.rank, r.user_id, r.rating) for r in rows] == [
        (1, 1, 1516.0), (2, 2, 1505.333), (3, 3, 1494.667), (4, 4, 1484.0),
    ]


async def test_all_time_ordering_and_figures(store: Store) -> None:
    await play_all(store)
    rows = await store.leaderboard(1, "riichi", "all", now=NOW)
    ratings = expected_ratings()
    assert [r.user_id for r in rows] == sorted(ratings, key=lambda u: -ratings[u])
    by_user = {r.user_id: r for r in rows}
    assert {u: r.rating for u, r in by_user.items()} == ratings
    # user 1: ranks 1, 2 (tied on 25000 with user 3), 4; points 40000, 25000, 10000
    assert by_user[1] == LeaderboardRow(by_user[1].rank, 1, ratings[1], 3, 7 / 3, 1 / 3, 25000.0)
    assert (by_user[3].games, by_user[3].average_rank) == (2, 2.5)
    assert (by_user[5].games, by_user[5].win_rate, by_user[5].average_points) == (1, 1.0, 45000.0)
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]
    assert await store.leaderboard_size(1, "riichi") == 5


@pytest.mark.parametrize(
    "period, users, games_of_user_1",
    [("all", {1, 2, 3, 4, 5}, 3), ("month", {1, 2, 3, 4, 5}, 2), ("week", {1, 2, 4}, 1)],
)
async def test_period_filters_the_games_counted_not_the_rating(
    store: Store, period: str, users: set[int], games_of_user_1: int
) -> None:
    """D42: the period decides who appears and what is counted; the rating shown is the current one."""
    await play_all(store)
    rows = await store.leaderboard(1, "riichi", period, now=NOW)  # type: ignore[arg-type]
    assert {r.user_id for r in rows} == users
    assert await store.leaderboard_size(1, "riichi", period, now=NOW) == len(users)  # type: ignore[arg-type]
    ratings = expected_ratings()
    assert all(r.rating == ratings[r.user_id] for r in rows)
    assert [r.rating for r in rows] == sorted((r.rating for r in rows), reverse=True)
    assert next(r for r in rows if r.user_id == 1).games == games_of_user_1


async def test_week_figures_cover_only_the_last_game(store: Store) -> None:
    """D42: games, average rank, win rate and average points count only the period's games."""
    await play_all(store)
    rows = {r.user_id: r for r in await store.leaderboard(1, "riichi", "week", now=NOW)}
    assert (rows[2].games, rows[2].average_rank, rows[2].win_rate, rows[2].average_points) == (1, 1.0, 1.0, 38000.0)
    assert (rows[4].average_rank, rows[4].average_points) == (3.0, 20000.0)


async def test_paging(store: Store) -> None:
    await play_all(store)
    everyone = await store.leaderboard(1, "riichi", limit=50)
    page = await store.leaderboard(1, "riichi", offset=1, limit=2)
    assert page == everyone[1:3] and [r.rank for r in page] == [2, 3]
    assert await store.leaderboard(1, "riichi", offset=5) == []


async def test_cpu_seats_are_never_ranked(store: Store) -> None:
    """D40: CPU seats are neither ranked nor listed."""
    await store.finish_game(None, make_game([(None, 50000), (9, 30000), (None, 20000), (None, 0)]))
    rows = await store.leaderboard(1, "riichi")
    assert [(r.user_id, r.average_rank) for r in rows] == [(9, 2.0)]


async def test_equal_ratings_share_a_rank(store: Store) -> None:
    await store.finish_game(None, make_game([(7, 30000), (8, 30000)]))
    await store.finish_game(None, make_game([(6, 10000), (5, 30000)]))
    rows = await store.leaderboard(1, "riichi")
    assert [(r.rank, r.user_id, r.rating) for r in rows] == [(1, 5, 1516.0), (2, 7, 1500.0), (2, 8, 1500.0), (4, 6, 1484.0)]


async def test_guilds_and_modes_are_separate(store: Store) -> None:
    """D39: one rating per guild and game mode."""
    await play_all(store)
    alone = await store.leaderboard(1, "riichi")
    await store.finish_game(None, make_game([(4, 90000), (1, 0)], guild_id=2))
    await store.finish_game(None, make_game([(4, 90000), (1, 0)], guild_id=1, game="holdem"))
    await store.finish_game(None, make_game([(4, 90000), (1, 0)], guild_id=None))
    assert await store.leaderboard(1, "riichi") == alone
    assert [(r.user_id, r.games) for r in await store.leaderboard(2, "riichi")] == [(4, 1), (1, 1)]
    assert [r.user_id for r in await store.leaderboard(1, "holdem")] == [4, 1]
    assert await store.leaderboard(3, "riichi") == []


async def test_unknown_period_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="period"):
        await store.leaderboard(1, "riichi", "year")  # type: ignore[arg-type]


@pytest.mark.parametrize("level, rating", [("easy", 1507.688), ("normal", 1516.0), ("hard", 1524.312)])
async def test_a_cpu_counts_at_the_fixed_rating_of_its_level(store: Store, level: str, rating: float) -> None:
    """D40: beating one CPU from 1,500 earns 32 × (1 − E) against 1,300, 1,500 or 1,700."""
    await store.finish_game(None, make_game([(1, 30000), (None, 20000)], cpu_level=level))
    await store.finish_game(None, make_game([(2, 30000), (None, 20000)], cpu_level=level))
    rows = await store.leaderboard(1, "riichi")
    assert [(r.user_id, r.rating) for r in rows] == [(1, rating), (2, rating)]  # the CPU did not move


async def test_a_game_outside_a_guild_is_stored_but_not_rated(store: Store, db_path: str) -> None:
    """D40: a game played outside a server is kept whole, and no rating or total comes of it."""
    dm = await store.finish_game(None, make_game([(1, 30000), (2, 20000)], guild_id=None))
    stored = await store.get_game(dm, None)
    assert stored is not None and [(s.user_id, s.points) for s in stored.seats] == [(1, 30000), (2, 20000)]
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0
        assert raw.execute("SELECT rating_before, rating_after FROM seats WHERE game_id = ?",
                           (dm,)).fetchall() == [(None, None), (None, None)]
    await store.finish_game(None, make_game([(2, 30000), (1, 20000)]))
    assert [(r.user_id, r.rating) for r in await store.leaderboard(1, "riichi")] == [(2, 1516.0), (1, 1484.0)]


async def test_periods_are_rolling_days_and_a_shared_first_is_a_win(store: Store) -> None:
    """D42: "week" and "month" are the last 7 and 30 days, not the calendar's (NOW is a Monday
    noon, so the game 6 days 23 hours back is in last week's calendar week and the one 29 days
    23 hours back in October); the win rate is the share of first places, a shared first included."""
    hour = timedelta(hours=1)
    games: list[tuple[list[Seat], timedelta]] = [
        ([(11, 30000), (12, 30000)], 7 * DAY - hour), ([(13, 30000), (14, 20000)], 7 * DAY + hour),
        ([(15, 30000), (16, 20000)], 30 * DAY - hour), ([(17, 30000), (18, 20000)], 30 * DAY + hour),
    ]
    for seats, age in games:
        await store.finish_game(None, make_game(seats, finished_at=NOW - age))
    assert NOW.weekday() == 0 and (NOW - 30 * DAY + hour).month == 10
    week = await store.leaderboard(1, "riichi", "week", now=NOW)
    month = await store.leaderboard(1, "riichi", "month", now=NOW)
    assert {r.user_id for r in week} == {11, 12}
    assert {r.user_id for r in month} == {11, 12, 13, 14, 15, 16}
    assert len(await store.leaderboard(1, "riichi", "all", now=NOW)) == 8
    assert [(r.rank, r.win_rate, r.average_rank) for r in week] == [(1, 1.0, 1.0), (1, 1.0, 1.0)]
    by_user = {r.user_id: r for r in month}
    assert (by_user[13].win_rate, by_user[14].win_rate, by_user[16].win_rate) == (1.0, 0.0, 0.0)
