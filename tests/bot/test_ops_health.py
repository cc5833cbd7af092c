"""``/healthz`` and ``/readyz``: up while the process answers; ready only while the gateway is
connected, the store answers, the workers live, the process is not shutting down, and all that
was checked lately. Bad settings of the ops server are refused at start, in one line."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import AsyncIterator

import pytest

from bot import __main__ as main_module
from bot.client import JanpoBot
from bot.config import Config
from bot.ops import logs
from bot.ops.health import Readiness
from bot.ops.sampler import Sampler
from bot.ops.server import OpsServer
from bot.storage import Store
from tests.bot.harness import FakeDiscord, StartBot, log_in
from tests.bot.ops_http import get

PG_ENV = "JANPO_TEST_POSTGRES_URL"


@pytest.fixture
async def sampler(start_bot: StartBot) -> AsyncIterator[tuple[Sampler, OpsServer]]:
    bot = await start_bot()
    sampler = Sampler(bot)
    sampler.gateway = lambda bot: True  # the fake Discord has no gateway to connect
    server = OpsServer(sampler.readiness, 0, "127.0.0.1")
    yield sampler, server
    server.close()


async def test_ready_until_the_store_goes_away(sampler: tuple[Sampler, OpsServer]) -> None:
    sampler_, server = sampler
    assert await get(server.port, "/readyz") == (503, {"ready": False, "checked": False, "fresh": False})
    await sampler_.sample()
    code, body = await get(server.port, "/readyz")
    assert (code, body) == (200, {"ready": True, "gateway": True, "store": True, "workers": True,
                                  "serving": True, "fresh": True})
    await sampler_.bot.store._db.close()  # the database connection is gone under the bot
    await sampler_.sample()
    code, body = await get(server.port, "/readyz")
    assert code == 503 and body["store"] is False and body["gateway"] is True
    assert await get(server.port, "/healthz") == (200, {"status": "up"})  # the process itself is up


async def test_unready_without_the_gateway_or_once_shutting_down(sampler: tuple[Sampler, OpsServer]) -> None:
    sampler_, server = sampler
    sampler_.gateway = lambda bot: False
    await sampler_.sample()
    code, body = await get(server.port, "/readyz")
    assert code == 503 and body["gateway"] is False and body["store"] is True
    sampler_.gateway = lambda bot: True
    sampler_.bot.tables.draining = True  # a SIGTERM: no new work should be sent here
    await sampler_.sample()
    code, body = await get(server.port, "/readyz")
    assert code == 503 and body["serving"] is False


async def test_unready_when_postgresql_goes_away(fake: FakeDiscord) -> None:
    """The same with the store on PostgreSQL: its connections cut under the bot."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(f"PostgreSQL tests skipped: set {PG_ENV}=postgresql://postgres@127.0.0.1:5432/test")
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(url)
    await admin.execute(f"CREATE SCHEMA {schema}")
    store = await Store.open(url + ("&" if "?" in url else "?") + f"search_path={schema}")
    bot = JanpoBot(Config(token="fake-token"), store=store, render="inline", decide="thread", freeze_gc=False,
                   clock=fake.clock)
    try:
        await log_in(bot)
        sampler = Sampler(bot)
        sampler.gateway = lambda bot: True
        await sampler.sample()
        assert sampler.readiness.state()[0]
        store._pool.terminate()  # type: ignore[attr-defined]
        await sampler.sample()
        ready, checks = sampler.readiness.state()
        assert not ready and checks["store"] is False
    finally:
        await bot.tables.close()
        await bot.http.close()
        await store.close()
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


def test_a_check_gone_stale_reads_unready() -> None:
    """An event loop that stopped turning stops refreshing: its last good check expires."""
    now = [100.0]
    readiness = Readiness(stale_after=15.0, now=lambda: now[0])
    readiness.record({"gateway": True, "store": True})
    assert readiness.state()[0]
    now[0] += 16.0
    ready, checks = readiness.state()
    assert not ready and checks["fresh"] is False and checks["store"] is True


async def test_an_unknown_path_names_the_known_ones(sampler: tuple[Sampler, OpsServer]) -> None:
    _, server = sampler
    assert await get(server.port, "/nope") == (404, {"paths": ["/metrics", "/healthz", "/readyz"]})


@pytest.mark.parametrize(("env", "named"), [
    ({"METRICS_PORT": "70000"}, "METRICS_PORT must be a port number from 1 to 65535, not '70000'."),
    ({"METRICS_PORT": "nine"}, "METRICS_PORT must be a port number from 1 to 65535, not 'nine'."),
    ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be text or json, not 'xml'."),
    ({"DRAIN_SECONDS": "0"}, "DRAIN_SECONDS must be a number of seconds from 1 to 300, not '0'."),
])
def test_bad_settings_are_refused_in_one_line_naming_them(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: dict[str, str], named: str) -> None:
    monkeypatch.setattr("dotenv.load_dotenv", lambda *a, **k: False)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for key, text in env.items():
        monkeypatch.setenv(key, text)
    assert main_module.main([]) == 2
    assert capsys.readouterr().err == named + "\n"


def test_a_port_in_use_is_refused_before_logging_in(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("dotenv.load_dotenv", lambda *a, **k: False)
    monkeypatch.setattr(logs, "configure", lambda *a, **k: None)  # leave the test's logging alone
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setenv("DISCORD_TOKEN", "x")
        monkeypatch.setenv("METRICS_PORT", str(port))
        monkeypatch.setenv("METRICS_HOST", "127.0.0.1")
        assert main_module.main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"METRICS_PORT {port} cannot be used on 127.0.0.1") and err.count("\n") == 1
