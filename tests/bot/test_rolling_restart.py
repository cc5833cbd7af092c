"""Three real bot processes over PostgreSQL, each restarted in turn with SIGTERM while their games
are played (tests/bot/rolling.py): every move a player was told was played is stored, once and
in order; each stopping process hands its tables on, the next click of a handed table is answered
by another process long before a lease could have run out, and each exits within its bound.
``python -m bench ops`` runs the same ten times with twenty games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.play.drain import EXIT_MARGIN
from tests.bot.rolling import rolling_restart

PG_ENV = "JANPO_TEST_POSTGRES_URL"
DRAIN_SECONDS = 10.0  # the runner's
LEASE = 30.0


async def test_a_rolling_restart_of_three_processes_loses_no_move(tmp_path: Path) -> None:
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(f"real-process tests skipped: set {PG_ENV}=postgresql://postgres@127.0.0.1:5432/test")
    figures = await rolling_restart(url, tmp_path / "journal.jsonl", games=4)
    assert figures.told > 0  # and each was found stored (rolling.check raises otherwise)
    assert figures.handed > 0 and len(figures.drains) == 6  # three restarts, then three stops
    assert figures.next_click and max(figures.next_click) < LEASE / 3  # handed on, not waited out
    assert max(figures.stops) < DRAIN_SECONDS + EXIT_MARGIN
