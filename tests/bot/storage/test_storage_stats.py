"""Player stats sum the bot's per-seat counters; history and rating history read back in order."""

from __future__ import annotations

from datetime import timedelta

from bot.storage import Store
from tests.bot.storage.storage_games import NOW, make_game

RIICHI_1 = {"kyoku_played": 8, "wins": 2, "deal_ins": 1, "riichi": 3, "win_points": 12000,
            "yaku": {"Riichi": 2, "Tanyao": 1, "Dora": 4}}
RIICHI_2 = {"kyoku_played": 12, "wins": 1, "deal_ins": 3, "riichi": 1, "win_points": 8000,
            "yaku": {"Riichi": 1, "Pinfu": 1, "Aka Dora": 2}}
JANPO = {"kyoku_played": 5, "wins": 1, "win_points": 2000, "yaku": {"Tanyao": 1}, "poker_hands": 20,
         "vpip_hands": 5, "showdowns": 4, "showdown_wins": 3, "poker_net": -1500, "combined_moves": 40,
         "poker_choices": 10}


async def seed(store: Store) -> None:
    await store.finish_game(None, make_game([(1, 30000), (2, 20000)], stats=[RIICHI_1, {"kyoku_played": 8}],
                                            finished_at=NOW - timedelta(hours=3)))
    await store.finish_game(None, make_game([(2, 30000), (1, 20000)], stats=[{"kyoku_played": 12}, RIICHI_2],
                                            finished_at=NOW - timedelta(hours=2)))
    await store.finish_game(None, make_game([(1, 30000), (2, 20000)], game="janpo", stats=[JANPO, {}],
                                            finished_at=NOW - timedelta(hours=1)))
    # another guild's game of user 1 never counts
    await store.finish_game(None, make_game([(1, 0), (2, 9)], guild_id=2, stats=[RIICHI_1, {}]))


async def test_riichi_rates(store: Store) -> None:
    """D43: average win value is win points over wins; dora of any kind is not among the top yaku."""
    await seed(store)
    s = await store.player_stats(1, 1, "riichi")
    assert (s.games, s.kyoku_played) == (2, 20)
    assert s.average_rank == 1.5 and s.first_rate == 0.5 and s.average_points == 25000
    assert s.win_rate == 3 / 20 and s.deal_in_rate == 4 / 20 and s.riichi_rate == 4 / 20
    assert s.average_win_value == 20000 / 3
    assert s.top_yaku == [("Riichi", 3), ("Pinfu", 1), ("Tanyao", 1)]  # dora is not a yaku
    assert s.poker_hands == 0 and s.vpip is None and s.showdown_win_rate is None
    assert s.poker_choice_rate is None and s.net_chips == 0
    assert set(s.ratings) == {"riichi"}


async def test_janpo_poker_figures(store: Store) -> None:
    await seed(store)
    s = await store.player_stats(1, 1, "janpo")
    assert (s.games, s.poker_hands, s.vpip, s.showdown_win_rate, s.net_chips) == (1, 20, 0.25, 0.75, -1500)
    assert s.poker_choice_rate == 0.25 and s.win_rate == 0.2


async def test_all_modes_together(store: Store) -> None:
    await seed(store)
    s = await store.player_stats(1, 1)
    assert s.game is None and s.games == 3 and s.kyoku_played == 25
    assert s.top_yaku[:2] == [("Riichi", 3), ("Tanyao", 2)]
    assert set(s.ratings) == {"riichi", "janpo"}
    assert s.counters["yaku"]["Dora"] == 4


async def test_a_stranger_has_empty_stats(store: Store) -> None:
    await seed(store)
    s = await store.player_stats(1, 99, "riichi")
    assert s.games == 0 and s.average_rank is None and s.win_rate is None and s.top_yaku == [] and s.ratings == {}


async def test_rating_history_chains(store: Store) -> None:
    await seed(store)
    points = await store.rating_history(1, 1, "riichi")
    assert [p.rating_before for p in points] == [1500.0, points[0].rating]
    assert points[0].rating == 1516.0 and points[1].rating < points[0].rating
    board = {r.user_id: r.rating for r in await store.leaderboard(1, "riichi")}
    assert points[-1].rating == board[1]
    assert [p.finished_at for p in points] == [NOW - timedelta(hours=3), NOW - timedelta(hours=2)]
    assert len(await store.rating_history(2, 1, "riichi")) == 1


async def test_history_newest_first_with_limit_and_user_filter(store: Store) -> None:
    await seed(store)
    await store.finish_game(None, make_game([(3, 1), (4, 0)], finished_at=NOW - timedelta(minutes=1)))
    games = await store.history(1, limit=10)
    assert [g.game for g in games] == ["riichi", "janpo", "riichi", "riichi"]
    assert [s.user_id for s in games[0].seats] == [3, 4]
    mine = await store.history(1, user_id=1, limit=2)
    assert [g.game for g in mine] == ["janpo", "riichi"]
    assert [g.game_id for g in await store.history(1, user_id=1, limit=2, offset=2)] == [games[-1].game_id]
