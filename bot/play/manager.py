"""The registry of tables in play: routes each interaction to its ``TableSession`` and runs the
clocks (turn timers, CPU pacing) that change a table on their own.

With ``shared`` (several processes over one database) a process serves a table only while it
holds the table's lease; that half (leases, forwarding, take-overs, timer rows) is
:class:`bot.play.shared.Sharing`, which the registry's methods of the same names call.

Nothing here holds a table's lock across a Discord call or a write: a transition changes the
session and queues its save under the lock, waits for the save once the lock is let go, then
``Effects`` tells Discord. ``close`` waits for every transition under way and then for the
store's writer, so a move that was played is stored and nothing reaches Discord or the store after.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.ops import logs
from bot.play import clicks, commands, ending, lobby, persist, turns
from bot.play.clock import Clock, RealClock
from bot.play.cpu import Decisions
from bot.play.effects import Effects, answer
from bot.play.session import TableSession
from bot.play.shared import Sharing
from bot.play.steps import Steps
from bot.play.table import Table
from bot.play.turns import Outcome

log = logging.getLogger(__name__)
KEEP_FINISHED = 1000  # channels whose last finished table /table verify can still replay
LEASE_SECONDS = 30.0  # a dead process's tables wait at most this long for another to take them


class TableManager:
    def __init__(self, bot: Any, store: Any, *, time_scale: float = 1.0, edit_interval: float = 1.0,
                 repost_after: float = 3600.0, cpu_pause: float = 1.0, seeds: Callable[[], int] | None = None,
                 clock: Clock | None = None, guild_cap: int = 25, shared: bool = False,
                 shards: tuple[tuple[int, ...], int] | None = None, lease_seconds: float = LEASE_SECONDS,
                 holder: str | None = None, decisions: Decisions | None = None) -> None:
        self.bot = bot
        self.store = store
        self.time_scale = time_scale
        self.edit_interval = edit_interval
        self.repost_after = repost_after
        self.cpu_pause = cpu_pause
        self.seeds = seeds  # None: seeds by the fair shuffle (D69); tests and benchmarks pass a fixed sequence
        self.clock: Clock = clock or RealClock()  # every wait of the bot; tests pass a ManualClock
        writer = getattr(store, "writer", None)  # `python -m bot sync` and unit tests build the bot on no store
        if writer is not None:
            writer.sleep = self.clock.sleep  # a CPU-only table's save lingers on the tables' clock
        self.guild_cap = guild_cap  # tables (lobbies and games) per server at once
        self.sessions: dict[str, TableSession] = {}
        self.by_channel: dict[int, str] = {}
        self.ending: set[TableSession] = set()  # over (stored), its last pictures still being posted
        self.finished: OrderedDict[int, Table] = OrderedDict()  # channel -> last finished table (verify)
        self.dm_channels: OrderedDict[int, int] = OrderedDict()  # user id -> DM channel id
        self.background: set[asyncio.Task[Any]] = set()
        self.serving_now: set[asyncio.Task[Any]] = set()  # interactions being served: close() waits
        self.closed = False
        self.draining = False  # shutting down: no new table here, tables handed on (bot.play.drain)
        self.effects = Effects(self)
        self.decisions = decisions or Decisions(kind="thread")  # where CPU seats' choices run
        # CPU-only tables' turns wait behind work for humans; as many at once as choices can run
        self.steps = Steps(self.decisions.turns_at_once)  # again once the workers are started
        self.move_times = turns.MOVE_TIMES
        self.shared = shared  # other processes serve tables of the same database
        self.shards = shards  # (this process's shard ids, shard count); None: every table is ours
        self.lease_seconds = lease_seconds
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.sharing = Sharing(self)  # leases, forwarding, take-overs, timer rows (``shared`` only)
        # Told of every game stored as finished (table, game id): the ranked queue and leagues
        # count it; each answers lines for the final standings (bot.play.ending.counted).
        self.on_finished: list[Callable[[Table, int], Awaitable[list[str]]]] = []

    @property
    def loops(self) -> list[asyncio.Task[None]]:
        return self.sharing.loops

    # ---- the registry --------------------------------------------------------------------------

    @property
    def tables(self) -> dict[str, Table]:
        return {tid: s.table for tid, s in self.sessions.items()}

    def table_in(self, channel_id: int | None) -> Table | None:
        session = self.session_in(channel_id)
        return session.table if session else None

    def session_in(self, channel_id: int | None) -> TableSession | None:
        tid = self.by_channel.get(channel_id or 0)
        return self.sessions.get(tid) if tid else None

    def register(self, table: Table) -> TableSession:
        session = TableSession(table)
        session.load_settings = lambda user_id: persist.user_settings(self.store, user_id)
        session.decisions = self.decisions
        self.sessions[table.table_id] = session
        self.by_channel[table.channel_id] = table.table_id
        return session

    def unregister(self, session: TableSession) -> None:
        self.sessions.pop(session.table_id, None)
        self.sharing.take_rows(session.table_id)
        if self.by_channel.get(session.table.channel_id) == session.table_id:
            del self.by_channel[session.table.channel_id]

    def idle(self, table_id: str) -> bool:
        """Nothing of the table runs or is scheduled but its turn timers."""
        found = self.sessions.get(table_id) or next((s for s in self.ending if s.table_id == table_id), None)
        return found is None or found.idle()

    @asynccontextmanager
    async def working(self, session: TableSession) -> AsyncIterator[None]:
        """Marks a transition under way, so ``close`` waits for it."""
        task = asyncio.current_task()
        assert task is not None
        session.work.add(task)
        context = logs.working_on(session)  # log lines name the table (LOG_FORMAT=json)
        try:
            yield
        finally:
            logs.CURRENT.reset(context)
            session.work.discard(task)

    @asynccontextmanager
    async def serving(self) -> AsyncIterator[bool]:
        """An interaction being served, from its first step: ``close`` waits for it to end, so
        nothing it does reaches Discord or the store after ``close`` returns. False once the bot
        is closing: the interaction is left alone, before any call."""
        task = asyncio.current_task()
        if self.closed or task is None:
            yield False
            return
        self.serving_now.add(task)
        try:
            yield True
        finally:
            self.serving_now.discard(task)

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    # ---- storage (lock held) -------------------------------------------------------------------

    async def save(self, session: TableSession) -> None:
        """Store the session and wait until it is stored (lock held: lobby changes, resumes; play
        queues instead, ``save_played``). A stale copy (another process stored moves of the table
        meanwhile) raises ``MoveConflict`` with nothing written; the session is let go, so the next
        click for the table finds where it is served now."""
        await self._written(session, await self.queue_save(session))

    async def queue_save(self, session: TableSession, patient: bool = False) -> persist.Saving:
        """Queue the session's save on the store's writer (lock held; waits only for the lease of a
        table not stored yet, several processes). ``patient``: nobody waits for it (the writer
        may hold it back a moment to batch it with others)."""
        await self.sharing.lease_new(session)
        future = persist.queue_save(self.store, session, patient)
        return persist.Saving(future, self.sharing.take_rows(session.table_id))

    async def _written(self, session: TableSession, saving: persist.Saving) -> None:
        try:
            await saving.future
        except persist.MoveConflict:
            if not session.closed:
                log.warning("table %s was played elsewhere; this copy is dropped", session.table_id)
                self.lost(session)
            raise
        except Exception:
            session.saved = None  # not known to be stored: the next save writes the table whole
            raise
        rows, saving.rows = saving.rows, {}
        self.sharing.store_rows(session.table_id, rows)

    def lost(self, session: TableSession) -> None:
        """Another process serves the table now: forget it here without storing anything."""
        self.unregister(session)
        session.closed = True
        self.spawn(session.close())

    async def store_message(self, session: TableSession) -> None:
        """A new table message id, from the publisher (which holds no lock)."""
        out = Outcome()
        async with session.lock:
            if session.table.status == "playing" and not session.closed:
                await self.save_played(session, out)
        await self.stored(session, out)

    async def drop(self, session: TableSession, status: str) -> None:
        """The table ends unplayed or stopped (lock held): the channel is free at once."""
        session.table.status = status
        self.unregister(session)
        await persist.settled(self.store, session)  # its queued saves first: the stop moves what they stored
        await persist.drop(self.store, session.table)
        await self.release(session.table_id)

    def close_later(self, session: TableSession) -> None:
        self.spawn(self._close_and_release(session))

    async def _close_and_release(self, session: TableSession) -> None:
        await session.close()
        await self.release(session.table_id)

    async def release(self, table_id: str) -> None:
        await self.sharing.release(table_id)

    def gone(self, channel_id: int) -> None:
        """The channel or server is gone for the bot: its table is closed, stored as stopped."""
        session = self.session_in(channel_id)
        if session is not None:
            self.spawn(self._gone(session))

    async def _gone(self, session: TableSession) -> None:
        async with session.lock:
            if session.table.status not in ("lobby", "playing") or session.closed:
                return
            log.warning("table %s: channel %s is gone; the table is closed", session.table_id,
                        session.table.channel_id)
            await self.drop(session, "gone")
        await session.close()

    def guild_gone(self, guild_id: int) -> None:
        for session in list(self.sessions.values()):
            if session.table.guild_id == guild_id:
                self.gone(session.table.channel_id)

    # ---- playing (lock held) -------------------------------------------------------------------

    async def advance(self, session: TableSession) -> Outcome:
        session.played_at = now = self.clock.now()
        out = await turns.advance(session, pace=self.cpu_pause > 0, now=now, scale=self.time_scale)
        for player in out.prompts:
            self.arm(session, player)
        if out.finished:
            await ending.store(self, session)
        return out

    def arm(self, session: TableSession, player: str, deadline: float | None = None) -> None:
        """Start the player's clock for their current prompt."""
        table = session.table
        if deadline is not None:
            table.deadlines[player] = deadline
        if session.closed or self.closed or player not in table.prompts:
            return
        delay = max(table.deadlines[player] - self.clock.now(), 0.0)
        old = session.timers.pop(player, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        session.timers[player] = asyncio.create_task(self._expire(session, player, table.prompts[player], delay))
        self.sharing.arm_row(table, player)

    async def _expire(self, session: TableSession, player: str, no: int, delay: float) -> None:
        await self.clock.sleep(delay)
        async with self.steps.human(), self.working(session):
            async with session.lock:
                table = session.table
                if (session.closed or table.status != "playing" or table.prompts.get(player) != no
                        or table.game is None or table.game.finished):
                    return
                session.timers.pop(player, None)
                out = turns.timeout_move(session, player).merge(await self.advance(session))
                await self.save_played(session, out)
            await self.effects.run(session, out)

    def continue_later(self, session: TableSession) -> None:
        task = session.cpu_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            return
        if not self.closed:
            session.cpu_task = session.spawn(self._cpu_turn(session))

    async def _cpu_turn(self, session: TableSession) -> None:
        """A CPU seat's move a pause after the previous one; a CPU-only table's waits its turn
        behind humans. The pause counts from when the previous transition began, so the time its
        CPU choice, save and messages took is part of the pause, not added to it: a CPU plays
        once a pause, not once a pause plus the bot's own work (which only a busy gate delays)."""
        await self.clock.sleep(session.played_at + self.cpu_pause * self.time_scale - self.clock.now())
        human = session.table.has_human
        async with self.steps.turn(human), self.working(session):
            async with session.lock:
                if session.closed or session.table.status != "playing":
                    return
                out = await self.advance(session)
                await self.save_played(session, out)
        await self.effects.run(session, out)

    async def save_played(self, session: TableSession, out: Outcome) -> None:
        """Queue what a transition played (lock held); ``stored`` waits for it once the lock is
        let go, before anyone is told. A game that ended is stored by ``ending`` instead. A table
        of CPUs only has nobody waiting for its save: it may be batched with others. Its notices
        and results take their place in the channel's order now (posted once stored)."""
        if not out.finished:
            out.saving = await self.queue_save(session, patient=not session.table.has_human)
        self.effects.order(session, out)

    async def stored(self, session: TableSession, out: Outcome) -> bool:
        """Wait (no lock held) until what ``out`` played is stored. False: another process stored
        a move first, so this copy is stale, is let go, and what is stored stands."""
        saving = out.saving
        if saving is None:
            return True
        try:
            await self._written(session, saving)
        except persist.MoveConflict:
            return False
        return True

    async def end(self, session: TableSession) -> None:
        await ending.announce(self, session)

    # ---- interactions --------------------------------------------------------------------------

    async def new_table(self, interaction: discord.Interaction, game: str, options: dict[str, Any], timer: int,
                        level: str, table_lang: str, seating: str = "random", assist: bool | None = None) -> None:
        if self.draining:  # this process is going away: the channel's next /table new reaches its successor
            return await answer(interaction, "ops.draining")
        async with self.serving() as serve:
            if serve:
                await lobby.new_table(self, interaction, game, options, timer, level, table_lang, seating, assist)

    async def on_lobby(self, interaction: discord.Interaction, table_id: str, action: str) -> None:
        async with self.serving() as serve:
            if serve and await self.route(interaction, table_id):
                await lobby.on_lobby(self, interaction, table_id, action)

    async def on_move(self, interaction: discord.Interaction, table_id: str, no: int, index: int,
                      amount: str | None = None) -> None:
        async with self.serving() as serve:
            if serve and await self.route(interaction, table_id):
                await clicks.on_move(self, interaction, table_id, no, index, amount)

    async def on_hand_option(self, interaction: discord.Interaction, table_id: str, no: int, kind: str,
                             arg: str) -> None:
        async with self.serving() as serve:
            if serve and await self.route(interaction, table_id):
                await clicks.on_hand_option(self, interaction, table_id, no, kind, arg)

    async def on_my_hand(self, interaction: discord.Interaction, table_id: str) -> None:
        async with self.serving() as serve:
            if serve and await self.route(interaction, table_id):
                await clicks.on_my_hand(self, interaction, table_id)

    async def on_back(self, interaction: discord.Interaction, table_id: str) -> None:
        async with self.serving() as serve:
            if serve and await self.route(interaction, table_id):
                await clicks.on_back(self, interaction, table_id)

    async def leave(self, interaction: discord.Interaction) -> None:
        async with self.serving() as serve:
            if serve and not await self.routed_elsewhere(interaction, private=True):
                await commands.leave(self, interaction)

    async def abort(self, interaction: discord.Interaction) -> None:
        async with self.serving() as serve:
            if serve and not await self.routed_elsewhere(interaction, private=False):
                await commands.abort(self, interaction)

    async def status(self, interaction: discord.Interaction) -> None:
        async with self.serving() as serve:
            if serve and not await self.routed_elsewhere(interaction, private=True):
                await commands.status(self, interaction)

    async def verify(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with self.serving() as serve:
            if serve:
                await commands.verify(self, interaction, game)

    # ---- several processes (bot.play.shared) ----------------------------------------------------

    async def route(self, interaction: discord.Interaction, table_id: str, private: bool = False) -> bool:
        """True if this process serves the interaction; False once it has gone to the holder."""
        return await self.sharing.route(interaction, table_id, private)

    async def routed_elsewhere(self, interaction: discord.Interaction, private: bool) -> bool:
        return await self.sharing.routed_elsewhere(interaction, private)

    async def tables_in_guild(self, guild_id: int, here: int) -> int:
        return await self.sharing.tables_in_guild(guild_id, here)

    async def stored_elsewhere(self, channel_id: int | None) -> str | None:
        return await self.sharing.stored_elsewhere(channel_id)

    async def served_elsewhere(self, channel_id: int) -> bool:
        return await self.sharing.served_elsewhere(channel_id)

    async def take_over(self, table_id: str) -> TableSession | None:
        return await self.sharing.take_over(table_id)

    async def start_decisions(self) -> None:
        """Start the CPU decision workers, then let in as many CPU-only turns at once as where the
        choices now run can take (one if they fell back to a thread)."""
        await self.decisions.start()
        self.steps.at_once = self.decisions.turns_at_once
        self.decisions.on_grow = self._decisions_grew

    def _decisions_grew(self) -> None:
        self.steps.widen(self.decisions.turns_at_once)

    async def start(self) -> None:
        """Listen for forwarded interactions and run the lease and timer loops (``shared`` only)."""
        await self.sharing.start()

    # ---- restart and shutdown ------------------------------------------------------------------

    async def resume_all(self) -> int:
        return await commands.resume_all(self)

    async def close(self) -> None:
        """Wait for every interaction being served and every transition under way, then stop
        every timer, CPU turn, edit and post; the leases are given up, so another process may
        serve these tables at once. An interaction that arrives from now on is left alone."""
        self.closed = True
        self.store.writer.linger = 0.0  # what is queued from now on is written at once
        self.store.writer.hurry()
        await self.sharing.stop()
        current = asyncio.current_task()
        await asyncio.gather(*(task for task in self.serving_now if task is not current), return_exceptions=True)
        sessions = [*self.sessions.values(), *self.ending]
        await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)
        current = asyncio.current_task()
        await asyncio.gather(*(task for task in self.background if task is not current), return_exceptions=True)
        await self.store.writer.flush()
        await self.sharing.release_all(sessions)
