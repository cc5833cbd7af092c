"""Engine views to pictures through ``bot.render``.

The public picture is built from ``public_view()`` only, so it cannot show a concealed tile or a
hole card; the private one from the player's own ``view()``.

``table_job`` and ``hand_job`` run the adapters here, in the bot process, and return a top-level
``bot.render.jobs`` function with the frozen record it draws: what ``RenderPool.draw`` sends to a
worker. ``table_png`` and ``hand_png`` draw the same pictures at once in the caller's thread (the
offline demo).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.play.modes import mode
from bot.render import jobs
from bot.render.adapt import cards, hand_from_view, holdem_from_view, table_from_view
from bot.render.model import HandImage
from bot.render.palette import Kind

Job = Callable[..., bytes]


def table_job(game: str, public_view: Mapping[str, Any],
              names: Mapping[str, str] | None = None) -> tuple[Job, Any]:
    """``names``: engine player id -> the player's display name, drawn instead of the id."""
    if mode(game).poker_only:
        return jobs.holdem_table_png, holdem_from_view(public_view, names)
    return jobs.table_png, table_from_view(public_view, names)


def hand_job(game: str, view: Mapping[str, Any], title: str, names: Mapping[str, str] | None = None,
             marks: Mapping[str, Any] | None = None) -> tuple[Job, HandImage, Kind]:
    """``marks``: the assist and switch fields of the picture (``bot.comfort.words.hand_marks``)."""
    if mode(game).poker_only:
        hand = HandImage(tiles=(), hole_cards=cards(view.get("hole")), board=cards(view.get("board")), title=title)
    else:
        hand = hand_from_view(view, title, names)
    if marks:
        hand = replace(hand, **marks)
    kind: Kind = "janpo"  # the hand's palette: the one every hand picture has used
    return jobs.hand_png, hand, kind


def table_png(game: str, public_view: Mapping[str, Any], texts: Mapping[str, str],
              names: Mapping[str, str] | None = None) -> bytes:
    job, record = table_job(game, public_view, names)
    return job(record, texts)


def hand_png(game: str, view: Mapping[str, Any], title: str, texts: Mapping[str, str],
             names: Mapping[str, str] | None = None, marks: Mapping[str, Any] | None = None) -> bytes:
    job, record, kind = hand_job(game, view, title, names, marks)
    return job(record, texts, kind)


__all__ = ["hand_job", "hand_png", "table_job", "table_png"]
