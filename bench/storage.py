"""Storage speed: leaderboard and stats queries over 100,000 stored games in one guild, the
writes made during play (a move appended, ``finish_game`` once per game) and, on SQLite and on
PostgreSQL (when JANPO_BENCH_POSTGRES_URL or JANPO_TEST_POSTGRES_URL names a server), the save
cost from 0 to 10,000 moves, saves per second and ``finish_game`` under contention.

The big database is built once with plain ``executemany`` in one transaction and cached in the
temp directory (keyed by schema version and size), so later runs only measure.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from bench._storage_load import PG_ENV, pg_schema, postgres_url, run_load
from bot.storage import FinishedGame, SeatResult, Store, TableRecord
from bot.storage.rating import DEFAULT_RATING, cpu_rating, shared_ranks, update
from bot.storage.sqlite_schema import LATEST

GUILD = 1
USERS = 200
DAYS = 365
END = datetime(2026, 11, 30, tzinfo=UTC)


def _cached_path(games: int) -> str:
    return os.path.join(tempfile.gettempdir(), f"janpo-bench-storage-v{LATEST}-{games}.sqlite")


def _build(path: str, games: int) -> None:
    """Write ``games`` riichi games (4 seats, one in ten a CPU) with ratings, totals and counters."""
    part = path + ".part"
    for leftover in (part, part + "-wal", part + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    asyncio.run(_create_schema(part))
    rng = random.Random(9)
    end = int(END.timestamp())
    ratings: dict[int, float] = {}
    totals: dict[int, list[int]] = {}
    game_rows, seat_rows, stat_rows = [], [], []
    for game_id in range(1, games + 1):
        finished = end - (games - game_id) * DAYS * 86400 // games
        users: list[int | None] = [u + 1 for u in rng.sample(range(USERS), 4)]
        if rng.random() < 0.1:
            users[3] = None
        points = [rng.randrange(-100, 700) * 100 for _ in users]
        ranks = shared_ranks(points)
        before = [ratings.get(u, DEFAULT_RATING) if u is not None else cpu_rating("normal") for u in users]
        after = update(before, ranks, fixed=[u is None for u in users])
        game_rows.append((game_id, GUILD, 10, "t", "riichi", "{}", finished - 2400, finished, "7", '{"moves":[]}'))
        for seat, user in enumerate(users):
            seat_rows.append((game_id, seat, "ABCD"[seat], user, f"p{user}", int(user is None), None, points[seat],
                              ranks[seat], GUILD, "riichi", finished,
                              None if user is None else before[seat], None if user is None else after[seat]))
            if user is None:
                continue
            ratings[user] = after[seat]
            t = totals.setdefault(user, [0, 0, 0, 0])
            t[0] += 1
            t[1] += ranks[seat]
            t[2] += ranks[seat] == 1
            t[3] += points[seat]
            for key, value in (("kyoku_played", 8), ("wins", rng.randrange(3)), ("deal_ins", rng.randrange(2)),
                               ("yaku/Riichi", rng.randrange(2))):
                stat_rows.append((game_id, seat, key, value))
    raw = sqlite3.connect(part)
    with raw:  # one transaction
        raw.execute("PRAGMA foreign_keys = ON")
        raw.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
        raw.executemany(
            """INSERT INTO seats (game_id, seat, player, user_id, name, is_cpu, cpu_level, points, rank, guild_id,
                                  mode, finished_at, rating_before, rating_after)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            seat_rows,
        )
        raw.executemany("INSERT INTO seat_stats VALUES (?, ?, ?, ?)", stat_rows)
        raw.executemany(
            "INSERT INTO players VALUES (?, 'riichi', ?, ?, ?, ?, ?, ?)",
            [(GUILD, u, ratings[u], *t) for u, t in totals.items()],
        )
    raw.execute("ANALYZE")
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    os.replace(part, path)


async def _create_schema(path: str) -> None:
    await (await Store.open(path)).close()


async def _median_ms(call: Callable[[], Awaitable[Any]], runs: int) -> str:
    await call()  # warm the page cache and the statement cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return f"{statistics.median(times) * 1000:.2f} ms median of {runs}"


def _finished_game(rng: random.Random, moves: list[list[Any]]) -> FinishedGame:
    points = [rng.randrange(0, 600) * 100 for _ in range(4)]
    users = rng.sample(range(1000, 1020), 4)
    return FinishedGame(
        guild_id=2, channel_id=10, game="janpo", options={}, started_at=END - timedelta(hours=1), finished_at=END,
        seed=rng.getrandbits(63), scenario={"game": "janpo", "seed": 1, "moves": moves},
        seats=[SeatResult("ABCD"[i], users[i], f"p{i}", points[i],
                          stats={"kyoku_played": 8, "wins": 1, "yaku": {"Riichi": 1, "Tanyao": 1}}) for i in range(4)],
        kyoku_results=[{"kyoku": "E1", "honba": 0, "result": "draw", "yaku": [], "deltas": {}}] * 8,
        poker_results=[{"hand": h, "board": "2h3d4hTs9c", "pots": [], "deltas": {}} for h in range(1, 9)],
    )


async def _measure(path: str, games: int, runs: int, writes_path: str) -> list[tuple[str, str]]:
    store = await Store.open(path)
    out: list[tuple[str, str]] = []
    for period in ("all", "month", "week"):
        out.append((f"leaderboard {period}, page 1 ({games:,} games)",
                    await _median_ms(partial(store.leaderboard, GUILD, "riichi", period, now=END), runs)))
    out.append(("leaderboard week, page 10", await _median_ms(
        lambda: store.leaderboard(GUILD, "riichi", "week", offset=90, now=END), runs)))
    out.append(("leaderboard_size month", await _median_ms(
        lambda: store.leaderboard_size(GUILD, "riichi", "month", now=END), runs)))
    out.append((f"player_stats (~{games * 4 // USERS:,} games of the player)",
                await _median_ms(lambda: store.player_stats(GUILD, 7, "riichi"), runs)))
    out.append(("rating_history", await _median_ms(lambda: store.rating_history(GUILD, 7, "riichi"), runs)))
    out.append(("history of one player, 10 newest", await _median_ms(lambda: store.history(GUILD, 7), runs)))
    await store.close()

    writes = await Store.open(writes_path)
    rng = random.Random(3)
    moves: list[list[Any]] = [["A", "discard", "5m", "raise", 3000] for _ in range(300)]
    rec = TableRecord("bench", 2, 10, "janpo", {"game": "janpo", "seed": 1, "moves": moves},
                      {"seats": {"A": 1, "B": 2, "C": None, "D": 4}, "message_ids": [1, 2, 3]})
    out.append(("save_table, 300-move scenario, unchanged", await _median_ms(lambda: writes.save_table(rec), runs * 4)))
    out.extend(await _save_cost(writes, runs * 4))
    out.append(("finish_game, 4 seats, 8 kyoku, 8 poker hands",
                await _median_ms(lambda: writes.finish_game("bench", _finished_game(rng, moves)), runs)))
    await writes.close()
    return out


async def _save_cost(store: Store, runs: int) -> list[tuple[str, str]]:
    """One move appended (and the whole-record ``save_table`` the bot calls today) at tables of
    0 to 10,000 moves: the cost should not grow with the game."""
    out = []
    move = ["A", "discard", "5m", "raise", 3000]
    meta = {"seats": {"A": 1, "B": 2, "C": None, "D": 4}, "message_ids": [1, 2, 3]}
    for length in (0, 1_000, 10_000):
        table_id = f"cost-{length}"
        await store.create_table(TableRecord(table_id, 2, 10, "janpo", {"game": "janpo", "seed": 1,
                                                                       "moves": [move] * length}, meta))
        count = [length]

        async def append(table_id: str = table_id, count: list[int] = count) -> None:
            count[0] = await store.append_moves(table_id, count[0], [move], meta)

        figure = await _median_ms(append, runs)
        moves = [move] * count[0]

        async def save(table_id: str = table_id, moves: list[Any] = moves) -> None:
            moves.append(move)
            await store.save_table(TableRecord(table_id, 2, 10, "janpo", {"game": "janpo", "seed": 1,
                                                                          "moves": moves}, meta))

        out.append((f"append_moves, 1 move, at {length:,} moves", figure))
        out.append((f"save_table (whole record), at {length:,} moves", await _median_ms(save, runs)))
    return out


def run(quick: bool) -> list[tuple[str, str]]:
    games = 10_000 if quick else 100_000
    path = _cached_path(games)
    built = "cached"
    if not os.path.exists(path):
        start = time.perf_counter()
        _build(path, games)
        built = f"built in {time.perf_counter() - start:.1f} s"
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(_measure(path, games, 20 if quick else 50, os.path.join(tmp, "writes.sqlite")))
        figures.extend(asyncio.run(_load("SQLite", os.path.join(tmp, "load.sqlite"), quick)))
    url = postgres_url()
    if url is None:
        figures.append(("PostgreSQL", f"skipped: set {PG_ENV[0]} to a server's URL"))
    else:
        figures.extend(asyncio.run(_postgres(url, quick)))
    size = os.path.getsize(path) / 2**20
    return [(f"database: {games:,} games, {USERS} players, one guild", f"{size:.0f} MiB, {built}"), *figures]


async def _load(label: str, where: str, quick: bool) -> list[tuple[str, str]]:
    return await run_load(label, lambda: Store.open(where), quick)


async def _postgres(url: str, quick: bool) -> list[tuple[str, str]]:
    async with pg_schema(url) as where:
        store = await Store.open(where)
        out = [(f"PostgreSQL: {label}", figure) for label, figure in await _save_cost(store, 20 if quick else 80)]
        await store.close()
        out.extend(await run_load("PostgreSQL", lambda: Store.open(where), quick))
    return out
