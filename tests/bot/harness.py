"""Tests from the user's side: open a table, answer prompts, play a game out, through the fake
Discord of :mod:`tests.bot.fake_discord` (which this module re-exports, so a test needs one import).

Every wait here is for an event on the test's clock (``until``), never for wall-clock time (the
benchmark, which has no test clock, waits in real time: ``FakeDiscord.until``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypedDict

from bot.client import JanpoBot
from bot.play.table import Table
from tests.bot import fake_discord
from tests.bot.fake_discord import (
    APP_ID,
    BOT_ID,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    MAX_STEPS,
    TIMESTAMP,
    Call,
    FakeDiscord,
    FakeResponse,
    Fault,
    Hit,
    Stored,
    log_in,
    user_json,
)

__all__ = [
    "APP_ID", "BOT_ID", "CHANNEL_ID", "EPHEMERAL", "GUILD_ID", "HOST", "MAX_STEPS", "PREFERENCE", "TIMESTAMP",
    "Call", "FakeDiscord", "FakeResponse", "Fault", "Hit", "StartBot", "Stored", "TableOptions",
    "answer_prompt", "lobby_action", "log_in", "open_table", "pending_hand", "play_out", "table_of", "until",
    "user_json",
]


StartBot = Callable[..., Awaitable[JanpoBot]]  # the start_bot fixture: keyword options of JanpoBot


class TableOptions(TypedDict, total=False):
    """``/table new`` options that a test keeps in one dict and passes as keywords."""

    game: str
    stack: int
    big_blind: int
    seating: str


# ---- a table from the user's side ---------------------------------------------------------------

HOST = 500_000_000_000_000_001
PREFERENCE = ("Tsumo", "Ron", "All-in", "Call", "Check", "Tsumogiri", "Pass")


def lobby_action(lobby: Stored, name: str) -> str:
    """The custom_id of a lobby button by its action (join, leave, cpu, start, cancel)."""
    custom_id: str = lobby.button(prefix="jp:l:")["custom_id"]
    return custom_id.rsplit(":", 1)[0] + f":{name}"


def table_of(bot: JanpoBot) -> Table:
    """The bot's only table in play."""
    return next(iter(bot.tables.tables.values()))


def pending_hand(fake: FakeDiscord, user: int) -> Stored | None:
    """The newest DM to ``user`` that still has move buttons."""
    for message in reversed(fake.dms(user)):
        if any(b["custom_id"].startswith("jp:m:") for b in message.buttons()):
            return message
    return None


async def open_table(fake: FakeDiscord, bot: Any, user: int = HOST, cpus: int = 3, locale: str = "en-US",
                     **options: Any) -> Stored:
    """``/table new``, the host adds ``cpus`` CPU players and presses Start. Seats stay in join
    order (the host is seat A) unless ``seating="random"`` is passed."""
    options.setdefault("seating", "join")
    fake.slash(bot, user, "table new", locale=locale, **options)
    await fake.settle()
    # the newest lobby: a game that just ended may still be posting its last pictures
    lobby = next(m for m in reversed(fake.channel_messages()) if any(
        b["custom_id"].startswith("jp:l:") for b in m.buttons()))
    for _ in range(cpus):
        fake.click(bot, user, lobby, lobby_action(lobby, "cpu"))
        await fake.settle()
    fake.click(bot, user, lobby, lobby_action(lobby, "start"))
    await fake.settle()
    return lobby


async def until(predicate: Callable[[], Any]) -> Any:
    """Wait for ``predicate()`` to give something true: on the test's clock, events not time."""
    current = fake_discord.current()
    return await current.until(predicate)


async def play_out(fake: FakeDiscord, bot: Any, user: int = HOST, limit: int = 400) -> int:
    """Answer every prompt with the first preferred button until the table ends; returns moves made."""
    moves = 0
    for _ in range(limit):
        hand: Stored | bool = await until(lambda: pending_hand(fake, user) or not bot.tables.table_in(CHANNEL_ID))
        if hand is True:  # the table ended: wait for its final picture (the table buttons go)
            await until(lambda: fake.find_table_message() is None)
            await fake.settle()
            return moves
        assert isinstance(hand, Stored)  # until() gives only a true value
        moves_on = [b for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
        labels = [b["label"] for b in moves_on]
        words = [lab.split(" ")[0] for lab in labels]  # "Call 500" is a call
        label = next((lab for lab in PREFERENCE if lab in words), labels[0])
        await answer_prompt(fake, bot, user, hand, hand.button(label)["custom_id"])
        moves += 1
    raise AssertionError("the game did not end")


async def answer_prompt(fake: FakeDiscord, bot: Any, user: int, hand: Stored, custom_id: str,
                        locale: str = "en-US") -> str:
    """Click a move button of a hand DM and wait until that prompt is answered; returns the
    click's interaction token."""
    token = fake.click(bot, user, hand, custom_id, locale=locale)
    await fake.until(lambda: fake.prompt_answered(token), what="the prompt answered")
    return token
