"""Interactions handed from the process that received them to the process that holds the table.

Direct messages reach only the shard-0 process, so a click on a private hand often lands where
its table is not served. That process acknowledges the click at once (a deferred update, within
Discord's 3 seconds) and sends :func:`payload` through the store to the lease holder, which
rebuilds the interaction with :func:`rebuild` and runs the usual handler. Both sides then answer
through the interaction's webhook token (valid 15 minutes), which any process may use: the
response object :class:`Deferred` turns each first-response call of the handlers into its
follow-up form, so the handlers need not know where the click came from.

Likewise ``/table leave``, ``abort`` and ``status``: they reach the process of the server's shard,
and a table taken over by another process (its first holder died) is served there.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.i18n import language_of, t
from bot.play.buttons import DYNAMIC_ITEMS

log = logging.getLogger(__name__)
AMOUNT = re.compile(r"jp:a:(?P<table>\w+):(?P<no>\d+):(?P<index>\d+)")  # buttons.AmountModal's custom id
CHANNEL_COMMANDS = ("leave", "abort", "status")  # ``/table`` commands the table's holder answers
EDIT_KEYS = ("content", "embed", "embeds", "attachments", "view", "allowed_mentions")


class Deferred(discord.InteractionResponse):
    """The response of an interaction already acknowledged (deferred) by some process."""

    __slots__ = ("forwarded",)

    def __init__(self, parent: discord.Interaction, forwarded: bool = False) -> None:
        super().__init__(parent)
        self.forwarded = forwarded  # rebuilt here from what another process received
        self._response_type = discord.InteractionResponseType.deferred_message_update

    async def defer(self, **_: Any) -> None:
        return None

    async def send_message(self, content: Any = None, **kw: Any) -> None:  # type: ignore[override]
        kw.pop("delete_after", None)
        await self._parent.followup.send(content, **kw)

    async def edit_message(self, **kw: Any) -> None:
        await self._parent.edit_original_response(**{k: v for k, v in kw.items() if k in EDIT_KEYS})

    async def send_modal(self, modal: discord.ui.Modal) -> None:  # type: ignore[override]
        """A modal can only be the first response: the player is sent to "My hand" instead."""
        text = t(language_of(self._parent.locale), "err.amount_elsewhere")
        await self._parent.followup.send(text, ephemeral=True)


def settle(interaction: discord.Interaction, forwarded: bool = False) -> None:
    """Mark an interaction already deferred, so the handlers answer by follow-up."""
    interaction._cs_response = Deferred(interaction, forwarded)  # type: ignore[attr-defined]


async def acknowledge(interaction: discord.Interaction, private: bool = False) -> None:
    """``private``: a command's answer is for its user alone (its first follow-up takes the
    place of this acknowledgement, ephemeral or not as the acknowledgement was)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=private)
    settle(interaction)


def payload(interaction: discord.Interaction) -> dict[str, Any]:
    """What the holder needs to serve and answer the interaction (well under NOTIFY's limit)."""
    user = interaction.user
    return {
        "id": str(interaction.id),
        "application_id": str(interaction.application_id),
        "type": interaction.type.value,
        "token": interaction.token,
        "data": interaction.data,
        "user": {"id": str(user.id), "username": user.name, "global_name": user.display_name,
                 "discriminator": "0", "avatar": None},
        "locale": str(interaction.locale),
        "channel_id": str(interaction.channel_id or 0),
        "message_id": str(interaction.message.id) if interaction.message else None,
        **_member(interaction),
    }


def _member(interaction: discord.Interaction) -> dict[str, Any]:
    """A server interaction's server and member, with the member's permissions in the channel
    (``/table abort`` lets a server manager stop any table)."""
    if interaction.guild_id is None:
        return {}
    user = interaction.user
    return {"guild_id": str(interaction.guild_id), "member": {
        "user": {"id": str(user.id), "username": user.name, "global_name": user.display_name,
                 "discriminator": "0", "avatar": None},
        "roles": [], "flags": 0, "permissions": str(interaction.permissions.value)}}


def rebuild(bot: Any, data: dict[str, Any]) -> discord.Interaction:
    raw = {"version": 1, "attachment_size_limit": 25 << 20, "entitlements": [], **data}
    raw.pop("message_id", None)
    interaction: discord.Interaction = discord.Interaction(data=raw, state=bot._connection)  # type: ignore[arg-type]
    channel = bot.get_partial_messageable(int(data["channel_id"]), guild_id=int(data.get("guild_id") or 0) or None)
    if interaction.channel is None and channel.id:  # what ``channel_id`` reads (a command's channel)
        interaction.channel = channel
    if data.get("message_id"):
        interaction.message = channel.get_partial_message(int(data["message_id"]))
    settle(interaction, forwarded=True)
    return interaction


async def dispatch(bot: Any, interaction: discord.Interaction) -> bool:
    """Run the button handler the custom id names, or the ``/table`` command; False if it names
    neither."""
    data: dict[str, Any] = dict(interaction.data or {})
    if interaction.type is discord.InteractionType.application_command:
        sub = next((str(o.get("name")) for o in data.get("options") or []), "")
        if data.get("name") == "table" and sub in CHANNEL_COMMANDS:
            await getattr(bot.tables, sub)(interaction)
            return True
        log.info("a forwarded command is not one a holder serves: %r %r", data.get("name"), sub)
        return False
    custom_id = str(data.get("custom_id", ""))
    for cls in DYNAMIC_ITEMS:
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            item = await cls.from_custom_id(interaction, None, match)  # type: ignore[arg-type]
            await item.callback(interaction)
            return True
    amount = AMOUNT.fullmatch(custom_id)  # a bet or raise box, submitted where the holder is not
    if amount:
        value = next((str(c.get("value", "")) for row in data.get("components", [])
                      for c in row.get("components", [])), "")
        await bot.tables.on_move(interaction, amount["table"], int(amount["no"]), int(amount["index"]), value)
        return True
    log.info("a forwarded interaction names no button: %r", custom_id)
    return False


def forwarded(interaction: discord.Interaction) -> bool:
    response = interaction.response
    return isinstance(response, Deferred) and response.forwarded
