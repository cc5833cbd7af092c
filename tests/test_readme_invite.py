"""The README's invite link asks for exactly the permissions the bot uses, and no more."""

from __future__ import annotations

import re
from pathlib import Path

import discord

README = Path(__file__).resolve().parents[1] / "README.md"


def test_invite_link_permissions_are_the_ones_listed() -> None:
    text = README.read_text(encoding="utf-8")
    asked = int(re.search(r"oauth2/authorize\?[^\s]*permissions=(\d+)", text).group(1))  # type: ignore[union-attr]
    used = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                               embed_links=True, attach_files=True)
    assert asked == used.value == 274_877_959_168
    assert "External Emojis" not in text  # nothing the bot sends uses another server's emoji
