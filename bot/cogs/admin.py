"""``/admin status``: how the bot is running, for the application's owner alone (privately).

Discord cannot hide a command from everyone but the application's owner, so the command checks
the owner itself (``Bot.is_owner``: the application's owner or its team) and refuses anyone
else privately. The figures come from :mod:`bot.ops.status`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import language_of, t
from bot.i18n.translator import ls
from bot.ops import status


class AdminCog(commands.Cog):
    admin = app_commands.Group(name=ls("cmd.admin"), description=ls("cmd.admin.desc"))

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @admin.command(name=ls("cmd.admin.status"), description=ls("cmd.admin.status.desc"))
    async def status_command(self, interaction: discord.Interaction) -> None:
        lang = language_of(interaction.locale)
        if not await self.bot.is_owner(interaction.user):
            await interaction.response.send_message(t(lang, "ops.status.owner_only"), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = discord.Embed(title=t(lang, "ops.status.title"), colour=discord.Colour.dark_grey())
        for name, value in await status.fields(self.bot, lang):
            embed.add_field(name=name, value=value[:1024], inline=False)
        await interaction.followup.send(embed=embed, ephemeral=True)
