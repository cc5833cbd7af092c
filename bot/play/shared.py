"""The several-processes half of the table registry (docs/ARCHITECTURE.md "Several processes").

With ``shared`` a process serves a table only while it holds the table's lease: taken when the
table is created, resumed or taken over, renewed by one loop well inside its length, given up
when the table ends. A click for a table held elsewhere is deferred at once and forwarded to the
holder (:mod:`bot.play.forward`); one nobody holds (its process died) is taken over: lease, load,
serve. Turn timers are also stored as rows, and a second loop claims expired ones, so a timer of
a dead process still fires once, in the process that takes its table over.

Every step here is a no-op for one process on its own (``shared`` off): ``TableManager`` calls
it unconditionally and the single-process bot takes none of these steps.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.ops import metrics as ops
from bot.play import commands, drain, forward, persist
from bot.play.effects import answer
from bot.play.session import TableSession
from bot.play.table import Table

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)


class Sharing:
    """Leases, forwarding, take-overs and stored turn timers of one process's tables."""

    def __init__(self, m: TableManager) -> None:
        self.m = m
        self.loops: list[asyncio.Task[None]] = []
        self.taking: dict[str, asyncio.Lock] = {}  # one take-over of a table at a time in this process
        self.timer_rows: dict[str, dict[str, tuple[int, float]]] = {}  # armed, stored at the next save

    @property
    def on(self) -> bool:
        return bool(self.m.shared)

    # ---- leases and timer rows around a save ---------------------------------------------------

    async def lease_new(self, session: TableSession) -> None:
        """A table not stored yet is stored under this process's lease (lock held)."""
        if self.on and session.saved is None:
            await self.m.store.acquire_lease(session.table_id, self.m.holder, self.m.lease_seconds)

    def arm_row(self, table: Table, player: str) -> None:
        """A row too, written once the table is saved, so the timer fires even if this process dies."""
        if self.on:
            self.timer_rows.setdefault(table.table_id, {})[player] = (table.prompts[player], table.deadlines[player])

    def take_rows(self, table_id: str) -> dict[str, tuple[int, float]]:
        """The rows armed since the table's last save, for the save being queued."""
        return self.timer_rows.pop(table_id, {})

    def store_rows(self, table_id: str, rows: dict[str, tuple[int, float]]) -> None:
        """The save that carried ``rows`` is stored: the rows follow it."""
        for player, (no, due) in rows.items():
            self.m.spawn(self._timer_row(table_id, f"turn:{player}", no, due))

    async def _timer_row(self, table_id: str, kind: str, no: int, due: float) -> None:
        try:
            await self.m.store.set_deadline(table_id, kind, no, datetime.fromtimestamp(due, UTC))
        except Exception as e:  # the table ended meanwhile: no timer to keep
            log.info("table %s: timer row not stored (%s)", table_id, e)

    async def release(self, table_id: str) -> None:
        if self.on and table_id not in self.m.sessions:
            await self.m.store.release_lease(table_id, self.m.holder)

    # ---- routing -------------------------------------------------------------------------------

    async def route(self, interaction: discord.Interaction, table_id: str, private: bool = False) -> bool:
        """True if this process serves the interaction; False once it has gone to the holder."""
        m = self.m
        if m.draining and not m.closed:
            return await drain.route(m, interaction, table_id, private)
        if not self.on or table_id in m.sessions or m.closed:
            drain.track(m)  # a drain lets it finish here
            return True
        if forward.forwarded(interaction):  # sent here, yet no longer here: serve it if we can
            await self.take_over(table_id)
            return True
        await forward.acknowledge(interaction, private)  # within Discord's 3 seconds, whoever answers
        for _ in range(2):
            if await m.store.forward(table_id, forward.payload(interaction)) is not None:
                ops.forwarded("sent")
                return False
            if await self.take_over(table_id) is not None:
                return True
        return True  # the handler answers from what is here (a stale button)

    async def routed_elsewhere(self, interaction: discord.Interaction, private: bool) -> bool:
        """A ``/table`` command for this channel's table, which another process serves (it took the
        table over): True once it went there. A non-host's ``abort`` is refused here, privately."""
        if forward.forwarded(interaction):
            return False
        table_id = await self.stored_elsewhere(interaction.channel_id)
        if table_id is None:
            return False
        if not private:
            record = await self.m.store.load_table(table_id)
            if record is not None and not commands.may_stop(interaction, int(record.meta["host"])):
                await answer(interaction, "err.host_only")
                return True
        return not await self.route(interaction, table_id, private)

    async def tables_in_guild(self, guild_id: int, here: int) -> int:
        """The server's open tables: ``here`` in this process, and (several processes) those the
        store holds, which include the ones other processes took over."""
        return max(here, await self.m.store.tables_in_guild(guild_id)) if self.on else here

    async def stored_elsewhere(self, channel_id: int | None) -> str | None:
        """The id of this channel's table in play when this process does not serve it but the
        store holds it (several processes: another one took it over)."""
        m = self.m
        if not self.on or m.closed or channel_id is None or m.session_in(channel_id) is not None:
            return None
        found: str | None = await m.store.table_in_channel(channel_id)
        return found

    async def served_elsewhere(self, channel_id: int) -> bool:
        """Another process serves a table in this channel (or did, and it is now taken over here)."""
        table_id = await self.stored_elsewhere(channel_id)
        return table_id is not None and (await self.m.store.lease_holder(table_id) is not None
                                         or await self.take_over(table_id) is not None)

    async def take_over(self, table_id: str) -> TableSession | None:
        """Take the lease of a table nobody serves, load it and carry on playing it here."""
        lock = self.taking.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                return await self._take_over(table_id)
        finally:  # a click already waiting on this lock then finds the table registered
            if not lock.locked():
                self.taking.pop(table_id, None)

    async def _take_over(self, table_id: str) -> TableSession | None:
        m = self.m
        if table_id in m.sessions:
            return m.sessions[table_id]
        if m.closed or m.draining or not await m.store.acquire_lease(table_id, m.holder, m.lease_seconds):
            return None
        record = await persist.load(m.store, table_id)
        if record is None:
            await m.store.release_lease(table_id, m.holder)
            return None
        log.info("table %s taken over by %s", table_id, m.holder)
        ops.taken_over()
        return await commands.resume_one(m, record)

    # ---- the loops -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen for forwarded interactions and run the lease and timer loops."""
        if not self.on or self.loops:
            return
        await self.m.store.listen(self.m.holder, self._forwarded)
        await drain.listen(self.m)  # tables another process hands on at its shutdown are taken at once
        self.loops = [asyncio.create_task(self._keep_leases()), asyncio.create_task(self._claim_timers())]

    async def stop(self) -> None:
        for task in self.loops:
            task.cancel()
        await asyncio.gather(*self.loops, return_exceptions=True)

    async def release_all(self, sessions: list[TableSession]) -> None:
        """Shutting down: another process may serve these tables at once."""
        if self.on:
            await asyncio.gather(*(self.m.store.release_lease(s.table_id, self.m.holder) for s in sessions),
                                 return_exceptions=True)

    async def _forwarded(self, table_id: str, data: dict[str, Any]) -> None:
        if self.m.closed:
            return
        ops.forwarded("received")
        interaction = forward.rebuild(self.m.bot, data)
        if not await forward.dispatch(self.m.bot, interaction):
            await answer(interaction, "err.stale")

    async def _keep_leases(self) -> None:
        """Renew every lease held, three times per lease length; a lease lost means another
        process took the table (this one stalled too long): the copy here is let go."""
        m = self.m
        while not m.closed:
            await asyncio.sleep(m.lease_seconds / 3)
            for session in [*m.sessions.values(), *m.ending]:
                try:
                    kept = await m.store.renew_lease(session.table_id, m.holder, m.lease_seconds)
                except Exception:  # the database is away: try again next round
                    log.exception("could not renew the lease of table %s", session.table_id)
                    continue
                if not kept and session.table_id in m.sessions:
                    log.warning("table %s: lease lost to another process", session.table_id)
                    m.lost(session)

    async def _claim_timers(self) -> None:
        """Claim expired turn timers: those of tables served here are this process's own timers
        (stale rows are cleared); any other is a table whose process died, taken over here."""
        m = self.m
        while not m.closed and not m.draining:
            await asyncio.sleep(min(1.0, m.lease_seconds / 3))
            try:
                due = await m.store.claim_deadlines(m.holder, hold_for=m.lease_seconds)
            except Exception:
                log.exception("could not claim turn timers")
                continue
            for deadline in due:
                session = m.sessions.get(deadline.table_id)
                if session is None:
                    session = await self.take_over(deadline.table_id)
                if session is not None and session.table.move_no > deadline.move_no:
                    await m.store.clear_deadline(deadline.table_id, deadline.kind)
