"""What the hand message and picture say about a player's switches and assist: the moves the
switches made since the last hand message, which switches are on (so a player never wonders why a
tile left on its own), and the assist marks (:func:`hand_marks`, fields of the hand picture)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.comfort.settings import UserSettings
from bot.i18n import t
from bot.i18n.yaku import yaku_name
from bot.play.modes import mode
from bot.play.moves import played
from bot.play.results import FIVE_LINE_KEYS
from engine.assist import assist

POKER_CLASS_KEYS = {  # treys' class names (engine.holdem.cards.class_name)
    "Royal Flush": "assist.class.royal_flush",
    "Straight Flush": "assist.class.straight_flush",
    "Four of a Kind": "assist.class.four_kind",
    "Full House": "assist.class.full_house",
    "Flush": "assist.class.flush",
    "Straight": "assist.class.straight",
    "Three of a Kind": "assist.class.three_kind",
    "Two Pair": "assist.class.two_pair",
    "Pair": "assist.class.pair",
    "High Card": "assist.class.high_card",
}
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


def assist_default(game: str, level: str, chosen: bool | None = None) -> bool:
    """The table's assist: what the host chose at ``/table new`` (``chosen``), else on where the mode
    says so (Mahjong Five) and at tables with easy CPUs (issue 20); a player's own setting
    overrides it (``UserSettings.assist_on``)."""
    if chosen is not None:
        return chosen
    return mode(game).assist or level == "easy"


def near_names(lang: str, game: str, near: Sequence[str]) -> list[str]:
    """Yaku (the scoring library's names) or Five category keys, in the player's words."""
    if game == "five":
        return [t(lang, FIVE_LINE_KEYS[n]) if n in FIVE_LINE_KEYS else n for n in near]
    return [yaku_name(lang, n) for n in near]


def hand_marks(lang: str, game: str, view: dict[str, Any], legal: Sequence[Sequence[Any]], assist_on: bool,
               settings: UserSettings | None) -> dict[str, Any]:
    """The hand picture's optional fields (``bot.render.model.HandImage``) for this player: the
    switches that are on, and with assist the suggested discards and the lines naming what the
    hand is near and, with a poker hand, its strength and the call price. Pure; run off the loop."""
    marks: dict[str, Any] = {}
    on = settings.switches_on() if settings is not None else ()
    if on:
        marks["switches"] = tuple(t(lang, SWITCH_KEYS[n]) for n in on)
    if settings is not None and settings.large_tiles:
        marks["large"] = True
    if not assist_on:
        return marks
    hint = assist(view, legal)
    lines: list[str] = []
    if hint.mahjong is not None:
        marks["suggested"] = tuple(d.tile for d in hint.mahjong.best if not d.tsumogiri)
        marks["suggest_drawn"] = any(d.tsumogiri for d in hint.mahjong.best)
        if hint.mahjong.near:
            lines.append(t(lang, "assist.near", names=", ".join(near_names(lang, game, hint.mahjong.near))))
    if hint.poker is not None:
        p = hint.poker
        key = POKER_CLASS_KEYS.get(p.hand_class)
        hand = t(lang, key) if key else p.hand_class
        lines.append(t(lang, "assist.poker", hand=hand, equity=round(100 * p.equity)))
        if p.pot_odds is not None:
            lines.append(t(lang, "assist.call", to_call=f"{p.to_call:,}", pot=f"{p.pot:,}",
                           odds=round(100 * p.pot_odds)))
    if lines:
        marks["assist_lines"] = tuple(lines)
    return marks
