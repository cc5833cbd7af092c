"""``/learn game:<…>``: a guided first hand against CPUs, private to the learner.

Each lesson is one ephemeral message, edited in place after every move: the steps of the script
reached so far, the table and hand pictures, and the learner's legal moves as buttons. Lessons
live in memory only; a button carries the lesson id and the learner's move number
(``jp:learn:<lesson>:<no>:<arg>``), so a click from another user, an old copy of the message or
a lesson lost in a restart is refused privately and changes nothing.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import secrets
from typing import Any

import discord
from discord import app_commands, ui
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.tables import GAME_CHOICES
from bot.i18n import language_of, t
from bot.i18n.translator import ls
from bot.learn.lesson import Lesson
from bot.learn.screen import Screen, buttons, screen
from engine.base import IllegalMove

log = logging.getLogger(__name__)
STYLE = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
         "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}
MAX_LESSONS = 200  # the oldest lessons are forgotten beyond this (their clicks then say "ended")


class LearnButton(ui.DynamicItem[ui.Button[Any]], template=r"jp:learn:(?P<lesson>\w+):(?P<no>\d+):(?P<arg>\w+)"):
    """One lesson button; the handler lives in :class:`LearnCog` (found through the client)."""

    def __init__(self, lesson: str, no: int, arg: str, label: str = "?", style: str = "secondary") -> None:
        super().__init__(ui.Button(label=label, style=STYLE.get(style, discord.ButtonStyle.secondary),
                                   custom_id=f"jp:learn:{lesson}:{no}:{arg}"))
        self.lesson, self.no, self.arg = lesson, no, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> LearnButton:
        return cls(match["lesson"], int(match["no"]), match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("LearnCog")  # type: ignore[attr-defined]
        if not isinstance(cog, LearnCog):
            await interaction.response.send_message(t(language_of(interaction.locale), "learn.ended"), ephemeral=True)
            return
        await cog.on_click(interaction, self.lesson, self.no, self.arg)


def _view(lesson: Lesson, shown: Screen) -> ui.View:
    view = ui.View(timeout=None)
    for b in shown.buttons:
        view.add_item(LearnButton(lesson.id, lesson.no, b.arg, b.label, b.style))
    return view


def _embed(shown: Screen) -> discord.Embed:
    embed = discord.Embed(title=shown.title, description=shown.description, colour=discord.Colour.dark_green())
    for name in ("hand.png", "result.png"):
        if any(n == name for n, _ in shown.pictures):
            embed.set_image(url=f"attachment://{name}")
            break
    embed.set_footer(text=shown.footer)
    return embed


def _files(shown: Screen) -> list[discord.File]:
    return [discord.File(io.BytesIO(png), name, description=shown.words.get(name)) for name, png in shown.pictures]


class LearnCog(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.lessons: dict[str, Lesson] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LearnButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LearnButton)

    @app_commands.command(name=ls("cmd.learn"), description=ls("cmd.learn.desc"))
    @app_commands.rename(game=ls("opt.game"))
    @app_commands.describe(game=ls("opt.learn_game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def learn(self, interaction: discord.Interaction, game: Choice[str]) -> None:
        lang = language_of(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lesson = await asyncio.to_thread(Lesson, game.value, secrets.token_hex(5), interaction.user.id, lang,
                                         None, interaction.user.display_name)
        self._keep(lesson)
        shown = await asyncio.to_thread(screen, lesson)
        await interaction.edit_original_response(embed=_embed(shown), attachments=_files(shown),
                                                 view=_view(lesson, shown))

    def _keep(self, lesson: Lesson) -> None:
        while len(self.lessons) >= MAX_LESSONS:
            oldest = next(iter(self.lessons))
            self.lessons.pop(oldest)
            self.locks.pop(oldest, None)
        self.lessons[lesson.id] = lesson
        self.locks[lesson.id] = asyncio.Lock()

    async def _refuse(self, interaction: discord.Interaction, key: str) -> None:
        await interaction.response.send_message(t(language_of(interaction.locale), key), ephemeral=True)

    async def on_click(self, interaction: discord.Interaction, lesson_id: str, no: int, arg: str) -> None:
        lesson = self.lessons.get(lesson_id)
        if lesson is None:
            await self._refuse(interaction, "learn.ended")
            return
        if interaction.user.id != lesson.user_id:
            await self._refuse(interaction, "learn.not_yours")
            return
        lock = self.locks[lesson_id]
        if lock.locked():  # a second click while the first is still being played: answered at once
            await self._refuse(interaction, "learn.busy")
            return
        async with lock:
            if lesson.prompt.over:
                await self._refuse(interaction, "learn.ended")
                return
            if no != lesson.no:
                await self._refuse(interaction, "learn.stale")
                return
            if arg[0] in "pr":  # the poker part or the riichi toggle: only the buttons change
                if arg[0] == "p":
                    lesson.part = arg[1:]
                else:
                    lesson.riichi = arg == "r1"
                shown = screen_buttons_only(lesson)
                await interaction.response.edit_message(view=_view(lesson, shown))
                return
            if not arg.isdigit() or not 0 <= int(arg) < len(lesson.prompt.legal):
                await self._refuse(interaction, "learn.stale")
                return
            await interaction.response.defer()
            try:
                await asyncio.to_thread(lesson.play, int(arg))
            except IllegalMove:
                log.exception("a lesson offered a move its game refused")
                await interaction.followup.send(t(lesson.lang, "learn.stale"), ephemeral=True)
                return
            shown = await asyncio.to_thread(screen, lesson)
            await interaction.edit_original_response(embed=_embed(shown), attachments=_files(shown),
                                                     view=_view(lesson, shown))
            if lesson.prompt.over:  # later clicks on any copy of it: "this lesson has ended"
                self.lessons.pop(lesson_id, None)
                self.locks.pop(lesson_id, None)


def screen_buttons_only(lesson: Lesson) -> Screen:
    """The buttons for a toggle's click, without drawing the pictures again."""
    return Screen("", "", "", [], buttons(lesson))
