"""Engine views to PNG bytes through ``bot.render``; called in a worker thread (CPU work).

The public picture is built from ``public_view()`` only, so it cannot show a concealed tile or a
hole card; the private one from the player's own ``view()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.play.modes import mode
from bot.render import render_hand, render_holdem_table, render_table, to_png
from bot.render.adapt import cards, hand_from_view, holdem_from_view, table_from_view
from bot.render.model import HandImage


def table_png(game: str, public_view: Mapping[str, Any], texts: Mapping[str, str],
              names: Mapping[str, str] | None = None) -> bytes:
    """``names``: engine player id -> the player's display name, drawn instead of the id."""
    if mode(game).poker_only:
        return to_png(render_holdem_table(holdem_from_view(public_view, names), texts))
    return to_png(render_table(table_from_view(public_view, names), texts))


def hand_png(game: str, view: Mapping[str, Any], title: str, texts: Mapping[str, str],
             names: Mapping[str, str] | None = None, marks: Callable[[], Mapping[str, Any]] | None = None) -> bytes:
    """``marks``: the assist and switch fields of the picture (``bot.comfort.words.hand_marks``),
    worked out here in the worker thread too."""
    if mode(game).poker_only:
        hand = HandImage(tiles=(), hole_cards=cards(view.get("hole")), board=cards(view.get("board")), title=title)
    else:
        hand = hand_from_view(view, title, names)
    if marks is not None:
        hand = replace(hand, **marks())
    return to_png(render_hand(hand, texts))
