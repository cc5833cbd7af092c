"""The Ready button of a match: persistent (its custom id carries the match), so it still works
after a restart; the service answers it (:meth:`bot.ranked.service.QueueService.on_ready`)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.i18n import language_of, t


class ReadyButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:q:(?P<match>[0-9a-f]+)"):
    def __init__(self, match: str, lang: str = "en") -> None:
        super().__init__(ui.Button(label=t(lang, "queue.ready.button"), style=discord.ButtonStyle.success,
                                   custom_id=f"jp:q:{match}"))
        self.match = match

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> ReadyButton:
        return cls(match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.queue  # type: ignore[attr-defined]
        await service.on_ready(interaction, self.match, language_of(interaction.locale))


def ready_view(match: str, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReadyButton(match, lang))
    return view
