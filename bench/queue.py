"""``python -m bench queue``: ranked matching's cost and the waits of a simulated evening.

1. Matching time per match with 10,000 players waiting (goal <= 5 ms): one full pass of
   :func:`bot.ranked.matching.find_matches` over the queue, divided by the tables it made; one call
   that stops at the first table (what the cost of the first match is, bucketing included); and
   the store's own claim (SQLite, one transaction that reads 10,000 rows, matches and marks).
2. An evening: players arrive at random over two hours with ranks spread like a real server's
   (most in the kyu ranks and low dan, few high dan), each plays a session of 1-3 games of 25±5
   minutes and queues again between them; 95 % press Ready within 3-15 s, the others leave. The
   queue is matched once a second (the service wakes on every join and every 10 s). Reported: the
   median and p95 wait from joining to a table, and the rank spread per table.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.ranked.matching import MAHJONG, Waiting, find_matches
from bot.storage import Store
from bot.storage.ranked import QueueEntry

LEVEL_WEIGHTS = [2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 10, 8, 6, 4, 3, 2, 1, 0.5, 0.2]
"""How many players of each rank level (10 kyu ... 10 dan), relatively: a bulge around 1 kyu-2 dan."""


def _queue(n: int, rng: random.Random, now: float) -> list[Waiting]:
    levels = rng.choices(range(20), LEVEL_WEIGHTS, k=n)
    return [Waiting(i, now - rng.uniform(0, 300), levels[i], rng.gauss(1500, 150)) for i in range(n)]


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1e3:.2f} ms"


def _matching(n: int, repeats: int) -> list[tuple[str, str]]:
    rng = random.Random(1)
    per_match, first, unsorted, tables = [], [], [], 0
    for _ in range(repeats):
        waiting = _queue(n, rng, 10_000.0)
        shuffled = list(waiting)
        waiting.sort(key=lambda w: w.joined_at)  # as the store reads them
        start = time.perf_counter()
        found = find_matches(waiting, 10_000.0, MAHJONG)
        per_match.append((time.perf_counter() - start) / max(1, len(found)))
        tables = len(found)
        start = time.perf_counter()
        find_matches(waiting, 10_000.0, MAHJONG, limit=1)
        first.append(time.perf_counter() - start)
        start = time.perf_counter()
        find_matches(shuffled, 10_000.0, MAHJONG, limit=1)
        unsorted.append(time.perf_counter() - start)
    return [(f"{n:,} waiting: full pass, time per match ({tables:,} tables)", _ms(per_match)),
            (f"{n:,} waiting: the first match alone (bucketing included)", _ms(first)),
            (f"{n:,} waiting, not in join order: the first match alone", _ms(unsorted))]


async def _store_claim(n: int) -> tuple[float, int]:
    rng = random.Random(2)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "queue.sqlite"))
        try:
            for w in _queue(n, rng, 10_000.0):
                await store.queue_join(QueueEntry(w.user_id + 1, 1, "riichi", "south", w.joined_at, "p", w.level))

            def pick(entries: list[QueueEntry], now: float) -> list[list[QueueEntry]]:
                by_user = {e.user_id: e for e in entries}
                found = find_matches([Waiting(e.user_id, e.joined_at, e.level, e.rating) for e in entries], now,
                                     MAHJONG)
                return [[by_user[w.user_id] for w in table] for table in found]

            start = time.perf_counter()
            matches = await store.claim_matches(1, "riichi", "south", 10_000.0, 30.0, pick)
            return time.perf_counter() - start, len(matches)
        finally:
            await store.close()


def _evening(players: int, seed: int) -> tuple[list[float], list[int], int]:
    """Waits (s), rank spread per table, tables: one simulated evening on the pure matcher."""
    rng = random.Random(seed)
    levels = rng.choices(range(20), LEVEL_WEIGHTS, k=players)
    ratings = [1500 + 40 * (lv - 9) + rng.gauss(0, 80) for lv in levels]
    games_left = [rng.randint(1, 3) for _ in range(players)]
    returns: list[tuple[float, int]] = sorted((rng.uniform(0, 7200), p) for p in range(players))
    waiting: dict[int, float] = {}
    waits: list[float] = []
    spreads: list[int] = []
    tables = 0
    now = 0.0
    while now < 7200 + 3600 and (returns or waiting):
        while returns and returns[0][0] <= now:
            _, p = returns.pop(0)
            waiting[p] = now
        queue = [Waiting(p, at, levels[p], ratings[p]) for p, at in waiting.items()]
        for table in find_matches(queue, now, MAHJONG):
            ready = [w for w in table if rng.random() < 0.95]
            answered = now + max(rng.uniform(3, 15) for _ in table)
            if len(ready) < len(table):  # the silent leave; the others keep their place
                for w in table:
                    if w not in ready:
                        del waiting[w.user_id]
                continue
            tables += 1
            spreads.append(max(w.level for w in table) - min(w.level for w in table))
            for w in table:
                waits.append(answered - w.joined_at)
                del waiting[w.user_id]
                games_left[w.user_id] -= 1
                if games_left[w.user_id] > 0:
                    returns.append((answered + rng.gauss(1500, 300), w.user_id))
            returns.sort()
        now += 1.0
    return waits, spreads, tables


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(quick: bool) -> list[tuple[str, str]]:
    rows = _matching(10_000, 3 if quick else 15)
    seconds, made = asyncio.run(_store_claim(2_000 if quick else 10_000))
    n = 2_000 if quick else 10_000
    rows.append((f"{n:,} waiting: SQLite claim_matches, time per match ({made:,})",
                 f"{seconds / max(1, made) * 1e3:.2f} ms (whole claim {seconds * 1e3:.0f} ms)"))
    evenings = 3 if quick else 20
    waits: list[float] = []
    spreads: list[int] = []
    tables = 0
    for seed in range(evenings):
        w, s, n_tables = _evening(200, seed)
        waits += w
        spreads += s
        tables += n_tables
    rows += [
        (f"evening: 200 players over 2 h, {evenings} runs, tables per run", f"{tables / evenings:.1f}"),
        ("evening: wait to a table, median / p95 / max",
         f"{statistics.median(waits):.0f} / {_pct(waits, 0.95):.0f} / {max(waits):.0f} s"),
        ("evening: rank spread per table (levels), median / p95 / max",
         f"{statistics.median(spreads):.0f} / {_pct([float(x) for x in spreads], 0.95):.0f} / {max(spreads)}"),
        ("evening: tables within 2 ranks", f"{sum(s <= 2 for s in spreads) / len(spreads):.0%}"),
    ]
    return rows
