"""The copy tool moves a server's whole history into PostgreSQL, ratings included."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from bot.storage import Store, TableRecord
from bot.storage.copy import main
from tests.bot.storage.storage_games import NOW, make_game


async def fill(path: str) -> Store:
    s = await Store.open(path)
    await s.save_table(TableRecord("old", 1, 10, "janpo", {"moves": [["A", "discard", "5m", "check"]]}, {}))
    games = [
        make_game([(1, 40000), (2, 30000), (None, 20000), (4, 10000)], stats=[{"wins": 2, "yaku": {"Riichi": 1}},
                  {"deal_ins": 1}, {}, {"riichi": 1}], cpu_level="hard"),
        make_game([(2, 40000), (1, 40000), (4, 0)], guild_id=2),
        make_game([(1, 0), (5, 3000), (2, 0)], game="holdem", ranks=[3, 1, 2]),
        make_game([(1, 100), (2, 0)], guild_id=None),
        make_game([(4, 100), (1, 0)], finished_at=NOW - timedelta(days=3)),
    ]
    for n, game in enumerate(games):
        await s.finish_game("old" if n == 0 else None, game)
    await s.save_table(TableRecord("live", 1, 11, "riichi", {"game": "riichi", "moves": [["A", "tsumogiri"]] * 40},
                                   {"title": "쯔모"}))
    await s.set_guild_language(1, "ko")
    await s.set_user_settings(2, {"auto_win": True})
    return s


async def test_everything_arrives_with_the_same_ratings(tmp_path: Path, pg_url: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "janpo.sqlite3")
    source = await fill(path)
    await source.close()
    assert await asyncio.to_thread(main, [path, pg_url]) == 0
    out = capsys.readouterr().out
    assert "copied 5 finished games (14 seats)" in out
    assert "7 players in 2 guilds (recomputed: all equal), 1 tables in play (40 moves) and 1 guild settings, 1 players' settings" in out
    source, target = await Store.open(path), await Store.open(pg_url)
    for game_id in range(1, 6):
        for guild in (1, 2, None):
            assert await target.get_game(game_id, guild) == await source.get_game(game_id, guild)
    for guild, mode in ((1, "riichi"), (2, "riichi"), (1, "holdem")):
        assert await target.leaderboard(guild, mode) == await source.leaderboard(guild, mode)
        assert await target.leaderboard(guild, mode, "week", now=NOW) == await source.leaderboard(
            guild, mode, "week", now=NOW)
    assert await target.rating_history(1, 1, "riichi") == await source.rating_history(1, 1, "riichi")
    theirs, mine = await target.player_stats(1, 1), await source.player_stats(1, 1)
    assert theirs.average_points == pytest.approx(mine.average_points)  # AVG in each database's arithmetic
    assert replace(theirs, average_points=0) == replace(mine, average_points=0)
    assert await target.load_unfinished() == await source.load_unfinished()
    assert await target.get_guild_language(1) == "ko"
    assert await target.get_user_settings(2) == {"auto_win": True}
    assert await target.history(1, 1) == await source.history(1, 1)
    # new games carry on after the copied ids, from the copied ratings
    assert await target.finish_game(None, make_game([(1, 5), (2, 0)])) == 6
    await source.close()
    await target.close()


async def test_a_target_with_data_is_refused(tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "janpo.sqlite3")
    await (await fill(path)).close()
    target = await Store.open(pg_url)
    await target.set_guild_language(9, "en")
    await target.close()
    assert await asyncio.to_thread(main, [path, pg_url]) == 1
    assert "already has rows in guild_settings" in capsys.readouterr().err
