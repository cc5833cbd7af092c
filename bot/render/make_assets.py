"""``python -m bot.render.make_assets``: draw the tile and card sprites (and the caption font subset).

The art is drawn here, procedurally, so the project owns it and can redraw it at another size. It
needs only what the project ships: every character on a tile (digits, winds, 萬, the dragons) is
from the caption font in ``bot/render/fonts`` (Noto Sans CJK KR, SIL OFL 1.1) and the card suits
are drawn as shapes, so a fresh install redraws exactly the committed PNGs (tests check it).
Rewriting the caption font subset itself (``--font``) needs Debian's ``fonts-noto-cjk`` and
``fonttools``; the bot only reads the PNGs and the subset.

Every tile is drawn twice: upright, and sideways (a called or riichi tile) with its face kept
upright, so a turned dragon or character reads as easily as a standing one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.render.palette import PALETTE_DIR
from bot.render.sprites import CAPTION_FONT, SIDE_DIR, TILE_DIR

W, H = 48, 64  # base sprite size; tiles and cards share it so rows line up
S = 4  # drawn at S times the size, then reduced: smooth edges without antialiasing support
SANS_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")  # only for --font
KR_INDEX = 1  # "Noto Sans CJK KR" inside the collection
EDGE_H = 5  # the back's colour showing under the face, as on a standing tile

IVORY = (250, 246, 234)
EDGE = (70, 62, 50)
BACK_AMBER = (224, 140, 40)
INK = (22, 28, 48)
RED = (214, 30, 38)
GREEN = (20, 150, 100)  # jade: apart from the red five for protanopes (bot.render.vision)
BLUE = (30, 80, 190)
TEAL = (0, 120, 140)

MAN_NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
WIND_INDEX = "ESWN"


def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(CAPTION_FONT), size * S)


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    return (round(x0 * S), round(y0 * S), round(x1 * S), round(y1 * S))


def _blank_tile(sideways: bool = False) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An ivory face on an amber back: the lower edge shows the back, like a standing tile."""
    w, h = (H, W) if sideways else (W, H)
    img = Image.new("RGBA", (w * S, h * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_box(0.5, 0.5, w - 0.5, h - 0.5), radius=6 * S, fill=BACK_AMBER, outline=EDGE, width=S)
    d.rounded_rectangle(_box(0.5, 0.5, w - 0.5, h - EDGE_H), radius=6 * S, fill=IVORY, outline=EDGE, width=S)
    return img, d


def _red_frame(d: ImageDraw.ImageDraw, sideways: bool = False) -> None:
    """Red fives get a red inner frame too: told apart from plain fives even at pond size."""
    w, h = (H, W) if sideways else (W, H)
    d.rounded_rectangle(_box(2.5, 2.5, w - 2.5, h - EDGE_H - 2), radius=4 * S, outline=RED, width=round(1.5 * S))


def _finish(img: Image.Image) -> Image.Image:
    return img.resize((img.width // S, img.height // S), Image.Resampling.LANCZOS)


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
          fill: tuple[int, int, int], anchor: str = "mm") -> None:
    d.text((xy[0] * S, xy[1] * S), text, font=font, fill=fill, anchor=anchor)


def _index(d: ImageDraw.ImageDraw, text: str, fill: tuple[int, int, int]) -> None:
    """The corner index, always upright: the number of a suited tile (no counting pips at pond
    size) or the wind's letter, for players who do not read the characters."""
    d.rounded_rectangle(_box(1.5, 1.5, 9.5, 14), radius=2 * S, fill=IVORY)  # cuts a red five's frame
    _text(d, (5.5, 8), text, _font(12), fill, anchor="mm")


# A pip face is drawn on its own layer over the whole tile, then shrunk into the face beside the
# index corner (upright) or turned and fitted into the wide face (sideways).
FACE = (4.0, 4.0, 44.0, 55.0)  # the pips' area on an upright tile, in tile units
UPRIGHT_BOX = (11.0, 5.5, 45.0, 53.0)
SIDEWAYS_BOX = (11.5, 2.0, 62.5, 41.0)


def _layer() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _inset(tile: Image.Image, layer: Image.Image, sideways: bool) -> None:
    """Shrink the layer's face area into the tile's face box, centred, keeping its proportions."""
    face = layer.crop(_box(*FACE))
    if sideways:
        face = face.transpose(Image.Transpose.ROTATE_90)
    x0, y0, x1, y1 = SIDEWAYS_BOX if sideways else UPRIGHT_BOX
    scale = min((x1 - x0) * S / face.width, (y1 - y0) * S / face.height)
    size = (round(face.width * scale), round(face.height * scale))
    face = face.resize(size, Image.Resampling.LANCZOS)
    at = (round((x0 + x1) / 2 * S - size[0] / 2), round((y0 + y1) / 2 * S - size[1] / 2))
    tile.alpha_composite(face, at)


def _suited(layer: Image.Image, n: int, red: bool, colour: tuple[int, int, int], sideways: bool) -> Image.Image:
    img, d = _blank_tile(sideways)
    _inset(img, layer, sideways)
    if red:
        _red_frame(d, sideways)
    _index(d, str(n), RED if red else colour)
    return _finish(img)


def man_tile(n: int, red: bool, sideways: bool = False) -> Image.Image:
    img, d = _blank_tile(sideways)
    colour = RED if red else INK
    if sideways:  # numeral and 萬 side by side, read left to right
        _text(d, (25, 21.5), MAN_NUMERALS[n - 1], _font(20), colour)
        _text(d, (47, 21.5), "萬", _font(21), RED)
    else:
        _text(d, (W / 2 + 3, 19), MAN_NUMERALS[n - 1], _font(21), colour)
        _text(d, (W / 2, 42), "萬", _font(22), RED)
    if red:
        _red_frame(d, sideways)
    _index(d, str(n), colour)
    return _finish(img)


# Pip centres in face units (face spans x 4..44, y 4..55); colours follow the usual sets.
_PIN_LAYOUT: dict[int, list[tuple[float, float, tuple[int, int, int]]]] = {
    2: [(24, 17, GREEN), (24, 42, BLUE)],
    3: [(12, 12, BLUE), (24, 29.5, RED), (36, 47, GREEN)],
    4: [(14, 16, BLUE), (34, 16, GREEN), (14, 43, GREEN), (34, 43, BLUE)],
    5: [(13, 13, BLUE), (35, 13, GREEN), (24, 29.5, RED), (13, 46, GREEN), (35, 46, BLUE)],
    6: [(15, 12, GREEN), (33, 12, GREEN), (15, 31, RED), (33, 31, RED), (15, 47, RED), (33, 47, RED)],
    7: [(11, 10, GREEN), (24, 14, GREEN), (37, 18, GREEN),
        (16, 33, RED), (32, 33, RED), (16, 47, RED), (32, 47, RED)],
    8: [(16.0, y, BLUE) for y in (10, 22.5, 35, 47.5)] + [(32.0, y, BLUE) for y in (10, 22.5, 35, 47.5)],
    9: [(x, y, c) for y, c in ((11, GREEN), (29.5, RED), (48, BLUE)) for x in (11, 24, 37)],
}
_PIN_RADIUS = {2: 9.5, 3: 7, 4: 8.5, 5: 7, 6: 7, 7: 6, 8: 5.8, 9: 6}


def _pip(d: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: tuple[int, int, int]) -> None:
    d.ellipse(_box(x - r, y - r, x + r, y + r), fill=colour)
    d.ellipse(_box(x - r * 0.62, y - r * 0.62, x + r * 0.62, y + r * 0.62), fill=IVORY)
    d.ellipse(_box(x - r * 0.38, y - r * 0.38, x + r * 0.38, y + r * 0.38), fill=colour)


def pin_tile(n: int, red: bool, sideways: bool = False) -> Image.Image:
    layer, d = _layer()
    if n == 1:
        cx, cy = W / 2, 29.5
        for r, c in ((17, BLUE), (14, IVORY), (12, GREEN), (8.5, IVORY), (6.5, RED), (3, IVORY)):
            d.ellipse(_box(cx - r, cy - r, cx + r, cy + r), fill=c)
    else:
        for x, y, c in _PIN_LAYOUT[n]:
            _pip(d, x, y, _PIN_RADIUS[n], RED if red else c)
    return _suited(layer, n, red, BLUE, sideways)


def _stick(d: ImageDraw.ImageDraw, x: float, y: float, h: float, colour: tuple[int, int, int]) -> None:
    """A bamboo stick centred on x from y to y+h, with its joints."""
    w = 5.2
    d.rounded_rectangle(_box(x - w / 2, y, x + w / 2, y + h), radius=2.4 * S, fill=colour)
    for jy in (y + 0.5, y + h / 2, y + h - 0.5):
        d.line([_box(x - w / 2, jy, x + w / 2, jy)[:2], _box(x - w / 2, jy, x + w / 2, jy)[2:]], fill=IVORY, width=S)
    d.line([_box(x, y + 2, x, y + h - 2)[:2], _box(x, y + 2, x, y + h - 2)[2:]], fill=IVORY, width=max(1, S // 2))


_SOU_LAYOUT: dict[int, list[tuple[float, float, tuple[int, int, int]]]] = {
    2: [(24, 7, GREEN), (24, 31, GREEN)],
    3: [(24, 7, GREEN), (15, 31, GREEN), (33, 31, GREEN)],
    4: [(16, 7, GREEN), (32, 7, GREEN), (16, 31, GREEN), (32, 31, GREEN)],
    5: [(13, 7, GREEN), (35, 7, GREEN), (24, 19, RED), (13, 31, GREEN), (35, 31, GREEN)],
    6: [(x, y, GREEN) for y in (7.0, 31.0) for x in (13.0, 24.0, 35.0)],
    7: [(24.0, 4.0, RED)] + [(x, y, GREEN) for y in (21.0, 38.0) for x in (13.0, 24.0, 35.0)],
    8: [(x, y, GREEN) for y in (7, 31) for x in (10, 19.3, 28.6, 38)],
    9: [(x, y, RED if x == 24 else GREEN) for y in (4, 21, 38) for x in (13, 24, 35)],
}


def sou_tile(n: int, red: bool, sideways: bool = False) -> Image.Image:
    layer, d = _layer()
    if n == 1:
        # One tall stick with a red crown: stands out from every other bamboo tile.
        d.rounded_rectangle(_box(19, 10, 29, 50), radius=4 * S, fill=GREEN)
        for jy in (17, 26, 35, 44):
            d.line([_box(19, jy, 29, jy)[:2], _box(19, jy, 29, jy)[2:]], fill=IVORY, width=S)
        d.ellipse(_box(17, 4, 31, 16), fill=RED)
        d.ellipse(_box(21.5, 7.5, 26.5, 12.5), fill=IVORY)
    else:
        h = 14 if n in (7, 9) else 19
        for x, y, c in _SOU_LAYOUT[n]:
            _stick(d, x, y + 3.5, h, RED if red else c)
    return _suited(layer, n, red, GREEN, sideways)


def honor_tile(n: int, sideways: bool = False) -> Image.Image:
    """Winds and dragons; sideways, the character stays upright in the wide face."""
    img, d = _blank_tile(sideways)
    w, h = (H, W) if sideways else (W, H)
    cx, cy = w / 2, (h - EDGE_H) / 2 + 0.5
    if n <= 4:
        _text(d, (cx, cy), WINDS[n - 1], _font(28 if sideways else 30), INK)
        _index(d, WIND_INDEX[n - 1], INK)
    elif n == 5:
        bw, bh = (34, 28) if sideways else (30, 39)
        d.rounded_rectangle(_box(cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2), radius=2 * S, outline=BLUE,
                            width=3 * S)
        d.rounded_rectangle(_box(cx - bw / 2 + 4, cy - bh / 2 + 4, cx + bw / 2 - 4, cy + bh / 2 - 4), radius=1 * S,
                            outline=BLUE, width=1 * S)
    elif n == 6:
        _text(d, (cx, cy), "發", _font(32 if sideways else 31), GREEN)
    else:
        _text(d, (cx, cy), "中", _font(34), RED)
    return _finish(img)


def tile_back(sideways: bool = False) -> Image.Image:
    w, h = (H, W) if sideways else (W, H)
    img = Image.new("RGBA", (w * S, h * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_box(0.5, 0.5, w - 0.5, h - 0.5), radius=6 * S, fill=(176, 96, 20), outline=EDGE, width=S)
    d.rounded_rectangle(_box(0.5, 0.5, w - 0.5, h - EDGE_H), radius=6 * S, fill=BACK_AMBER, outline=EDGE, width=S)
    d.rounded_rectangle(_box(6, 6, w - 6, h - 11), radius=3 * S, outline=(250, 200, 120), width=S)
    return _finish(img)


SUITS = "shdc"
# Four colours: a suit is known by its colour alone on a small phone screen.
SUIT_COLOUR = {"s": (25, 25, 30), "h": (210, 28, 40), "d": (30, 90, 210), "c": (20, 135, 50)}
RANKS = "23456789TJQKA"


def _suit(d: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, colour: tuple[int, int, int]) -> None:
    """A suit symbol ``size`` units tall centred on (cx, cy), drawn as shapes (no font needed)."""
    r = size / 2

    def disc(x: float, y: float, radius: float) -> None:
        d.ellipse(_box(x - radius, y - radius, x + radius, y + radius), fill=colour)

    def poly(*points: tuple[float, float]) -> None:
        d.polygon([(round(x * S), round(y * S)) for x, y in points], fill=colour)

    if suit == "d":
        poly((cx, cy - r), (cx + 0.72 * r, cy), (cx, cy + r), (cx - 0.72 * r, cy))
    elif suit == "h":
        lobe = 0.5 * r
        disc(cx - lobe, cy - 0.42 * r, lobe * 1.02)
        disc(cx + lobe, cy - 0.42 * r, lobe * 1.02)
        poly((cx - 2 * lobe, cy - 0.3 * r), (cx + 2 * lobe, cy - 0.3 * r), (cx, cy + r))
    elif suit == "s":
        lobe = 0.46 * r
        disc(cx - lobe, cy + 0.18 * r, lobe)
        disc(cx + lobe, cy + 0.18 * r, lobe)
        poly((cx - 2 * lobe, cy + 0.12 * r), (cx + 2 * lobe, cy + 0.12 * r), (cx, cy - r))
        poly((cx, cy + 0.2 * r), (cx + 0.36 * r, cy + r), (cx - 0.36 * r, cy + r))
    else:
        lobe = 0.3 * r
        disc(cx, cy - 0.5 * r, lobe * 1.05)
        disc(cx - 0.55 * r, cy + 0.12 * r, lobe * 1.05)
        disc(cx + 0.55 * r, cy + 0.12 * r, lobe * 1.05)
        disc(cx, cy, lobe * 0.6)
        poly((cx, cy - 0.05 * r), (cx + 0.32 * r, cy + r), (cx - 0.32 * r, cy + r))


def card(rank: str, suit: str) -> Image.Image:
    img = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = SUIT_COLOUR[suit]
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 0.5), radius=5 * S, fill=(255, 255, 255), outline=(90, 90, 100), width=S)
    if rank == "T":
        # "10" squeezed to the width of one figure, so every rank sits in the same corner.
        mark = Image.new("RGBA", (34 * S, 30 * S), (0, 0, 0, 0))
        _text(ImageDraw.Draw(mark), (1, 0), "10", _font(26), colour, anchor="la")
        mark = mark.resize((24 * S, 30 * S), Image.Resampling.LANCZOS)
        img.alpha_composite(mark, (round(2.5 * S), round(0.5 * S)))
    else:
        _text(d, (3.5, 0.5), rank, _font(27), colour, anchor="la")
    _suit(d, suit, W - 14, H - 17, 24, colour)
    _suit(d, suit, 11, 40, 11, colour)
    return _finish(img)


def card_back() -> Image.Image:
    img = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 0.5), radius=5 * S, fill=(255, 255, 255), outline=(90, 90, 100), width=S)
    d.rounded_rectangle(_box(4, 4, W - 4, H - 4), radius=3 * S, fill=(150, 30, 45))
    for i in range(-H, W + H, 6):
        d.line([_box(i, 4, i + H, 4 + H)[:2], _box(i, 4, i + H, 4 + H)[2:]], fill=(185, 60, 70), width=S)
        d.line([_box(i, 4 + H, i + H, 4)[:2], _box(i, 4 + H, i + H, 4)[2:]], fill=(185, 60, 70), width=S)
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(_box(4, 4, W - 4, H - 4), radius=3 * S, fill=255)
    frame = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    ImageDraw.Draw(frame).rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 0.5), radius=5 * S, fill=(255, 255, 255), outline=(90, 90, 100), width=S)
    frame.paste(img, (0, 0), mask)
    return _finish(frame)


def all_sprites() -> dict[str, Callable[[], Image.Image]]:
    """Every sprite by its path under ``assets/tiles`` without ``.png``, as a drawing function;
    ``side/<tile>`` is the tile lying sideways."""
    out: dict[str, Callable[[], Image.Image]] = {}
    for side, prefix in ((False, ""), (True, "side/")):
        for n in range(1, 10):
            out[f"{prefix}{n}m"] = partial(man_tile, n, False, side)
            out[f"{prefix}{n}p"] = partial(pin_tile, n, False, side)
            out[f"{prefix}{n}s"] = partial(sou_tile, n, False, side)
        out[f"{prefix}0m"] = partial(man_tile, 5, True, side)
        out[f"{prefix}0p"] = partial(pin_tile, 5, True, side)
        out[f"{prefix}0s"] = partial(sou_tile, 5, True, side)
        for n in range(1, 8):
            out[f"{prefix}{n}z"] = partial(honor_tile, n, side)
        out[f"{prefix}back"] = partial(tile_back, side)
    for r in RANKS:
        for s in SUITS:
            out[f"cards/{r}{s}"] = partial(card, r, s)
    out["cards/card_back"] = card_back
    return out


# The caption font keeps Latin, Hangul and the few CJK characters captions use.
_CAPTION_RANGES = [
    (0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2190, 0x2193), (0x2212, 0x2212), (0x2264, 0x2265),
    (0x25A0, 0x25CF), (0x2605, 0x2606), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3131, 0x318E),
    (0xAC00, 0xD7A3), (0xFF01, 0xFF5E),
]
_CAPTION_EXTRA = "東南西北白發中萬一二三四五六七八九十局本場"


def write_caption_font(out: Path) -> None:
    """Subset Noto Sans CJK KR Bold (SIL OFL 1.1) to what captions need, to keep the repo small."""
    from fontTools import subset  # type: ignore[import-not-found]
    from fontTools.ttLib import TTCollection  # type: ignore[import-not-found]

    font = TTCollection(str(SANS_CJK)).fonts[KR_INDEX]
    codepoints = {c for lo, hi in _CAPTION_RANGES for c in range(lo, hi + 1)} | {ord(c) for c in _CAPTION_EXTRA}
    options = subset.Options()
    options.layout_features = ["kern", "liga", "ccmp", "locl", "ljmo", "vjmo", "tjmo"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))


def write_palettes(out: Path) -> None:
    """Each game kind's fixed palette (``bot.render.palette``), built from the sprites just drawn."""
    from bot.render import palette, sprites

    sprites._base.cache_clear()
    sprites._variant.cache_clear()
    out.mkdir(parents=True, exist_ok=True)
    for kind in palette.KINDS:
        palette.build(kind).save(out / f"{kind}.png", optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render.make_assets")
    parser.add_argument("--out", type=Path, default=TILE_DIR)
    parser.add_argument("--font", action="store_true", help="also rewrite the caption font subset")
    args = parser.parse_args(argv)
    (args.out / "cards").mkdir(parents=True, exist_ok=True)
    (args.out / SIDE_DIR.name).mkdir(parents=True, exist_ok=True)
    for stem, draw in all_sprites().items():
        draw().save(args.out / f"{stem}.png", optimize=True)
    write_palettes(PALETTE_DIR)
    if args.font:
        write_caption_font(CAPTION_FONT)
    print(f"wrote {len(all_sprites())} sprites to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
