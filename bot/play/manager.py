"""Runs every table: lobby, moves, CPU seats, timers, private hands, the public message, storage.

One asyncio lock per table serialises everything that changes it. Clicks are acknowledged first
(defer) and answered after; pictures are drawn in a worker thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import discord

from bot.i18n import CAPTIONS, language_of, t
from bot.play import buttons, cpu, images, messages, results
from bot.play.clock import Clock, RealClock
from bot.play.moves import default_part, layout, poker_numbers, poker_parts, split
from bot.play.moves import played as played_text
from bot.play.table import AFK_AFTER, DEFAULT_BANK, MIN_SEATS, SEATS, Seat, Table
from bot.storage import FinishedGame, SeatResult, TableRecord
from bot.storage.base import Stats
from bot.storage.counters import seat_counters
from bot.storage.standings import final_ranks
from engine.base import IllegalMove, Move, matches
from engine.rng import derive, new_seed, seed_digest
from engine.scenario import replay

log = logging.getLogger(__name__)
ERROR_KEYS = {
    "not_your_turn": "err.not_your_turn",
    "game_over": "err.game_over",
    "not_seated": "err.not_seated",
    "not_allowed": "err.not_allowed",
    "bad_amount": "err.bad_amount",
}


class TableManager:
    def __init__(self, bot: Any, store: Any, *, time_scale: float = 1.0, edit_interval: float = 1.0,
                 repost_after: float = 3600.0, cpu_pause: float = 1.0,
                 seeds: Callable[[], int] = new_seed, clock: Clock | None = None) -> None:
        self.bot = bot
        self.clock: Clock = clock or RealClock()  # every wait of the bot: tests pass a ManualClock
        self.store = store
        self.time_scale = time_scale
        self.edit_interval = edit_interval
        self.repost_after = repost_after
        self.cpu_pause = cpu_pause
        self.seeds = seeds  # the CSPRNG; tests and benchmarks pass a fixed sequence
        self.cpu_tasks: dict[str, asyncio.Task[None]] = {}
        self.tables: dict[str, Table] = {}
        self.finished: dict[int, Table] = {}  # channel -> last finished table, for /table verify
        self.by_channel: dict[int, str] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.timers: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.started: dict[tuple[str, str], float] = {}
        self.prompted_legal: dict[tuple[str, str], list[Move]] = {}
        self.hand_ui: dict[tuple[str, str], tuple[str, bool]] = {}
        self.dirty: set[str] = set()
        self.publishers: dict[int, asyncio.Task[None]] = {}
        self.last_edit: dict[int, float] = {}
        self.publish_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.move_times: deque[float] = deque(maxlen=100_000)  # engine time per move, for the benchmark
        self.closed = False  # after close(): no new timers, CPU turns or edits
        self.reported: dict[str, tuple[int, int]] = {}  # kyoku and poker results already posted
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.result_tasks: dict[str, set[asyncio.Task[None]]] = {}  # result pictures being posted, per table
        self.busy: set[asyncio.Task[Any]] = set()  # tasks inside advance(): close() waits for them

    # ---- helpers -------------------------------------------------------------------------------

    async def answer(self, interaction: discord.Interaction, key: str, **params: Any) -> None:
        """A short private reply in the clicking user's language."""
        text = t(language_of(interaction.locale), key, **params)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    def idle(self, table_id: str) -> bool:
        """Nothing of the table runs or is scheduled but its turn timers (a CPU turn, an edit, a
        result picture would count)."""
        task = self.cpu_tasks.get(table_id)
        if task is not None and not task.done():
            return False
        if any(not task.done() for task in self.result_tasks.get(table_id, ())):
            return False
        table = self.tables.get(table_id)
        publisher = self.publishers.get(table.channel_id) if table else None
        return publisher is None or publisher.done()

    def table_in(self, channel_id: int | None) -> Table | None:
        tid = self.by_channel.get(channel_id or 0)
        return self.tables.get(tid) if tid else None

    async def save(self, table: Table) -> None:
        record = TableRecord(table.table_id, table.guild_id, table.channel_id, table.game_name,
                             table.scenario(), table.meta())
        await self.store.save_table(record)

    def register(self, table: Table) -> None:
        self.tables[table.table_id] = table
        self.by_channel[table.channel_id] = table.table_id

    def forget(self, table: Table) -> None:
        """Drop everything kept in memory for a table that ended (its timers and CPU turn too)."""
        self.tables.pop(table.table_id, None)
        if self.by_channel.get(table.channel_id) == table.table_id:
            del self.by_channel[table.channel_id]
        for key in [k for k in self.timers if k[0] == table.table_id]:
            self.timers.pop(key).cancel()
        for per_seat in (self.started, self.prompted_legal, self.hand_ui):
            for key in [k for k in per_seat if k[0] == table.table_id]:
                del per_seat[key]
        self.reported.pop(table.table_id, None)
        self.result_tasks.pop(table.table_id, None)
        self.locks.pop(table.table_id, None)
        task = self.cpu_tasks.pop(table.table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    # ---- lobby ---------------------------------------------------------------------------------

    async def new_table(self, interaction: discord.Interaction, game: str, options: dict[str, Any], timer: int,
                        level: str, table_lang: str, seating: str = "random") -> None:
        lang = language_of(interaction.locale)
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.answer(interaction, "err.guild_only")
            return
        if self.table_in(interaction.channel_id):
            await self.answer(interaction, "err.table_exists")
            return
        user = interaction.user
        table = Table(secrets.token_hex(4), interaction.guild_id, interaction.channel_id, game, user.id,
                      options=options, timer=timer, level=level, lang=table_lang, seating=seating,
                      seats=[Seat(user.id, user.display_name, lang=lang)])
        self.register(table)
        sent = await interaction.response.send_message(
            embed=messages.lobby_embed(table.lang, table, SEATS[game]), view=buttons.lobby_view(table.table_id, table.lang)
        )
        table.message_id = sent.message_id
        table.message_posted = self.clock.now()
        await self.save(table)

    async def on_lobby(self, interaction: discord.Interaction, table_id: str, action: str) -> None:
        table = self.tables.get(table_id)
        if table is None or table.status != "lobby":
            await self.answer(interaction, "err.stale")
            return
        async with self.locks[table_id]:
            user = interaction.user
            seated = table.seat_of(user.id)
            capacity = SEATS[table.game_name]
            if action == "join":
                if seated:
                    return await self.answer(interaction, "lobby.already")
                if len(table.seats) >= capacity:
                    return await self.answer(interaction, "lobby.full")
                table.seats.append(Seat(user.id, user.display_name, lang=language_of(interaction.locale)))
            elif action == "leave":
                if not seated:
                    return await self.answer(interaction, "err.not_seated")
                if user.id == table.host_id:
                    return await self.answer(interaction, "lobby.host_stays")
                table.seats = [s for s in table.seats if s.user_id != user.id]
            elif user.id != table.host_id:
                return await self.answer(interaction, "err.host_only")
            elif action == "cpu":
                if len(table.seats) >= capacity:
                    return await self.answer(interaction, "lobby.full")
                table.seats.append(Seat(None, f"CPU {len(table.seats) + 1}", table.level))
            elif action == "cancel":
                self.forget(table)
                await self.store.delete_table(table.table_id)
                await interaction.response.edit_message(content=t(table.lang, "lobby.cancelled"), embed=None, view=None)
                return
            elif action == "start":
                await interaction.response.defer()
                while len(table.seats) < MIN_SEATS[table.game_name]:
                    table.seats.append(Seat(None, f"CPU {len(table.seats) + 1}", table.level))
                await self.start(table)
                return
            await interaction.response.edit_message(
                embed=messages.lobby_embed(table.lang, table, capacity), view=buttons.lobby_view(table_id, table.lang)
            )
            await self.save(table)

    async def start(self, table: Table, seed: int | None = None) -> None:
        """Deal: draw the seed, build the game, show its digest, then play until a human must act."""
        table.seed = self.seeds() if seed is None else seed
        table.draw_seats()
        table.status = "playing"
        table.started_at = self.clock.now()
        table.bank = {p: float(DEFAULT_BANK) for p in table.players}
        table.game = replay(table.scenario())
        await self.advance(table)

    # ---- playing -------------------------------------------------------------------------------

    def _play(self, table: Table, move: Move) -> None:
        assert table.game is not None
        start = time.perf_counter()
        table.game.play(move)
        table.moves.append(list(move))
        self.move_times.append(time.perf_counter() - start)

    async def advance(self, table: Table) -> None:
        """Play CPU seats, then prompt every human the game waits on (lock held).

        One CPU move is made at once; further ones follow ``cpu_pause`` apart in a task of their
        own, so people can follow the table and the lock is free for clicks in between.
        """
        if self.closed:  # shutting down: the store may be gone; the stored table resumes later
            return
        task = asyncio.current_task()
        if task is None:
            await self._advance(table)
            return
        self.busy.add(task)
        try:
            await self._advance(table)
        finally:
            self.busy.discard(task)

    async def _advance(self, table: Table) -> None:
        game = table.game
        assert game is not None
        played = 0
        while not game.finished:
            bots = [p for p in game.waiting_on() if table.is_cpu(p)]
            if not bots:
                break
            if self.closed:  # close() is waiting for this move: keep what was played, nothing more
                await self.save(table)
                return
            if played and self.cpu_pause > 0:
                self._continue_later(table)
                break
            player = bots[0]
            rng = derive(table.seed or 0, "cpu", table.move_no)
            move = await cpu.choose(table.game_name, game, player, rng, table.seat(player).level)
            try:
                self._play(table, move)
            except IllegalMove:
                log.warning("table %s: CPU move %s refused; default move instead", table.table_id, move)
                self._play(table, game.default_move(player))
            played += 1
        self._report_results(table)
        if game.finished:
            await self.save(table)
            await self.finish(table)
            return
        waiting = game.waiting_on()
        for player in list(table.prompts):
            if player not in waiting or table.is_cpu(player):
                self._clear_prompt(table, player)
        for player in waiting:
            if table.is_cpu(player):
                continue
            legal = game.legal_moves(player)
            if self.prompted_legal.get((table.table_id, player)) == legal and player in table.prompts:
                continue
            await self.prompt(table, player, legal)
        await self.save(table)
        self.schedule_publish(table)

    def _report_results(self, table: Table) -> None:
        """Post a picture for each kyoku that ended and each poker hand shown down since last time."""
        assert table.game is not None
        summary = table.game.summary()
        kyoku, poker = summary.get("kyoku_results", []), summary.get("poker_results", [])
        seen_kyoku, seen_poker = self.reported.get(table.table_id, (0, 0))
        items = [("kyoku", r) for r in kyoku[seen_kyoku:]]
        items += [("showdown", r) for r in poker[seen_poker:] if r.get("shown")]
        self.reported[table.table_id] = (len(kyoku), len(poker))
        if items and not self.closed:
            task = asyncio.create_task(self._post_results(table, items))
            kept = self.result_tasks.setdefault(table.table_id, set())
            kept.add(task)
            task.add_done_callback(kept.discard)

    async def _post_results(self, table: Table, items: list[tuple[str, dict[str, Any]]]) -> None:
        names = {p: table.seat(p).name for p in table.players}
        lang, texts = table.lang, CAPTIONS[table.lang]
        async with self.publish_locks[table.channel_id]:
            for kind, record in items:
                if kind == "kyoku":
                    text = t(lang, "result.kyoku", kyoku=results.kyoku_title(lang, record, texts))
                    png = await asyncio.to_thread(results.kyoku_png, table.game_name, record, table.players, names,
                                                  lang, texts)
                else:
                    text = t(lang, "result.showdown", hand=int(record.get("hand", 0)))
                    png = await asyncio.to_thread(results.showdown_png, record, text, names, texts)
                await self.channel_send(table, content=text, file=discord.File(_bytes(png), "result.png"))

    def _clear_prompt(self, table: Table, player: str) -> None:
        key = (table.table_id, player)
        table.prompts.pop(player, None)
        table.deadlines.pop(player, None)
        self.prompted_legal.pop(key, None)
        self.hand_ui.pop(key, None)
        task = self.timers.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def prompt(self, table: Table, player: str, legal: list[Move], deadline: float | None = None) -> None:
        """Start the player's clock and send their hand with buttons (by DM, unless DMs are closed)."""
        key = (table.table_id, player)
        self._clear_prompt(table, player)
        now = self.clock.now()
        allowed = (table.timer + table.bank.get(player, 0.0)) * self.time_scale
        table.prompts[player] = table.move_no
        table.deadlines[player] = deadline if deadline is not None else now + allowed
        self.prompted_legal[key] = legal
        self.started[key] = now
        delay = max(table.deadlines[player] - now, 0.0)
        if not self.closed:
            self.timers[key] = asyncio.create_task(self._expire(table.table_id, player, table.move_no, delay))
        if player not in table.dm_closed:
            await self.send_hand(table, player)

    async def hand_message(self, table: Table, player: str, picture: bool = True) -> dict[str, Any]:
        """The private hand: text in the seat's language, the picture, a button per legal move."""
        assert table.game is not None
        seat = table.seat(player)
        lang = seat.lang
        no = table.prompts.get(player)
        legal = self.prompted_legal.get((table.table_id, player), []) if no is not None else []
        part, riichi = self.hand_ui.get((table.table_id, player), ("", False))
        parts = poker_parts(legal)
        chosen = part if part in parts else default_part(parts)
        view = table.game.view(player)
        if no is None:
            content = t(lang, "hand.waiting", game=messages.game_name(lang, table.game_name), table=table.table_id,
                        seat=player)
        else:
            claim = not any(split(m[1:])[0][:1] in (["discard"], ["tsumogiri"]) for m in legal) and any(
                m[1:] == ["pass"] for m in legal)
            content = messages.hand_text(lang, table, player, chosen, table.deadlines.get(player), claim, view, legal)
        out: dict[str, Any] = {"content": content}
        if picture:
            names = {p: table.seat(p).name for p in table.players}
            png = await asyncio.to_thread(images.hand_png, table.game_name, view, seat.name, CAPTIONS[lang], names)
            out["file"] = discord.File(_bytes(png), "hand.png")
        items = layout(legal, chosen, riichi)
        if items:
            numbers = poker_numbers(table.game_name, view, player)
            labels = messages.button_labels(lang, items, numbers.to_call if numbers else None)
            out["view"] = buttons.hand_view(table.table_id, no or 0, items, labels)
        return out

    async def send_hand(self, table: Table, player: str) -> None:
        seat = table.seat(player)
        if seat.user_id is None:
            return
        payload = await self.hand_message(table, player)
        try:
            await (await self.dm_channel(seat.user_id)).send(**payload)
        except discord.Forbidden:
            table.dm_closed.add(player)
            await self.channel_send(table, content=t(table.lang, "table.dm_closed", mention=f"<@{seat.user_id}>"))
        except discord.HTTPException as e:
            log.warning("table %s: DM to seat %s failed (%s); the hand stays on My hand", table.table_id, player, e)

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with a user: looked up once, then addressed by id (no call per hand)."""
        if user_id not in self.dm_channels:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            self.dm_channels[user_id] = (await user.create_dm()).id
        return self.bot.get_partial_messageable(self.dm_channels[user_id], type=discord.ChannelType.private)

    async def channel_send(self, table: Table, **payload: Any) -> discord.Message | None:
        try:
            return await self.bot.get_partial_messageable(table.channel_id).send(**payload)
        except discord.HTTPException as e:
            log.warning("table %s: channel message failed: %s", table.table_id, e)
            return None

    def _continue_later(self, table: Table) -> None:
        if self.closed:
            return
        task = self.cpu_tasks.get(table.table_id)
        if task is None or task.done() or task is asyncio.current_task():
            self.cpu_tasks[table.table_id] = asyncio.create_task(self._cpu_turn(table))

    async def _cpu_turn(self, table: Table) -> None:
        """The next CPU move. The task stays in ``cpu_tasks`` while it plays, so ``close`` can
        cancel it; it replaces itself there when it schedules the next one."""
        await self.clock.sleep(self.cpu_pause * self.time_scale)
        async with self.locks[table.table_id]:
            if table.status == "playing" and self.tables.get(table.table_id) is table and not self.closed:
                await self.advance(table)
        if self.cpu_tasks.get(table.table_id) is asyncio.current_task():
            del self.cpu_tasks[table.table_id]

    async def _expire(self, table_id: str, player: str, no: int, delay: float) -> None:
        await self.clock.sleep(delay)
        table = self.tables.get(table_id)
        if table is None:
            return
        async with self.locks[table_id]:
            if table.prompts.get(player) != no or table.game is None or table.game.finished:
                return
            self.timers.pop((table_id, player), None)
            move = table.game.default_move(player)
            self._play(table, move)
            table.bank[player] = 0.0
            table.missed[player] = table.missed.get(player, 0) + 1
            self._clear_prompt(table, player)
            if table.missed[player] >= AFK_AFTER and player not in table.afk:
                table.afk.add(player)
                user = table.seat(player).user_id
                await self.channel_send(table, content=t(table.lang, "table.afk", mention=f"<@{user}>"))
            await self.advance(table)

    async def on_move(self, interaction: discord.Interaction, table_id: str, no: int, index: int,
                      amount: str | None = None) -> None:
        table = self.tables.get(table_id)
        if table is None or table.game is None or table.status != "playing":
            return await self.answer(interaction, "err.stale")
        player = table.seat_of(interaction.user.id)
        if player is None:
            return await self.answer(interaction, "err.not_seated")
        legal = self.prompted_legal.get((table_id, player), [])
        if amount is None and table.prompts.get(player) == no and 0 <= index < len(legal):
            low_high = _range(legal[index])
            if low_high is not None:
                lang = language_of(interaction.locale)
                verb = next((w for w in legal[index][1:] if w in ("bet", "raise")), "")
                await interaction.response.send_modal(buttons.AmountModal(lang, table_id, no, index, *low_high, verb))
                return
        async with self._turn_lock(interaction, table_id):
            legal = self.prompted_legal.get((table_id, player), [])  # as it is now, after the wait
            if table.answered.get(player) == no and table.prompts.get(player) != no:
                return await self.answer(interaction, "err.double")
            if table.prompts.get(player) != no or not 0 <= index < len(legal):
                return await self.answer(interaction, "err.stale")
            move = _concrete(legal[index], amount)
            if move is None or not matches(move, legal[index]):
                low, high = _range(legal[index]) or (0, 0)
                return await self.answer(interaction, "err.bad_amount", low=low, high=high)
            try:
                self._play(table, move)
            except IllegalMove as e:
                return await self.answer(interaction, ERROR_KEYS.get(e.code, "err.not_allowed"))
            key = (table_id, player)
            used = self.clock.now() - self.started.get(key, self.clock.now())
            table.bank[player] = max(0.0, table.bank.get(player, 0.0) - max(0.0, used - table.timer))
            table.missed[player] = 0
            table.answered[player] = no
            self._clear_prompt(table, player)
            key, params = played_text(move)
            played = t(language_of(interaction.locale), key, **params)
            try:  # the answered hand loses its buttons: one call when the click is still unanswered
                if interaction.response.is_done():
                    await interaction.edit_original_response(content=played, view=None)
                else:
                    await interaction.response.edit_message(content=played, view=None)
            except discord.HTTPException as e:
                log.info("could not close the answered hand message: %s", e)
            await self.advance(table)

    @asynccontextmanager
    async def _turn_lock(self, interaction: discord.Interaction, table_id: str) -> AsyncIterator[None]:
        """The table's lock; if another move holds it, acknowledge the click first (Discord waits 3 s)."""
        lock = self.locks[table_id]
        if lock.locked():
            await interaction.response.defer()
        await lock.acquire()
        try:
            yield
        finally:
            lock.release()

    async def on_hand_option(self, interaction: discord.Interaction, table_id: str, no: int, kind: str,
                             arg: str) -> None:
        table = self.tables.get(table_id)
        player = table.seat_of(interaction.user.id) if table else None
        if table is None or player is None:
            return await self.answer(interaction, "err.stale" if table is None else "err.not_seated")
        if table.prompts.get(player) != no:
            return await self.answer(interaction, "err.stale")
        key = (table_id, player)
        part, riichi = self.hand_ui.get(key, ("", False))
        self.hand_ui[key] = (arg, riichi) if kind == "p" else (part, arg == "1")
        table.seat(player).lang = language_of(interaction.locale)
        await interaction.response.edit_message(**await self.hand_message(table, player, picture=False))

    async def on_my_hand(self, interaction: discord.Interaction, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None or table.game is None:
            return await self.answer(interaction, "err.stale")
        player = table.seat_of(interaction.user.id)
        if player is None:
            return await self.answer(interaction, "err.not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        table.seat(player).lang = language_of(interaction.locale)
        payload = await self.hand_message(table, player)
        await interaction.followup.send(ephemeral=True, **payload)

    async def on_back(self, interaction: discord.Interaction, table_id: str) -> None:
        table = self.tables.get(table_id)
        player = table.seat_of(interaction.user.id) if table else None
        if table is None or player is None:
            return await self.answer(interaction, "err.stale" if table is None else "err.not_seated")
        if player not in table.afk:
            return await self.answer(interaction, "afk.not_away")
        await interaction.response.defer(ephemeral=True)
        async with self.locks[table_id]:
            table.afk.discard(player)
            table.missed[player] = 0
            await self.answer(interaction, "afk.back")
            await self.advance(table)

    async def finish(self, table: Table) -> None:
        """Show the final standings and the seed, then store the result (and drop the live table)."""
        assert table.game is not None
        table.status = "finished"
        for player in list(table.prompts):
            self._clear_prompt(table, player)
        pending = self.result_tasks.pop(table.table_id, set())
        self.forget(table)
        self.finished[table.channel_id] = table
        summary = table.game.summary()
        await self._post_standings(table, summary, pending)
        await self._publish(table, final=True)
        points = summary.get("points", {})
        stats, ranks = await asyncio.to_thread(_counters_and_ranks, table.game_name, table.scenario(), summary)
        seats = [
            SeatResult(player=p, user_id=s.user_id, name=s.name, points=int(points.get(p, 0)), rank=ranks.get(p),
                       cpu_level=s.level if s.user_id is None else None, stats=stats.get(p, {}))
            for p, s in zip(table.players, table.seats, strict=True)
        ]
        result = FinishedGame(
            guild_id=table.guild_id, channel_id=table.channel_id, game=table.game_name, options=table.options,
            started_at=datetime.fromtimestamp(table.started_at or self.clock.now(), UTC),
            finished_at=datetime.fromtimestamp(self.clock.now(), UTC), seed=table.seed or 0,
            scenario=table.scenario(), seats=seats, kyoku_results=list(summary.get("kyoku_results", [])),
            poker_results=list(summary.get("poker_results", [])),
        )
        await self.store.finish_game(table.table_id, result)

    async def _post_standings(self, table: Table, summary: dict[str, Any],
                              pending: set[asyncio.Task[None]]) -> None:
        """The standings card in the channel, after the result pictures still being posted."""
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        names = {p: table.seat(p).name for p in table.players}
        ranks = final_ranks(table.game_name, summary)
        footer = t(table.lang, "table.title", game=messages.game_name(table.lang, table.game_name),
                   table=table.table_id)
        png = await asyncio.to_thread(results.standings_png, summary, ranks, names, CAPTIONS[table.lang], footer)
        async with self.publish_locks[table.channel_id]:
            await self.channel_send(table, content=t(table.lang, "end.standings"),
                                    file=discord.File(_bytes(png), "standings.png"))

    # ---- the public message --------------------------------------------------------------------

    def schedule_publish(self, table: Table) -> None:
        """Edit the table message soon: a burst of moves makes one edit per channel per interval."""
        self.dirty.add(table.table_id)
        if self.closed:
            return
        task = self.publishers.get(table.channel_id)
        if task is None or task.done():
            self.publishers[table.channel_id] = asyncio.create_task(self._publish_loop(table))

    async def _publish_loop(self, table: Table) -> None:
        while table.table_id in self.dirty and table.status == "playing":
            wait = self.last_edit.get(table.channel_id, 0.0) + self.edit_interval * self.time_scale - self.clock.now()
            if wait > 0:
                await self.clock.sleep(wait)
            if table.status != "playing":
                return
            await self._publish(table)

    async def _publish(self, table: Table, final: bool = False) -> None:
        """Draw and send the table message now (re-posting it once it is an hour old).

        One at a time per channel, so an edit drawn earlier never lands after a later one; once the
        game is over only the final picture is sent."""
        async with self.publish_locks[table.channel_id]:
            if table.status == "playing" or final:
                await self._draw_and_send(table)
            if final and table.message_id is None:  # the message was deleted: post the result anew
                await self._draw_and_send(table)

    async def _draw_and_send(self, table: Table) -> None:
        assert table.game is not None
        self.dirty.discard(table.table_id)
        public = table.game.public_view()
        summary = table.game.summary()
        waiting = [] if table.game.finished else table.game.waiting_on()
        embed = messages.table_embed(table.lang, table, summary, waiting)
        names = {p: table.seat(p).name for p in table.players}
        png = await asyncio.to_thread(images.table_png, table.game_name, public, CAPTIONS[table.lang], names)
        file = discord.File(_bytes(png), "table.png")
        embed.set_image(url="attachment://table.png")
        view = buttons.table_view(table.table_id, table.lang) if table.status == "playing" else None
        channel = self.bot.get_partial_messageable(table.channel_id)
        self.last_edit[table.channel_id] = self.clock.now()
        try:
            if table.message_id and self.clock.now() - table.message_posted < self.repost_after:
                await channel.get_partial_message(table.message_id).edit(embed=embed, attachments=[file], view=view)
            else:
                old = table.message_id
                sent = await channel.send(embed=embed, file=file, view=view)
                table.message_id, table.message_posted = sent.id, self.clock.now()
                if old:
                    await _quietly(channel.get_partial_message(old).delete())
                if table.status == "playing":
                    await self.save(table)
        except discord.NotFound:  # deleted by someone: post a fresh one next time
            table.message_id = None
            self.dirty.add(table.table_id)
        except discord.Forbidden as e:  # no right to post here: retrying would not help
            log.error("table %s: cannot post the table message (%s)", table.table_id, e)
        except discord.HTTPException as e:
            log.warning("table %s: table message not updated (%s); retrying", table.table_id, e)
            self.dirty.add(table.table_id)

    # ---- commands ------------------------------------------------------------------------------

    async def leave(self, interaction: discord.Interaction) -> None:
        table = self.table_in(interaction.channel_id)
        player = table.seat_of(interaction.user.id) if table else None
        if table is None or player is None:
            return await self.answer(interaction, "err.no_table" if table is None else "err.not_seated")
        if table.status == "lobby":
            return await self.answer(interaction, "lobby.use_buttons")
        async with self.locks[table.table_id]:
            table.seat(player).user_id = None
            await self.answer(interaction, "table.left")
            await self.advance(table)

    async def abort(self, interaction: discord.Interaction) -> None:
        table = self.table_in(interaction.channel_id)
        if table is None:
            return await self.answer(interaction, "err.no_table")
        perms = getattr(interaction, "permissions", None)
        if interaction.user.id != table.host_id and not (perms and perms.manage_guild):
            return await self.answer(interaction, "err.host_only")
        async with self.locks[table.table_id]:
            table.status = "aborted"
            self.forget(table)
            await self.store.delete_table(table.table_id)
        await interaction.response.send_message(t(table.lang, "table.aborted", table=table.table_id))
        if table.message_id:  # the table message keeps its picture but loses its buttons
            channel = self.bot.get_partial_messageable(table.channel_id)
            await _quietly(channel.get_partial_message(table.message_id).edit(view=None))

    async def status(self, interaction: discord.Interaction) -> None:
        table = self.table_in(interaction.channel_id)
        if table is None:
            return await self.answer(interaction, "err.no_table")
        lang = language_of(interaction.locale)
        if table.game is None:
            embed = messages.lobby_embed(lang, table, SEATS[table.game_name])
        else:
            embed = messages.table_embed(lang, table, table.game.summary(), table.game.waiting_on())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def verify(self, interaction: discord.Interaction) -> None:
        """Replay the finished game from its revealed seed: the same seed must give the same game."""
        table = self.finished.get(interaction.channel_id or 0)
        running = self.table_in(interaction.channel_id)
        if table is None:
            if running is not None and running.seed is not None:
                return await self.answer(interaction, "verify.running", digest=seed_digest(running.seed))
            return await self.answer(interaction, "err.no_table")
        again = await asyncio.to_thread(replay, table.scenario())
        same = table.game is not None and again.summary() == table.game.summary()
        await self.answer(interaction, "verify.ok" if same else "verify.mismatch", seed=str(table.seed),
                          digest=seed_digest(table.seed or 0), moves=table.move_no)

    # ---- restart -------------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """Rebuild every unfinished table from its stored scenario and carry on (after a restart)."""
        count = 0
        for record in await self.store.load_unfinished():
            table = Table.from_record(record.table_id, record.guild_id, record.channel_id, record.game,
                                      record.scenario, record.meta)
            try:
                if table.status == "playing":
                    table.game = replay(table.scenario())
            except (IllegalMove, ValueError) as e:
                log.error("table %s cannot be replayed (%s); left stored", table.table_id, e)
                continue
            self.register(table)
            count += 1
            if table.game is not None:
                summary = table.game.summary()
                self.reported[table.table_id] = (len(summary.get("kyoku_results", [])),
                                                 len(summary.get("poker_results", [])))
            if table.status == "playing":
                deadlines = dict(table.deadlines)
                async with self.locks[table.table_id]:
                    await self._resume(table, deadlines)
        return count

    async def _resume(self, table: Table, deadlines: dict[str, float]) -> None:
        """Carry on a replayed table: CPU seats move, humans get their hand again with the clock
        they had (at least a few seconds)."""
        game = table.game
        assert game is not None
        if game.finished:
            await self.finish(table)
            return
        if any(table.is_cpu(p) for p in game.waiting_on()):
            await self.advance(table)
            return
        floor = self.clock.now() + 5 * self.time_scale
        for player in game.waiting_on():
            await self.prompt(table, player, game.legal_moves(player), max(deadlines.get(player, floor), floor))
        await self.save(table)
        self.schedule_publish(table)

    async def close(self) -> None:
        """Stop every timer, CPU turn, edit and result post, and wait until they have stopped, so
        none of them reaches the store or Discord after this returns."""
        self.closed = True
        tasks = [*self.timers.values(), *self.publishers.values(), *self.cpu_tasks.values()]
        tasks += [task for kept in self.result_tasks.values() for task in kept]
        tasks = [task for task in tasks if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        moving = [task for task in self.busy if task is not asyncio.current_task() and task not in tasks]
        await asyncio.gather(*tasks, *moving, return_exceptions=True)  # a move under way ends stored


def _counters_and_ranks(game: str, scenario: dict[str, Any],
                        summary: dict[str, Any]) -> tuple[dict[str, Stats], dict[str, int]]:
    """What ``/stats`` counts per seat (a replay of the moves) and the final ranks (CPU work)."""
    try:
        stats = seat_counters(scenario)
    except (IllegalMove, ValueError) as e:  # a game that does not replay still keeps its result
        log.error("counters not computed (%s)", e)
        stats = {}
    return stats, final_ranks(game, summary)


def _range(move: Move) -> tuple[int, int] | None:
    last = move[-1]
    if isinstance(last, list) and len(last) == 2:
        return int(last[0]), int(last[1])
    return None


def _concrete(move: Move, amount: str | None) -> Move | None:
    if _range(move) is None:
        return list(move)
    text = (amount or "").replace(",", "").replace(" ", "").strip()
    if not text.isdigit():
        return None
    return [*move[:-1], int(text)]


def _bytes(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)


async def _quietly(coro: Any) -> None:
    try:
        await coro
    except discord.HTTPException:
        pass
