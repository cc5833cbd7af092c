"""The end of a game at a table: stored counters and ranks, shared places (R11, J14), the M.League
result (R2), the standings card; and a clean shutdown while CPU seats are playing."""

from __future__ import annotations

import asyncio

import pytest

from bot.play import messages
from bot.play.table import Seat, Table
from bot.storage.counters import seat_counters
from bot.storage.standings import final_ranks
from tests.bot.harness import (
    GUILD_ID,
    HOST,
    FakeDiscord,
    StartBot,
    open_table,
    pending_hand,
    play_out,
    table_of,
    until,
)


async def test_finished_game_stores_counters_and_elimination_ranks(fake: FakeDiscord, start_bot: StartBot) -> None:
    """/stats reads the seat counters stored with the game; hold'em ranks busted players by when
    they went out (not all sharing last place on 0 chips) (D41, D63)."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    table = table_of(bot)
    await play_out(fake, bot)
    stats = await bot.store.player_stats(GUILD_ID, HOST, "holdem")
    expected = seat_counters(table.scenario())["A"]
    assert stats.games == 1
    assert stats.poker_hands == expected["poker_hands"] > 0
    assert stats.net_chips == expected["poker_net"]
    history = await bot.store.history(GUILD_ID, HOST)
    ranks = {s.player: s.rank for s in history[0].seats}
    assert table.game is not None
    assert ranks == final_ranks("holdem", table.game.summary())
    assert sorted(ranks.values())[0] == 1 and len(set(ranks.values())) > 2  # busted seats are told apart


async def test_riichi_end_shows_mleague_and_posts_the_standings_card(fake: FakeDiscord, start_bot: StartBot) -> None:
    """R2, D63: the M.League result beside raw points; a standings picture at the end of every game."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    lobby = await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    await play_out(fake, bot, limit=2000)
    assert table.game is not None
    mleague = table.game.summary()["mleague"]
    text = fake.messages[lobby.id].text()
    for player, value in mleague.items():
        shown = f"{value:+.1f}".replace("-", "\u2212")
        assert f"(M.League {shown})" in text, (player, shown)
    cards = [m for m in fake.channel_messages() if any(name == "standings.png" for name, _ in m.files)]
    assert len(cards) == 1 and cards[0].content == "Final standings"


async def test_holdem_end_posts_the_standings_card_too(fake: FakeDiscord, start_bot: StartBot) -> None:
    """D63: hold'em ends with a standings picture too, after the last result picture."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    await play_out(fake, bot)
    cards = [m for m in fake.channel_messages() if any(name == "standings.png" for name, _ in m.files)]
    assert len(cards) == 1
    results = [m for m in fake.channel_messages() if m.content.startswith("Showdown")]
    assert all(r.id < cards[0].id for r in results)  # after the last result picture


def test_equal_points_share_the_place() -> None:
    """R11 / J14, D63: rank = 1 + the number of players with more points."""
    table = Table("t1", 1, 2, "janpo", HOST, status="finished", seed=7,
                  seats=[Seat(HOST, "Ann"), Seat(None, "CPU 2"), Seat(None, "CPU 3"), Seat(None, "CPU 4")])
    summary = {"points": {"A": 30000, "B": 30000, "C": 20000, "D": 20000},
               "standings": [["A", 30000], ["B", 30000], ["C", 20000], ["D", 20000]]}
    lines = messages.standings_lines("en", table, summary)
    assert [line.split(".")[0] for line in lines] == ["1", "1", "3", "3"]
    embed = messages.table_embed("ko", table, summary, [])
    value = embed.fields[0].value
    assert value is not None
    assert value.count("1위.") == 2 and value.count("3위.") == 2 and "2위" not in value


async def test_close_stops_cpu_turns_before_the_store_closes(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Shutdown: a CPU turn in flight is cancelled and awaited; nothing touches the store after."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.02)
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    manager = bot.tables
    session = manager.sessions[table.table_id]
    hand = await until(lambda: session.legal.get("A"))
    assert hand
    fake.slash(bot, HOST, "table leave")  # every seat a CPU: turns follow one another
    await until(lambda: session.cpu_task)
    errors: list[BaseException | None] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: errors.append(context.get("exception")))
    await manager.close()
    assert session.cpu_task is not None and session.cpu_task.done()
    await bot.store.close()
    count = len(table.moves)
    await fake.run_for(60)
    assert len(table.moves) == count
    assert errors == []


async def test_close_waits_for_a_move_under_way_and_keeps_it_stored(fake: FakeDiscord, start_bot: StartBot,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A click whose CPU replies are still being chosen when the bot stops: close() returns only
    once that work has stopped, and what was played is in the database."""
    from bot.play import cpu

    choose = cpu.choose

    async def slow(*args: object) -> object:
        await fake.sleep(0.05)
        return await choose(*args)  # type: ignore[arg-type]

    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    await open_table(fake, bot, game="riichi", length="east")
    table = table_of(bot)
    monkeypatch.setattr(cpu, "choose", slow)
    hand = await until(lambda: pending_hand(fake, HOST))
    fake.click(bot, HOST, hand, hand.buttons()[0]["custom_id"])
    session = bot.tables.sessions[table.table_id]
    await until(lambda: session.work)
    await fake.run_for(0.08)  # a CPU reply or two made, more to come
    closing = asyncio.ensure_future(bot.tables.close())
    await until(closing.done)  # close() waits for the move under way (which waits on the clock)
    assert not session.work
    [record] = await bot.store.load_unfinished()
    assert record.scenario["moves"] == table.moves
    count = len(table.moves)
    await fake.run_for(60)
    assert len(table.moves) == count
