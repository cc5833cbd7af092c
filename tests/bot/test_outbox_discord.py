"""The outbox in front of real discord.py calls (the offline fake Discord of the bot tests): the
exceptions discord.py raises are read right, and what the owner gets back is what it needs."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.outbox import CANNOT_DM, UNKNOWN_MESSAGE, Outbox, Priority, Reason, Route, Status
from tests.bot.harness import CHANNEL_ID, FakeDiscord, log_in

USER = 500_000_000_000_000_042


@pytest.fixture
async def client(fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    bot = discord.Client(intents=discord.Intents.none(), max_ratelimit_timeout=30.0)
    await log_in(bot)
    yield bot
    await bot.http.close()


async def test_a_channel_send_returns_the_message(fake: FakeDiscord, client: discord.Client) -> None:
    channel = client.get_partial_messageable(CHANNEL_ID)
    async with Outbox() as box:
        outcome = await box.submit(lambda: channel.send("table picture"), route=Route.channel(CHANNEL_ID),
                                   priority=Priority.HUMAN_TABLE)
    assert outcome.ok and isinstance(outcome.value, discord.Message)
    assert fake.messages[outcome.value.id].content == "table picture"


async def test_a_user_who_takes_no_dms_is_reported_with_code_50007_after_one_call(
        fake: FakeDiscord, client: discord.Client) -> None:
    fake.add_user(USER, "player")
    dm = await (await client.fetch_user(USER)).create_dm()
    fake.fail("POST", rf"/channels/{dm.id}/messages", 403, code=CANNOT_DM)
    async with Outbox() as box:
        outcome = await box.submit(lambda: dm.send("your hand"), route=Route.dm(dm.id), priority=Priority.PROMPT)
    assert outcome.status is Status.FAILED and outcome.reason is Reason.FORBIDDEN
    assert (outcome.http_status, outcome.code, outcome.gone) == (403, CANNOT_DM, True)
    assert isinstance(outcome.error, discord.Forbidden)
    assert [c.status for c in fake.calls if c.path == f"/channels/{dm.id}/messages"] == [403]  # not retried


async def test_an_edit_of_a_deleted_message_is_reported_as_not_found(fake: FakeDiscord, client: discord.Client) -> None:
    channel = client.get_partial_messageable(CHANNEL_ID)
    message = await channel.send("picture")
    fake.fail("PATCH", rf"/messages/{message.id}", 404, code=UNKNOWN_MESSAGE)
    async with Outbox() as box:
        outcome = await box.submit(lambda: message.edit(content="new picture"), route=Route.channel(CHANNEL_ID),
                                   priority=Priority.CPU_TABLE, key=("table-picture", CHANNEL_ID))
    assert outcome.reason is Reason.NOT_FOUND and outcome.code == UNKNOWN_MESSAGE and outcome.gone


async def test_a_server_error_after_discord_pys_own_retries_is_retried_once_more(
        fake: FakeDiscord, client: discord.Client) -> None:
    channel = client.get_partial_messageable(CHANNEL_ID)
    fake.fail("POST", rf"/channels/{CHANNEL_ID}/messages", 500)
    async with Outbox(backoff=0.01) as box:
        outcome = await box.submit(lambda: channel.send("picture"), route=Route.channel(CHANNEL_ID),
                                   priority=Priority.HUMAN_TABLE)
    assert outcome.ok and outcome.attempts == 2
    assert [m.content for m in fake.channel_messages()] == ["picture"]
