"""Pictures as PNG bytes from plain records: the functions a worker process runs.

Each is a top-level function of picklable arguments (the frozen records of ``model`` and a plain
caption mapping) returning bytes, so :class:`bot.render.pool.RenderPool` can send it to another
process; called directly they draw in the caller's thread. Each picture is encoded with its game
kind's fixed palette (``palette``); the public tables are drawn straight onto it (``flat``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.render import chart, hand, holdem, legend, results, sprites, table
from bot.render.draw import to_png
from bot.render.model import (
    FiveResult,
    HandImage,
    HoldemTable,
    KyokuResult,
    ShowdownImage,
    StandingsImage,
    TableImage,
)
from bot.render.palette import Kind

Texts = Mapping[str, str] | None


def table_png(image: TableImage, texts: Texts = None) -> bytes:
    """The channel's picture of a riichi, Mahjong Five or Janpo table, drawn on its palette."""
    return to_png(table.table_picture(image, texts), image.game)


def holdem_table_png(image: HoldemTable, texts: Texts = None) -> bytes:
    return to_png(holdem.holdem_picture(image, texts), "holdem")


def hand_png(image: HandImage, texts: Texts = None, kind: Kind = "janpo") -> bytes:
    """A player's own hand, for their DM only."""
    return to_png(hand.render_hand(image, texts), kind)


def kyoku_result_png(image: KyokuResult, texts: Texts = None, kind: Kind = "riichi") -> bytes:
    return to_png(results.render_kyoku_result(image, texts), kind)


def five_result_png(image: FiveResult, texts: Texts = None) -> bytes:
    return to_png(results.render_five_result(image, texts), "five")


def showdown_png(image: ShowdownImage, texts: Texts = None, kind: Kind = "holdem") -> bytes:
    return to_png(holdem.render_showdown(image, texts), kind)


def standings_png(image: StandingsImage, texts: Texts = None, kind: Kind = "riichi") -> bytes:
    return to_png(results.render_standings(image, texts), kind)


def legend_png(kind: Kind, texts: Texts = None) -> bytes:
    """What each badge and mark on a ``kind`` table means: for ``/help`` and docs/PLAYING.md."""
    return to_png(legend.render_legend(kind, texts), kind)


def tile_chart_png(texts: Texts = None) -> bytes:
    """Every tile by suit, standing and sideways, named: for beginners' docs."""
    return to_png(chart.render_tile_chart(texts), "riichi")


def warm(texts: Sequence[Texts] = (None,)) -> int:
    """Fill a process's caches (sprites, fonts, palettes, common captions) by drawing every
    sample once per caption catalog; returns the number of pictures drawn."""
    from bot.render import samples
    from bot.render.palette import KINDS, palette

    for kind in KINDS:
        palette(kind)
    upright: tuple[bool, sprites.Shade] = (False, "none")
    sideways: tuple[bool, sprites.Shade] = (True, "none")
    sprites.warm({table.POND_H: (upright, sideways, (False, "dark"), (True, "dark")), table.MELD_H: (upright, sideways),
                  hand.TILE_H: (upright, sideways, (False, "grey")), hand.SMALL_H: (upright, sideways)},
                 (table.CARD_H, table.SHOWN_CARD_H, hand.CARD_H))
    n = 0
    for t in texts:
        pictures: list[tuple[Callable[..., bytes], object]] = [
            (table_png, samples.TABLE), (table_png, samples.JANPO_TABLE), (holdem_table_png, samples.HOLDEM_TABLE),
            (hand_png, samples.HAND), (hand_png, samples.HAND_RIICHI), (hand_png, samples.HAND_POKER)]
        for job, record in pictures:
            job(record, t)
            n += 1
    return n
