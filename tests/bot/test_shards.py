"""Three bot processes over one PostgreSQL database, behind the fake Discord.

Each bot runs one shard of three (``SHARD_IDS``), has its own store (connection pool and
``LISTEN`` connection) and lease holder name, as a process of its own would; they share the
event loop of the test. Clicks go where Discord sends them: the server's channel to the bot of
its guild's shard (shard 1 here), direct messages (every private-hand button) to the shard-0 bot
only, which does not hold the table and must forward them. Killing a bot stops everything it runs
at once (its tasks cancelled, its connections cut) without giving up its leases, as ``kill -9``
would. Real time throughout, since leases run on the database's clock; the lease is kept short.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import pytest

from bot.client import JanpoBot
from bot.config import Config
from bot.storage import Store
from engine.rng import seed_digest
from tests.bot.harness import (
    CHANNEL_ID,
    GUILD_ID,
    HOST,
    PREFERENCE,
    FakeDiscord,
    Stored,
    TableOptions,
    log_in,
    pending_hand,
)

PG_ENV = "JANPO_TEST_POSTGRES_URL"
LEASE = 1.5  # seconds; production holds 30
SHARDS = 3
GUILD_SHARD = (GUILD_ID >> 22) % SHARDS
HOLDEM: TableOptions = {"game": "holdem", "stack": 1600, "big_blind": 200, "seating": "join"}
STRANGER = 500_000_000_000_000_002
Start = Callable[..., Awaitable[JanpoBot]]


def test_the_guild_is_not_on_shard_zero() -> None:
    assert GUILD_SHARD != 0  # else no click would need forwarding


@asynccontextmanager
async def shard_bots(monkeypatch: pytest.MonkeyPatch, lease: float) -> AsyncIterator[tuple[FakeDiscord, Start]]:
    """Bots of a fresh PostgreSQL schema behind one real-time fake Discord: ``start_one(shard)``
    logs in the bot of that shard (of ``SHARDS``), holding leases for ``lease`` seconds."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(f"multi-process bot tests skipped: set {PG_ENV}=postgresql://postgres@127.0.0.1:5432/test")
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(url)
    await admin.execute(f"CREATE SCHEMA {schema}")
    schema_url = url + ("&" if "?" in url else "?") + f"search_path={schema}"
    fake = FakeDiscord()  # real time
    fake.install(monkeypatch)
    fake.add_user(HOST, "Alice")
    bots: list[JanpoBot] = []

    async def start_one(shard: int, **kw: Any) -> JanpoBot:
        store = await Store.open(schema_url)
        seeds = iter(range(7, 10**9))
        config = Config(token="fake-token", shard_ids=(shard,), shard_count=SHARDS)
        bot = JanpoBot(config, store=store, seeds=lambda: next(seeds), lease_seconds=lease, holder=f"bot{shard}",
                       **{"cpu_pause": 0.0, "edit_interval": 0.05, **kw})
        await log_in(bot)
        bots.append(bot)
        return bot

    try:
        yield fake, start_one
    finally:
        for bot in bots:
            if not getattr(bot, "killed", False):
                await bot.tables.close()
                await bot.store.close()
            await bot.http.close()
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


@pytest.fixture
async def start(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[FakeDiscord, Start]]:
    async with shard_bots(monkeypatch, LEASE) as started:
        yield started


async def kill(bot: JanpoBot) -> None:
    """Stop the bot as ``kill -9`` stops a process: nothing more runs, nothing is given up."""
    bot.killed = True  # type: ignore[attr-defined]
    m = bot.tables
    m.closed = True
    tasks = [*m.loops, *m.background]
    for s in [*m.sessions.values(), *m.ending]:
        s.closed = True
        tasks += [*s.timers.values(), *s.tasks, *s.work]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    m.sessions.clear()
    writer = bot.store.__dict__.get("_writer")  # its queued saves die with the process
    if writer is not None and writer._task is not None:
        writer._task.cancel()
    await bot.store._close_listener()
    bot.store._pool.terminate()


async def wait_for(predicate: Callable[[], Any], what: str, limit: float = 30.0) -> Any:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        value = predicate()
        if isinstance(value, Awaitable):
            value = await value
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def serving(bots: list[JanpoBot]) -> list[int]:
    return [i for i, b in enumerate(bots) if b.tables.table_in(CHANNEL_ID) is not None]


async def open_table(fake: FakeDiscord, guild_bot: JanpoBot, cpus: int = 3, **options: Any) -> str:
    """``/table new`` and the lobby buttons, all in the channel: they reach the guild's bot."""
    fake.slash(guild_bot, HOST, "table new", **HOLDEM, **options)
    lobby: Stored = await wait_for(lambda: next(iter(fake.channel_messages()), None), "the lobby")
    prefix: str = lobby.button(prefix="jp:l:")["custom_id"].rsplit(":", 1)[0]
    for _ in range(cpus):
        fake.click(guild_bot, HOST, lobby, f"{prefix}:cpu")
        await fake.settle()
    fake.click(guild_bot, HOST, lobby, f"{prefix}:start")
    await wait_for(lambda: pending_hand(fake, HOST), "the first hand")
    return prefix.split(":")[2]


def choice(hand: Stored) -> str:
    moves = [b for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    words = [b["label"].split(" ")[0] for b in moves]
    label = next((w for w in PREFERENCE if w in words and w != "All-in"), words[0])
    return str(hand.button(label)["custom_id"])


async def click_hand(fake: FakeDiscord, dm_bot: JanpoBot) -> tuple[str, Stored]:
    """Click the newest hand with buttons (a DM: it reaches the shard-0 bot); returns the token."""
    hand = await wait_for(lambda: pending_hand(fake, HOST), "a hand to play")
    return fake.click(dm_bot, HOST, fake.as_seen(hand), choice(hand)), hand


def played(fake: FakeDiscord, token: str) -> bool:
    """The click was answered with the move played: its prompt is answered (the hand may have
    been deleted since, replaced by the next) and not with "earlier move"."""
    hit = fake.hits[token]
    message = fake.messages.get(hit.message_id or 0) or fake.deleted.get(hit.message_id or 0)
    return fake.prompt_answered(token) and message is not None and "earlier move" not in message.content


async def finished_game(store: Store) -> Any:
    games = await store.history(GUILD_ID)
    return await store.get_game(games[0].game_id, GUILD_ID) if games else None


async def play_until_over(fake: FakeDiscord, bots: list[JanpoBot], store: Store, limit: int = 2000) -> int:
    answered = 0
    for _ in range(limit):
        if await finished_game(store):
            return answered
        hand = pending_hand(fake, HOST)
        if hand is None:
            await asyncio.sleep(0.02)
            continue
        token, _ = await click_hand(fake, bots[0])
        await wait_for(partial(played, fake, token), "the answer", 15)
        answered += 1
    holders = [await store.lease_holder(t) for b in bots for t in b.tables.sessions]
    raise AssertionError(f"the game did not end: {answered} answered, hand {pending_hand(fake, HOST)}, "
                         f"serving {serving(bots)}, holders {holders}")


def human_moves(scenario: dict[str, Any]) -> int:
    return sum(1 for move in scenario["moves"] if move[0] == "A")


async def test_a_whole_game_finishes_with_its_private_clicks_forwarded(start: tuple[FakeDiscord, Start]) -> None:
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    guild_bot = bots[GUILD_SHARD]
    table_id = await open_table(fake, guild_bot)
    assert serving(bots) == [GUILD_SHARD]
    assert await bots[0].store.lease_holder(table_id) == f"bot{GUILD_SHARD}"
    answered = await play_until_over(fake, bots, bots[0].store)
    game = await finished_game(bots[0].store)
    assert answered >= 1 and human_moves(game.scenario) == answered  # every click once, none lost
    assert table_id not in bots[0].tables.sessions  # every DM click went to the holder
    assert guild_bot.tables.finished[CHANNEL_ID].table_id == table_id
    assert await bots[0].store.load_table(table_id) is None
    await wait_for(lambda: _free(bots[0].store, table_id), "the lease given up at the end")


async def test_a_killed_holder_s_table_goes_on_elsewhere_within_the_lease(start: tuple[FakeDiscord, Start]) -> None:
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    store = bots[0].store
    table_id = await open_table(fake, bots[GUILD_SHARD])
    answered = 0
    for _ in range(2):
        token, _ = await click_hand(fake, bots[0])
        await wait_for(partial(played, fake, token), "the answer")
        answered += 1
    record = await store.load_table(table_id)
    assert record is not None and human_moves(record.scenario) == 2  # stored before answered
    # killed once the next hand is out: a kill before it leaves the player only "My hand" and the
    # turn timer (its row is claimed by another process when it expires), which this test does not wait for
    await wait_for(lambda: pending_hand(fake, HOST), "the next hand")
    await kill(bots[GUILD_SHARD])
    loop = asyncio.get_running_loop()
    killed_at = loop.time()
    await wait_for(lambda: _not_held_by(store, table_id, f"bot{GUILD_SHARD}"), "the lease to run out", LEASE * 4)
    answered += await play_until_over(fake, bots, store)
    assert loop.time() - killed_at < 60
    game = await finished_game(store)
    assert human_moves(game.scenario) == answered  # nothing answered was lost, nothing played twice
    assert serving(bots) == []
    assert any(b.tables.finished.get(CHANNEL_ID) for i, b in enumerate(bots) if i != GUILD_SHARD)


async def _free(store: Store, table_id: str) -> bool:
    return await store.lease_holder(table_id) is None


async def _not_held_by(store: Store, table_id: str, holder: str) -> bool:
    return await store.lease_holder(table_id) != holder


async def test_two_processes_racing_for_one_click_apply_it_once(start: tuple[FakeDiscord, Start]) -> None:
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    store = bots[0].store
    table_id = await open_table(fake, bots[GUILD_SHARD])
    await asyncio.sleep(LEASE)  # past the start-up sweep for orphans, which would take the table first
    await kill(bots[GUILD_SHARD])
    await wait_for(lambda: _free(store, table_id), "the lease to run out", LEASE * 4)
    hand = await wait_for(lambda: pending_hand(fake, HOST), "a hand")
    before = human_moves((await store.load_table(table_id)).scenario)
    seen, custom_id = fake.as_seen(hand), choice(hand)
    first = fake.click(bots[0], HOST, seen, custom_id)
    second = fake.click(bots[2], HOST, seen, custom_id)
    await wait_for(lambda: all(fake.hits[t].answered for t in (first, second)), "both acknowledged")
    await wait_for(lambda: played(fake, first) or played(fake, second), "one answer")
    await fake.settle()
    record = await store.load_table(table_id)
    assert record is not None and human_moves(record.scenario) == before + 1
    answers = [m.content for m in fake.ephemerals(HOST)]
    assert any("earlier move" in a or "already made" in a for a in answers)
    assert len(serving(bots)) == 1


async def test_a_stale_copy_conflicts_and_answers_from_what_is_stored(start: tuple[FakeDiscord, Start]) -> None:
    """A holder that stalled past its lease still has the table in memory while another process
    plays it: its append conflicts, nothing is applied twice, the click hears "earlier move"."""
    fake, start_one = start
    bots = [await start_one(i) for i in range(SHARDS)]
    store = bots[0].store
    table_id = await open_table(fake, bots[GUILD_SHARD])
    stalled = bots[GUILD_SHARD]
    hand = await wait_for(lambda: pending_hand(fake, HOST), "a hand")
    seen, custom_id = fake.as_seen(hand), choice(hand)
    for task in stalled.tables.loops:  # it stalls: no renewal notices the lease is gone
        task.cancel()
    await store.release_lease(table_id, stalled.tables.holder)  # as if it ran out
    assert await bots[2].tables.take_over(table_id) is not None
    await fake.settle()
    before = human_moves((await store.load_table(table_id)).scenario)
    token = fake.click(bots[2], HOST, seen, custom_id)  # served by the new holder
    await wait_for(lambda: played(fake, token), "the new holder's answer")
    late = fake.click(stalled, HOST, seen, custom_id)  # the stale copy plays it too, in memory
    await wait_for(lambda: fake.hits[late].answered and fake.ephemerals(HOST), "the stale copy's answer")
    await fake.settle()
    assert "earlier move" in fake.last_reply(HOST).content
    record = await store.load_table(table_id)
    assert record is not None and human_moves(record.scenario) == before + 1
    assert table_id not in stalled.tables.sessions  # it let its copy go


async def test_a_dead_holder_s_turn_timer_fires_once_elsewhere(start: tuple[FakeDiscord, Start]) -> None:
    """Nobody clicks: the stored timer row of the killed holder is claimed by another bot, which
    takes the table over and plays the timeout, once (the next move is another seat's)."""
    fake, start_one = start
    bots = [await start_one(i, time_scale=0.02) for i in range(SHARDS)]  # a turn of 70 s lasts 1.4 s
    store = bots[0].store
    table_id = await open_table(fake, bots[GUILD_SHARD], timer=10)
    await asyncio.sleep(LEASE)  # past the start-up sweep for orphans
    before = await store.load_table(table_id)
    assert before is not None
    count = len(before.scenario["moves"])
    await kill(bots[GUILD_SHARD])

    async def timed_out() -> Any:
        record = await store.load_table(table_id)
        return record if record and len(record.scenario["moves"]) > count + 1 else None

    record = await wait_for(timed_out, "the timeout played elsewhere", LEASE * 10)
    moves = record.scenario["moves"]
    assert moves[count][0] == "A" and moves[count + 1][0] != "A"  # A's turn timed out, once
    assert await store.lease_holder(table_id) in ("bot0", "bot2")


async def test_channel_commands_reach_a_table_another_process_took_over(start: tuple[FakeDiscord, Start]) -> None:
    """The server's process died and another one took its table over; the server's process runs
    again. ``/table status``, ``verify``, ``new``, ``leave`` and ``abort`` in the channel reach it,
    and it serves them from the table where it is played (before: "there is no table" and a second
    table in the channel); the server's table count includes it (MAX_TABLES_PER_GUILD)."""
    fake, start_one = start
    fake.add_user(STRANGER, "Mallory")
    bots = [await start_one(i, **({"cpu_pause": 60.0} if i == 0 else {})) for i in range(SHARDS)]  # no CPU
    # moves where the table goes: a table played by CPUs alone would be over before the last command
    store = bots[0].store
    table_id = await open_table(fake, bots[GUILD_SHARD])
    await asyncio.sleep(LEASE)  # past the start-up sweep for orphans, which would take the table first
    await kill(bots[GUILD_SHARD])
    await wait_for(lambda: _free(store, table_id), "the lease to run out", LEASE * 4)
    token, _ = await click_hand(fake, bots[0])  # a private click: the shard-0 process takes the table over
    await wait_for(partial(played, fake, token), "the answer")
    holder = bots[0].tables
    guild_bot = await start_one(GUILD_SHARD, guild_cap=1)  # started again: the table stays with its holder
    assert guild_bot.tables.table_in(CHANNEL_ID) is None and table_id in holder.sessions

    async def command(user: int, name: str, channel_id: int = CHANNEL_ID, **options: Any) -> Stored:
        replies = len(fake.ephemerals(user))
        fake.slash(guild_bot, user, f"table {name}", channel_id=channel_id, **options)
        await wait_for(lambda: len(fake.ephemerals(user)) > replies, f"the answer to /table {name}")
        return fake.last_reply(user)

    status = await command(HOST, "status")
    assert table_id in status.text() and "no table" not in status.text()
    seed = holder.tables[table_id].seed
    assert seed is not None and seed_digest(seed) in (await command(HOST, "verify")).text()  # read from the store
    assert "already has a table" in (await command(HOST, "new", game="riichi")).text()
    assert "the most it may have" in (await command(HOST, "new", game="riichi", channel_id=CHANNEL_ID + 1)).text()
    assert "Only the host" in (await command(STRANGER, "abort")).text()  # refused privately
    assert "left the table" in (await command(HOST, "leave")).text()
    assert holder.tables[table_id].seat("A").user_id is None  # played by a CPU from now on
    fake.slash(guild_bot, HOST, "table abort")  # the host still may
    await wait_for(lambda: any("was stopped" in m.text() for m in fake.channel_messages()), "the stop, told publicly")
    assert await store.table_in_channel(CHANNEL_ID) is None and table_id not in holder.sessions
    assert [g.table_id for g in await store.aborted_games(GUILD_ID)] == [table_id]
