"""The ranked queue with two bot processes over one PostgreSQL database (as tests/bot/test_shards.py):
channel commands reach the bot of the server's shard, DMs (every Ready) the shard-0 bot. Both run
the queue service; the players are matched once and seated at one table."""

from __future__ import annotations

import asyncio
from functools import partial

from bot.storage.ranked import RankedSettings
from tests.bot.harness import GUILD_ID, FakeDiscord, Stored
from tests.bot.test_shards import GUILD_SHARD, Start
from tests.bot.test_shards import start as start  # noqa: F401  (the fixture)

USERS = [620_000_000_000_000_000 + n for n in range(1, 9)]
CHANNELS = [720_000_000_000_000_000 + n for n in range(1, 9)]
RANKED = 730_000_000_000_000_001


def ready_prompts(fake: FakeDiscord, user: int) -> list[Stored]:
    return [m for m in fake.dms(user) if any(b["custom_id"].startswith("jp:q:") for b in m.buttons())]


def one_each(fake: FakeDiscord, users: list[int]) -> bool:
    return all(ready_prompts(fake, u) for u in users)


async def test_two_processes_match_eight_players_into_two_tables_once(start: tuple[FakeDiscord, Start]) -> None:
    fake, start_one = start
    for n, user in enumerate(USERS):
        fake.add_user(user, f"Q{n + 1}")
    dms = await start_one(0)
    guild_bot = await start_one(GUILD_SHARD)
    await guild_bot.store.set_ranked_settings(RankedSettings(GUILD_ID, RANKED))
    for n, user in enumerate(USERS):
        token = fake.slash(guild_bot, user, "queue join", channel_id=CHANNELS[n], game="riichi")
        await fake.answered(token)
    await fake.until(partial(one_each, fake, USERS))
    for user in USERS:
        assert len(ready_prompts(fake, user)) == 1  # matched once, whichever process matched
        prompt = fake.as_seen(ready_prompts(fake, user)[0])
        token = fake.click(dms, user, prompt, prompt.button(prefix="jp:q:")["custom_id"])  # a DM: shard 0
        await fake.answered(token)
    await fake.until(lambda: len(fake.threads) == 2 and all(
        dms.tables.table_in(t) or guild_bot.tables.table_in(t) for t in fake.threads))
    seated = [s.user_id or 0 for t in fake.threads for s in
              (dms.tables.table_in(t) or guild_bot.tables.table_in(t)).seats]  # type: ignore[union-attr]
    assert sorted(seated) == sorted(USERS)  # everyone seated, nobody twice
    for _ in range(200):  # the match is marked opened just after its table is (real time here)
        if not await guild_bot.store.queue_of_guild(GUILD_ID):
            break
        await asyncio.sleep(0.02)
    assert await guild_bot.store.queue_of_guild(GUILD_ID) == []
