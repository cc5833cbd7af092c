"""The registry of tables in play: routes each interaction to its ``TableSession`` and runs the
clocks (turn timers, CPU pacing) that change a table on their own.

Nothing here holds a table's lock across a Discord call: a transition changes the session and
saves it under the lock, then ``Effects`` tells Discord. ``close`` waits for every transition
under way, so a move that was played is stored and nothing reaches Discord or the store after.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.play import clicks, commands, ending, lobby, persist, turns
from bot.play.clock import Clock, RealClock
from bot.play.effects import Effects
from bot.play.session import TableSession
from bot.play.table import Table
from bot.play.turns import Outcome

log = logging.getLogger(__name__)
KEEP_FINISHED = 1000  # channels whose last finished table /table verify can still replay
KEEP_DM_CHANNELS = 10_000


class TableManager:
    def __init__(self, bot: Any, store: Any, *, time_scale: float = 1.0, edit_interval: float = 1.0,
                 repost_after: float = 3600.0, cpu_pause: float = 1.0, seeds: Callable[[], int] | None = None,
                 clock: Clock | None = None, guild_cap: int = 25) -> None:
        self.bot = bot
        self.store = store
        self.time_scale = time_scale
        self.edit_interval = edit_interval
        self.repost_after = repost_after
        self.cpu_pause = cpu_pause
        self.seeds = seeds  # None: seeds by the fair shuffle (D69); tests and benchmarks pass a fixed sequence
        self.clock: Clock = clock or RealClock()  # every wait of the bot; tests pass a ManualClock
        self.guild_cap = guild_cap  # tables (lobbies and games) per server at once
        self.sessions: dict[str, TableSession] = {}
        self.by_channel: dict[int, str] = {}
        self.ending: set[TableSession] = set()  # over (stored), its last pictures still being posted
        self.finished: OrderedDict[int, Table] = OrderedDict()  # channel -> last finished table (verify)
        self.dm_channels: OrderedDict[int, int] = OrderedDict()  # user id -> DM channel id
        self.background: set[asyncio.Task[Any]] = set()
        self.closed = False
        self.effects = Effects(self)
        self.move_times = turns.MOVE_TIMES

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
        self.sessions[table.table_id] = session
        self.by_channel[table.channel_id] = table.table_id
        return session

    def unregister(self, session: TableSession) -> None:
        self.sessions.pop(session.table_id, None)
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
        try:
            yield
        finally:
            session.work.discard(task)

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    # ---- storage (lock held) -------------------------------------------------------------------

    async def save(self, session: TableSession) -> None:
        await persist.save(self.store, session.table)

    async def store_message(self, session: TableSession) -> None:
        """A new table message id, from the publisher (which holds no lock)."""
        async with session.lock:
            if session.table.status == "playing" and not session.closed:
                await self.save(session)

    async def drop(self, session: TableSession, status: str) -> None:
        """The table ends unplayed or stopped (lock held): the channel is free at once."""
        session.table.status = status
        self.unregister(session)
        await persist.drop(self.store, session.table)

    def close_later(self, session: TableSession) -> None:
        self.spawn(session.close())

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
            await self.drop(session, "aborted")
        await session.close()

    def guild_gone(self, guild_id: int) -> None:
        for session in list(self.sessions.values()):
            if session.table.guild_id == guild_id:
                self.gone(session.table.channel_id)

    # ---- playing (lock held) -------------------------------------------------------------------

    async def advance(self, session: TableSession) -> Outcome:
        out = await turns.advance(session, pace=self.cpu_pause > 0, now=self.clock.now(), scale=self.time_scale)
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

    async def _expire(self, session: TableSession, player: str, no: int, delay: float) -> None:
        await self.clock.sleep(delay)
        async with self.working(session):
            async with session.lock:
                table = session.table
                if (session.closed or table.status != "playing" or table.prompts.get(player) != no
                        or table.game is None or table.game.finished):
                    return
                session.timers.pop(player, None)
                out = turns.timeout_move(session, player).merge(await self.advance(session))
                if not out.finished:
                    await self.save(session)
            await self.effects.run(session, out)

    def continue_later(self, session: TableSession) -> None:
        task = session.cpu_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            return
        if not self.closed:
            session.cpu_task = session.spawn(self._cpu_turn(session))

    async def _cpu_turn(self, session: TableSession) -> None:
        await self.clock.sleep(self.cpu_pause * self.time_scale)
        async with self.working(session):
            async with session.lock:
                if session.closed or session.table.status != "playing":
                    return
                out = await self.advance(session)
                if not out.finished:
                    await self.save(session)
            await self.effects.run(session, out)

    async def end(self, session: TableSession) -> None:
        await ending.announce(self, session)

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with a user: looked up once, then addressed by id (no call per hand)."""
        if user_id not in self.dm_channels:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            self.dm_channels[user_id] = (await user.create_dm()).id
            while len(self.dm_channels) > KEEP_DM_CHANNELS:
                self.dm_channels.popitem(last=False)
        return self.bot.get_partial_messageable(self.dm_channels[user_id], type=discord.ChannelType.private)

    # ---- interactions --------------------------------------------------------------------------

    async def new_table(self, interaction: discord.Interaction, game: str, options: dict[str, Any], timer: int,
                        level: str, table_lang: str, seating: str = "random") -> None:
        await lobby.new_table(self, interaction, game, options, timer, level, table_lang, seating)

    async def on_lobby(self, interaction: discord.Interaction, table_id: str, action: str) -> None:
        await lobby.on_lobby(self, interaction, table_id, action)

    async def on_move(self, interaction: discord.Interaction, table_id: str, no: int, index: int,
                      amount: str | None = None) -> None:
        await clicks.on_move(self, interaction, table_id, no, index, amount)

    async def on_hand_option(self, interaction: discord.Interaction, table_id: str, no: int, kind: str,
                             arg: str) -> None:
        await clicks.on_hand_option(self, interaction, table_id, no, kind, arg)

    async def on_my_hand(self, interaction: discord.Interaction, table_id: str) -> None:
        await clicks.on_my_hand(self, interaction, table_id)

    async def on_back(self, interaction: discord.Interaction, table_id: str) -> None:
        await clicks.on_back(self, interaction, table_id)

    async def leave(self, interaction: discord.Interaction) -> None:
        await commands.leave(self, interaction)

    async def abort(self, interaction: discord.Interaction) -> None:
        await commands.abort(self, interaction)

    async def status(self, interaction: discord.Interaction) -> None:
        await commands.status(self, interaction)

    async def verify(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await commands.verify(self, interaction, game)

    # ---- restart and shutdown ------------------------------------------------------------------

    async def resume_all(self) -> int:
        return await commands.resume_all(self)

    async def close(self) -> None:
        """Wait for every transition under way, then stop every timer, CPU turn, edit and post."""
        self.closed = True
        sessions = [*self.sessions.values(), *self.ending]
        await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)
        current = asyncio.current_task()
        await asyncio.gather(*(task for task in self.background if task is not current), return_exceptions=True)
