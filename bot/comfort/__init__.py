"""Play comfort: a player's own switches (auto-win, no calls, auto-tsumogiri, hand-message style,
assist, text mode, large tiles) and the moves they make for that player. Pure: no discord, no storage.

The table asks :func:`auto_move` before prompting a player; a move it returns is played through
the same path as a button press (validated and stored first). :func:`visible_moves` filters the
buttons of a prompt. :class:`UserSettings` is what ``/settings me`` changes and storage keeps.
"""

from bot.comfort.auto import auto_move, final_kyoku, visible_moves
from bot.comfort.settings import DISPLAY, HAND_STYLES, SWITCHES, SettingError, UserSettings

__all__ = ["DISPLAY", "HAND_STYLES", "SWITCHES", "SettingError", "UserSettings", "auto_move", "final_kyoku", "visible_moves"]
