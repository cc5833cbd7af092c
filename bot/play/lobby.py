"""The lobby: ``/table new``, Join, Leave, Add CPU, Start, Cancel, and expiry after 15 minutes.

Every button is acknowledged at once; the change is made under the table's lock after checking
there that the table is still a lobby (a second Start, a Leave during Start, a Join into a full
table change nothing), stored, and only then shown.

D69: the lobby opens with a fresh secret whose SHA-256 the lobby message shows; each Join's and
the Start's interaction id are recorded under the lock, and Start derives the seed from them.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import language_of, t
from bot.play import buttons, messages
from bot.play.effects import answer
from bot.play.modes import mode
from bot.play.session import TableSession
from bot.play.table import DEFAULT_BANK, Seat, Table
from bot.play.turns import Outcome
from bot.ranked.words import seat_name
from engine import fairness
from engine.base import IllegalMove
from engine.rng import new_seed
from engine.scenario import replay

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
LOBBY_EXPIRES = 15 * 60  # seconds an unstarted lobby stays open


async def new_table(m: TableManager, interaction: discord.Interaction, game: str, options: dict[str, Any], timer: int,
                    level: str, table_lang: str, seating: str = "random", assist: bool | None = None) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        return await answer(interaction, "err.guild_only")
    if m.closed:
        return await answer(interaction, "err.stale")
    reason = mode(game).check(options)
    if reason is not None:
        return await answer(interaction, "err.bad_options", reason=reason)
    user = interaction.user
    guild = [s for s in m.sessions.values() if s.table.guild_id == interaction.guild_id]
    if m.table_in(interaction.channel_id) or await m.served_elsewhere(interaction.channel_id):
        return await answer(interaction, "err.table_exists")
    if any(s.table.status == "lobby" and s.table.host_id == user.id for s in guild):
        return await answer(interaction, "err.lobby_open")
    if await m.tables_in_guild(interaction.guild_id, len(guild)) >= m.guild_cap:
        return await answer(interaction, "err.guild_full", count=m.guild_cap)
    name = await seat_name(m.store, interaction.guild_id, game, user.id, user.display_name, table_lang)
    table = Table(secrets.token_hex(4), interaction.guild_id, interaction.channel_id, game, user.id,
                  options=options, timer=timer, level=level, lang=table_lang, seating=seating, assist=assist,
                  seats=[Seat(user.id, name, lang=language_of(interaction.locale))])
    if m.seeds is None:  # the fair shuffle (D69); a fixed sequence of seeds is for tests and benchmarks
        table.fair_open(fairness.new_secret(), interaction.id)
    session = m.register(table)
    await m.save(session)
    sent = await interaction.response.send_message(embed=messages.lobby_embed(table.lang, table, mode(game).seats),
                                                   view=buttons.lobby_view(table.table_id, table.lang))
    async with session.lock:
        table.message_id = sent.message_id
        table.message_posted = m.clock.now()
        await m.save(session)
    arm_expiry(m, session, LOBBY_EXPIRES)


def arm_expiry(m: TableManager, session: TableSession, seconds: float) -> None:
    if not session.closed:
        session.expiry = session.spawn(_expire(m, session, seconds))


async def _expire(m: TableManager, session: TableSession, seconds: float) -> None:
    await m.clock.sleep(seconds)
    async with m.working(session):
        async with session.lock:
            if session.table.status != "lobby" or session.closed:
                return
            await m.drop(session, "cancelled")
    if session.table.message_id:
        channel = m.bot.get_partial_messageable(session.table.channel_id)
        try:
            await channel.get_partial_message(session.table.message_id).edit(
                content=t(session.table.lang, "lobby.expired"), embed=None, view=None)
        except discord.HTTPException as e:
            log.info("could not mark lobby %s expired: %s", session.table_id, e)
    m.close_later(session)


async def on_lobby(m: TableManager, interaction: discord.Interaction, table_id: str, action: str) -> None:
    session = m.sessions.get(table_id)
    if session is None or session.table.status != "lobby":
        return await answer(interaction, "err.stale")
    await interaction.response.defer()  # acknowledged at once; the change is made under the lock
    async with m.working(session):
        error, outcome = await _change(m, session, interaction, action)
    table = session.table
    if error is not None:
        key, params = error
        await answer(interaction, key, **params)
        if key == "err.cannot_start":
            await _say_closed(m, interaction, session)
        return
    try:
        if action == "cancel":
            await interaction.edit_original_response(content=t(table.lang, "lobby.cancelled"), embed=None, view=None)
        elif outcome is None:
            await interaction.edit_original_response(embed=messages.lobby_embed(table.lang, table,
                                                                                mode(table.game_name).seats),
                                                     view=buttons.lobby_view(table_id, table.lang))
    except discord.HTTPException as e:
        log.info("lobby %s not redrawn: %s", table_id, e)
    if action == "cancel":
        m.close_later(session)
    elif outcome is not None:
        await m.effects.run(session, outcome)


async def _say_closed(m: TableManager, interaction: discord.Interaction, session: TableSession) -> None:
    try:
        await interaction.edit_original_response(content=t(session.table.lang, "lobby.cancelled"), embed=None,
                                                 view=None)
    except discord.HTTPException as e:
        log.info("lobby %s not redrawn: %s", session.table_id, e)
    m.close_later(session)


Error = tuple[str, dict[str, Any]]


async def _change(m: TableManager, session: TableSession, interaction: discord.Interaction,
                  action: str) -> tuple[Error | None, Outcome | None]:
    """The lobby transition, under the lock: (the error to answer, or the outcome of Start)."""
    table = session.table
    name = await seat_name(m.store, table.guild_id, table.game_name, interaction.user.id,
                           interaction.user.display_name, table.lang) if action == "join" else ""
    key, outcome = await _change_locked(m, session, interaction, action, name)
    if isinstance(key, tuple):
        return key, None
    return ((key, {}) if key else None), outcome


async def _change_locked(m: TableManager, session: TableSession, interaction: discord.Interaction,
                         action: str, name: str) -> tuple[str | Error | None, Outcome | None]:
    table = session.table
    user = interaction.user
    async with session.lock:
        if table.status != "lobby" or session.closed:  # a Start or Cancel got here first
            return "err.stale", None
        seated = table.seat_of(user.id)
        capacity = mode(table.game_name).seats
        if action == "join":
            if seated:
                return "lobby.already", None
            if len(table.seats) >= capacity:
                return "lobby.full", None
            table.seats.append(Seat(user.id, name, lang=language_of(interaction.locale)))  # with a rank badge
            table.fair_join(user.id, interaction.id)
        elif action == "leave":
            if not seated:
                return "err.not_seated", None
            if user.id == table.host_id:
                return "lobby.host_stays", None
            table.seats = [s for s in table.seats if s.user_id != user.id]
            table.fair_join(user.id, None)
        elif user.id != table.host_id:
            return "err.host_only", None
        elif action == "cpu":
            if len(table.seats) >= capacity:
                return "lobby.full", None
            table.seats.append(Seat(None, f"CPU {len(table.seats) + 1}", table.level))
        elif action == "cancel":
            await m.drop(session, "cancelled")
            return None, None
        elif action == "start":
            try:
                return None, await start(m, session, start_id=interaction.id)
            except (IllegalMove, ValueError) as e:  # the engine refuses to deal: say why, free the channel
                log.warning("table %s cannot start: %s", table.table_id, e)
                await m.drop(session, "aborted")
                return ("err.cannot_start", {"reason": str(e)}), None
        await m.save(session)
        return None, None


async def start(m: TableManager, session: TableSession, seed: int | None = None, start_id: int | None = None) -> Outcome:
    """Deal (lock held): fill empty seats with CPUs, derive the seed (D69: from the committed
    secret and the Join and Start ids), build the game, play until a human must act, and store it."""
    table = session.table
    game_mode = mode(table.game_name)
    while len(table.seats) < game_mode.min_seats:
        table.seats.append(Seat(None, f"CPU {len(table.seats) + 1}", table.level))
    if seed is not None:
        table.seed = seed
    elif table.fairness is not None and start_id is not None:
        table.seed = table.fair_seed(start_id)
    else:
        table.seed = m.seeds() if m.seeds is not None else new_seed()
    table.draw_seats()
    table.status = "playing"
    table.started_at = m.clock.now()
    table.bank = {p: float(DEFAULT_BANK) for p in table.players}
    table.game = replay(table.scenario())
    if session.expiry is not None and session.expiry is not asyncio.current_task():
        session.expiry.cancel()
    out: Outcome = await m.advance(session)
    if not out.finished:
        await m.save(session)
    m.effects.order(session, out)  # stored: its results are told in order
    return out

