"""Games of one guild finishing at once on two connections (two processes, in effect) both apply
their rating changes, one after the other: no update is lost and each player's history chains."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.storage import Store
from bot.storage.rating import DEFAULT_RATING, update
from tests.bot.storage.conftest import OpenStore
from tests.bot.storage.storage_games import NOW, make_game

ROUNDS = 8


async def test_two_connections_finishing_games_of_shared_players(open_store: OpenStore) -> None:
    first, second = await open_store(), await open_store()
    for n in range(ROUNDS):
        when = NOW - timedelta(minutes=ROUNDS - n)
        await asyncio.gather(
            first.finish_game(None, make_game([(1, 40000 - n), (2, 30000), (3, 20000), (4, 10000)], finished_at=when)),
            second.finish_game(None, make_game([(2, 40000), (1, 30000 + n), (5, 20000), (6, 0)], finished_at=when)),
        )
    store: Store = first
    # every game counted for the players the two tables share
    rows = {r.user_id: r for r in await store.leaderboard(1, "riichi", limit=10)}
    assert rows[1].games == rows[2].games == 2 * ROUNDS and rows[3].games == ROUNDS
    # each game starts from the rating the one before it (in game id order) ended with
    for user in (1, 2):
        points = await store.rating_history(1, user, "riichi")
        assert len(points) == 2 * ROUNDS
        assert points[0].rating_before == DEFAULT_RATING
        assert all(b.rating_before == a.rating for a, b in zip(points, points[1:], strict=False))
        assert rows[user].rating == points[-1].rating
    # and replaying the stored games in id order gives the stored ratings
    ratings: dict[int, float] = {}
    for game_id in range(1, 2 * ROUNDS + 1):
        game = await store.get_game(game_id, 1)
        assert game is not None
        users = [s.user_id for s in game.seats]
        after = update([ratings.get(u or 0, DEFAULT_RATING) for u in users], [s.rank for s in game.seats])
        ratings.update({u: a for u, a in zip(users, after, strict=True) if u is not None})
    assert {u: r.rating for u, r in rows.items()} == ratings
