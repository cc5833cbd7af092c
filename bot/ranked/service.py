"""The queue service: matches waiting players, asks them to be Ready, opens their table in a thread.

Everything it knows is in the store, so a restart keeps the queue and several processes share it:
a match is claimed in one transaction (:meth:`RankedStore.claim_matches`), the Ready that completes
it hands the opening to whichever process received it, and a match whose Ready time ran out is
expired by whichever process looks first. The service wakes when something happens here (a join, a
Ready), at the next Ready deadline, every ``WIDEN_EVERY`` seconds while somebody waits (the rank
window widens, hold'em may start short, CPUs may fill), and with several processes every ``POLL``
seconds. All waits are on the tables' clock (``m.clock``), so tests run on virtual time.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.outbox import Priority, Reason, Route
from bot.play import seated
from bot.play.modes import MODES, Choices
from bot.play.table import Seat, Table
from bot.ranked.matching import WIDEN_EVERY, Waiting, find_matches, rule_for
from bot.ranked.ready import ready_view
from bot.ranked.words import badged, change_line, plain_name
from bot.storage.ranked import Match, QueueEntry

if TYPE_CHECKING:
    from bot.play.manager import TableManager

log = logging.getLogger(__name__)
READY_SECONDS = 30.0
POLL = 5.0  # with several processes: how often to look for what another process left
JOIN_USABLE = 14 * 60.0  # an interaction's follow-ups work for 15 minutes; keep a margin
FILL_SEATS = {"holdem": 4}  # a CPU-filled hold'em table has this many seats; mahjong has four
def ranked_pick(game: str, seated: Collection[int] = ()) -> Any:
    """The store's ``pick`` for full-human matches: :func:`bot.ranked.matching.find_matches` over
    the waiting players not ``seated`` at a table now (they keep their place until it ends)."""
    rule = rule_for(game)

    def pick(waiting: list[QueueEntry], now: float) -> list[list[QueueEntry]]:
        waiting = [e for e in waiting if e.user_id not in seated]
        by_user = {e.user_id: e for e in waiting}
        found = find_matches([Waiting(e.user_id, e.joined_at, e.level, e.rating) for e in waiting], now, rule)
        return [[by_user[w.user_id] for w in table] for table in found]
    return pick


def fill_pick(game: str, after: float, seated: Collection[int] = ()) -> Any:
    """The store's ``pick`` for small servers: whoever waited ``after`` seconds gets a table, the
    longest waiters together, CPUs in the empty seats (such a game is not ranked, D77)."""
    seats = FILL_SEATS.get(game, 4)

    def pick(waiting: list[QueueEntry], now: float) -> list[list[QueueEntry]]:
        due = [e for e in sorted(waiting, key=lambda e: (e.joined_at, e.user_id))
               if now - e.joined_at >= after and e.user_id not in seated]
        return [due[i:i + seats - 1] for i in range(0, len(due), seats - 1)]
    return pick


class QueueService:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.m: TableManager = bot.tables
        self.m.on_finished.append(self.counted)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.pending: dict[str, float] = {}  # match id -> its Ready deadline, for matches made here
        self.tasks: set[asyncio.Task[Any]] = set()
        self.joins: dict[int, tuple[discord.Interaction, float]] = {}  # user -> their /queue join, while usable

    @property
    def store(self) -> Any:
        return self.m.store

    async def start(self) -> None:
        """Count the ranked games stored but not yet counted (a crash between the two writes),
        then run the matching loop."""
        for game_id in await self.store.unapplied_ranked_games():
            await self.store.apply_ranked_game(game_id)
        self.ensure_running()

    def ensure_running(self) -> None:
        if self.m.closed or (self._task is not None and not self._task.done()):
            return
        self._task = asyncio.create_task(self._run())
        self.m.loops.append(self._task)  # cancelled with the manager's own loops on close

    def spawn(self, coro: Any) -> None:
        """A task of the service (prompts, openings): cancelled with its loop when the bot closes,
        as they wait on the outbox, which stops then. A match cut short this way is undone later."""
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def joined(self, interaction: discord.Interaction) -> None:
        """Keep a player's ``/queue join`` interaction: for 15 minutes its follow-ups can answer
        them privately where their DMs are closed."""
        now = self.m.clock.now()
        self.joins = {u: (i, at) for u, (i, at) in self.joins.items() if now - at < JOIN_USABLE}
        self.joins[interaction.user.id] = (interaction, now)
        self.wake()

    def wake(self) -> None:
        self.ensure_running()
        self._wake.set()

    async def _run(self) -> None:
        try:
            while not self.m.closed:
                self._wake.clear()
                try:
                    next_at = await self.tick()
                except Exception:
                    log.exception("ranked queue pass failed")
                    next_at = self.m.clock.now() + POLL
                await self._sleep_until(next_at)
        finally:
            for task in list(self.tasks):
                task.cancel()

    async def _sleep_until(self, when: float | None) -> None:
        waits: list[asyncio.Task[Any]] = [asyncio.create_task(self._wake.wait())]
        if when is not None:
            waits.append(asyncio.create_task(self.m.clock.sleep(max(0.0, when - self.m.clock.now()))))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()

    async def tick(self) -> float | None:
        """One pass: expire late matches, make new ones; returns when to look again (None: only
        when woken)."""
        now = self.m.clock.now()
        for match, dropped in await self.store.expire_matches(now):
            await self._timed_out(match, dropped)
        # past deadlines are done with: expired just now, or opened or expired by another process
        self.pending = {match_id: at for match_id, at in self.pending.items() if at >= now}
        keys = await self.store.queue_keys()
        for guild_id, game, length in keys:
            settings = await self.store.get_ranked_settings(guild_id)
            if settings.channel_id is None:
                continue
            seated = await self.seated(guild_id)
            made = await self.store.claim_matches(guild_id, game, length, now, READY_SECONDS,
                                                  ranked_pick(game, seated))
            if settings.cpu_fill_minutes:
                made += await self.store.claim_matches(guild_id, game, length, now, READY_SECONDS,
                                                       fill_pick(game, settings.cpu_fill_minutes * 60.0, seated),
                                                       ranked=False)
            for match in made:
                self.pending[match.match_id] = match.ready_by
                self.spawn(self.ask_ready(match))
        times = [at + 0.001 for at in self.pending.values()]
        if keys:
            times.append(now + WIDEN_EVERY)
        if self.m.shared:
            times.append(now + POLL)
        return min(times) if times else None

    async def seated(self, guild_id: int) -> set[int]:
        """Players of the server seated at a dealt table, here or in another process."""
        here = {s.user_id for table in self.m.tables.values() if table.guild_id == guild_id
                and table.status == "playing" for s in table.seats if s.user_id is not None}
        return here | set(await self.store.seated_in_guild(guild_id))

    # ---- telling players ----------------------------------------------------------------------

    async def _dm(self, entry: QueueEntry, content: str, view: discord.ui.View | None = None) -> None:
        """A private message through the outbox. Where DMs are closed: a private follow-up of their
        ``/queue join`` if it is recent enough, else a message in the channel they joined from that
        mentions them (the Ready button answers them alone)."""
        dm = await self.m.effects.dm_channel_id(entry.user_id)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if dm is not None:
            channel = self.bot.get_partial_messageable(dm, type=discord.ChannelType.private)
            sent = await self.bot.outbox.submit(lambda: channel.send(content, **extra), route=Route.dm(dm),
                                                priority=Priority.PROMPT)
            if sent.ok or sent.reason is not Reason.FORBIDDEN:
                return
        held = self.joins.get(entry.user_id)
        if held is not None and self.m.clock.now() - held[1] < JOIN_USABLE:
            try:  # an interaction follow-up: outside the outbox's budget, as every answer is
                await held[0].followup.send(content, ephemeral=True, **extra)
                return
            except discord.HTTPException as e:
                log.info("queue: no private follow-up for %s (%s)", entry.user_id, e)
        if not entry.channel_id:
            return
        where = self.bot.get_partial_messageable(entry.channel_id)
        text = t(entry.lang, "queue.ready.in_channel", mention=f"<@{entry.user_id}>") + "\n" + content
        await self.bot.outbox.submit(lambda: where.send(text, **extra), route=Route.channel(entry.channel_id),
                                     priority=Priority.PROMPT)

    def _title(self, lang: str, game: str) -> str:
        return t(lang, MODES[game].title_key)

    async def ask_ready(self, match: Match) -> None:
        """Each player's Ready prompt, with the fair shuffle's commitment (D69, D79)."""
        commitment = hashlib.sha256(bytes.fromhex(match.secret)).hexdigest()
        names = ", ".join(p.name for p in match.players)
        cpus = FILL_SEATS.get(match.game, 4) - len(match.players)
        for p in match.players:
            key = "queue.ready.prompt" if match.ranked else "queue.ready.prompt_cpu"
            text = t(p.lang, key, game=self._title(p.lang, match.game), players=names, seconds=int(READY_SECONDS),
                     commitment=commitment, cpus=cpus)
            self.spawn(self._dm(p, text, ready_view(match.match_id, p.lang)))

    async def _timed_out(self, match: Match, dropped: list[int]) -> None:
        for p in match.players:
            if p.user_id in dropped:
                self.spawn(self._dm(p, t(p.lang, "queue.timeout.dropped")))
            elif p.ready_id is not None:
                self.spawn(self._dm(p, t(p.lang, "queue.timeout.kept", game=self._title(p.lang, match.game))))

    # ---- Ready and opening ----------------------------------------------------------------------

    async def on_ready(self, interaction: discord.Interaction, match_id: str, lang: str) -> None:
        user = interaction.user.id
        match = await self.store.get_match(match_id)
        if match is None or all(p.user_id != user for p in match.players):
            key = "queue.ready.late" if match is None else "queue.ready.not_yours"
            await interaction.response.send_message(t(lang, key), ephemeral=True)
            return
        answer, current = await self.store.mark_ready(match_id, user, interaction.id, self.m.clock.now())
        if answer in ("again", "late"):
            key = "queue.ready.again" if answer == "again" else "queue.ready.late"
            await interaction.response.send_message(t(lang, key), ephemeral=True)
            return
        done = "queue.ready.opening" if answer == "all" else "queue.ready.done"
        await interaction.response.edit_message(content=t(lang, done), view=None)
        if answer == "all" and current is not None:
            self.pending.pop(match_id, None)
            self.spawn(self.open_match(current))

    async def open_match(self, match: Match) -> None:
        """A thread of the ranked channel, a table seated with exactly the matched players; if
        Discord refuses the thread, the match is undone and everyone is back at the front."""
        settings = await self.store.get_ranked_settings(match.guild_id)
        lang = await self.store.get_guild_language(match.guild_id) or "en"
        title = self._title(lang, match.game)
        name = t(lang, "queue.thread_name", game=title, names=", ".join(p.name for p in match.players))
        try:
            if settings.channel_id is None:
                raise seated.ThreadRefused("ranked play was turned off")
            thread = await seated.open_thread(self.m, settings.channel_id, name)
        except seated.ThreadRefused as e:
            log.warning("match %s: thread refused (%s); undone", match.match_id, e)
            await self._undo(match)
            return
        table = self._table(match, thread, lang)
        await self.store.match_table(match.match_id, table.table_id)
        start_id = discord.utils.time_snowflake(discord.utils.utcnow())  # made after every Ready
        session = await seated.open_seated(self.m, table, start_id=start_id)
        if session is None:
            await self._undo(match)
            return
        await self.store.match_opened(match.match_id, thread)
        mentions = " ".join(f"<@{p.user_id}>" for p in match.players)
        key = "queue.opened" if match.ranked else "queue.opened_cpu"
        text = t(lang, key, game=title, mentions=mentions)
        where = self.bot.get_partial_messageable(thread)
        self.bot.outbox.submit(lambda: where.send(text), route=Route.channel(thread), priority=Priority.HUMAN_TABLE)

    def _table(self, match: Match, thread: int, lang: str) -> Table:
        seats = [Seat(p.user_id, badged(p.name, p.level, lang), lang=p.lang) for p in match.players]
        if not match.ranked:
            seats += [Seat(None, f"CPU {n}") for n in range(len(seats) + 1, FILL_SEATS.get(match.game, 4) + 1)]
        options = MODES[match.game].options(Choices(length=match.length or None))
        purpose = {"kind": "ranked", "match": match.match_id, "ranked": match.ranked}
        return seated.seated_table(self.m, guild_id=match.guild_id, channel_id=thread, game=match.game, seats=seats,
                                   host_id=match.players[0].user_id, options=options, lang=lang, purpose=purpose,
                                   secret=bytes.fromhex(match.secret),
                                   joins=[(p.user_id, p.ready_id or 0) for p in match.players])

    async def _undo(self, match: Match) -> None:
        back = await self.store.match_undo(match.match_id)
        for p in back:
            self.spawn(self._dm(p, t(p.lang, "queue.undone", game=self._title(p.lang, match.game))))
        self.wake()

    # ---- the end of a game, and players leaving ----------------------------------------------

    async def counted(self, table: Table, game_id: int) -> list[str]:
        """``m.on_finished``: count a ranked game on the ladder (once, by its id) and say how each
        player's rank moved, under the final standings."""
        purpose = table.purpose or {}
        if purpose.get("kind") != "ranked":
            return []
        if not purpose.get("ranked", True):
            return [t(table.lang, "ranked.unranked")]
        changes = await self.store.apply_ranked_game(game_id)
        names = {s.user_id: plain_name(s.name) for s in table.seats}
        return [change_line(table.lang, names.get(c.user_id, str(c.user_id)), c)
                for c in sorted(changes, key=lambda c: (c.place, c.user_id))]

    async def member_left(self, guild_id: int, user_id: int) -> None:
        entry = await self.store.queue_entry(user_id)
        if entry is not None and entry.guild_id == guild_id:
            await self.store.queue_leave(user_id)
