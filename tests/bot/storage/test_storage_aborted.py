"""A game stopped before its end is kept apart, with every move, and rates no one (issue 16)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.storage import Store, TableRecord
from bot.storage.copy import copy
from tests.bot.storage.storage_games import NOW, make_game

GUILD = 1
HEADER = {"game": "riichi", "options": {"length": "east"}, "players": ["A", "B", "C", "D"], "seed": 2**61 + 3}
MOVES = [["A", "discard", "1m"], ["B", "tsumogiri"], ["C", "discard", "9p"]]
META = {"host": 11, "status": "playing", "seats": [{"user": 11, "name": "Alice"}, {"user": 22, "name": "Bob"}]}


async def rated(store: Store) -> tuple[object, ...]:
    """Everything a finished game changes: leaderboard, history, a player's ratings and stats."""
    return (
        await store.leaderboard(GUILD, "riichi"),
        await store.history(GUILD),
        await store.history(GUILD, 11),
        await store.rating_history(GUILD, 11, "riichi"),
        (await store.player_stats(GUILD, 11)).games,
        (await store.player_stats(GUILD, 22)).ratings,
    )


async def dealt(store: Store, table_id: str, guild_id: int | None = GUILD) -> None:
    await store.create_table(TableRecord(table_id, guild_id, 500, "riichi", dict(HEADER, moves=MOVES[:1]), META))
    await store.append_moves(table_id, 1, MOVES[1:], dict(META, bank={"A": 41.5}))
    await store.set_deadline(table_id, "turn:D", 3, NOW + timedelta(seconds=30))


async def test_an_aborted_game_keeps_its_scenario_and_leaves_play(store: Store) -> None:
    await store.finish_game(None, make_game([(11, 40000), (22, 30000), (None, 20000), (None, 10000)]))
    before = await rated(store)
    await dealt(store, "t-abort")

    aborted_id = await store.abort_table("t-abort", "gone")

    assert aborted_id is not None
    [kept] = await store.aborted_games(GUILD)
    assert kept.aborted_id == aborted_id and kept.table_id == "t-abort" and kept.reason == "gone"
    assert kept.scenario == dict(HEADER, moves=MOVES)  # header and every move, in order
    assert kept.meta == dict(META, bank={"A": 41.5})  # the meta as last saved
    assert (kept.guild_id, kept.channel_id, kept.game) == (GUILD, 500, "riichi")
    assert kept.opened_at <= kept.aborted_at
    assert await store.load_table("t-abort") is None and await store.load_unfinished() == []
    assert await store.claim_deadlines("h", hold_for=1.0) == []  # its timer went with it
    assert await rated(store) == before  # not rated, not in history


async def test_the_table_id_can_be_used_again_and_each_abort_is_kept(store: Store) -> None:
    await dealt(store, "t-again")
    first = await store.abort_table("t-again", "aborted")
    await dealt(store, "t-again")
    await store.append_moves("t-again", 3, [["D", "tsumogiri"]])
    second = await store.abort_table("t-again", "aborted")
    assert first is not None and second is not None and second > first
    newest, oldest = await store.aborted_games(GUILD)
    assert (newest.aborted_id, oldest.aborted_id) == (second, first)
    assert len(newest.scenario["moves"]) == 4 and len(oldest.scenario["moves"]) == 3
    assert await store.aborted_games(GUILD, limit=1, offset=1) == [oldest]


async def test_a_lobby_is_just_deleted_and_a_missing_table_is_none(store: Store) -> None:
    lobby: dict[str, Any] = {"game": "riichi", "options": {}, "players": ["A"], "seed": None, "moves": []}
    await store.save_table(TableRecord("t-lobby", GUILD, 501, "riichi", lobby, {"status": "lobby"}))
    assert await store.abort_table("t-lobby", "aborted") is None
    assert await store.load_table("t-lobby") is None
    assert await store.abort_table("never-existed", "aborted") is None
    assert await store.aborted_games(GUILD) == []


async def test_aborted_games_are_kept_per_guild(store: Store) -> None:
    await dealt(store, "in-guild")
    await dealt(store, "no-guild", guild_id=None)
    await store.abort_table("in-guild", "aborted")
    await store.abort_table("no-guild", "aborted")
    assert [g.table_id for g in await store.aborted_games(GUILD)] == ["in-guild"]
    assert [g.table_id for g in await store.aborted_games(None)] == ["no-guild"]
    assert await store.aborted_games(2) == []


async def test_the_copy_tool_brings_aborted_games_with_their_ids(tmp_path: Path, pg_url: str) -> None:
    path = str(tmp_path / "janpo.sqlite3")
    source = await Store.open(path)
    await dealt(source, "first")
    await dealt(source, "second", guild_id=None)
    await source.abort_table("first", "aborted")
    await source.abort_table("second", "gone")
    await source.close()
    done = await copy(path, pg_url)
    assert done.aborted == 2 and "2 aborted games" in str(done)
    source, target = await Store.open(path), await Store.open(pg_url)
    try:
        for guild in (GUILD, None):
            assert await target.aborted_games(guild) == await source.aborted_games(guild) != []
        await dealt(target, "third")
        assert await target.abort_table("third", "aborted") == 3  # ids go on after the copied ones
    finally:
        await source.close()
        await target.close()
