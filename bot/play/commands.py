"""``/table leave|abort|status|verify`` and the restart: each a transition under the table's lock
(re-checked there), then its answer."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.i18n import language_of, t
from bot.play import lobby, messages, persist
from bot.play.effects import answer
from bot.play.modes import mode
from bot.play.session import TableSession
from bot.play.table import Table
from bot.play.turns import Outcome, new_results
from bot.storage import TableRecord
from bot.storage.base import StoredGame
from engine.base import IllegalMove, ScenarioError
from engine.fairness import Mismatch
from engine.rng import seed_digest
from engine.scenario import replay
from engine.verify import verify as engine_verify

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
RESUME_FLOOR = 5  # seconds at least on a resumed player's clock
VERIFY_SCAN = 1000  # newest games of the server searched for the channel's last one


async def leave(m: TableManager, interaction: discord.Interaction) -> None:
    session = m.session_in(interaction.channel_id)
    player = session.table.seat_of(interaction.user.id) if session else None
    if session is None or player is None:
        return await answer(interaction, "err.no_table" if session is None else "err.not_seated")
    if session.table.status == "lobby":
        return await answer(interaction, "lobby.use_buttons")
    await interaction.response.defer(ephemeral=True)
    out: Outcome | None = None
    async with m.working(session):
        async with session.lock:
            table = session.table
            if not session.closed and table.status == "playing" and table.seat_of(interaction.user.id) == player:
                table.seat(player).user_id = None
                out = Outcome(withdrawn=session.clear_prompt(player))
                out.merge(await m.advance(session))
                await m.save_played(session, out)
    if out is None or not await m.stored(session, out):
        return await answer(interaction, "err.stale")
    await answer(interaction, "table.left")
    await m.effects.run(session, out)


async def abort(m: TableManager, interaction: discord.Interaction) -> None:
    session = m.session_in(interaction.channel_id)
    if session is None:
        return await answer(interaction, "err.no_table")
    table = session.table
    if not may_stop(interaction, table.host_id):
        return await answer(interaction, "err.host_only")
    await interaction.response.defer()
    async with session.lock:
        stopped = table.status in ("lobby", "playing") and not session.closed
        if stopped:
            await m.drop(session, "aborted")
    if not stopped:
        return await answer(interaction, "err.no_table")
    await session.close()  # timers, CPU turns and posts stop; a click under way ends first
    try:
        await interaction.followup.send(t(table.lang, "table.aborted", table=table.table_id))
    except discord.HTTPException as e:
        log.info("could not say the table was stopped: %s", e)
    await m.effects.strip_table_message(session)


def may_stop(interaction: discord.Interaction, host_id: int) -> bool:
    """The table's host, or someone who manages the server, may stop it."""
    perms = getattr(interaction, "permissions", None)
    return interaction.user.id == host_id or bool(perms and perms.manage_guild)


async def status(m: TableManager, interaction: discord.Interaction) -> None:
    table = m.table_in(interaction.channel_id)
    if table is None:
        return await answer(interaction, "err.no_table")
    lang = language_of(interaction.locale)
    if table.game is None:
        embed = messages.lobby_embed(lang, table, mode(table.game_name).seats)
    else:
        embed = messages.table_embed(lang, table, table.game.summary(), messages.public_waiting(table.game))
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def verify(m: TableManager, interaction: discord.Interaction, game_id: int | None = None) -> None:
    """Check a finished game's stored record (D69): its revealed secret against the commitment the
    lobby showed, its seed against the one derived from the secret and the Join/Start ids, its
    moves against the walls and decks of that seed. The record is read from the store, so this
    works after a restart; ``game_id`` picks a game from /history, else the channel's last one."""
    running = await _running(m, interaction.channel_id) if game_id is None else None
    if running is not None and running.fairness is not None:
        return await answer(interaction, "verify.fair_running", commitment=running.fairness["commitment"])
    if running is not None and running.seed is not None:
        return await answer(interaction, "verify.running", digest=seed_digest(running.seed))
    await interaction.response.defer(ephemeral=True)
    stored = await _stored_game(m, interaction, game_id)
    if stored is None:
        return await answer(interaction, "err.no_table" if game_id is None else "verify.no_game", game_id=game_id)
    fair = stored.scenario.get("fairness")
    moves = len(stored.scenario.get("moves", []))
    if not isinstance(fair, dict):  # dealt from a fixed seed: only the replay can be checked
        same = await asyncio.to_thread(_replays_to, stored.scenario, {s.player: s.points for s in stored.seats})
        return await answer(interaction, "verify.ok" if same else "verify.mismatch", seed=str(stored.seed),
                            digest=seed_digest(int(stored.seed or 0)), moves=moves)
    try:
        await asyncio.to_thread(engine_verify, stored.scenario)
    except (Mismatch, ScenarioError, IllegalMove) as e:
        return await answer(interaction, "verify.fair_failed", game_id=stored.game_id, reason=str(e),
                            commitment=str(fair.get("commitment")))
    await answer(interaction, "verify.fair_ok", game_id=stored.game_id, secret=fair["secret"],
                 commitment=fair["commitment"], seed=str(stored.scenario.get("seed")), ids=len(fair["entropy"]),
                 version=fair["rules_version"], moves=moves)


async def _running(m: TableManager, channel_id: int | None) -> Table | None:
    """The channel's table in play: served here, or (several processes) as another one stored it."""
    table: Table | None = m.table_in(channel_id)
    table_id = None if table is not None else await m.stored_elsewhere(channel_id)
    record = await persist.load(m.store, table_id) if table_id else None
    return _table(record) if record is not None else table


def _table(record: TableRecord) -> Table:
    return Table.from_record(record.table_id, record.guild_id, record.channel_id, record.game, record.scenario,
                             record.meta)


async def _stored_game(m: TableManager, interaction: discord.Interaction, game_id: int | None) -> StoredGame | None:
    """The game by number (this server's only), or the newest finished in this channel."""
    if game_id is not None:
        return cast("StoredGame | None", await m.store.get_game(game_id, interaction.guild_id))
    if interaction.guild_id is None:
        return None
    for offset in range(0, VERIFY_SCAN, 100):
        page = await m.store.history(interaction.guild_id, limit=100, offset=offset)
        found = next((g for g in page if g.channel_id == interaction.channel_id), None)
        if found is not None:
            return cast("StoredGame | None", await m.store.get_game(found.game_id, interaction.guild_id))
        if len(page) < 100:
            break
    return None


def _replays_to(scenario: dict[str, Any], points: dict[str, int]) -> bool:
    try:
        summary = replay(scenario).summary()
    except (IllegalMove, ValueError):
        return False
    return {p: int(v) for p, v in summary.get("points", {}).items()} == points


async def resume_all(m: TableManager) -> int:
    """Rebuild the unfinished tables from their stored scenarios and carry on (after a restart).

    With several processes (``m.shared``) a process resumes its own shards' tables whose lease it
    gets (a live process may hold one already); tables of other shards nobody holds (their process
    died) are taken over a lease length later, so that a process starting alongside takes its
    own first."""
    count = 0
    for record in await persist.unfinished(m.store, m.shards if m.shared else None):
        if m.shared and not await m.store.acquire_lease(record.table_id, m.holder, m.lease_seconds):
            continue
        if await resume_one(m, record) is not None:
            count += 1
    if m.shared and m.shards is not None:
        m.loops.append(asyncio.create_task(_adopt_orphans(m)))  # a loop: shutting down cancels its wait
    return count


async def _adopt_orphans(m: TableManager) -> None:
    await asyncio.sleep(m.lease_seconds)
    if m.closed:
        return
    for record in await persist.unfinished(m.store):
        if record.table_id not in m.sessions and await m.store.lease_holder(record.table_id) is None:
            await m.take_over(record.table_id)


async def resume_one(m: TableManager, record: TableRecord) -> TableSession | None:
    """Rebuild one stored table and carry on playing it here (restart or take-over)."""
    table = _table(record)
    try:
        if table.status == "playing":
            table.game = replay(table.scenario())
    except (IllegalMove, ValueError) as e:
        log.error("table %s cannot be replayed (%s); left stored", table.table_id, e)
        return None
    session: TableSession = m.register(table)
    persist.mark_saved(session)
    if table.status == "lobby":
        lobby.arm_expiry(m, session, lobby.LOBBY_EXPIRES)
        return session
    if table.status != "playing":
        return session
    new_results(session)  # results before the restart were posted already
    session.lane.told = session.reported
    async with m.working(session):
        async with session.lock:
            out = await _resume(m, session, dict(table.deadlines))
    # Told in the background: start-up (and a take-over's click) must not wait on Discord's
    # pacing, e.g. for the standings of a game whose last move was stored just before a crash.
    m.spawn(m.effects.run(session, out))
    return session


async def _resume(m: TableManager, session: TableSession, deadlines: dict[str, float]) -> Outcome:
    """CPU seats move; humans get their hand again with the clock they had (at least a few seconds)."""
    game = session.table.game
    assert game is not None
    if game.finished or any(session.table.is_cpu(p) for p in game.waiting_on()):
        out: Outcome = await m.advance(session)
        await m.save_played(session, out)
        return out
    floor = m.clock.now() + RESUME_FLOOR * m.time_scale
    out = Outcome(changed=True)
    for player in game.waiting_on():
        session.table.prompts[player] = session.table.move_no
        session.legal[player] = game.legal_moves(player)
        session.started[player] = m.clock.now()
        m.arm(session, player, max(deadlines.get(player, floor), floor))
        out.prompts.append(player)
    await m.save(session)
    return out
