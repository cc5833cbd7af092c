"""``/admin status``: the application's owner alone sees how the bot runs (privately); anyone
else is refused privately. Other packages add figures through ``bot.ops.status.provider``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.ops import status
from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table

OWNER = 1  # the fake Discord's application owner


@pytest.fixture
def queue_figures() -> Iterator[None]:
    async def ranked(bot: Any, lang: str) -> list[tuple[str, str]]:
        return [("Ranked queue" if lang == "en" else "랭크 대기열", "3 waiting")]

    status.provider(ranked)
    yield
    status.PROVIDERS.remove(ranked)


async def test_the_owner_sees_tables_budget_versions_and_provided_figures(
        fake: FakeDiscord, start_bot: StartBot, queue_figures: None) -> None:
    fake.add_user(HOST, "Alice")
    fake.add_user(OWNER, "Owner")
    bot = await start_bot()
    await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    fake.slash(bot, OWNER, "admin status")
    answer = await fake.until(lambda: next(iter(fake.ephemerals(OWNER)), None))
    embed = answer.embeds[0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert embed["title"] == "Bot status"
    assert fields["Tables here"] == "1 playing · 0 in lobby · 0 ending"
    assert fields["REST budget"].startswith("-/s of 45/s")
    assert f"`{bot.tables.holder}`" in fields["This process"] and "shards -" in fields["This process"]
    assert "janpo " in fields["Versions"] and "discord_py 2." in fields["Versions"]
    assert fields["Ranked queue"] == "3 waiting"
    assert "Processes (tables held)" not in fields  # one process on SQLite: nobody else to list


async def test_anyone_else_is_refused_privately_in_their_language(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    fake.slash(bot, HOST, "admin status", locale="ko")
    refusal = await fake.until(lambda: next(iter(fake.ephemerals(HOST)), None))
    assert refusal.content == "이 명령은 봇 소유자만 사용할 수 있습니다."
    assert refusal.embeds == []
