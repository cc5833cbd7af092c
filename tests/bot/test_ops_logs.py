"""``LOG_FORMAT=json``: one JSON object a line, naming the table, server and move of the
transition it was logged in, and an error's exception; every error counted in the metrics."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot.ops import logs, metrics
from tests.bot.harness import CHANNEL_ID, GUILD_ID, HOST, FakeDiscord, StartBot, open_table, table_of


@pytest.fixture
def lines() -> Iterator[io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logs.JsonFormatter())
    handler.addFilter(logs.TableContext())
    logger = logging.getLogger("bot")
    level = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    counter = logs.ErrorCounter()
    logger.addHandler(counter)
    yield out
    logger.removeHandler(handler)
    logger.removeHandler(counter)
    logger.setLevel(level)


def parsed(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


async def test_a_line_logged_in_a_transition_names_its_table(fake: FakeDiscord, start_bot: StartBot,
                                                              lines: io.StringIO) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    table = table_of(bot)
    session = bot.tables.sessions[table.table_id]
    async with bot.tables.working(session):
        logging.getLogger("bot.play.test").warning("something about %s", "this table")
    logging.getLogger("bot.play.test").info("outside any table")
    inside, outside = parsed(lines)[-2:]
    assert inside["message"] == "something about this table" and inside["level"] == "WARNING"
    assert (inside["table"], inside["guild"], inside["channel"], inside["move"]) == (
        table.table_id, GUILD_ID, CHANNEL_ID, table.move_no)
    assert inside["logger"] == "bot.play.test" and inside["time"].endswith("+00:00")
    assert "table" not in outside and outside["message"] == "outside any table"


def test_an_error_carries_its_exception_and_is_counted(lines: io.StringIO) -> None:
    before = metrics.ERRORS.labels("bot.ops.test")._value.get()
    empty: dict[str, int] = {}
    try:
        empty["missing"]
    except KeyError:
        logging.getLogger("bot.ops.test").exception("a lookup failed")
    line = parsed(lines)[-1]
    assert line["level"] == "ERROR" and line["exception"] == "KeyError: 'missing'"
    assert line["traceback"].startswith("Traceback") and "empty[\"missing\"]" in line["traceback"]
    assert metrics.ERRORS.labels("bot.ops.test")._value.get() == before + 1


def test_configure_writes_json_lines_to_the_root_logger() -> None:
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    out = io.StringIO()
    try:
        logs.configure("INFO", "json", out)
        logging.getLogger("janpo.any").info("hello %d", 5)
        logging.getLogger("janpo.any").debug("not at INFO")
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
    assert [json.loads(line)["message"] for line in out.getvalue().splitlines()] == ["hello 5"]
