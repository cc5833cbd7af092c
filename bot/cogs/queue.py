"""``/queue join|leave|status`` (ranked play), and the ladder's words for ``/leaderboard`` and ``/stats``.

The queue lives in the store (:class:`bot.storage.ranked.RankedStore`) and the service
(:mod:`bot.ranked.service`) matches it; these commands only put players in and out and tell
them where they stand, each with one clear private line.
"""

from __future__ import annotations

import statistics
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.tables import GAME_CHOICES, LENGTH_CHOICES
from bot.i18n import language_of, t
from bot.i18n.translator import ls
from bot.play.modes import MODES
from bot.ranked.ladder import RANKS, TOP
from bot.ranked.ready import ReadyButton
from bot.ranked.words import rank_text, wait_text
from bot.storage.ranked import QueueEntry

LENGTH_GAMES = {"riichi": "south", "janpo": "east"}  # the games with a length, and their default
HOUR = 3600.0


def queue_length(game: str, chosen: str | None) -> str:
    """The queue's length: the choice (or the game's default) where the game has one, else ""."""
    default = LENGTH_GAMES.get(game)
    return "" if default is None else (chosen or default)


async def ladder_text(store: Any, lang: str, guild_id: int, game: str, limit: int = 20) -> str:
    """The server's dan ladder of a game, highest rank first (``/leaderboard order:dan rank``)."""
    rows = await store.ranked_leaderboard(guild_id, game, 0, limit)
    title = t(lang, MODES[game].title_key)
    lines = [t(lang, "ranked.board.title", game=title)]
    for place, row in enumerate(rows, 1):
        lines.append(t(lang, "ranked.board.line", place=place, name=f"<@{row.user_id}>", rank=rank_text(lang, row.level),
                       points=row.points, target=RANKS[row.level].target, games=row.games))
    if not rows:
        lines.append(t(lang, "ranked.board.empty", game=title))
    return "\n".join(lines)


async def ranked_fields(store: Any, lang: str, guild_id: int, user_id: int, game: str | None) -> list[tuple[str, str]]:
    """``/stats`` fields for the dan ladder: rank, points to the next rank, the last games."""
    fields: list[tuple[str, str]] = []
    for mode in [game] if game else list(MODES):
        row = (await store.ranked_standings(guild_id, mode, [user_id])).get(user_id)
        if row is None:
            if game:
                fields.append((t(lang, MODES[mode].title_key), t(lang, "ranked.stats_none")))
            continue
        target = RANKS[row.level].target
        to_next = max(0, target - row.points) if row.level < TOP else 0
        text = t(lang, "ranked.stats", rank=rank_text(lang, row.level), points=row.points, target=target,
                 to_next=to_next, games=row.games)
        history = await store.rank_changes(guild_id, user_id, mode, 5)
        if history:
            items = ", ".join(f"#{c.game_id} {c.place}. {c.delta:+d}" for c in history)
            text += "\n" + t(lang, "ranked.history", items=items)
        fields.append((t(lang, MODES[mode].title_key), text))
    return fields


class QueueCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ReadyButton)

    queue = app_commands.Group(name=ls("cmd.queue"), description=ls("cmd.queue.desc"), guild_only=True)

    async def _say(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True)

    @queue.command(name=ls("cmd.queue.join"), description=ls("cmd.queue.join.desc"))
    @app_commands.rename(game=ls("opt.game"), length=ls("opt.length"))
    @app_commands.describe(game=ls("opt.game.desc"), length=ls("opt.length.desc"))
    @app_commands.choices(game=GAME_CHOICES, length=LENGTH_CHOICES)
    async def join(self, interaction: discord.Interaction, game: Choice[str], length: Choice[str] | None = None) -> None:
        lang = language_of(interaction.locale)
        guild = interaction.guild_id
        assert guild is not None
        store = self.bot.store
        if (await store.get_ranked_settings(guild)).channel_id is None:
            await self._say(interaction, t(lang, "queue.off"))
            return
        user = interaction.user.id
        now = self.bot.tables.clock.now()
        existing = await store.queue_entry(user)
        if existing is None:
            if user in await self.bot.queue.seated(guild):
                await self._say(interaction, t(lang, "queue.seated"))
                return
            level = getattr((await store.ranked_standings(guild, game.value, [user])).get(user), "level", 0)
            entry = QueueEntry(user, guild, game.value, queue_length(game.value, length.value if length else None),
                               now, interaction.user.display_name, level, lang, interaction.channel_id or 0)
            existing = await store.queue_join(entry)
            if existing is None:
                waiting = [e for e in await store.queue_of_guild(guild) if e.game == game.value]
                await self._say(interaction, t(lang, "queue.joined", game=t(lang, MODES[game.value].title_key),
                                               rank=rank_text(lang, level), count=len(waiting)))
                self.bot.queue.joined(interaction)
                return
        shown = t(lang, MODES[existing.game].title_key)
        key = "queue.already_matched" if existing.status == "matched" else "queue.already"
        await self._say(interaction, t(lang, key, game=shown, wait=wait_text(now - existing.joined_at)))

    @queue.command(name=ls("cmd.queue.leave"), description=ls("cmd.queue.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        lang = language_of(interaction.locale)
        left = await self.bot.store.queue_leave(interaction.user.id)
        if left is None:
            await self._say(interaction, t(lang, "queue.not_in"))
        else:
            await self._say(interaction, t(lang, "queue.left", game=t(lang, MODES[left.game].title_key)))

    @queue.command(name=ls("cmd.queue.status"), description=ls("cmd.queue.status.desc"))
    async def status(self, interaction: discord.Interaction) -> None:
        lang = language_of(interaction.locale)
        guild = interaction.guild_id
        assert guild is not None
        store = self.bot.store
        now = self.bot.tables.clock.now()
        queued = await store.queue_of_guild(guild)
        lines = [t(lang, "queue.status.title")]
        for name, mode in MODES.items():
            count = sum(1 for e in queued if e.game == name)
            lines.append(t(lang, "queue.status.line", game=t(lang, mode.title_key), count=count))
        mine = next((e for e in queued if e.user_id == interaction.user.id), None)
        if mine is None:
            lines.append(t(lang, "queue.status.you_not"))
        else:
            lines.append(t(lang, "queue.status.you", game=t(lang, MODES[mine.game].title_key),
                           wait=wait_text(now - mine.joined_at)))
        waits = [w for name in MODES for w in await store.recent_waits(guild, name, now - HOUR)]
        lines.append(t(lang, "queue.status.median", wait=wait_text(statistics.median(waits))) if waits
                     else t(lang, "queue.status.no_median"))
        await self._say(interaction, "\n".join(lines))
