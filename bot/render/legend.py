"""The legend: every badge and mark a table picture uses, drawn as on the table, with what it means.

One picture per game kind (riichi and Five share the mahjong marks; hold'em has only the poker
ones; Janpo has both), for ``/help`` and docs/PLAYING.md. Its words are captions (``texts``), so
it is drawn in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PIL import Image, ImageDraw

from bot.render import draw as dr
from bot.render import sprites
from bot.render.model import MeldView
from bot.render.palette import Kind
from bot.render.table import STATUS_COLOURS
from bot.render.texts import text

WIDTH = 700
ICON_W = 190
ROW_H = 46
MARGIN = 16
TILE_H = 40
SIZE = 14

Icon = Callable[[Image.Image, ImageDraw.ImageDraw, int, float, Mapping[str, str] | None], None]


def _badge(key: str, fill: dr.RGB, ink: dr.RGB = dr.DARK) -> Icon:
    def icon(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
        dr.badge(d, x, mid, text(texts, key), 12, fill, ink=ink)
    return icon


def _winds(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    x += dr.badge(d, x, mid, text(texts, "wind_E"), 15, dr.ALERT, ink=dr.TEXT) + 8
    dr.badge(d, x, mid, text(texts, "wind_S"), 15, dr.MUTED)


def _turn(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    label = text(texts, "turn")
    w = dr.text_width(label, 12) + 12 + 16
    d.rounded_rectangle((x, mid - 17, x + w, mid + 17), radius=8, fill=dr.PANEL, outline=dr.GOLD, width=3)
    dr.badge(d, x + 8, mid, label, 12, dr.GOLD)


def _stick(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    dr.riichi_stick(d, x, mid, 48)


def _tile(name: str, sideways: bool = False, shade: sprites.Shade = "none", ring: bool = False) -> Icon:
    def icon(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
        w, h = (TILE_H, dr.tile_w(TILE_H)) if sideways else (dr.tile_w(TILE_H), TILE_H)
        top = int(mid - h / 2)
        dr.paste(img, sprites.tile(name, TILE_H, sideways=sideways, shade=shade), x, top)
        if ring:
            d.rounded_rectangle((x - 1, top - 1, x + w, top + h), radius=4, outline=dr.GOLD, width=2)
    return icon


def _pond(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    """An upright discard, the sideways riichi discard, then the next upright one."""
    tw = dr.tile_w(TILE_H)
    top = int(mid - TILE_H / 2)
    dr.paste(img, sprites.tile("9m", TILE_H), x, top)
    dr.paste(img, sprites.tile("6z", TILE_H, sideways=True), x + tw, top + TILE_H - tw)
    dr.paste(img, sprites.tile("2p", TILE_H), x + tw + TILE_H, top)


def _meld(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    dr.draw_meld(img, MeldView("pon", ("7z", "7z", "7z"), called="7z", source="left"), x, int(mid + TILE_H / 2), TILE_H)


def _positions(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    for label in ("BTN", "SB", "BB", text(texts, "co")):
        x += dr.badge(d, x, mid, label, 12, dr.PANEL_EDGE, ink=dr.TEXT) + 5


def _button(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    d.ellipse((x, mid - 10, x + 20, mid + 10), fill=(250, 250, 250), outline=dr.DARK)
    dr.write(d, x + 10, mid, "D", 13, dr.DARK, anchor="mm")


def _bet(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    dr.write(d, x, mid, text(texts, "bet", n=dr.points(800)), 14, dr.GOLD)


def _pot(img: Image.Image, d: ImageDraw.ImageDraw, x: int, mid: float, texts: Mapping[str, str] | None) -> None:
    dr.write(d, x, mid - 7, text(texts, "pot", n=dr.points(6100)), 15, dr.GOLD)
    dr.write(d, x, mid + 11, text(texts, "main_pot", n=dr.points(1500)), 12, dr.TEXT)


MAHJONG: list[tuple[Icon, str]] = [
    (_winds, "legend_winds"),
    (_turn, "legend_turn"),
    (_stick, "legend_riichi"),
    (_pond, "legend_riichi_tile"),
    (_tile("3s", shade="dark"), "legend_called"),
    (_tile("1z", ring=True), "legend_last"),
    (_meld, "legend_meld"),
    (_tile("6s", shade="grey"), "legend_kuikae"),
    (_tile("4p"), "legend_dora"),
    (_tile("8p"), "legend_index"),
]
POKER: list[tuple[Icon, str]] = [
    (_badge("to_act", STATUS_COLOURS["to_act"]), "legend_to_act"),
    (_positions, "legend_positions"),
    (_badge("folded", STATUS_COLOURS["folded"]), "legend_folded"),
    (_badge("all_in", STATUS_COLOURS["all_in"], dr.TEXT), "legend_all_in"),
    (_bet, "legend_bet"),
    (_pot, "legend_pot"),
]


def legend_rows(kind: Kind) -> list[tuple[Icon, str]]:
    """The marks a ``kind`` table shows, in the order they are explained."""
    out_of_poker = (_badge("out_of_poker", STATUS_COLOURS["busted"], dr.TEXT), "legend_out_of_poker")
    busted = (_badge("busted", STATUS_COLOURS["busted"], dr.TEXT), "legend_busted")
    if kind == "holdem":
        return [(_button, "legend_button"), *POKER, busted]
    if kind == "janpo":
        return [*MAHJONG, *POKER, out_of_poker]
    return list(MAHJONG)


def _wrap(s: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for word in s.split(" "):
        if lines and dr.text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:2] if len(lines) <= 2 else [lines[0], dr.fit(" ".join(lines[1:]), size, width)]


def render_legend(kind: Kind, texts: Mapping[str, str] | None = None) -> Image.Image:
    rows = legend_rows(kind)
    height = MARGIN + 34 + ROW_H * len(rows) + MARGIN
    img, d = dr.canvas(WIDTH, height)
    dr.write(d, MARGIN, MARGIN + 12, text(texts, "legend_title"), 20)
    y = MARGIN + 34
    for i, (icon, key) in enumerate(rows):
        if i % 2 == 0:
            d.rounded_rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + ROW_H - 2), radius=8, fill=dr.PANEL)
        mid = y + (ROW_H - 2) / 2
        icon(img, d, MARGIN, mid, texts)
        lines = _wrap(text(texts, key), SIZE, WIDTH - 2 * MARGIN - ICON_W)
        for j, line in enumerate(lines):
            dr.write(d, MARGIN + ICON_W, mid + (j - (len(lines) - 1) / 2) * 18, line, SIZE, dr.TEXT)
        y += ROW_H
    return img
