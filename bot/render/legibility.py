"""How big a hand's corner numbers are on a phone (issue 39): the height in screen pixels of a
tile's corner number when the hand picture is shown ``display`` pixels wide.

Discord shrinks a picture wider than the message column to its width; a phone held upright
leaves about 360 pixels. The corner number (``make_assets._index``) scales with the tile, so
its height is measured on the sprite as drawn (the rows holding ink in the corner box) and
scaled by how much the picture is shrunk.
"""

from __future__ import annotations

from dataclasses import replace

from bot.render import hand, sprites
from bot.render.model import HandImage

DISPLAY = 360  # a phone's message column, in pixels
MIN_DIGIT = 8.0
"""The least corner-number height read at a glance, in screen pixels: the digits of a 12 px
font (the smallest text phone guidelines use) stand about 8.5 px tall."""
# The full hand a player holds on their turn: 13 tiles and the drawn one, no calls.
FULL_HAND = HandImage(tiles=("1m", "2m", "3m", "5m", "5m", "4p", "0p", "6p", "6s", "7s", "8s", "2z", "2z"),
                      drawn="9p", title="East 1 · South")


def digit_height(tile_h: int, name: str = "8p") -> int:
    """Pixel rows of ink in the corner box of ``name`` drawn ``tile_h`` tall."""
    img = sprites.tile(name, tile_h).convert("RGB")
    scale = tile_h / sprites.BASE_H
    box = (round(1.5 * scale), round(1.5 * scale), round(9.5 * scale), round(14 * scale))
    rows = []
    for y in range(box[1], box[3]):
        for x in range(box[0], box[2]):
            r, g, b = img.getpixel((x, y))  # type: ignore[misc]
            if r + g + b < 500:  # ink, not the ivory face (250 + 246 + 234)
                rows.append(y)
                break
    return max(rows) - min(rows) + 1 if rows else 0


def shown(large: bool, display: int = DISPLAY, record: HandImage = FULL_HAND) -> dict[str, float]:
    """The hand picture's width, how much it is shrunk, and its corner numbers' height as drawn
    and as seen ``display`` pixels wide."""
    image = hand.render_hand(replace(record, large=large))
    scale = min(1.0, display / image.width)
    drawn = digit_height(hand.LARGE_H if large else hand.TILE_H)
    return {"width": image.width, "scale": scale, "digit_drawn": drawn, "digit_seen": drawn * scale}
