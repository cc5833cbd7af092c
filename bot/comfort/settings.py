"""One player's comfort switches, as typed in ``/settings me`` and as stored (a small JSON object).

Stored rows are read leniently (an unknown key or a bad value from an older row falls back to the
default, so a stored row can never lock a player out); what a player types is checked strictly
and refused with a :class:`SettingError` whose ``code`` the bot translates.

>>> s = UserSettings().changed("auto_win", "on").changed("assist", "table")
>>> s.auto_win, s.assist, s.switches_on()
(True, None, ('auto_win',))
>>> UserSettings.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

HAND_STYLES = ("edit", "new")
"""``edit``: one hand message per kyoku, edited each turn (a short ping still notifies the player);
``new``: a new hand message every turn, the old one's buttons withdrawn."""

SWITCHES = ("auto_win", "no_calls", "auto_tsumogiri")
DISPLAY = ("text_mode", "large_tiles")
"""How the hand reaches the player (issue 39): ``text_mode`` puts the pictures' words in the
messages and the tiles' names on the buttons (for screen readers); ``large_tiles`` draws the hand
in two rows of bigger tiles (for phones). Not automatic moves: no badge on the picture."""
ON_WORDS = frozenset({"on", "true", "yes", "1"})
OFF_WORDS = frozenset({"off", "false", "no", "0"})
TABLE_WORDS = frozenset({"table", "default", "auto"})


class SettingError(ValueError):
    """A setting a player typed that does not exist or cannot take that value.

    ``code``: ``unknown_setting`` or ``bad_value``; ``name`` the setting as typed.
    """

    def __init__(self, message: str, code: str, name: str) -> None:
        super().__init__(message)
        self.code = code
        self.name = name


@dataclass(frozen=True, slots=True)
class UserSettings:
    """Every switch is off by default: a new player is prompted for everything.

    ``assist``: True or False to override the table, None to follow it (assist is on by default at
    Mahjong Five and easy tables, off elsewhere; the table decides that default).
    """

    auto_win: bool = False
    no_calls: bool = False
    auto_tsumogiri: bool = False
    hand_style: str = "edit"
    assist: bool | None = None
    text_mode: bool = False
    large_tiles: bool = False

    def assist_on(self, table_default: bool) -> bool:
        return table_default if self.assist is None else self.assist

    def switches_on(self) -> tuple[str, ...]:
        """The automatic switches that are on, in a fixed order (for the hand picture's badges)."""
        return tuple(name for name in SWITCHES if getattr(self, name))

    def changed(self, name: str, value: str) -> UserSettings:
        """A copy with one setting changed from words a player typed (``on``, ``off``, ``new``...)."""
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        word = value.strip().lower()
        if key in SWITCHES or key in DISPLAY:
            return self.with_switch(key, _switch(key, word))
        if key == "hand_style":
            if word not in HAND_STYLES:
                raise SettingError(f"hand_style is one of {', '.join(HAND_STYLES)}", "bad_value", key)
            return replace(self, hand_style=word)
        if key == "assist":
            return replace(self, assist=None if word in TABLE_WORDS else _switch(key, word))
        raise SettingError(f"no setting named {name!r}", "unknown_setting", name)

    def with_switch(self, name: str, on: bool) -> UserSettings:
        """A copy with one of :data:`SWITCHES` or :data:`DISPLAY` set."""
        if name == "auto_win":
            return replace(self, auto_win=on)
        if name == "no_calls":
            return replace(self, no_calls=on)
        if name == "auto_tsumogiri":
            return replace(self, auto_tsumogiri=on)
        if name == "text_mode":
            return replace(self, text_mode=on)
        if name == "large_tiles":
            return replace(self, large_tiles=on)
        raise SettingError(f"no switch named {name!r}", "unknown_setting", name)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> UserSettings:
        """Settings from a stored object; anything missing, unknown or malformed is the default."""
        if not isinstance(data, dict):
            return cls()
        out = cls()
        for name in SWITCHES + DISPLAY:
            if isinstance(data.get(name), bool):
                out = out.with_switch(name, data[name])
        if data.get("hand_style") in HAND_STYLES:
            out = replace(out, hand_style=data["hand_style"])
        if data.get("assist") is None or isinstance(data.get("assist"), bool):
            out = replace(out, assist=data.get("assist"))
        return out


def _switch(name: str, word: str) -> bool:
    if word in ON_WORDS:
        return True
    if word in OFF_WORDS:
        return False
    raise SettingError(f"{name} is on or off", "bad_value", name)
