"""A cached background and the parts drawn over it, so only those parts need a palette lookup.

Mapping a whole table onto its palette cost about 1 ms, a quarter of the picture. The felt and
panels are the same move after move, so their mapping is made once per layout and kind, and each
picture maps only the boxes that the renderer says it drew into. The lookup is colour by colour
(no dithering), so a box mapped alone gives the very pixels the whole picture would.

The record travels in the image's ``info`` with the image's own ``id``: a copy, a conversion or
any image not started here is mapped whole, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from bot.render import flat, palette

Box = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), as Pillow's crop
_KEY = "janpo.layers"


class Base:
    """A background drawn once, with its mapping onto each kind's palette made on first use.

    ``draw`` makes it in RGB. A picture drawn on a palette needs only the mapping; the RGB
    picture (three times its size, a table's 2.3 MB) is drawn and kept only once something asks
    for it: a picture drawn in RGB, or a caption composed on the background as drawn."""

    def __init__(self, draw: Callable[[], Image.Image]) -> None:
        self._draw = draw
        self._rgb: Image.Image | None = None
        self._mapped: dict[palette.Kind, Image.Image] = {}

    def background(self) -> Image.Image:
        if self._rgb is None:
            self._rgb = self._draw()
        return self._rgb

    def mapped(self, kind: palette.Kind) -> Image.Image:
        if kind not in self._mapped:
            rgb = self._rgb if self._rgb is not None else self._draw()  # not kept for the mapping alone
            self._mapped[kind] = rgb.quantize(palette=palette.palette(kind), dither=Image.Dither.NONE)
        return self._mapped[kind]


def start(base: Base, boxes: list[Box]) -> Image.Image:
    """A fresh copy of the background to draw on; everything drawn must lie inside ``boxes``."""
    img = base.background().copy()
    img.info[_KEY] = (id(img), base, boxes)
    return img


def to_palette(img: Image.Image, kind: palette.Kind) -> Image.Image:
    """The picture as a ``P`` image on the kind's palette: the cached background's mapping with
    the drawn boxes mapped over it, or the whole picture mapped when it has no such record. A
    picture drawn on this palette already (``flat``) is itself."""
    if flat.is_flat(img) and img.info[flat.KIND] == kind:
        return img
    pal = palette.palette(kind)
    record = img.info.get(_KEY)
    if record is None or record[0] != id(img) or img.mode != "RGB":
        rgb = img if img.mode == "RGB" else img.convert("RGB")
        return rgb.quantize(palette=pal, dither=Image.Dither.NONE)
    base: Base = record[1]
    boxes: list[Box] = record[2]
    out = base.mapped(kind).copy()
    for box in boxes:
        out.paste(img.crop(box).quantize(palette=pal, dither=Image.Dither.NONE), box[:2])
    return out
