"""Drawing straight onto a palette (``P``) picture: every piece mapped onto the palette once.

A table picture drawn in RGB and then mapped costs a 3 MB canvas and a colour lookup for every
pixel drawn; in palette form the canvas is a quarter of that and nothing is looked up per
picture. Shapes take the palette index of their colour. A sprite or a caption is antialiased:
its edge pixels blend with what lies under it, so each is composed once in RGB on the flat
colour it is drawn on (the *ground*, which the renderer names), mapped, and then pasted with a
mask of the pixels it covers. That gives the very pixels of drawing in RGB and mapping after,
as long as the ground under the piece is that one flat colour; the renderers keep to that and
a test compares both ways on random tables.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageChops

from bot.render import palette

RGB = tuple[int, int, int]
KIND = "janpo.kind"
GROUND = "janpo.ground"
BACKGROUND = "janpo.background"


def start(base: Image.Image, kind: palette.Kind, ground: RGB, background: Callable[[], Image.Image]) -> Image.Image:
    """A copy of ``base`` (``background()`` mapped onto the kind's palette) to draw on, whose flat
    colour is ``ground``; ``background`` gives the RGB picture, asked for only by a caption
    composed on what lies under it."""
    img = base.copy()
    img.info[KIND] = kind
    img.info[GROUND] = ground
    img.info[BACKGROUND] = background
    return img


def is_flat(img: Image.Image) -> bool:
    return KIND in img.info and img.mode == "P"


CROWDED = "janpo.crowded"


def crowded(img: Image.Image, overlap: bool) -> None:
    """Note a piece drawn on another (a layout too full), which a palette picture cannot blend:
    the renderer then draws the picture in RGB instead."""
    if overlap:
        img.info[CROWDED] = True


@contextmanager
def on(img: Image.Image, ground: RGB | None) -> Iterator[None]:
    """Pieces drawn inside the block lie on ``ground`` (a no-op on an RGB picture); None: on the
    background as it was drawn (several colours, nothing drawn over it yet), composed afresh."""
    before = img.info.get(GROUND)
    img.info[GROUND] = ground
    try:
        yield
    finally:
        img.info[GROUND] = before


@lru_cache(maxsize=1024)
def index(kind: palette.Kind, colour: RGB) -> int:
    """The palette index a pixel of this colour maps to, by the same lookup as a whole picture's."""
    px = Image.new("RGB", (1, 1), colour).quantize(palette=palette.palette(kind), dither=Image.Dither.NONE)
    return int(px.getpixel((0, 0)))  # type: ignore[arg-type]


def ink(img: Image.Image, colour: RGB) -> RGB | int:
    """A shape's fill for this picture: the colour, or on a palette picture its index."""
    return index(img.info[KIND], colour) if is_flat(img) else colour


def _mapped(rgb: Image.Image, kind: palette.Kind) -> Image.Image:
    return rgb.quantize(palette=palette.palette(kind), dither=Image.Dither.NONE)


def _cover(alpha: Image.Image) -> Image.Image:
    """The pixels a piece touches at all: its mask for pasting the composed piece."""
    return alpha.point(_TOUCHED)


_TOUCHED = [0] + [255] * 255  # a lookup table: Pillow calls a function given to ``point`` for each level
_SAME = [255] + [0] * 255  # of a difference: 255 where two pictures agree


Piece = tuple[Image.Image, Image.Image]  # the piece mapped onto the palette, and its cover mask
# Kept: the piece's and its cover's cores (what pasting needs, without Pillow's properties per
# paste), and its size.
Kept = tuple[object, object, int, int]
# Pieces by the identity of the cached sprites or glyph masks they are made from (images do not
# hash), least recently used first; each entry holds those sources, so no identity is reused
# while it is kept. A piece is a few kilobytes: the most kept stays near ten megabytes.
_pieces: OrderedDict[tuple[object, ...], tuple[object, Piece, Kept]] = OrderedDict()
MAX_PIECES = 4096


def _piece(key: tuple[object, ...], sources: object, make: Callable[[], Piece]) -> Kept:
    got = _pieces.get(key)
    if got is None:
        piece, cover = made = make()
        got = _pieces[key] = (sources, made, (piece.im, cover.im, piece.width, piece.height))
        if len(_pieces) > MAX_PIECES:
            _pieces.popitem(last=False)
    else:
        _pieces.move_to_end(key)
    return got[2]


def _sprite(sprite: Image.Image, kind: palette.Kind, ground: RGB) -> Piece:
    rgb = Image.new("RGB", sprite.size, ground)
    rgb.paste(sprite, (0, 0), sprite)
    return _mapped(rgb, kind), _cover(sprite.getchannel("A"))


def _put(img: Image.Image, got: Kept, x: int, y: int) -> None:
    """A cached piece through its cover onto the picture: Pillow's core paste, without
    ``Image.paste``'s checks of mode and box, which were a fifth of a table's drawing. Both are
    the picture's kind's palette indexes and the picture is a fresh copy (``start``)."""
    piece, cover, w, h = got
    img.im.paste(piece, (x, y, x + w, y + h), cover)


def paste(img: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    """An RGBA sprite (one of the shared cached ones) onto the ground at (x, y)."""
    kind, ground = img.info[KIND], img.info[GROUND]
    _put(img, _piece(("sprite", id(sprite), kind, ground), sprite, lambda: _sprite(sprite, kind, ground)), x, y)


def _row(sprites: tuple[Image.Image, ...], step: int, kind: palette.Kind, ground: RGB) -> Piece:
    w, h = sprites[0].size
    rgb = Image.new("RGB", (w + step * (len(sprites) - 1), h), ground)
    alpha = Image.new("L", rgb.size, 0)
    for i, s in enumerate(sprites):
        rgb.paste(s, (i * step, 0), s)
        alpha.paste(s.getchannel("A"), (i * step, 0), s.getchannel("A"))
    return _mapped(rgb, kind), _cover(alpha)


def overlapping_row(img: Image.Image, sprites: tuple[Image.Image, ...], x: int, y: int, step: int) -> None:
    """Sprites ``step`` apart that overlap (a fanned pair of card backs), composed as one piece:
    each lies partly on the one before, not on the ground."""
    kind, ground = img.info[KIND], img.info[GROUND]
    key = ("row", *map(id, sprites), step, kind, ground)
    _put(img, _piece(key, sprites, lambda: _row(sprites, step, kind, ground)), x, y)


def _text(mask: Image.Image, fill: RGB, kind: palette.Kind, ground: RGB) -> Piece:
    rgb = Image.new("RGB", mask.size, ground)
    rgb.paste(fill, (0, 0), mask)
    return _mapped(rgb, kind), _cover(mask)


def text(img: Image.Image, mask: Image.Image, fill: RGB, x: int, y: int) -> None:
    """A caption's coverage mask (one of the cached ones) in ``fill`` onto the ground at (x, y)."""
    kind, ground = img.info[KIND], img.info[GROUND]
    if ground is None:
        rgb = img.info[BACKGROUND]().crop((x, y, x + mask.width, y + mask.height))
        rgb.paste(fill, (0, 0), mask)
        img.paste(_mapped(rgb, kind), (x, y), _cover(mask))
        return
    _put(img, _piece(("text", id(mask), fill, kind, ground), mask, lambda: _text(mask, fill, kind, ground)), x, y)


Box = tuple[float, float, float, float]


def drawn(img: Image.Image, key: tuple[object, ...], box: Box, x: float, y: float,
          draw: Callable[[Image.Image, float, float], None]) -> None:
    """What ``draw(picture, x, y)`` draws inside ``box`` (left, top, right, bottom). On a palette
    picture it is drawn once on a small canvas and then pasted: a badge or a stick costs one
    paste instead of its shapes and caption; on an RGB picture it is drawn in place. ``key``
    names everything the drawing depends on but its place. The canvas sits at even
    coordinates, so ``x`` and ``y`` keep their fractions and the parity Python's rounding of
    halves depends on: the pixels are those of drawing in place. What ``draw`` touched is found
    by drawing it twice, on grounds of two indexes: the pixels that agree."""
    if not is_flat(img):
        draw(img, x, y)
        return
    ox, oy = 2 * math.floor(box[0] / 2) - 2, 2 * math.floor(box[1] / 2) - 2
    size = (math.ceil(box[2]) - ox + 3, math.ceil(box[3]) - oy + 3)
    kind, ground = img.info[KIND], img.info[GROUND]
    lx, ly = x - ox, y - oy
    full = ("drawn", *key, kind, ground, lx, ly, size)
    _put(img, _piece(full, None, lambda: _drawn(size, kind, ground, lambda c: draw(c, lx, ly))), ox, oy)


def _drawn(size: tuple[int, int], kind: palette.Kind, ground: RGB,
           draw: Callable[[Image.Image], None]) -> Piece:
    both = []
    for blank in (0, 1):
        canvas = Image.new("P", size, blank)
        canvas.info.update({KIND: kind, GROUND: ground})
        draw(canvas)
        both.append(canvas)
    a, b = (Image.frombytes("L", size, c.tobytes()) for c in both)  # the indexes as levels
    return both[0], ImageChops.difference(a, b).point(_SAME)
