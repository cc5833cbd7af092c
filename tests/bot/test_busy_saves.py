"""Saves under load, through the real dispatch: a save is queued under the table's lock and waited
for without it, saves of many tables meet in one batch, a player hears of a move only once it is
stored however slow the writer, a click is played before CPU-only tables waiting their turn, and
closing the bot writes everything queued."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.client import JanpoBot
from bot.play import lobby
from bot.play.table import Seat, Table
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, pending_hand, table_of, until


class Held:
    """The store's batches wait until ``release``; every write is noted, in the order written."""

    def __init__(self, store: Any) -> None:  # its write_batch is replaced
        self.store, self.batch = store, store.write_batch
        self.gate = asyncio.Event()
        self.gate.set()
        self.waiting = 0
        self.written: list[Any] = []
        store.write_batch = self.write

    async def write(self, writes: list[Any]) -> list[Any]:
        self.waiting += 1
        await self.gate.wait()
        self.waiting -= 1
        self.written += writes
        return list(await self.batch(writes))

    def hold(self) -> None:
        self.gate.clear()

    def release(self) -> None:
        self.gate.set()


async def cpu_tables(bot: JanpoBot, count: int, first: int = 1) -> list[Table]:
    """Tables of four CPUs, dealt at once (as ``/table new`` and Start would)."""
    tables = []
    for i in range(first, first + count):
        table = Table(f"cpu{i}", 1, 90_000 + i, "janpo", HOST, seats=[Seat(None, f"CPU {n}") for n in range(4)])
        session = bot.tables.register(table)
        async with session.lock:
            out = await lobby.start(bot.tables, session)
        await bot.tables.effects.run(session, out)
        tables.append(table)
    return tables


async def stored_moves(bot: JanpoBot, table_id: str) -> int:
    record = await bot.store.load_table(table_id)
    return len(record.scenario["moves"]) if record else -1


async def test_a_click_is_played_at_once_and_told_only_once_its_slow_save_is_stored(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="janpo")
    held = Held(bot.store)
    hand = await until(lambda: pending_hand(fake, HOST))
    table = table_of(bot)
    session = bot.tables.sessions[table.table_id]
    before, stored = table.move_no, await stored_moves(bot, table.table_id)
    held.hold()
    fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])
    await until(lambda: table.move_no > before and held.waiting)
    assert not session.lock.locked()  # the table is free while its save is written
    assert not hand.content.startswith("Played")  # and nobody has been told
    held.release()
    await until(lambda: hand.content.startswith("Played"))
    assert await stored_moves(bot, table.table_id) > stored
    assert any(w.table_id == table.table_id for w in held.written)


async def test_saves_of_many_tables_meet_in_one_batch_and_keep_each_table_in_order(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot()
    bot.store.writer.linger = 0.0  # batches met behind a slow write alone (lingering: test_storage_batch)
    tables = await cpu_tables(bot, 6)
    held = Held(bot.store)
    held.hold()
    await fake.run_for(1.0)  # every table's CPU turn is due: the first save waits in the store
    assert held.waiting == 1  # and the other tables' saves queue behind it
    held.release()
    await fake.settle(within=0.0)
    sizes = bot.store.writer.sizes
    assert sizes[-2] == 1 and sizes[-1] >= 5, sizes  # the other tables' saves went in one batch
    await fake.run_for(3.0)
    for t in tables:  # each table's appends start where the last ended
        firsts = [(w.first, len(w.moves)) for w in held.written if w.table_id == t.table_id and w.record is None]
        assert all(a + n == b for (a, n), (b, _) in zip(firsts, firsts[1:], strict=False)), firsts
        assert await stored_moves(bot, t.table_id) == t.move_no


async def test_a_click_is_answered_before_the_cpu_only_tables_waiting_their_turn(
        fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="janpo")
    hand = await until(lambda: pending_hand(fake, HOST))
    tables = await cpu_tables(bot, 30)
    await fake.settle(within=0.0)
    moved_at_click: list[int] = []
    start = sum(t.move_no for t in tables)

    async def watch(method: str, path: str, payload: Any, files: Any) -> None:
        if method == "PATCH" and "/webhooks/" in path and str((payload or {}).get("content", "")).startswith("Played"):
            moved_at_click.append(sum(t.move_no for t in tables) - start)

    fake.watch.append(watch)
    assert fake.clock is not None
    fake.clock.advance(1.0)  # all 30 CPU-only tables are due now, and the click comes with them
    fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])
    await until(lambda: moved_at_click)
    assert moved_at_click[0] <= 2, moved_at_click  # the one CPU-only turn let in before it, at most
    await until(lambda: sum(t.move_no for t in tables) - start >= 30)  # and they all move after


async def test_closing_the_bot_writes_the_saves_still_queued(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="janpo")
    held = Held(bot.store)
    hand = await until(lambda: pending_hand(fake, HOST))
    table = table_of(bot)
    held.hold()
    fake.click(bot, HOST, hand, hand.button(prefix="jp:m:")["custom_id"])
    await until(lambda: held.waiting)
    played = table.move_no
    closing = asyncio.ensure_future(bot.tables.close())
    await fake.quiet.wait()
    assert not closing.done()  # close waits for the writer
    held.release()
    await closing
    assert await stored_moves(bot, table.table_id) == played


async def test_an_append_carries_the_meta_only_when_it_changed(fake: FakeDiscord, start_bot: StartBot) -> None:
    """A CPU-only table's meta rarely changes: its appends leave it out, and the one that follows
    a change carries it, so a restart still finds the meta as it was last."""
    bot = await start_bot()
    [table] = await cpu_tables(bot, 1)
    held = Held(bot.store)
    await fake.run_for(4.0)
    appends = [w for w in held.written if w.table_id == table.table_id and w.record is None]
    # (the first may carry it: the table's message was posted meanwhile)
    assert len(appends) >= 3 and all(w.meta is None for w in appends[1:]), [w.meta for w in appends]
    session = bot.tables.sessions[table.table_id]
    async with session.lock:
        table.missed["A"] = 2  # as a missed turn would
    await fake.run_for(1.0)
    await bot.store.writer.flush()  # the last move's save may still linger for company
    appends = [w for w in held.written if w.table_id == table.table_id and w.record is None]
    assert appends[-1].meta is not None and appends[-1].meta["missed"] == {"A": 2}
    record = await bot.store.load_table(table.table_id)
    assert record.meta["missed"] == {"A": 2} and len(record.scenario["moves"]) == table.move_no
