"""``/league new|start|round|standings|export|end|fix``: the slash side of leagues (bot.league)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.tables import GAME_CHOICES, LENGTH_CHOICES
from bot.i18n.translator import ls

SEATING_CHOICES = [Choice(name=ls("league.seating_no_repeat"), value="no-repeat"),
                   Choice(name=ls("league.seating_swiss"), value="swiss"),
                   Choice(name=ls("league.seating_random"), value="random")]


class LeagueCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    league = app_commands.Group(name=ls("cmd.league"), description=ls("cmd.league.desc"), guild_only=True)

    @league.command(name=ls("cmd.league.new"), description=ls("cmd.league.new.desc"))
    @app_commands.rename(name=ls("opt.league_name"), game=ls("opt.game"), length=ls("opt.length"),
                         rounds=ls("opt.league_rounds"), seating=ls("opt.seating"),
                         deadline=ls("opt.league_deadline"), playoff=ls("opt.league_playoff"),
                         carry=ls("opt.league_carry"), timer=ls("opt.timer_name"))
    @app_commands.describe(name=ls("opt.league_name.desc"), game=ls("opt.game.desc"), length=ls("opt.length.desc"),
                           rounds=ls("opt.league_rounds.desc"), seating=ls("opt.league_seating.desc"),
                           deadline=ls("opt.league_deadline.desc"), playoff=ls("opt.league_playoff.desc"),
                           carry=ls("opt.league_carry.desc"), timer=ls("opt.timer.desc"))
    @app_commands.choices(game=GAME_CHOICES, length=LENGTH_CHOICES, seating=SEATING_CHOICES)
    async def new(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 60], game: Choice[str],
                  rounds: app_commands.Range[int, 1, 30], length: Choice[str] | None = None,
                  seating: Choice[str] | None = None, deadline: app_commands.Range[int, 10, 10_080] | None = None,
                  playoff: app_commands.Range[int, 4, 64] | None = None,
                  carry: app_commands.Range[int, 0, 100] = 50, timer: app_commands.Range[int, 10, 300] = 30) -> None:
        await self.bot.leagues.new(interaction, name, game.value, length.value if length else None, rounds,
                                   seating.value if seating else "no-repeat", deadline, playoff, carry, timer)

    @league.command(name=ls("cmd.league.start"), description=ls("cmd.league.start.desc"))
    @app_commands.rename(name=ls("opt.league_name"))
    @app_commands.describe(name=ls("opt.league_name.desc"))
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        await self.bot.leagues.start(interaction, name)

    @league.command(name=ls("cmd.league.round"), description=ls("cmd.league.round.desc"))
    @app_commands.rename(name=ls("opt.league_name"), force=ls("opt.league_force"))
    @app_commands.describe(name=ls("opt.league_name.desc"), force=ls("opt.league_force.desc"))
    async def round(self, interaction: discord.Interaction, name: str, force: bool = False) -> None:
        await self.bot.leagues.round(interaction, name, force)

    @league.command(name=ls("cmd.league.standings"), description=ls("cmd.league.standings.desc"))
    @app_commands.rename(name=ls("opt.league_name"))
    @app_commands.describe(name=ls("opt.league_name.desc"))
    async def standings(self, interaction: discord.Interaction, name: str) -> None:
        await self.bot.leagues.standings(interaction, name)

    @league.command(name=ls("cmd.league.export"), description=ls("cmd.league.export.desc"))
    @app_commands.rename(name=ls("opt.league_name"))
    @app_commands.describe(name=ls("opt.league_name.desc"))
    async def export(self, interaction: discord.Interaction, name: str) -> None:
        await self.bot.leagues.export(interaction, name)

    @league.command(name=ls("cmd.league.end"), description=ls("cmd.league.end.desc"))
    @app_commands.rename(name=ls("opt.league_name"))
    @app_commands.describe(name=ls("opt.league_name.desc"))
    async def end(self, interaction: discord.Interaction, name: str) -> None:
        await self.bot.leagues.end(interaction, name)

    @league.command(name=ls("cmd.league.fix"), description=ls("cmd.league.fix.desc"))
    @app_commands.rename(name=ls("opt.league_name"), game=ls("opt.league_game"), player=ls("opt.league_player"),
                         points=ls("opt.league_points"), reason=ls("opt.league_reason"))
    @app_commands.describe(name=ls("opt.league_name.desc"), game=ls("opt.league_game.desc"),
                           player=ls("opt.league_player.desc"), points=ls("opt.league_points.desc"),
                           reason=ls("opt.league_reason.desc"))
    async def fix(self, interaction: discord.Interaction, name: str, game: app_commands.Range[int, 1, 2**62],
                  player: discord.User, points: app_commands.Range[str, 1, 12],
                  reason: app_commands.Range[str, 1, 200]) -> None:
        await self.bot.leagues.fix(interaction, name, game, player.id, points, reason)
