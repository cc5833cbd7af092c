"""``python -m bot.ops.check``: the container's health check, against a running ops server and
without one."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.ops import check
from bot.ops.health import Readiness
from bot.ops.server import OpsServer


async def test_it_follows_the_bot_s_own_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    readiness = Readiness()
    server = OpsServer(readiness, 0, "127.0.0.1")
    try:
        monkeypatch.setenv("METRICS_PORT", str(server.port))
        assert await asyncio.to_thread(check.main, ["healthz"]) == 0
        assert await asyncio.to_thread(check.main, ["readyz"]) == 1  # nothing checked yet
        readiness.record({"gateway": True, "store": True})
        assert await asyncio.to_thread(check.main, ["readyz"]) == 0
        readiness.record({"gateway": True, "store": False})
        assert await asyncio.to_thread(check.main, ["readyz"]) == 1
    finally:
        server.close()
    assert await asyncio.to_thread(check.main, ["healthz"]) == 1  # nobody answers any more
    assert check.main(["livez"]) == 2


def test_without_the_port_it_checks_the_database_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("METRICS_PORT", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "janpo.sqlite3"))
    assert check.main([]) == 0
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "missing" / "janpo.sqlite3"))
    assert check.main([]) == 1
