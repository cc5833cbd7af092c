"""Many tables with a human each: three shard bots on PostgreSQL against one bot on SQLite.

Every table is hold'em, one human and three CPUs (no CPU pause), over the offline Discord of the
tests. In the sharded run the tables are spread over the three bots' shards (a third each) and
every private-hand click is delivered to the shard-0 bot, as Discord does, so two thirds of the
clicks are forwarded to their holder through the database. A driver clicks each hand as soon as
it arrives and times the click until its answer (the hand message losing its buttons). Figures:
moves stored per second over all tables, click latency p50/p95, forwarded share.

The three bots share this one process and event loop (the fake Discord lives in it), so the
figures show what the shared database and the forwarding cost, not the gain of more cores.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
import uuid
from typing import Any

from bench._offline import Patch, harness

PG_URL = os.environ.get("JANPO_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
SHARDS = 3
USER0 = 600_000_000_000_000_001


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


async def _run(urls: list[str], count: int, seconds: float, sharded: bool) -> dict[str, Any]:
    from bot.client import JanpoBot
    from bot.config import Config
    from bot.play import lobby
    from bot.play.table import Seat, Table
    from bot.storage import Store

    h = harness()
    done: dict[int, float] = {}
    sent: dict[int, float] = {}

    class Timed(h.FakeDiscord):  # type: ignore[misc,name-defined]
        def _edit(self, method: str, path: str, mid: int, payload: dict[str, Any], files: Any) -> Any:
            result = super()._edit(method, path, mid, payload, files)
            if mid in sent and mid not in done and not self.messages[mid].buttons():
                done[mid] = time.perf_counter()
            return result

    patch = Patch()
    fake = Timed()
    fake.install(patch)
    bots: list[Any] = []
    try:
        for shard, url in enumerate(urls):
            store = await Store.open(url)
            seeds = iter(range(1, 10**9))
            config = Config(token="bench", shard_ids=(shard,), shard_count=len(urls)) if sharded else Config("bench")
            bot = JanpoBot(config, store=store, seeds=lambda seeds=seeds: next(seeds), cpu_pause=0.0,
                           holder=f"bench{shard}")
            await h.log_in(bot)
            bots.append(bot)
        users = [USER0 + i for i in range(count)]
        for user in users:
            fake.add_user(user, f"P{user % 1000}")

        async def open_one(i: int) -> None:
            shard = i % len(bots)
            guild = ((3 * i + shard) << 22) if sharded else h.GUILD_ID
            table = Table(f"s{i:04d}", guild, 10_000 + i, "holdem", users[i],
                          options={"blinds": [100, 200], "stacks": 40_000}, seating="join",
                          seats=[Seat(users[i], "P"), *(Seat(None, f"CPU {n}") for n in range(1, 4))])
            manager = bots[shard].tables
            session = manager.register(table)
            async with session.lock:
                out = await lobby.start(manager, session)
            await manager.effects.run(session, out)

        await asyncio.gather(*(open_one(i) for i in range(count)))
        owner = {u: i % len(bots) for i, u in enumerate(users)}
        in_flight: dict[int, int] = {}  # user -> message clicked
        forwarded = clicks = 0
        moves0 = sum(len(b.tables.move_times) for b in bots)
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            for user in users:
                mid = in_flight.get(user)
                if mid is not None and mid not in done:
                    continue
                hand = h.pending_hand(fake, user)
                if hand is None or hand.id in sent:
                    continue
                button = next(b for b in hand.buttons() if b["custom_id"].startswith("jp:m:"))
                sent[hand.id] = time.perf_counter()
                in_flight[user] = hand.id
                fake.click(bots[0], user, fake.as_seen(hand), button["custom_id"])
                clicks += 1
                forwarded += owner[user] != 0
            await asyncio.sleep(0.005)
        elapsed = time.perf_counter() - started
        moves = sum(len(b.tables.move_times) for b in bots) - moves0
        latency = [done[m] - sent[m] for m in done]
    finally:
        for bot in bots:
            await bot.tables.close()
            await bot.http.close()
            await bot.store.close()
        patch.restore()
    return {"moves_s": moves / elapsed, "p50": _pct(latency, 0.5), "p95": _pct(latency, 0.95),
            "clicks": clicks, "answered": len(latency), "forwarded": forwarded,
            "median": statistics.median(latency) * 1000 if latency else float("nan")}


async def _postgres(count: int, seconds: float) -> dict[str, Any]:
    import asyncpg

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(PG_URL)
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        url = PG_URL + ("&" if "?" in PG_URL else "?") + f"search_path={schema}"
        return await _run([url] * SHARDS, count, seconds, sharded=True)
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


def _line(result: dict[str, Any]) -> str:
    return (f"{result['moves_s']:.0f} moves/s; click p50 {result['p50']:.0f} ms, p95 {result['p95']:.0f} ms "
            f"({result['answered']}/{result['clicks']} clicks answered, {result['forwarded']} forwarded)")


def run(quick: bool) -> list[tuple[str, str]]:
    count = 30 if quick else 90
    seconds = 10.0 if quick else 30.0
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = asyncio.run(_run([f"{tmp}/one.sqlite3"], count, seconds, sharded=False))
    sharded = asyncio.run(_postgres(count, seconds))
    return [
        (f"{count} hold'em tables, 1 human each, {seconds:.0f} s", ""),
        ("1 bot, SQLite", _line(sqlite)),
        (f"{SHARDS} shard bots, PostgreSQL, DMs to shard 0", _line(sharded)),
    ]
