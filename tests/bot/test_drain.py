"""A process shutting down (SIGTERM) hands its tables on at once: three bots over one PostgreSQL
database behind the fake Discord, as in ``test_shards.py``, but with production's 30 s lease, so
a table that merely waited for its lease to run out would fail these tests by a wide margin.

DM clicks reach the shard-0 bot only; the server's tables are created by the server's bot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from functools import partial

import pytest

from bot.ops import metrics, status
from bot.play import drain
from tests.bot.harness import CHANNEL_ID, HOST, FakeDiscord, StartBot, pending_hand
from tests.bot.test_shards import (
    GUILD_SHARD,
    SHARDS,
    Start,
    click_hand,
    finished_game,
    human_moves,
    open_table,
    play_until_over,
    played,
    serving,
    shard_bots,
    wait_for,
)

LEASE = 30.0  # production's: nothing here may wait for a lease to run out
SOON = 10.0  # seconds a test waits for what a hand-off does at once (well inside LEASE)


@pytest.fixture
async def start(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[FakeDiscord, Start]]:
    async with shard_bots(monkeypatch, LEASE) as started:
        yield started


async def test_the_next_click_after_a_drain_is_served_by_another_process(start: tuple[FakeDiscord, Start]) -> None:
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    store = bots[0].store
    holder = bots[GUILD_SHARD]
    table_id = await open_table(fake, holder)
    answered = 0
    for _ in range(2):
        token, _ = await click_hand(fake, bots[0])
        await wait_for(partial(played, fake, token), "the answer")
        answered += 1
    assert serving(bots) == [GUILD_SHARD]
    counted = (metrics.HANDOFFS._value.get(), metrics.TAKEOVERS._value.get(),
               metrics.FORWARDED.labels("sent")._value.get())
    assert counted[2] > 0  # the DM clicks so far went to the holder
    assert await drain.drain(holder.tables, 10.0) == 1
    loop = asyncio.get_running_loop()
    drained_at = loop.time()
    assert table_id not in holder.tables.sessions
    taker = await wait_for(lambda: serving(bots), "another process serving the table", SOON)
    assert taker != [GUILD_SHARD] and len(taker) == 1
    assert await store.lease_holder(table_id) == f"bot{taker[0]}"
    assert (metrics.HANDOFFS._value.get(), metrics.TAKEOVERS._value.get()) == (counted[0] + 1, counted[1] + 1)
    token, _ = await click_hand(fake, bots[0])
    await wait_for(partial(played, fake, token), "the next click answered", SOON)
    assert loop.time() - drained_at < LEASE / 3  # not a lease running out
    answered += 1
    await holder.close()  # the drained process exits
    answered += await play_until_over(fake, bots, store)
    game = await finished_game(store)
    assert human_moves(game.scenario) == answered  # nothing answered lost, nothing played twice


async def test_a_click_under_way_as_the_drain_begins_is_answered_once(start: tuple[FakeDiscord, Start]) -> None:
    """The click reaches the shard-0 bot, which forwards it to the holder, which is draining: it
    is answered (here, or by the process the table went to) and stored once."""
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    store = bots[0].store
    holder = bots[GUILD_SHARD]
    table_id = await open_table(fake, holder)
    token, _ = await click_hand(fake, bots[0])
    handed = await drain.drain(holder.tables, 10.0)
    await wait_for(partial(played, fake, token), "the click under way answered", SOON)
    assert handed == 1 and serving(bots) and GUILD_SHARD not in serving(bots)
    record = await store.load_table(table_id)
    assert record is not None and human_moves(record.scenario) == 1
    await holder.close()
    answered = 1 + await play_until_over(fake, bots, store)
    assert human_moves((await finished_game(store)).scenario) == answered


async def test_a_drained_process_opens_no_table_and_hands_new_clicks_on(start: tuple[FakeDiscord, Start]) -> None:
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    holder = bots[GUILD_SHARD]
    await open_table(fake, holder)
    await wait_for(lambda: pending_hand(fake, HOST), "a hand")
    shown = dict(await status.fields(bots[0], "en"))  # /admin status lists the processes holding tables
    assert shown["Processes (tables held)"] == f"`bot{GUILD_SHARD}`: 1"
    assert "shards 0/3" in shown["This process"]
    await drain.drain(bots[0].tables, 10.0)  # the DM process drains: it holds no table
    token, _ = await click_hand(fake, bots[0])  # a DM still reaching it is forwarded to the holder
    await wait_for(partial(played, fake, token), "the click answered by the holder", SOON)
    assert serving(bots) == [GUILD_SHARD]
    fake.slash(bots[0], HOST, "table new", game="holdem", channel_id=CHANNEL_ID + 1)
    await wait_for(lambda: any("restarting" in m.content for m in fake.ephemerals(HOST)), "the refusal", SOON)
    assert bots[0].tables.sessions == {}


async def test_alone_a_drain_hands_nothing_on_and_refuses_new_tables(fake: FakeDiscord,
                                                                    start_bot: StartBot) -> None:
    """One process on SQLite: nobody to hand to; the tables wait for the restart as before."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    assert await drain.drain(bot.tables, 5.0) == 0
    fake.slash(bot, HOST, "table new", game="holdem")
    await fake.settle()
    assert "restarting" in fake.last_reply(HOST).content
    assert bot.tables.sessions == {}


async def test_a_table_stuck_past_the_bound_is_handed_on_as_stored(start: tuple[FakeDiscord, Start]) -> None:
    """A transition that holds the table's lock past DRAIN_SECONDS: the drain does not wait for
    it longer; the table is let go here and handed on as the store has it."""
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    holder = bots[GUILD_SHARD]
    table_id = await open_table(fake, holder)
    session = holder.tables.sessions[table_id]
    await session.lock.acquire()  # stuck
    try:
        assert await drain.drain(holder.tables, 1.0) == 1
        assert table_id not in holder.tables.sessions and session.closed
        taker = await wait_for(lambda: serving(bots), "another process serving the table", SOON)
        assert GUILD_SHARD not in taker
    finally:
        session.lock.release()
    token, _ = await click_hand(fake, bots[0])
    await wait_for(partial(played, fake, token), "the next click answered", SOON)
