"""What the hand message says about a player's switches: the moves they made since the last hand
message, and which switches are on (so a player never wonders why a tile left on its own)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.comfort.settings import UserSettings
from bot.i18n import t
from bot.play.moves import played

SWITCH_KEYS = {
    "auto_win": "settings.me.auto_win",
    "no_calls": "settings.me.no_calls",
    "auto_tsumogiri": "settings.me.auto_tsumogiri",
}


def hand_notes(lang: str, settings: UserSettings | None, auto: Sequence[Sequence[Any]]) -> str:
    """Lines to put above the hand message's text ("" when there is nothing to say)."""
    lines = []
    for move in auto:
        key, params = played(move)
        lines.append(t(lang, "hand.auto_played", move=t(lang, key, **params)))
    on = settings.switches_on() if settings is not None else ()
    if on:
        lines.append(t(lang, "hand.switches_on", switches=", ".join(t(lang, SWITCH_KEYS[n]) for n in on)))
    return "\n".join(lines)
