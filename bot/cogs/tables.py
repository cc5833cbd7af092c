"""``/table new|status|leave|abort|verify``: the slash side of table play."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n.translator import ls
from bot.play.modes import MODES, Choices, mode

GAME_CHOICES = [Choice(name=ls(m.title_key), value=m.name) for m in MODES.values()]
LENGTH_CHOICES = [Choice(name=ls("length.east"), value="east"), Choice(name=ls("length.south"), value="south")]
SEATING_CHOICES = [Choice(name=ls("seating.random"), value="random"), Choice(name=ls("seating.join"), value="join")]
LEVEL_CHOICES = [
    Choice(name=ls("level.easy"), value="easy"),
    Choice(name=ls("level.normal"), value="normal"),
    Choice(name=ls("level.hard"), value="hard"),
]


def table_options(game: str, red_fives: bool | None, seven_pairs: bool | None, length: str | None,
                  small_blind: int | None, big_blind: int | None, stack: int | None) -> dict[str, Any]:
    """The scenario ``options`` for the chosen game; options that game does not take are dropped."""
    return mode(game).options(Choices(red_fives, seven_pairs, length, small_blind, big_blind, stack))


class TablesCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    table = app_commands.Group(name=ls("cmd.table"), description=ls("cmd.table.desc"), guild_only=True)

    @table.command(name=ls("cmd.table.new"), description=ls("cmd.table.new.desc"))
    @app_commands.rename(
        game=ls("opt.game"), red_fives=ls("opt.red_fives"), seven_pairs=ls("opt.seven_pairs"),
        length=ls("opt.length"), small_blind=ls("opt.small_blind"), big_blind=ls("opt.big_blind"),
        stack=ls("opt.stack"), timer=ls("opt.timer_name"), cpu=ls("opt.cpu"), seating=ls("opt.seating"),
        assist=ls("opt.assist"),
    )
    @app_commands.describe(
        game=ls("opt.game.desc"), red_fives=ls("opt.red_fives.desc"), seven_pairs=ls("opt.seven_pairs.desc"),
        length=ls("opt.length.desc"), small_blind=ls("opt.small_blind.desc"), big_blind=ls("opt.big_blind.desc"),
        stack=ls("opt.stack.desc"), timer=ls("opt.timer.desc"), cpu=ls("opt.cpu.desc"),
        seating=ls("opt.seating.desc"), assist=ls("opt.assist.desc"),
    )
    @app_commands.choices(game=GAME_CHOICES, length=LENGTH_CHOICES, cpu=LEVEL_CHOICES, seating=SEATING_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: Choice[str],
        red_fives: bool | None = None,
        seven_pairs: bool | None = None,
        length: Choice[str] | None = None,
        small_blind: app_commands.Range[int, 100, 100_000] | None = None,
        big_blind: app_commands.Range[int, 200, 200_000] | None = None,
        stack: app_commands.Range[int, 1_000, 10_000_000] | None = None,
        timer: app_commands.Range[int, 10, 300] = 30,
        cpu: Choice[str] | None = None,
        seating: Choice[str] | None = None,
        assist: bool | None = None,
    ) -> None:
        options = table_options(game.value, red_fives, seven_pairs, length.value if length else None,
                                small_blind, big_blind, stack)
        lang = await self.bot.table_language(interaction)
        await self.bot.tables.new_table(interaction, game.value, options, timer, cpu.value if cpu else "normal", lang,
                                        seating.value if seating else "random", assist)

    @table.command(name=ls("cmd.table.status"), description=ls("cmd.table.status.desc"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.status(interaction)

    @table.command(name=ls("cmd.table.leave"), description=ls("cmd.table.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.leave(interaction)

    @table.command(name=ls("cmd.table.abort"), description=ls("cmd.table.abort.desc"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.abort(interaction)

    @table.command(name=ls("cmd.table.verify"), description=ls("cmd.table.verify.desc"))
    @app_commands.rename(game=ls("opt.game"))
    @app_commands.describe(game=ls("opt.verify_game.desc"))
    async def verify(self, interaction: discord.Interaction, game: app_commands.Range[int, 1, 2**62] | None = None) -> None:
        await self.bot.tables.verify(interaction, game)
