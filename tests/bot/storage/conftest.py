"""A real SQLite file per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Store


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "janpo.sqlite")


@pytest.fixture
async def store(db_path: str) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    yield s
    await s.close()
