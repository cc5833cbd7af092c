"""The league's persistent buttons: the sign-up message's Join and Leave, and each table's Ready.

The custom ids carry everything (league, round, table), so they work after a restart; the
handlers are :class:`bot.league.service.LeagueService`'s.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.i18n import t


def _leagues(interaction: discord.Interaction) -> Any:
    return interaction.client.leagues  # type: ignore[attr-defined]


class SignupButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:lg:(?P<league>\d+):(?P<action>join|leave)"):
    def __init__(self, league: int, action: str, lang: str = "en") -> None:
        key, style = (("btn.join", discord.ButtonStyle.success) if action == "join"
                      else ("btn.leave", discord.ButtonStyle.secondary))
        super().__init__(ui.Button(label=t(lang, key), style=style, custom_id=f"jp:lg:{league}:{action}"))
        self.league, self.action = league, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> SignupButton:
        return cls(int(match["league"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _leagues(interaction).on_signup(interaction, self.league, self.action)


class ReadyButton(ui.DynamicItem[ui.Button[ui.View]],
                  template=r"jp:ly:(?P<league>\d+):(?P<round>\d+):(?P<table>\d+)"):
    def __init__(self, league: int, round_no: int, table_no: int, lang: str = "en") -> None:
        super().__init__(ui.Button(label=t(lang, "league.btn_ready"), style=discord.ButtonStyle.success,
                                   custom_id=f"jp:ly:{league}:{round_no}:{table_no}"))
        self.league, self.round, self.table = league, round_no, table_no

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> ReadyButton:
        return cls(int(match["league"]), int(match["round"]), int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _leagues(interaction).on_ready(interaction, self.league, self.round, self.table)


def signup_view(league: int, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(SignupButton(league, "join", lang))
    view.add_item(SignupButton(league, "leave", lang))
    return view


def ready_view(league: int, round_no: int, table_no: int, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReadyButton(league, round_no, table_no, lang))
    return view


LEAGUE_ITEMS = (SignupButton, ReadyButton)
