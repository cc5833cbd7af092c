"""The tile chart: every tile as the pictures draw it, by suit, with its name, for beginners' docs.

It shows the corner numbers (so nobody counts pips), the red fives, the winds with their letters,
the three dragons, and the same tiles lying sideways as a call or a riichi discard shows them.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from bot.render import draw as dr
from bot.render import sprites
from bot.render.texts import text

TILE_H = 52
MARGIN = 16
LABEL_W = 200
GAP = 4
ROW_H = TILE_H + 14

ROWS: list[tuple[str, list[str], bool]] = [
    ("chart_man", [f"{n}m" for n in range(1, 10)], False),
    ("chart_pin", [f"{n}p" for n in range(1, 10)], False),
    ("chart_sou", [f"{n}s" for n in range(1, 10)], False),
    ("chart_honors", ["1z", "2z", "3z", "4z", "5z", "6z", "7z"], False),
    ("chart_red", ["0m", "0p", "0s"], False),
    ("chart_sideways", ["8p", "9s", "3m", "2z", "6z", "7z"], True),
]


def render_tile_chart(texts: Mapping[str, str] | None = None) -> Image.Image:
    tw = dr.tile_w(TILE_H)
    width = 2 * MARGIN + LABEL_W + 9 * (tw + GAP)
    height = MARGIN + 34 + ROW_H * len(ROWS) + MARGIN
    img, d = dr.canvas(width, height)
    dr.write(d, MARGIN, MARGIN + 12, text(texts, "chart_title"), 20)
    y = MARGIN + 34
    for key, tiles, sideways in ROWS:
        dr.write(d, MARGIN, y + TILE_H / 2, dr.fit(text(texts, key), 14, LABEL_W - 10), 14, dr.MUTED)
        x = MARGIN + LABEL_W
        for tile in tiles:
            if sideways:
                dr.paste(img, sprites.tile(tile, TILE_H, sideways=True), x, y + TILE_H - tw)
                x += TILE_H + GAP
            else:
                dr.paste(img, sprites.tile(tile, TILE_H), x, y)
                x += tw + GAP
        y += ROW_H
    return img
