"""``/leaderboard`` and ``/stats``: a server's ratings and a player's record, from the results store.

The leaderboard is posted in the channel (it is there to be compared) and in the server's public
language; its Previous/Next buttons carry guild, game, period and page, so anyone may page it and
it keeps working after a restart. ``/stats`` answers privately, with a rating chart drawn off the
event loop.
"""

from __future__ import annotations

import asyncio
import io
import math
import re
from typing import Any

import discord
from discord import app_commands, ui
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.queue import ladder_text, ranked_fields
from bot.cogs.tables import GAME_CHOICES
from bot.i18n import language_of, t
from bot.i18n.translator import ls
from bot.render.alt import rating_words
from bot.results.format import GAME_KEYS, PERIOD_KEYS, game_name, leaderboard_lines, stats_fields
from bot.results.plot import rating_png

PAGE_SIZE = 10
ORDER_CHOICES = [Choice(name=ls("order.rating"), value="rating"), Choice(name=ls("order.rank"), value="rank")]
PERIOD_CHOICES = [
    Choice(name=ls("period.all"), value="all"),
    Choice(name=ls("period.month"), value="month"),
    Choice(name=ls("period.week"), value="week"),
]


class LeaderboardPage(ui.DynamicItem[ui.Button[ui.View]],
                      template=r"jp:lb:(?P<guild>\d+):(?P<game>[a-z]+):(?P<period>[a-z]+):(?P<page>\d+)"):
    """Show page ``page`` of a leaderboard, in place."""

    def __init__(self, guild: int, game: str, period: str, page: int, label: str = "?",
                 disabled: bool = False) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                   custom_id=f"jp:lb:{guild}:{game}:{period}:{page}"))
        self.guild, self.game, self.period, self.page = guild, game, period, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> LeaderboardPage:
        return cls(int(match["guild"]), match["game"], match["period"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        if interaction.guild_id != self.guild or self.game not in GAME_KEYS or self.period not in PERIOD_KEYS:
            await interaction.response.send_message(t(language_of(interaction.locale), "res.guild_only"),
                                                    ephemeral=True)
            return
        lang = await bot.table_language(interaction)
        embed, view = await leaderboard_page(bot.store, lang, self.guild, self.game, self.period, self.page)
        await interaction.response.edit_message(embed=embed, view=view)


async def leaderboard_page(store: Any, lang: str, guild: int, game: str, period: str,
                           page: int) -> tuple[discord.Embed, ui.View | None]:
    """One page of the leaderboard and its buttons (none when it fits one page); a page past the
    end (the board shrank, a week went by) shows the last one."""
    size = await store.leaderboard_size(guild, game, period)
    pages = max(1, math.ceil(size / PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    rows = await store.leaderboard(guild, game, period, offset=page * PAGE_SIZE, limit=PAGE_SIZE)
    shown_period = t(lang, PERIOD_KEYS[period])
    title = t(lang, "lb.title", game=game_name(lang, game), period=shown_period)
    text = "\n".join(leaderboard_lines(lang, rows)) or t(lang, "lb.empty", game=game_name(lang, game),
                                                         period=shown_period)
    embed = discord.Embed(title=title, description=text, colour=discord.Colour.gold())
    embed.set_footer(text=t(lang, "lb.page", page=page + 1, pages=pages, players=size))
    if pages == 1:
        return embed, None
    view = ui.View(timeout=None)
    view.add_item(LeaderboardPage(guild, game, period, max(page - 1, 0), t(lang, "btn.previous"), page == 0))
    view.add_item(LeaderboardPage(guild, game, period, min(page + 1, pages - 1), t(lang, "btn.next"),
                                  page == pages - 1))
    return embed, view


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardPage)

    @app_commands.command(name=ls("cmd.leaderboard"), description=ls("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("opt.game"), period=ls("opt.period"), order=ls("opt.order"))
    @app_commands.describe(game=ls("opt.leaderboard_game.desc"), period=ls("opt.period.desc"),
                           order=ls("opt.order.desc"))
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES, order=ORDER_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: Choice[str],
                          period: Choice[str] | None = None, order: Choice[str] | None = None) -> None:
        if interaction.guild_id is None:
            await interaction.response.send_message(t(language_of(interaction.locale), "res.guild_only"),
                                                    ephemeral=True)
            return
        lang = await self.bot.table_language(interaction)
        if order is not None and order.value == "rank":  # the dan ladder (ranked play)
            text = await ladder_text(self.bot.store, lang, interaction.guild_id, game.value)
            await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
            return
        embed, view = await leaderboard_page(self.bot.store, lang, interaction.guild_id, game.value,
                                             period.value if period else "all", 0)
        if view is None:
            await interaction.response.send_message(embed=embed)
        else:
            await interaction.response.send_message(embed=embed, view=view)

    @app_commands.command(name=ls("cmd.stats"), description=ls("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=ls("opt.user"), game=ls("opt.game"))
    @app_commands.describe(user=ls("opt.user.desc"), game=ls("opt.stats_game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: Choice[str] | None = None) -> None:
        lang = language_of(interaction.locale)
        if interaction.guild_id is None:
            await interaction.response.send_message(t(lang, "res.guild_only"), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = user or interaction.user
        mode = game.value if game else None
        record = await self.bot.store.player_stats(interaction.guild_id, who.id, mode)
        if record.games == 0:
            await interaction.followup.send(t(lang, "stats.empty", user=who.display_name), ephemeral=True)
            return
        title = t(lang, "stats.title", user=who.display_name,
                  game=game_name(lang, mode) if mode else t(lang, "stats.all_games"))
        embed = discord.Embed(title=title, colour=discord.Colour.dark_green())
        for name, value in stats_fields(lang, record):
            embed.add_field(name=name, value=value, inline=True)
        for name, value in await ranked_fields(self.bot.store, lang, interaction.guild_id, who.id, mode):
            embed.add_field(name=t(lang, "ranked.field") + f" · {name}", value=value, inline=False)
        series: dict[str, list[float]] = {}
        for rated in sorted(record.ratings):
            points = await self.bot.store.rating_history(interaction.guild_id, who.id, rated)
            if points:
                series[game_name(lang, rated)] = [points[0].rating_before, *(p.rating for p in points)]
        if not series:
            await interaction.followup.send(embed=embed, ephemeral=True)
            return
        png = await asyncio.to_thread(rating_png, series, t(lang, "stats.plot_title", user=who.display_name),
                                      t(lang, "stats.plot_games"))
        embed.set_image(url="attachment://rating.png")
        embed.set_footer(text=t(lang, "stats.plot_caption"))
        file = discord.File(io.BytesIO(png), "rating.png", description=rating_words(series, lang))
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

