"""Storage under load, on SQLite and PostgreSQL alike: saves per second from many tables at once,
and ``finish_game`` from several processes (store objects, each its own connection or pool) whose
games share players in one guild."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.storage import FinishedGame, SeatResult, Store, TableRecord

OpenStore = Callable[[], Awaitable[Store]]
PG_ENV = ("JANPO_BENCH_POSTGRES_URL", "JANPO_TEST_POSTGRES_URL")


def postgres_url() -> str | None:
    for name in PG_ENV:
        if os.environ.get(name, "").strip():
            return os.environ[name].strip()
    return None


@asynccontextmanager
async def pg_schema(url: str) -> AsyncIterator[str]:
    """A schema of its own for the run, dropped after."""
    import asyncpg

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(url)
    await conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield url + ("&" if "?" in url else "?") + f"search_path={schema}"
    finally:
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await conn.close()


def _ms(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return f"p50 {statistics.median(times) * 1000:.2f} / p95 {p95 * 1000:.2f} ms"


async def saves_per_second(store: Store, tables: int, seconds: float, batched: bool = False) -> str:
    """``tables`` tables each appending one move after another, all at once; ``batched``: through
    the store's writer (as the bot saves), which commits the saves queued meanwhile together."""
    move = ["A", "discard", "5m", "raise", 3000]
    meta = {"seats": {"A": 1, "B": 2, "C": None, "D": 4}}
    ids = [f"load-{tables}-{n}{'-w' if batched else ''}" for n in range(tables)]
    for n, table_id in enumerate(ids):
        await store.create_table(TableRecord(table_id, 2, n, "janpo", {"game": "janpo", "moves": []}, meta))
    times: list[float] = []
    end = time.perf_counter() + seconds

    async def play(table_id: str) -> None:
        count = 0
        while time.perf_counter() < end:
            start = time.perf_counter()
            if batched:
                count = await store.writer.append(table_id, count, [move], meta)
            else:
                count = await store.append_moves(table_id, count, [move], meta)
            times.append(time.perf_counter() - start)

    began = time.perf_counter()
    await asyncio.gather(*(play(table_id) for table_id in ids))
    return f"{len(times) / (time.perf_counter() - began):,.0f} saves/s, {_ms(times)}"


def _game(rng: random.Random, users: list[int]) -> FinishedGame:
    seated = rng.sample(users, 4)
    end = datetime(2026, 11, 30, tzinfo=UTC)
    return FinishedGame(
        guild_id=3, channel_id=1, game="riichi", options={}, started_at=end - timedelta(hours=1), finished_at=end,
        seed=rng.getrandbits(63), scenario={"game": "riichi", "moves": [["A", "tsumogiri"]] * 200},
        seats=[SeatResult("ABCD"[i], u, f"p{u}", rng.randrange(0, 600) * 100, stats={"kyoku_played": 8, "wins": 1})
               for i, u in enumerate(seated)],
        kyoku_results=[{"kyoku": "E1", "honba": 0, "result": "draw", "yaku": [], "deltas": {}}] * 8,
    )


async def finish_contention(open_store: OpenStore, processes: int, tasks: int, seconds: float) -> str:
    """``processes`` stores, ``tasks`` finishers each, games of 4 of 8 players of one guild."""
    stores = [await open_store() for _ in range(processes)]
    users = list(range(100, 108))
    before = sum(r.games for r in await stores[0].leaderboard(3, "riichi", limit=100))
    times: list[float] = []
    end = time.perf_counter() + seconds

    async def finisher(store: Store, seed: int) -> None:
        rng = random.Random(seed)
        while time.perf_counter() < end:
            game = _game(rng, users)
            start = time.perf_counter()
            await store.finish_game(None, game)
            times.append(time.perf_counter() - start)

    began = time.perf_counter()
    try:
        await asyncio.gather(*(finisher(s, 10 * p + t) for p, s in enumerate(stores) for t in range(tasks)))
        elapsed = time.perf_counter() - began
        counted = sum(r.games for r in await stores[0].leaderboard(3, "riichi", limit=100)) - before
    finally:
        for s in stores:
            await s.close()
    lost = "none lost" if counted == 4 * len(times) else f"LOST {4 * len(times) - counted}"
    return f"{len(times) / elapsed:,.0f} games/s, {_ms(times)}, rating updates {lost}"


async def run_load(label: str, open_store: OpenStore, quick: bool) -> list[tuple[str, Any]]:
    seconds = 1.0 if quick else 3.0
    store = await open_store()
    try:
        out: list[tuple[str, Any]] = [
            (f"{label}: append_moves, 1 table", await saves_per_second(store, 1, seconds)),
            (f"{label}: append_moves, 50 tables at once", await saves_per_second(store, 50, seconds)),
            (f"{label}: the writer, 1 table", await saves_per_second(store, 1, seconds, batched=True)),
            (f"{label}: the writer, 50 tables at once", await saves_per_second(store, 50, seconds, batched=True)),
        ]
    finally:
        await store.close()
    out.append((f"{label}: finish_game, 1 process x 1", await finish_contention(open_store, 1, 1, seconds)))
    out.append((f"{label}: finish_game, 2 processes x 4 at once", await finish_contention(open_store, 2, 4, seconds)))
    return out
