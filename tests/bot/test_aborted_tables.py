"""A game stopped before its end is kept as an aborted game with its moves, never rated (issue 16).

Driven through the real dispatch: ``/table abort`` by the host, a channel Discord answers 404
(10003 Unknown Channel) for, the bot removed from the server. A lobby stopped before Start leaves
nothing behind.
"""

from __future__ import annotations

from bot.client import JanpoBot
from bot.play.table import Table
from engine.scenario import replay
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    lobby_action,
    open_table,
    pending_hand,
    table_of,
    until,
)


async def played_one_move(fake: FakeDiscord, bot: JanpoBot) -> Table:
    """A riichi table the host has made a move at (so there is a game to keep), and its table."""
    fake.add_user(HOST, "Alice")
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    before = table.move_no
    fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])
    await until(lambda: table.move_no > before and any(m[0] == "A" for m in table.moves[before:]))
    return table


async def kept_unrated(bot: JanpoBot, table: Table, reason: str) -> None:
    """The one aborted game is this table, with every move it played; no result or rating anywhere."""
    [kept] = await bot.store.aborted_games(GUILD_ID)
    assert (kept.table_id, kept.reason, kept.channel_id, kept.game) == (table.table_id, reason, CHANNEL_ID, "riichi")
    assert kept.scenario == table.scenario() and kept.scenario["moves"]
    assert any(m[0] == "A" for m in kept.scenario["moves"])  # the host's own move is there
    assert len(replay(kept.scenario).players) == 4  # the kept scenario replays
    assert await bot.store.load_unfinished() == []
    assert await bot.store.history(GUILD_ID) == [] and await bot.store.history(GUILD_ID, HOST) == []
    assert await bot.store.leaderboard(GUILD_ID, "riichi") == []
    assert await bot.store.rating_history(GUILD_ID, HOST, "riichi") == []


async def test_table_abort_keeps_the_game_unrated(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot()
    table = await played_one_move(fake, bot)
    fake.slash(bot, HOST, "table abort")
    await fake.settle()
    assert bot.tables.table_in(CHANNEL_ID) is None
    await kept_unrated(bot, table, "aborted")


async def test_a_deleted_channel_keeps_the_game_unrated(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot()
    table = await played_one_move(fake, bot)
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.fail("PATCH", rf"^/channels/{CHANNEL_ID}/", 404, code=10003, times=10_000)
    fake.fail("POST", rf"^/channels/{CHANNEL_ID}/", 404, code=10003, times=10_000)
    fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])
    await fake.until(lambda: bot.tables.table_in(CHANNEL_ID) is None, within=5.0)
    await fake.run_for(120)
    await kept_unrated(bot, table, "gone")


async def test_removed_from_the_server_keeps_the_game_unrated(fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot()
    table = await played_one_move(fake, bot)
    bot.dispatch("guild_remove", type("Guild", (), {"id": GUILD_ID})())
    await fake.until(lambda: bot.tables.table_in(CHANNEL_ID) is None, within=0.5)
    await fake.settle()
    await kept_unrated(bot, table, "gone")


async def test_a_lobby_stopped_before_start_leaves_nothing(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    fake.slash(bot, HOST, "table new", game="riichi")
    await fake.settle()
    fake.slash(bot, HOST, "table abort")  # a lobby: no game was dealt
    await fake.settle()
    fake.slash(bot, HOST, "table new", game="riichi")
    await fake.settle()
    lobby = fake.channel_messages()[-1]
    fake.click(bot, HOST, lobby, lobby_action(lobby, "cancel"))
    await fake.settle()
    assert bot.tables.table_in(CHANNEL_ID) is None
    assert await bot.store.load_unfinished() == [] and await bot.store.aborted_games(GUILD_ID) == []
