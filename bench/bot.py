"""The bot's own cost per move, over the offline Discord of the tests (no network, no token).

- one human + three CPUs playing Janpo: server time per human click (engine, SQLite write, the
  next CPU move, the answer), per private hand (picture and DM), per table-picture edit, per
  database write; Discord API calls per move with the real pacing (1 s between CPU moves, one
  table edit per second);
- 200 CPU-only Janpo tables at once in one process: resident memory per table and the moves and
  table edits the process keeps up with.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class _Patch:
    """The one ``setattr`` the fake Discord needs, undone at the end."""

    def __init__(self) -> None:
        self.undo: list[tuple[Any, str, Any]] = []

    def setattr(self, target: Any, name: str, value: Any) -> None:
        self.undo.append((target, name, getattr(target, name)))
        setattr(target, name, value)

    def restore(self) -> None:
        for target, name, value in reversed(self.undo):
            setattr(target, name, value)


def _harness() -> Any:
    sys.path.insert(0, str(ROOT / "tests" / "bot"))
    import harness

    return harness


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _timed(owner: Any, name: str, sink: list[float], patch: _Patch) -> None:
    original = getattr(owner, name)

    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return await original(*args, **kwargs)
        finally:
            sink.append(time.perf_counter() - start)

    patch.setattr(owner, name, wrapper)


def _ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (n={len(ordered)})"


async def _bot(h: Any, fake: Any, path: str, **kw: Any) -> Any:
    from bot.client import JanpoBot
    from bot.config import Config
    from bot.storage import Store

    store = await Store.open(path)
    seeds = iter(range(1, 10**9))
    bot = JanpoBot(Config(token="bench"), store=store, seeds=lambda: next(seeds), **kw)
    await h.log_in(bot)
    return bot


async def _stop(bot: Any) -> None:
    await bot.tables.close()
    await bot.http.close()
    await bot.store.close()


async def _one_table(quick: bool, tmp: str) -> list[tuple[str, str]]:
    h = _harness()
    patch = _Patch()
    fake = h.FakeDiscord()
    fake.install(patch)
    clicks: list[float] = []
    hands: list[float] = []
    edits: list[float] = []
    saves: list[float] = []
    try:
        bot = await _bot(h, fake, f"{tmp}/one.sqlite3", time_scale=0.01)
        manager = bot.tables
        _timed(manager, "on_move", clicks, patch)
        _timed(manager.effects, "send_hand", hands, patch)
        _timed(manager.effects, "_draw_and_send", edits, patch)
        _timed(manager.store, "save_table", saves, patch)
        fake.add_user(h.HOST, "Alice")
        games = 1 if quick else 3
        moves = calls = 0
        for _ in range(games):
            start_calls = len(fake.calls)
            await h.open_table(fake, bot, game="janpo")
            table = next(iter(manager.tables.values()))
            await h.play_out(fake, bot, limit=2000)
            moves += len(table.moves)
            calls += len(fake.calls) - start_calls
        engine = manager.move_times
        await _stop(bot)
    finally:
        patch.restore()
    return [
        ("janpo games played (1 human + 3 CPUs)", str(games)),
        ("human click handled (engine, DB write, next CPU move, answer)", _ms(clicks)),
        ("private hand drawn and sent by DM", _ms(hands)),
        ("table picture drawn and edited", _ms(edits)),
        ("database write per save", _ms(saves)),
        ("engine play() per move", _ms(engine)),
        ("Discord API calls per move (real pacing)", f"{calls / max(moves, 1):.2f} ({calls} calls, {moves} moves)"),
    ]


async def _many_tables(quick: bool, tmp: str) -> list[tuple[str, str]]:
    from bot.play import lobby
    from bot.play.table import Seat, Table

    h = _harness()
    patch = _Patch()
    fake = h.FakeDiscord()
    fake.install(patch)
    count = 200
    seconds = 5.0 if quick else 20.0
    try:
        bot = await _bot(h, fake, f"{tmp}/many.sqlite3", time_scale=1.0)
        manager = bot.tables
        gc.collect()
        before = _rss_mb()

        async def open_one(i: int) -> None:
            table = Table(f"b{i:04d}", h.GUILD_ID, 10_000 + i, "janpo", 1,
                          seats=[Seat(None, f"CPU {n}") for n in range(1, 5)])
            session = manager.register(table)
            async with session.lock:
                out = await lobby.start(manager, session)
            await manager.effects.run(session, out)

        opening = time.perf_counter()
        await asyncio.gather(*(open_one(i) for i in range(count)))
        started = time.perf_counter()
        moves0, calls0 = len(manager.move_times), len(fake.calls)
        lags: list[float] = []
        while time.perf_counter() - started < seconds:  # how late the event loop answers (clicks wait this long)
            tick = time.perf_counter()
            await asyncio.sleep(0.1)
            lags.append(time.perf_counter() - tick - 0.1)
        elapsed = time.perf_counter() - started
        gc.collect()
        after = _rss_mb()
        moves = len(manager.move_times) - moves0
        edits = sum(1 for c in fake.calls[calls0:] if c.method == "PATCH")
        live = sum(1 for t in manager.tables.values() if t.status == "playing")
        await _stop(bot)
    finally:
        patch.restore()
    return [
        (f"{count} CPU Janpo tables opened at once", f"{started - opening:.1f} s"),
        ("resident memory added", f"{after - before:.1f} MB"),
        ("memory per table", f"{(after - before) / count * 1024:.0f} KB"),
        ("moves per second, all tables (target 200: one per table per s)", f"{moves / elapsed:.0f}"),
        ("table edits per second, all channels (target 200)", f"{edits / elapsed:.0f}"),
        ("tables still playing at the end", str(live)),
        ("event-loop lag meanwhile (a click's wait before its defer)", _ms(lags) + f", max {max(lags) * 1000:.0f} ms"),
    ]


def run(quick: bool) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(_one_table(quick, tmp))
        figures += asyncio.run(_many_tables(quick, tmp))
    return figures
