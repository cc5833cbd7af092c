"""Fixtures for bot tests: the fake Discord, a store on disk, and bots logged in against them."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import JanpoBot
from bot.config import Config
from bot.play.clock import ManualClock
from bot.storage import Store
from tests.bot.harness import FakeDiscord, log_in


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    """The fake Discord, on a virtual clock the bots under test share (time passes only when the
    test waits for something, and then in no wall time)."""
    discord_fake = FakeDiscord(ManualClock())
    discord_fake.install(monkeypatch)
    return discord_fake


@pytest.fixture
async def start_bot(tmp_path: Path, fake: FakeDiscord) -> AsyncIterator[Callable[..., Awaitable[JanpoBot]]]:
    """``await start_bot()`` -> a logged-in bot on the fake's clock, real time scale (a 30 s timer
    is 30 clock seconds); every call opens the same database file anew."""
    bots: list[JanpoBot] = []
    stores: list[Any] = []

    async def start(**kw: Any) -> JanpoBot:
        store = await Store.open(str(tmp_path / "janpo.sqlite3"))
        stores.append(store)
        seeds = iter(range(kw.pop("seed", 1), 10**9))
        kw.setdefault("render", "inline")  # pictures drawn in the test's thread, in order
        kw.setdefault("decide", "thread")  # CPU choices in a thread of this process (as tests patch them)
        kw.setdefault("freeze_gc", False)
        bot = JanpoBot(Config(token="fake-token"), store=store, seeds=lambda: next(seeds), clock=fake.clock,
                       **kw)
        await log_in(bot)
        bots.append(bot)
        return bot

    yield start
    for bot in bots:
        await bot.tables.close()
        await bot.outbox.close(drain=False)
        await bot.http.close()
    for store in stores:
        await store.close()


@pytest.fixture
def public_sprites(monkeypatch: pytest.MonkeyPatch) -> list[tuple[dict[str, Any], list[str]]]:
    """Every public table picture drawn: (the view it was drawn from, the sprites it asked for).

    The sprite watch sees all threads, so private hand pictures are kept from overlapping."""
    from bot.play import images
    from bot.render import sprites

    drawn: list[tuple[dict[str, Any], list[str]]] = []
    table_job, hand_job = images.table_job, images.hand_job
    one_at_a_time = threading.Lock()

    def hand(*args: Any) -> Any:
        job, record, kind = hand_job(*args)

        def draw(*more: Any) -> bytes:
            with one_at_a_time:
                return job(*more)
        return draw, record, kind

    def table(game: str, view: dict[str, Any], names: Any = None) -> Any:
        job, record = table_job(game, view, names)

        def draw(*more: Any) -> bytes:
            with one_at_a_time, sprites.watch() as seen:
                png = job(*more)
            drawn.append((view, list(seen)))
            return png
        return draw, record

    monkeypatch.setattr(images, "table_job", table)
    monkeypatch.setattr(images, "hand_job", hand)
    return drawn
