"""Persistent buttons: each custom_id carries the table id (and move number), so they keep
working after a restart; the handlers live in :class:`bot.play.manager.TableManager`."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.i18n import t
from bot.play.moves import Button

STYLE = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
LOBBY_ACTIONS = {
    "join": ("btn.join", discord.ButtonStyle.success),
    "leave": ("btn.leave", discord.ButtonStyle.secondary),
    "cpu": ("btn.add_cpu", discord.ButtonStyle.secondary),
    "start": ("btn.start", discord.ButtonStyle.primary),
    "cancel": ("btn.cancel", discord.ButtonStyle.danger),
}


def _manager(interaction: discord.Interaction) -> Any:
    return interaction.client.tables  # type: ignore[attr-defined]


class MoveButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:m:(?P<table>\w+):(?P<no>\d+):(?P<index>\d+)"):
    """Play legal move ``index`` of the prompt issued at move ``no``."""

    def __init__(self, table: str, no: int, index: int, label: str = "?", style: str = "secondary") -> None:
        super().__init__(ui.Button(label=label, style=STYLE[style], custom_id=f"jp:m:{table}:{no}:{index}"))
        self.table, self.no, self.index = table, no, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> MoveButton:
        return cls(match["table"], int(match["no"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _manager(interaction).on_move(interaction, self.table, self.no, self.index)


class UiButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:(?P<kind>[pr]):(?P<table>\w+):(?P<no>\d+):(?P<arg>\w+)"):
    """Change what the hand shows (poker part ``p``, riichi discards ``r``): no move is made."""

    def __init__(self, kind: str, table: str, no: int, arg: str, label: str = "?", style: str = "secondary") -> None:
        super().__init__(ui.Button(label=label, style=STYLE[style], custom_id=f"jp:{kind}:{table}:{no}:{arg}"))
        self.kind, self.table, self.no, self.arg = kind, table, no, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> UiButton:
        return cls(match["kind"], match["table"], int(match["no"]), match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _manager(interaction).on_hand_option(interaction, self.table, self.no, self.kind, self.arg)


class LobbyButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:l:(?P<table>\w+):(?P<action>\w+)"):
    def __init__(self, table: str, action: str, lang: str = "en") -> None:
        key, style = LOBBY_ACTIONS[action]
        super().__init__(ui.Button(label=t(lang, key), style=style, custom_id=f"jp:l:{table}:{action}"))
        self.table, self.action = table, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> LobbyButton:
        return cls(match["table"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _manager(interaction).on_lobby(interaction, self.table, self.action)


class TableButton(ui.DynamicItem[ui.Button[ui.View]], template=r"jp:(?P<action>[hb]):(?P<table>\w+)"):
    """On the public table message: ``h`` My hand (ephemeral), ``b`` I'm back."""

    def __init__(self, action: str, table: str, lang: str = "en") -> None:
        key = "btn.my_hand" if action == "h" else "btn.back"
        style = discord.ButtonStyle.primary if action == "h" else discord.ButtonStyle.secondary
        super().__init__(ui.Button(label=t(lang, key), style=style, custom_id=f"jp:{action}:{table}"))
        self.action, self.table = action, table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> TableButton:
        return cls(match["action"], match["table"])

    async def callback(self, interaction: discord.Interaction) -> None:
        manager = _manager(interaction)
        if self.action == "h":
            await manager.on_my_hand(interaction, self.table)
        else:
            await manager.on_back(interaction, self.table)


class AmountModal(ui.Modal):
    """Bet or raise amount: the total this street (a raise *to*), in the range the engine allows;
    the engine's own check decides (multiples of 100)."""

    def __init__(self, lang: str, table: str, no: int, index: int, low: int, high: int, verb: str = "") -> None:
        title = {"bet": "modal.title_bet", "raise": "modal.title_raise"}.get(verb, "modal.title")
        super().__init__(title=t(lang, title)[:45], custom_id=f"jp:a:{table}:{no}:{index}")
        self.amount: ui.TextInput[AmountModal] = ui.TextInput(
            label=t(lang, "modal.range", low=low, high=high)[:45],
            placeholder=t(lang, "modal.label"),
            min_length=1,
            max_length=12,
        )
        self.add_item(self.amount)
        self.table, self.no, self.index = table, no, index

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await _manager(interaction).on_move(interaction, self.table, self.no, self.index, self.amount.value)


def hand_view(table: str, no: int, buttons: list[Button], labels: list[str]) -> ui.View:
    view = ui.View(timeout=None)
    for button, label in zip(buttons, labels, strict=True):
        if button.kind == "move":
            view.add_item(MoveButton(table, no, button.index, label[:80], button.style))
        else:
            kind = "p" if button.kind == "part" else "r"
            view.add_item(UiButton(kind, table, no, button.arg, label[:80], button.style))
    return view


def lobby_view(table: str, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(table, action, lang))
    return view


def table_view(table: str, lang: str) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(TableButton("h", table, lang))
    view.add_item(TableButton("b", table, lang))
    return view


DYNAMIC_ITEMS = (MoveButton, UiButton, LobbyButton, TableButton)
