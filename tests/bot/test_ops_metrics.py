"""``/metrics`` read with Prometheus's text parser: every family the bot defines is there, and the
counts move as a game is played (moves, clicks answered, CPU decisions, saves, REST calls, tables)."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator

import pytest

from bot.ops import metrics
from bot.ops.health import Readiness
from bot.ops.sampler import Sampler
from bot.ops.server import OpsServer
from tests.bot import ops_http
from tests.bot.harness import CHANNEL_ID, HOST, FakeDiscord, StartBot, open_table, play_out
from tests.bot.ops_http import scrape, value


@pytest.fixture
async def server() -> AsyncIterator[OpsServer]:
    running = OpsServer(Readiness(), 0, "127.0.0.1")
    yield running
    running.close()


async def test_every_family_is_exported_from_the_start(start_bot: StartBot, server: OpsServer) -> None:
    await start_bot()  # its set-up names the versions it runs (janpo_build)
    metrics.prepare()
    families = await scrape(server.port)
    missing = [name for name in metrics.NAMES if name not in families]
    assert missing == []
    assert families["janpo_click_answer_seconds"].type == "histogram"
    assert families["janpo_moves"].type == "counter"
    assert families["janpo_tables"].type == "gauge"
    assert "process_cpu_seconds" in families  # the process's own CPU, to price the bot's work


async def test_the_counts_move_with_a_played_game(fake: FakeDiscord, start_bot: StartBot,
                                                  server: OpsServer) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    sampler = Sampler(bot)
    before = await scrape(server.port)
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    await sampler.sample()
    during = await scrape(server.port)
    assert value(during, "janpo_tables", game="holdem", state="playing") == 1
    clicks = await play_out(fake, bot)
    await fake.settle()
    assert bot.tables.table_in(CHANNEL_ID) is None
    await sampler.sample()
    after = await scrape(server.port)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert clicks > 0
    assert moved("janpo_click_answer_seconds_count") == clicks  # one observation per click answered
    stored = bot.tables.finished[CHANNEL_ID].move_no
    assert moved("janpo_moves_total", game="holdem") == stored  # every move of the game, once
    assert moved("janpo_cpu_decision_seconds_count", game="holdem") > 0
    assert moved("janpo_saves_total") > 0 and moved("janpo_save_batch_seconds_count") > 0
    assert moved("janpo_rest_requests_total") == bot.outbox.stats.requests > 0
    assert value(after, "janpo_tables", game="holdem", state="playing") == 0  # the table is over
    assert value(after, "janpo_rest_budget_requests_per_second") == bot.outbox.rate


async def test_a_scrape_is_served_while_the_event_loop_is_blocked(server: OpsServer) -> None:
    """The scrape and the health checks are answered by the server's threads: a loop stuck in a
    long computation (here: this test waiting, synchronously, for the answers) does not hold them."""
    answers: dict[str, int] = {}
    done = threading.Event()

    def ask() -> None:
        for path in ("/metrics", "/healthz", "/readyz"):
            answers[path] = ops_http._get(server.port, path)[0]
        done.set()

    threading.Thread(target=ask, daemon=True).start()
    assert done.wait(30)  # blocking: an answer that needed an event loop would never come
    assert answers == {"/metrics": 200, "/healthz": 200, "/readyz": 503}
