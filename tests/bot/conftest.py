"""Fixtures for bot tests: the fake Discord, a store on disk, and bots logged in against them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from harness import FakeDiscord, log_in

from bot.client import JanpoBot
from bot.config import Config
from bot.storage import Store

TIME_SCALE = 0.01  # 30 s turn timer -> 0.3 s; one table edit per 10 ms


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    discord_fake = FakeDiscord()
    discord_fake.install(monkeypatch)
    return discord_fake


@pytest.fixture
async def start_bot(tmp_path: Path) -> AsyncIterator[Callable[..., Awaitable[JanpoBot]]]:
    """``await start_bot()`` -> a logged-in bot; every call opens the same database file anew."""
    bots: list[JanpoBot] = []
    stores: list[Any] = []

    async def start(**kw: Any) -> JanpoBot:
        store = await Store.open(str(tmp_path / "janpo.sqlite3"))
        stores.append(store)
        seeds = iter(range(kw.pop("seed", 1), 10**9))
        bot = JanpoBot(Config(token="fake-token"), store=store, time_scale=kw.pop("time_scale", TIME_SCALE),
                       seeds=lambda: next(seeds), **kw)
        await log_in(bot)
        bots.append(bot)
        return bot

    yield start
    for bot in bots:
        await bot.tables.close()
        await bot.http.close()
    for store in stores:
        await store.close()
