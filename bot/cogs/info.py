"""``/rules game:<...>`` and ``/help``: the rules summary and a short tour, in the user's language."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.tables import GAME_CHOICES
from bot.i18n import CAPTIONS, language_of, t
from bot.i18n.translator import ls
from bot.play.messages import GAME_KEYS

RULES_KEYS = {"janpo": "rules.janpo", "five": "rules.five", "riichi": "rules.riichi", "holdem": "rules.holdem"}
HOWTO_KEYS = {"janpo": "help.howto.janpo", "five": "help.howto.five", "riichi": "help.howto.riichi",
              "holdem": "help.howto.holdem"}
EMBED_LIMIT = 4000
GUIDES = {"en": "docs/LEARN.md", "ko": "docs/LEARN.ko.md"}
"""The beginner's guide in each language, as it ships with the bot."""


def chunks(text: str, limit: int = EMBED_LIMIT) -> list[str]:
    """Split on line breaks so each piece fits one embed description."""
    out: list[str] = []
    for line in text.split("\n"):
        if out and len(out[-1]) + len(line) + 1 <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def rules_embeds(lang: str, game: str) -> list[discord.Embed]:
    title = t(lang, "rules.title", game=t(lang, GAME_KEYS[game]))
    return [discord.Embed(title=title if i == 0 else None, description=part, colour=discord.Colour.dark_green())
            for i, part in enumerate(chunks(t(lang, RULES_KEYS[game])))]


def help_embeds(lang: str) -> list[discord.Embed]:
    """The tour with each game's how-to, then every command and how to read the table picture."""
    guide = GUIDES.get(lang, GUIDES["en"])
    tour = discord.Embed(title=t(lang, "help.title"),
                         description=t(lang, "help.tour") + "\n\n" + t(lang, "help.learn", guide=guide),
                         colour=discord.Colour.dark_green())
    for game, key in HOWTO_KEYS.items():
        tour.add_field(name=t(lang, GAME_KEYS[game]), value=t(lang, key), inline=False)
    listed = t(lang, "help.commands") + "\n" + t(lang, "ops.help.admin") + "\n" + t(lang, "league.help")
    commands_embed = discord.Embed(title=t(lang, "help.commands_title"), description=listed,
                                   colour=discord.Colour.dark_green())
    commands_embed.add_field(name=t(lang, "help.ranked_title"), value=t(lang, "help.ranked"), inline=False)
    commands_embed.add_field(name=t(lang, "help.legend_title"), value=t(lang, "help.legend"), inline=False)
    commands_embed.add_field(name=t(lang, "help.fair_title"), value=t(lang, "help.fair"), inline=False)  # D69
    return [tour, commands_embed]


def example(game: str, lang: str) -> tuple[bytes, str]:
    """The /help picture of the game, drawn from the renderer's sample scenes in the reader's words,
    and those words (its alt text), written from the same sample record."""
    from bot.render import samples
    from bot.render.alt import describe
    from bot.render.draw import to_png
    from bot.render.holdem import render_holdem_table
    from bot.render.results import render_five_result
    from bot.render.table import render_table

    texts = CAPTIONS[lang]
    pictures: dict[str, tuple[Any, Any]] = {
        "janpo": (render_table, samples.JANPO_TABLE),
        "five": (render_five_result, samples.FIVE_RESULT),
        "riichi": (render_table, samples.TABLE),
        "holdem": (render_holdem_table, samples.HOLDEM_TABLE),
    }
    draw, record = pictures[game]
    return to_png(draw(record, texts)), describe(record, lang)


class InfoCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.rules"), description=ls("cmd.rules.desc"))
    @app_commands.rename(game=ls("opt.game"))
    @app_commands.describe(game=ls("opt.rules_game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: Choice[str]) -> None:
        lang = language_of(interaction.locale)
        await interaction.response.send_message(embeds=rules_embeds(lang, game.value)[:10], ephemeral=True)

    @app_commands.command(name=ls("cmd.help"), description=ls("cmd.help.desc"))
    @app_commands.rename(game=ls("opt.game"))
    @app_commands.describe(game=ls("opt.help_game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction, game: Choice[str] | None = None) -> None:
        lang = language_of(interaction.locale)
        if game is None:
            await interaction.response.send_message(embeds=help_embeds(lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png, words = await asyncio.to_thread(example, game.value, lang)
        embed = discord.Embed(title=t(lang, GAME_KEYS[game.value]), description=t(lang, HOWTO_KEYS[game.value]),
                              colour=discord.Colour.dark_green())
        embed.set_image(url="attachment://example.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(png), "example.png", description=words),
                                        ephemeral=True)
