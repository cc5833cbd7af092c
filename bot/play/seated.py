"""Tables whose players are already chosen: the ranked queue's matches and a league's rounds.

They go through the same table layer as ``/table new``: a ``Table`` registered with the manager,
dealt under its lock by the same ``lobby.start`` a Start click runs, stored before anything is
shown, then told by ``Effects`` (the table picture in its channel, each human's hand by DM).
Only the lobby is skipped: the seats are given, and the fair shuffle (D69) takes its secret from
the caller, who showed its commitment to the players before they pressed Ready, and its entropy
from their Ready interactions.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.outbox import Priority, Route
from bot.play.lobby import start
from bot.play.session import TableSession
from bot.play.table import DEFAULT_TIMER, Seat, Table
from engine import fairness
from engine.base import IllegalMove

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
THREAD_NAME_MAX = 100  # Discord's limit on a channel name
ARCHIVE_MINUTES = 1440  # a quiet thread hides after a day; a game ends long before


class ThreadRefused(Exception):
    """Discord would not open the thread (no permission, channel gone, ...): nothing was made."""


async def open_thread(m: TableManager, parent_channel_id: int, name: str) -> int:
    """A new public thread in ``parent_channel_id`` (through the outbox, paced with that
    channel's messages); its id. Raises ``ThreadRefused`` with Discord's reason."""
    http = m.bot.http

    async def send() -> Any:
        return await http.start_thread_without_message(
            parent_channel_id, name=name[:THREAD_NAME_MAX] or "table", auto_archive_duration=ARCHIVE_MINUTES,
            type=discord.ChannelType.public_thread.value)

    sent = await m.bot.outbox.submit(send, route=Route.channel(parent_channel_id), priority=Priority.PROMPT)
    if not sent.ok or not isinstance(sent.value, dict):
        reason = sent.reason.value if sent.reason is not None else "refused"
        raise ThreadRefused(f"{reason} (code {sent.code})" if sent.code else reason)
    return int(sent.value["id"])


def seated_table(m: TableManager, *, guild_id: int, channel_id: int, game: str, seats: list[Seat], host_id: int,
                 options: dict[str, Any] | None = None, timer: int = DEFAULT_TIMER, level: str = "normal",
                 lang: str = "en", purpose: dict[str, Any] | None = None, secret: bytes | None = None,
                 joins: Iterable[tuple[int, int]] = ()) -> Table:
    """A table in ``channel_id`` with exactly ``seats``, seated in an order drawn from its seed
    (F9). ``secret``: the one whose commitment the players were shown before their Ready
    (``joins``: each one's user id and Ready interaction id, D69); None draws one now."""
    table = Table(secrets.token_hex(4), guild_id, channel_id, game, host_id, options=dict(options or {}),
                  timer=timer, level=level, lang=lang, seating="random", seats=list(seats), purpose=purpose)
    joined = [[user_id, interaction_id] for user_id, interaction_id in joins]
    if m.seeds is None:  # tests and benchmarks deal from a fixed sequence of seeds instead
        drawn = secret if secret is not None else fairness.new_secret()
        table.fairness = {"commitment": fairness.commitment(drawn), "secret": drawn.hex(), "joins": joined,
                          "rules_version": fairness.RULES_VERSION}
    return table


async def open_seated(m: TableManager, table: Table, start_id: int) -> TableSession | None:
    """Register, deal and store ``table``, then show it. None when nothing was opened: the bot is
    closing, the channel already has a table, or the engine refused the options."""
    if m.closed or m.table_in(table.channel_id) is not None:
        return None
    session = m.register(table)
    async with m.working(session):
        async with session.lock:
            try:
                out = await start(m, session, start_id=start_id)
            except (IllegalMove, ValueError) as e:
                log.warning("seated table %s cannot start: %s", table.table_id, e)
                await m.drop(session, "aborted")
                m.close_later(session)
                return None
        if not await m.stored(session, out):
            return None
    await m.effects.run(session, out)
    return session
