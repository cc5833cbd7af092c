"""``/settings language`` (a server's public table language, Manage Server) and ``/settings me``
(a player's own switches, shown privately with a button per setting).

The buttons carry only the setting's name (``jp:s:<name>``): whoever clicks changes their own
settings, so a button from before a restart still works and cannot change anyone else's.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands, ui
from discord.app_commands import Choice
from discord.ext import commands

from bot.comfort import DISPLAY, SWITCHES, UserSettings
from bot.i18n import language_of, t
from bot.i18n.translator import ls
from bot.storage.ranked import RankedSettings

LANGUAGE_CHOICES = [
    Choice(name=ls("lang.auto"), value="auto"),
    Choice(name=ls("lang.en"), value="en"),
    Choice(name=ls("lang.ko"), value="ko"),
]
LANGUAGE_KEYS = {"en": "lang.en", "ko": "lang.ko"}
SETTING_KEYS = {
    "auto_win": "settings.me.auto_win",
    "no_calls": "settings.me.no_calls",
    "auto_tsumogiri": "settings.me.auto_tsumogiri",
    "hand_style": "settings.me.hand_style",
    "assist": "settings.me.assist",
    "text_mode": "settings.me.text_mode",
    "large_tiles": "settings.me.large_tiles",
}
HELP_KEYS = {
    "auto_win": "settings.me.auto_win_help",
    "no_calls": "settings.me.no_calls_help",
    "auto_tsumogiri": "settings.me.auto_tsumogiri_help",
    "hand_style": "settings.me.hand_style_help",
    "assist": "settings.me.assist_help",
    "text_mode": "settings.me.text_mode_help",
    "large_tiles": "settings.me.large_tiles_help",
}
VALUE_KEYS = {
    True: "settings.me.on", False: "settings.me.off", None: "settings.me.assist_table",
    "edit": "settings.me.style_edit", "new": "settings.me.style_new",
}
NEXT_ASSIST = {None: "on", True: "off", False: "table"}


async def load(bot: Any, user_id: int) -> UserSettings:
    return UserSettings.from_json(await bot.store.get_user_settings(user_id))


def toggled(settings: UserSettings, name: str) -> UserSettings:
    """The settings after one press of ``name``'s button: a switch flips, the hand style swaps,
    assist goes table default -> on -> off -> table default."""
    if name in SWITCHES or name in DISPLAY:
        return settings.with_switch(name, not getattr(settings, name))
    if name == "hand_style":
        return settings.changed(name, "new" if settings.hand_style == "edit" else "edit")
    return settings.changed(name, NEXT_ASSIST[settings.assist])


def settings_message(lang: str, settings: UserSettings) -> dict[str, Any]:
    """The private ``/settings me`` answer: every setting with its value and what it does."""
    lines = [t(lang, "settings.me.title")]
    view = ui.View(timeout=None)
    for name, key in SETTING_KEYS.items():
        value = getattr(settings, name)
        shown = t(lang, VALUE_KEYS[value])
        lines.append(f"**{t(lang, key)}**: {shown} — {t(lang, HELP_KEYS[name])}")
        on = value is True or value == "new"
        style = discord.ButtonStyle.success if on else discord.ButtonStyle.secondary
        view.add_item(SettingButton(name, f"{t(lang, key)}: {shown}", style))
    lines.append(t(lang, "settings.me.footer"))
    return {"content": "\n".join(lines), "view": view}


async def change(bot: Any, user_id: int, name: str) -> UserSettings:
    """Store one press and let every table the player sits at use it from their next prompt."""
    settings = toggled(await load(bot, user_id), name)
    await bot.store.set_user_settings(user_id, settings.to_json())
    manager = getattr(bot, "tables", None)
    for session in list(getattr(manager, "sessions", {}).values()):
        player = session.table.seat_of(user_id)
        if player is not None:
            session.settings[player] = settings
    return settings


class SettingButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:s:(?P<name>[a-z_]+)"):
    """Change the clicking player's own setting ``name`` (see :func:`toggled`)."""

    def __init__(self, name: str, label: str = "?", style: discord.ButtonStyle = discord.ButtonStyle.secondary
                 ) -> None:
        super().__init__(ui.Button(label=label, style=style, custom_id=f"jp:s:{name}"))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> SettingButton:
        return cls(match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        lang = language_of(interaction.locale)
        if self.name not in SETTING_KEYS:
            await interaction.response.send_message(t(lang, "err.stale"), ephemeral=True)
            return
        settings = await change(interaction.client, interaction.user.id, self.name)
        await interaction.response.edit_message(**settings_message(lang, settings))


class TextChannelOption(app_commands.Transformer):
    """A text channel option taken as Discord resolved it (its id and mention are all that is
    needed), so a channel not in the bot's cache is still accepted."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text]

    async def transform(self, interaction: discord.Interaction, value: Any) -> Any:
        return value


class SettingsCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SettingButton)

    # No default permissions on the group: every player may open /settings me; the server's
    # language asks for Manage Server when it is used.
    settings = app_commands.Group(name=ls("cmd.settings"), description=ls("cmd.settings.desc"), guild_only=True)

    @settings.command(name=ls("cmd.settings.language"), description=ls("cmd.settings.language.desc"))
    @app_commands.rename(language=ls("opt.language"))
    @app_commands.describe(language=ls("opt.language.desc"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
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

    @settings.command(name=ls("cmd.settings.ranked"), description=ls("cmd.settings.ranked.desc"))
    @app_commands.rename(channel=ls("opt.channel"), cpu_fill=ls("opt.cpu_fill"))
    @app_commands.describe(channel=ls("opt.channel.desc"), cpu_fill=ls("opt.cpu_fill.desc"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def ranked(self, interaction: discord.Interaction,
                     channel: app_commands.Transform[Any, TextChannelOption] | None = None,
                     cpu_fill: app_commands.Range[int, 0, 240] | None = None) -> None:
        """Where ranked tables open (a thread each); without a channel ranked play is off."""
        assert interaction.guild_id is not None
        lang = language_of(interaction.locale)
        minutes = cpu_fill or None
        await self.bot.store.set_ranked_settings(RankedSettings(interaction.guild_id, channel.id if channel else None,
                                                                minutes))
        if channel is None:
            await interaction.response.send_message(t(lang, "settings.ranked_off"), ephemeral=True)
            return
        lines = [t(lang, "settings.ranked_on", channel=channel.mention)]
        if minutes:
            lines.append(t(lang, "settings.ranked_fill", minutes=minutes))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)
        self.bot.queue.wake()

    @settings.command(name=ls("cmd.settings.me"), description=ls("cmd.settings.me.desc"))
    async def me(self, interaction: discord.Interaction) -> None:
        lang = language_of(interaction.locale)
        settings = await load(self.bot, interaction.user.id)
        await interaction.response.send_message(ephemeral=True, **settings_message(lang, settings))

    # Leagues: who may organise them besides Manage Server (bot.league.service.organiser).
    @settings.command(name=ls("cmd.settings.league_role"), description=ls("cmd.settings.league_role.desc"))
    @app_commands.rename(role=ls("opt.league_role"))
    @app_commands.describe(role=ls("opt.league_role.desc"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def league_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        await self.bot.leagues.set_role(interaction, role)
