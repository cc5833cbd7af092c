"""What only the PostgreSQL backend has: selection by URL, migrations under an advisory lock."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from bot.storage import Store, StoreError
from bot.storage import postgres_schema as schema
from bot.storage.postgres import PostgresStore
from bot.storage.postgres_schema import LATEST, MIGRATIONS, Migration, migrate


async def versions(url: str) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        return [r[0] for r in await conn.fetch("SELECT version FROM schema_version ORDER BY version")]
    finally:
        await conn.close()


async def test_a_postgresql_url_selects_postgres(pg_url: str) -> None:
    store = await Store.open(pg_url)
    assert isinstance(store, PostgresStore)
    await store.close()


async def test_processes_opening_at_once_apply_each_step_once(pg_url: str) -> None:
    stores = await asyncio.gather(*(Store.open(pg_url) for _ in range(4)))
    steps = [m.version for m in MIGRATIONS]  # PostgreSQL's own list skips the versions it never needed
    assert steps == sorted(set(steps)) and steps[-1] == LATEST
    assert await versions(pg_url) == steps
    await stores[0].set_guild_language(1, "ko")
    assert await stores[3].get_guild_language(1) == "ko"
    for s in stores:
        await s.close()
    await (await Store.open(pg_url)).close()  # reopening changes nothing
    assert await versions(pg_url) == steps


async def test_a_newer_schema_is_refused(pg_url: str) -> None:
    await (await Store.open(pg_url)).close()
    conn = await asyncpg.connect(pg_url)
    await conn.execute("INSERT INTO schema_version VALUES ($1, 0, 'from the future')", LATEST + 1)
    await conn.close()
    with pytest.raises(StoreError, match="schema version"):
        await Store.open(pg_url)


async def test_a_failing_step_leaves_the_previous_version(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    await (await Store.open(pg_url)).close()
    broken = Migration(LATEST + 1, "half a step", ("CREATE TABLE half (x INTEGER)", "NOT SQL AT ALL"))
    monkeypatch.setattr(schema, "MIGRATIONS", (*MIGRATIONS, broken))
    conn = await asyncpg.connect(pg_url)
    try:
        with pytest.raises(asyncpg.PostgresSyntaxError):
            await migrate(conn)
        assert await conn.fetchval("SELECT to_regclass('half')") is None
        # the lock was given back: another migrate does not wait forever
        assert await asyncio.wait_for(migrate(conn, LATEST), 30) == LATEST
    finally:
        await conn.close()
    assert (await versions(pg_url))[-1] == LATEST


async def test_moves_commit_without_waiting_for_the_disk_and_finished_games_wait(pg_url: str) -> None:
    store = await Store.open(pg_url)
    pool: Any = store._pool  # type: ignore[attr-defined]
    assert await pool.fetchval("SHOW synchronous_commit") == "off"  # as SQLite's synchronous=NORMAL
    await store.close()
    strict = await Store.open(pg_url + "&synchronous_commit=on")
    assert await strict._pool.fetchval("SHOW synchronous_commit") == "on"  # type: ignore[attr-defined]
    await strict.close()
