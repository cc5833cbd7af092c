"""The single-process parts of running several processes: sharding settings and saving by append."""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot.client import JanpoBot, ShardedJanpoBot
from bot.config import Config
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, pending_hand, until


def test_shard_settings_make_an_auto_sharded_bot_for_its_shards() -> None:
    bot = JanpoBot(Config(token="t", shard_ids=(1, 2), shard_count=3), store=object())
    assert isinstance(bot, ShardedJanpoBot) and isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_ids == [1, 2] and bot.shard_count == 3
    assert bot.tables.shared and bot.tables.shards == ((1, 2), 3)


def test_without_shard_settings_the_bot_is_one_plain_process() -> None:
    bot = JanpoBot(Config(token="t"), store=object())
    assert type(bot) is JanpoBot and not isinstance(bot, commands.AutoShardedBot)
    assert not bot.tables.shared and bot.tables.shards is None
    assert JanpoBot(Config(token="t", database_path="postgresql://h/db"), store=object()).tables.shared


async def test_a_game_in_play_is_saved_by_appending_its_new_moves(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Whole-record writes only while the scenario header changes (lobby, Start); then every save
    appends exactly the moves the store does not have, at the number it has."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    store = bot.tables.store
    whole: list[int] = []
    appended: list[tuple[int, int]] = []
    write_batch = store.write_batch

    async def counting(writes: list[Any]) -> list[Any]:
        for w in writes:  # every save of play goes through the store's writer
            if w.record is not None:
                whole.append(len(w.record.scenario["moves"]))
            else:
                appended.append((w.first, len(w.moves)))
        return list(await write_batch(writes))

    store.write_batch = counting
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    for _ in range(3):
        hand = await until(lambda: pending_hand(fake, HOST))
        fake.click(bot, HOST, hand, hand.buttons()[0]["custom_id"])
        await fake.settle()
    table = next(iter(bot.tables.tables.values()), None)
    assert appended, "no save appended"
    stored = whole[-1]
    for first, count in appended:  # each append starts where the store stands, none skips or repeats
        assert first == stored
        stored += count
    record = await store.load_table(table.table_id) if table else None
    assert record is None or (table is not None and len(record.scenario["moves"]) == stored == table.move_no)
