"""Each store test runs against SQLite (a real file) and PostgreSQL (a schema of its own).

Tests that look at the SQLite file itself take ``db_path`` and run on SQLite only. PostgreSQL
tests need a server: set JANPO_TEST_POSTGRES_URL (CI does); without it they are skipped and the
run ends with one line saying so. Each PostgreSQL test gets a fresh schema, dropped afterwards,
so parallel workers never see each other's rows.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Store

PG_ENV = "JANPO_TEST_POSTGRES_URL"
HOW_TO_ENABLE = (
    f"PostgreSQL store tests skipped: set {PG_ENV}=postgresql://postgres@127.0.0.1:5432/test "
    "(any server you may create schemas on) to run them"
)
OpenStore = Callable[[], Awaitable[Store]]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "backend" in names and "db_path" not in names:
        metafunc.parametrize("backend", ["sqlite", "postgres"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if PG_ENV in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} {HOW_TO_ENABLE}")


def postgres_url() -> str:
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(HOW_TO_ENABLE)
    return url


def with_schema(url: str, schema: str) -> str:
    return url + ("&" if "?" in url else "?") + f"search_path={schema}"


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A PostgreSQL URL whose tables live in a schema made for this use alone, dropped after."""
    import asyncpg

    url = postgres_url()
    schema = f"test_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        yield with_schema(url, schema)
    finally:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await conn.close()


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with fresh_schema() as url:
        yield url


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "janpo.sqlite")


@pytest.fixture
async def database(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    """Where the test's store lives: a file, or a PostgreSQL URL with a schema of its own."""
    if backend == "postgres":
        async with fresh_schema() as url:
            yield url
    else:
        yield str(tmp_path / "janpo.sqlite")


@pytest.fixture
async def open_store(database: str) -> AsyncIterator[OpenStore]:
    """Opens another store on the test's database, as another process would; closes them after."""
    opened: list[Store] = []

    async def open_one() -> Store:
        opened.append(await Store.open(database))
        return opened[-1]

    yield open_one
    for s in opened:
        await s.close()


@pytest.fixture
async def store(open_store: OpenStore, backend: str) -> Store:
    return await open_store()
