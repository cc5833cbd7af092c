"""The league service: ``/league`` commands, the sign-up and Ready buttons, the timers, and the
count of each league game (``m.on_finished``). State lives in the store; this object keeps only
its timers and a lock per league (one change of a league at a time in this process; the store's
keys keep processes apart, see ``bot.storage.league_postgres``).

Every refusal is one private line and changes nothing.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Coroutine
from typing import Any

import discord

from bot.i18n import CAPTIONS, language_of, t
from bot.league import rounds as lr
from bot.league.buttons import signup_view
from bot.league.report import export, league_rows, picture_rows, standings_lines, standings_png
from bot.league.scoring import show
from bot.league.seating import TABLE
from bot.outbox import Priority, Route
from bot.play.effects import answer
from bot.play.modes import Choices, mode
from bot.storage.league_base import DONE, League, LeagueTable

log = logging.getLogger(__name__)
MAX_NAME = 60


class LeagueService:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.locks: dict[int, asyncio.Lock] = {}
        self.armed: set[tuple[Any, ...]] = set()
        self.m.on_finished.append(self._counted)

    @property
    def m(self) -> Any:
        return self.bot.tables

    @property
    def store(self) -> Any:
        return self.bot.store

    def lock(self, league_id: int) -> asyncio.Lock:
        return self.locks.setdefault(league_id, asyncio.Lock())

    # ---- start-up and timers -------------------------------------------------------------------

    async def resume(self) -> None:
        """Count what a restart left uncounted, open what it left unopened, arm the timers."""
        for league in await self.store.open_leagues():
            if league.status == "running":
                try:
                    async with self.lock(league.league_id):
                        await lr.reconcile(self, league)
                    await self.arm(league)
                except Exception:
                    log.exception("league %s not resumed", league.league_id)

    async def _counted(self, table: Any, game_id: int) -> list[str]:
        return await lr.counted(self, table, game_id)

    def _spawn(self, key: tuple[Any, ...], coro: Coroutine[Any, Any, None]) -> None:
        """A timer task, once per key, stopped with the table manager's loops at shutdown."""
        if key in self.armed or self.m.closed:
            coro.close()
            return
        self.armed.add(key)
        task = asyncio.create_task(coro)
        self.m.loops.append(task)

        def done(_: asyncio.Task[None]) -> None:
            self.armed.discard(key)
            if task in self.m.loops:
                self.m.loops.remove(task)
        task.add_done_callback(done)

    async def arm(self, league: League) -> None:
        for lt in await self.store.league_tables(league.league_id):
            if lt.status == "seated" and lt.state.get("start_by") is not None:
                self._spawn(("ready", league.league_id, lt.round, lt.table_no),
                            self._start_at(league.league_id, lt.round, lt.table_no, float(lt.state["start_by"])))
            if lt.status not in DONE and lt.state.get("due") is not None:
                self._spawn(("due", league.league_id, lt.round),
                            self._settle_at(league.league_id, lt.round, float(lt.state["due"])))

    async def _start_at(self, league_id: int, round_no: int, table_no: int, when: float) -> None:
        await self.m.clock.sleep(max(0.0, when - self.m.clock.now()))
        async with self.lock(league_id):
            league = await self.store.get_league(league_id)
            tables = await self.store.league_tables(league_id, round_no)
            lt = next((x for x in tables if x.table_no == table_no), None)
            if league is None or league.status != "running" or lt is None or lt.status != "seated":
                return
            await lr.open_table(self, league, lt, lr.start_id(self.m.clock.now()))

    async def _settle_at(self, league_id: int, round_no: int, when: float) -> None:
        await self.m.clock.sleep(max(0.0, when - self.m.clock.now()))
        async with self.lock(league_id):
            league = await self.store.get_league(league_id)
            if league is None or league.status != "running":
                return
            settled = [lt for lt in await self.store.league_tables(league_id, round_no)
                       if await lr.settle(self, league, lt)]
        if settled:
            lang = league.settings.get("lang", "en")
            await self.say(league, t(lang, "league.settled", round=round_no, count=len(settled)))
            await self.round_progress(league, round_no)

    async def say(self, league: League, text: str) -> None:
        """A line in the league's channel (through the outbox)."""
        channel = self.bot.get_partial_messageable(league.channel_id)
        sent = await self.bot.outbox.submit(lambda: channel.send(content=text), route=Route.channel(league.channel_id),
                                            priority=Priority.PROMPT)
        if not sent.ok:
            log.info("league %s: could not post in its channel: %s", league.league_id, sent.reason)

    async def round_progress(self, league: League, round_no: int) -> None:
        tables = await self.store.league_tables(league.league_id, round_no)
        if tables and all(lt.status in DONE for lt in tables):
            lang = league.settings.get("lang", "en")
            await self.say(league, t(lang, "league.round_done", name=league.name, round=round_no))

    # ---- who may organise ----------------------------------------------------------------------

    async def organiser(self, interaction: discord.Interaction) -> bool:
        perms = getattr(interaction, "permissions", None)
        if perms is not None and perms.manage_guild:
            return True
        role = await self.store.get_league_role(interaction.guild_id) if interaction.guild_id else None
        return role is not None and role in member_role_ids(interaction.user)

    async def _league(self, interaction: discord.Interaction, name: str, organise: bool = False) -> League | None:
        """The server's league by name, or a private line (unknown, or not the organiser's)."""
        if interaction.guild_id is None:
            await answer(interaction, "err.guild_only")
            return None
        if organise and not await self.organiser(interaction):
            await answer(interaction, "league.organiser_only")
            return None
        league: League | None = await self.store.find_league(interaction.guild_id, name)
        if league is None:
            await answer(interaction, "league.unknown", name=name)
        return league

    # ---- sign-up ----------------------------------------------------------------------------------

    async def new(self, interaction: discord.Interaction, name: str, game: str, length: str | None, rounds: int,
                  seating: str, deadline: int | None, playoff: int | None, carry: int, timer: int) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            return await answer(interaction, "err.guild_only")
        if not await self.organiser(interaction):
            return await answer(interaction, "league.organiser_only")
        name = " ".join(name.split())[:MAX_NAME]
        options = mode(game).options(Choices(length=length))
        reason = mode(game).check(options)
        if not name or reason is not None:
            return await answer(interaction, "err.bad_options", reason=reason or "name")
        if playoff is not None and playoff % TABLE:
            return await answer(interaction, "league.bad_playoff")
        lang = await self.bot.table_language(interaction)
        settings: dict[str, Any] = {"lang": lang, "deadline": deadline, "timer": timer}
        if playoff:
            settings.update(playoff=playoff, carry=carry)
        league = League(0, interaction.guild_id, interaction.channel_id, name, game, interaction.user.id, rounds,
                        seating, options, settings, seed=secrets.randbits(63))
        league_id = await self.store.create_league(league)
        if league_id is None:
            return await answer(interaction, "league.name_used", name=name)
        league.league_id = league_id
        sent = await interaction.response.send_message(content=await self.signup_text(league),
                                                       view=signup_view(league_id, lang))
        message_id = getattr(sent, "message_id", None)
        if message_id is not None:
            await self.store.update_league(league_id, message_id=int(message_id))

    async def signup_text(self, league: League) -> str:
        lang = league.settings.get("lang", "en")
        players = await self.store.league_players(league.league_id)
        listed = ", ".join(p.name for p in players) or t(lang, "league.nobody")
        text = t(lang, "league.signup", name=league.name, game=t(lang, mode(league.game).title_key),
                 rounds=league.rounds, seating=t(lang, f"league.seating_{league.seating.replace('-', '_')}"),
                 organiser=f"<@{league.organiser_id}>", count=len(players), players=listed)
        if league.settings.get("playoff"):
            text += "\n" + t(lang, "league.playoff_rule", top=int(league.settings["playoff"]),
                             carry=int(league.settings.get("carry", 50)))
        return text

    async def on_signup(self, interaction: discord.Interaction, league_id: int, action: str) -> None:
        league = await self.store.get_league(league_id)
        if league is None:
            return await answer(interaction, "err.stale")
        if action == "join":
            done = await self.store.join_league(league_id, interaction.user.id, interaction.user.display_name,
                                                language_of(interaction.locale))
        else:
            done = await self.store.leave_league(league_id, interaction.user.id)
        if done != "ok":
            return await answer(interaction, {"closed": "league.closed", "twice": "league.twice",
                                              "absent": "league.absent"}[done])
        await interaction.response.edit_message(content=await self.signup_text(league))

    async def start(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name, organise=True)
        if league is None:
            return
        async with self.lock(league.league_id):
            if league.status != "signup":
                return await answer(interaction, "league.not_signup", name=league.name)
            count = len(await self.store.league_players(league.league_id))
            if count < TABLE:
                return await answer(interaction, "league.too_few", count=count)
            if not await self.store.update_league(league.league_id, status="running", expect="signup"):
                return await answer(interaction, "league.not_signup", name=league.name)
            count = len(await self.store.league_players(league.league_id))  # a Join may have landed meanwhile
        lang = league.settings.get("lang", "en")
        await interaction.response.send_message(t(lang, "league.started", name=league.name, count=count))

    # ---- rounds -----------------------------------------------------------------------------------

    async def round(self, interaction: discord.Interaction, name: str, force: bool) -> None:
        league = await self._league(interaction, name, organise=True)
        if league is None:
            return
        if league.status != "running":
            return await answer(interaction, "league.not_running", name=league.name)
        await interaction.response.defer()
        async with self.lock(league.league_id):
            await lr.reconcile(self, league)
            played = await self.store.league_rounds(league.league_id)
            last = played[-1].round if played else 0
            open_tables = [lt for lt in await self.store.league_tables(league.league_id, last) if lt.status not in DONE]
            playoff = bool(league.settings.get("playoff")) and last == league.rounds
            if last >= league.rounds + (1 if league.settings.get("playoff") else 0):
                return await self._refuse(interaction, "league.all_rounds", name=league.name)
            if open_tables and not force:
                return await self._refuse(interaction, "league.round_unfinished", round=last, left=len(open_tables))
            if playoff and open_tables:
                return await self._refuse(interaction, "league.round_unfinished", round=last, left=len(open_tables))
            tables = await lr.seat(self, league, last + 1, forced=bool(open_tables), playoff=playoff)
            if tables is None:
                return await self._refuse(interaction, "league.round_taken", round=last + 1)
        lang = league.settings.get("lang", "en")
        key = "league.seated_playoff" if playoff else "league.seated"
        lines = [t(lang, key, name=league.name, round=last + 1, tables=len(tables))]
        if open_tables:
            lines.append(t(lang, "league.forced_note", round=last + 1))
        await interaction.followup.send("\n".join(lines))
        for lt in tables:
            await lr.post(self, league, lt)
        await self.arm(league)

    async def _refuse(self, interaction: discord.Interaction, key: str, **params: Any) -> None:
        """A refusal after a public defer: the placeholder goes, one private line says why."""
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
        await answer(interaction, key, **params)

    async def on_ready(self, interaction: discord.Interaction, league_id: int, round_no: int, table_no: int) -> None:
        user = interaction.user.id
        async with self.lock(league_id):
            league = await self.store.get_league(league_id)
            lt = next((x for x in await self.store.league_tables(league_id, round_no) if x.table_no == table_no), None)
            if league is None or lt is None:
                return await answer(interaction, "err.stale")
            if user not in lt.seats:
                return await answer(interaction, "league.not_your_table")
            if lt.status != "seated" or league.status != "running":
                return await answer(interaction, "league.already_started")
            ready = [list(x) for x in lt.state.get("ready", [])]
            if any(int(u) == user for u, _ in ready):
                return await answer(interaction, "league.ready_twice")
            lt.state["ready"] = [*ready, [user, interaction.id]]
            # their own language, for their private messages at the table (their click's locale)
            lt.state["langs"] = {**lt.state.get("langs", {}), str(user): language_of(interaction.locale)}
            if not await self.store.update_league_table(league_id, round_no, table_no, state=lt.state,
                                                        expect="seated"):  # it started meanwhile
                return await answer(interaction, "league.already_started")
            lang = league.settings.get("lang", "en")
            await interaction.response.edit_message(content=lr.ready_text(lang, league, lt),
                                                    view=None if lr.all_ready(lt) else discord.utils.MISSING)
            if lr.all_ready(lt):
                await lr.open_table(self, league, lt, interaction.id)

    # ---- standings, export, end, corrections --------------------------------------------------

    async def standings(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name)
        if league is None:
            return
        await interaction.response.defer()
        lang = league.settings.get("lang", "en")
        players = await self.store.league_players(league.league_id)
        tables = await self.store.league_tables(league.league_id)
        played = await self.store.league_rounds(league.league_id)
        rows, playoff = league_rows(league, players, tables, played)
        games = sum(1 for lt in tables if lt.status in DONE)
        lines = standings_lines(lang, league, rows, playoff, played, games)
        texts = {**CAPTIONS[lang], "points_column": t(lang, "league.games_column")}
        png = await self.bot.render_pool.draw(standings_png, lines[0], picture_rows(playoff or rows), texts,
                                              t(lang, "league.points_column"))
        file = discord.File(io.BytesIO(png), "league.png", description="\n".join(lines)[:1000])
        await interaction.followup.send(content="\n".join(lines)[:2000], file=file)

    async def export(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name)
        if league is None:
            return
        players = await self.store.league_players(league.league_id)
        tables = await self.store.league_tables(league.league_id)
        played = await self.store.league_rounds(league.league_id)
        fixes = await self.store.league_fixes(league.league_id)
        csv_text, json_text = export(league, players, tables, played, fixes)
        base = f"league-{league.league_id}"
        files = [discord.File(io.BytesIO(csv_text.encode()), f"{base}.csv"),
                 discord.File(io.BytesIO(json_text.encode()), f"{base}.json")]
        await interaction.response.send_message(t(language_of(interaction.locale), "league.exported", name=league.name),
                                                files=files, ephemeral=True)

    async def end(self, interaction: discord.Interaction, name: str) -> None:
        league = await self._league(interaction, name, organise=True)
        if league is None:
            return
        if league.status == "ended":
            return await answer(interaction, "league.not_running", name=league.name)
        await interaction.response.defer()
        async with self.lock(league.league_id):
            for lt in await self.store.league_tables(league.league_id):
                await lr.settle(self, league, lt)
            await self.store.update_league(league.league_id, status="ended")
        lang = league.settings.get("lang", "en")
        await interaction.followup.send(t(lang, "league.ended", name=league.name))

    async def fix(self, interaction: discord.Interaction, name: str, game_id: int, user_id: int, points: str,
                  reason: str) -> None:
        league = await self._league(interaction, name, organise=True)
        if league is None:
            return
        tenths = parse_points(points)
        if tenths is None:
            return await answer(interaction, "league.bad_points")
        async with self.lock(league.league_id):
            lt: LeagueTable | None = next((x for x in await self.store.league_tables(league.league_id)
                                           if x.game_id == game_id), None)
            if lt is None:
                return await answer(interaction, "league.fix_unknown", game_id=game_id, name=league.name)
            if str(user_id) not in lt.results:
                return await answer(interaction, "league.fix_player", game_id=game_id, user=f"<@{user_id}>")
            before = int(lt.results[str(user_id)]["tenths"])
            after = {**lt.results, str(user_id): {**lt.results[str(user_id)], "tenths": tenths}}
            await self.store.fix_league_game(league.league_id, game_id, after, interaction.user.id, reason)
        lang = league.settings.get("lang", "en")
        await interaction.response.send_message(t(lang, "league.fixed", game_id=game_id, user=f"<@{user_id}>",
                                                  before=show(before), after=show(tenths), reason=reason,
                                                  by=f"<@{interaction.user.id}>"))

    async def set_role(self, interaction: discord.Interaction, role: discord.Role | None) -> None:
        assert interaction.guild_id is not None
        await self.store.set_league_role(interaction.guild_id, None if role is None else role.id)
        key = "league.role_cleared" if role is None else "league.role_set"
        await answer(interaction, key, role=f"<@&{role.id}>" if role else "")


def member_role_ids(user: Any) -> set[int]:
    """The role ids Discord sent with the interaction. ``Member.roles`` resolves them through the
    guild cache and silently drops those it does not hold (the guild not received yet, or
    unavailable), which would refuse an organiser; the ids themselves are what Discord vouches for."""
    ids = getattr(user, "_roles", None)  # discord.py keeps them there; a User (no guild) has none
    if ids is not None:
        return {int(r) for r in ids}
    return {r.id for r in getattr(user, "roles", [])}


def parse_points(text: str) -> int | None:
    """``-12.3`` → −123 tenths; at most one decimal, ASCII digits, within ±100,000."""
    s = text.strip().replace("\u2212", "-").replace("+", "", 1)
    neg = s.startswith("-")
    s = s[1:] if neg else s
    whole, _, part = s.partition(".")
    if not whole.isascii() or not whole.isdigit() or len(part) > 1 or (part and not (part.isascii() and part.isdigit())):
        return None
    value = int(whole) * 10 + (int(part) if part else 0)
    if value > 1_000_000:
        return None
    return -value if neg else value
