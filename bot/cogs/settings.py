"""``/settings language``: the language of a server's public table messages."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import language_of, t
from bot.i18n.translator import ls

LANGUAGE_CHOICES = [
    Choice(name=ls("lang.auto"), value="auto"),
    Choice(name=ls("lang.en"), value="en"),
    Choice(name=ls("lang.ko"), value="ko"),
]
LANGUAGE_KEYS = {"en": "lang.en", "ko": "lang.ko"}


class SettingsCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    settings = app_commands.Group(name=ls("cmd.settings"), description=ls("cmd.settings.desc"), guild_only=True,
                                  default_permissions=discord.Permissions(manage_guild=True))

    @settings.command(name=ls("cmd.settings.language"), description=ls("cmd.settings.language.desc"))
    @app_commands.rename(language=ls("opt.language"))
    @app_commands.describe(language=ls("opt.language.desc"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: Choice[str]) -> None:
        assert interaction.guild_id is not None
        value = None if language.value == "auto" else language.value
        await self.bot.store.set_guild_language(interaction.guild_id, value)
        shown = value or language_of(interaction.guild_locale)
        for table in self.bot.tables.tables.values():
            if table.guild_id == interaction.guild_id:
                table.lang = shown
        lang = language_of(interaction.locale)
        key = "settings.language_auto" if value is None else "settings.language_set"
        await interaction.response.send_message(t(lang, key, language=t(lang, LANGUAGE_KEYS[shown])), ephemeral=True)
