"""``python -m bot.render.make_assets``: draw the tile and card sprites and the caption font subset.

The art is drawn here, procedurally, so the project owns it and can redraw it at another size.
Drawing needs Debian's ``fonts-noto-cjk`` and ``fonts-dejavu-core`` (for the characters on tiles
and the suit symbols on cards) and ``fonttools`` (for the caption font subset); the bot itself
only reads the PNGs and the subset font this writes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.render.sprites import CAPTION_FONT, TILE_DIR

W, H = 48, 64  # base sprite size; tiles and cards share it so rows line up
S = 4  # drawn at S times the size, then reduced: smooth edges without antialiasing support
SERIF_CJK = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
SANS_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
DEJAVU_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
DEJAVU_CONDENSED = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf")
KR_INDEX = 1  # "Noto Sans CJK KR" inside the collection

IVORY = (250, 246, 234)
EDGE = (70, 62, 50)
BACK_AMBER = (224, 140, 40)
INK = (22, 28, 48)
RED = (214, 30, 38)
GREEN = (20, 130, 60)
BLUE = (30, 80, 190)
TEAL = (0, 120, 140)

MAN_NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
WIND_INDEX = "ESWN"


def _font(path: Path, size: int, index: int = 0) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size * S, index=index)


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    return (round(x0 * S), round(y0 * S), round(x1 * S), round(y1 * S))


def _blank_tile() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An ivory face on an amber back: the lower edge shows the back, like a standing tile."""
    img = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 0.5), radius=6 * S, fill=BACK_AMBER, outline=EDGE, width=S)
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 5), radius=6 * S, fill=IVORY, outline=EDGE, width=S)
    return img, d


def _red_frame(d: ImageDraw.ImageDraw) -> None:
    """Red fives get a red inner frame too: told apart from plain fives even at pond size."""
    d.rounded_rectangle(_box(2.5, 2.5, W - 2.5, H - 7), radius=4 * S, outline=RED, width=round(1.5 * S))


def _finish(img: Image.Image) -> Image.Image:
    return img.resize((W, H), Image.Resampling.LANCZOS)


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
          fill: tuple[int, int, int], anchor: str = "mm") -> None:
    d.text((xy[0] * S, xy[1] * S), text, font=font, fill=fill, anchor=anchor)


def _index(d: ImageDraw.ImageDraw, text: str, fill: tuple[int, int, int]) -> None:
    """The corner index: an Arabic digit or wind letter for players who do not read the characters."""
    _text(d, (4, 2), text, _font(DEJAVU_BOLD, 11), fill, anchor="la")


def man_tile(n: int, red: bool) -> Image.Image:
    img, d = _blank_tile()
    colour = RED if red else INK
    _text(d, (W / 2 + 3, 19), MAN_NUMERALS[n - 1], _font(SERIF_CJK, 22, 0), colour)
    _text(d, (W / 2, 42), "萬", _font(SERIF_CJK, 23, 0), RED)
    _index(d, str(n), colour)
    if red:
        _red_frame(d)
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
    8: [(16, y, BLUE) for y in (10, 22.5, 35, 47.5)] + [(32, y, BLUE) for y in (10, 22.5, 35, 47.5)],
    9: [(x, y, c) for y, c in ((11, GREEN), (29.5, RED), (48, BLUE)) for x in (11, 24, 37)],
}
_PIN_RADIUS = {2: 9.5, 3: 7, 4: 8.5, 5: 7, 6: 7, 7: 6, 8: 5.8, 9: 6}


def _pip(d: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: tuple[int, int, int]) -> None:
    d.ellipse(_box(x - r, y - r, x + r, y + r), fill=colour)
    d.ellipse(_box(x - r * 0.62, y - r * 0.62, x + r * 0.62, y + r * 0.62), fill=IVORY)
    d.ellipse(_box(x - r * 0.38, y - r * 0.38, x + r * 0.38, y + r * 0.38), fill=colour)


def pin_tile(n: int, red: bool) -> Image.Image:
    img, d = _blank_tile()
    if n == 1:
        cx, cy = W / 2, 29.5
        for r, c in ((17, BLUE), (14, IVORY), (12, GREEN), (8.5, IVORY), (6.5, RED), (3, IVORY)):
            d.ellipse(_box(cx - r, cy - r, cx + r, cy + r), fill=c)
    else:
        for x, y, c in _PIN_LAYOUT[n]:
            _pip(d, x, y, _PIN_RADIUS[n], RED if red else c)
    if red:
        _red_frame(d)
    return _finish(img)


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
    6: [(x, y, GREEN) for y in (7, 31) for x in (13, 24, 35)],
    7: [(24, 4, RED)] + [(x, y, GREEN) for y in (21, 38) for x in (13, 24, 35)],
    8: [(x, y, GREEN) for y in (7, 31) for x in (10, 19.3, 28.6, 38)],
    9: [(x, y, RED if x == 24 else GREEN) for y in (4, 21, 38) for x in (13, 24, 35)],
}


def sou_tile(n: int, red: bool) -> Image.Image:
    img, d = _blank_tile()
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
    if red:
        _red_frame(d)
    return _finish(img)


def honor_tile(n: int) -> Image.Image:
    img, d = _blank_tile()
    if n <= 4:
        _text(d, (W / 2, 31), WINDS[n - 1], _font(SERIF_CJK, 30, 0), INK)
        _index(d, WIND_INDEX[n - 1], INK)
    elif n == 5:
        d.rounded_rectangle(_box(9, 10, W - 9, 49), radius=2 * S, outline=BLUE, width=3 * S)
        d.rounded_rectangle(_box(13, 14, W - 13, 45), radius=1 * S, outline=BLUE, width=1 * S)
    elif n == 6:
        _text(d, (W / 2, 30), "發", _font(SERIF_CJK, 31, 0), GREEN)
    else:
        _text(d, (W / 2, 30), "中", _font(SERIF_CJK, 34, 0), RED)
    return _finish(img)


def tile_back() -> Image.Image:
    img = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 0.5), radius=6 * S, fill=(176, 96, 20), outline=EDGE, width=S)
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 5), radius=6 * S, fill=BACK_AMBER, outline=EDGE, width=S)
    d.rounded_rectangle(_box(6, 6, W - 6, H - 11), radius=3 * S, outline=(250, 200, 120), width=S)
    return _finish(img)


SUIT_SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
# Four colours: a suit is known by its colour alone on a small phone screen.
SUIT_COLOUR = {"s": (25, 25, 30), "h": (210, 28, 40), "d": (30, 90, 210), "c": (20, 135, 50)}
RANKS = "23456789TJQKA"


def card(rank: str, suit: str) -> Image.Image:
    img = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = SUIT_COLOUR[suit]
    d.rounded_rectangle(_box(0.5, 0.5, W - 0.5, H - 0.5), radius=5 * S, fill=(255, 255, 255), outline=(90, 90, 100), width=S)
    label = "10" if rank == "T" else rank
    font = _font(DEJAVU_CONDENSED if label == "10" else DEJAVU_BOLD, 24 if label == "10" else 26)
    _text(d, (3.5, 1), label, font, colour, anchor="la")
    _text(d, (W - 14, H - 17), SUIT_SYMBOL[suit], _font(DEJAVU_BOLD, 30), colour)
    _text(d, (11, 40), SUIT_SYMBOL[suit], _font(DEJAVU_BOLD, 14), colour)
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
    """Every sprite by file stem, as a drawing function."""
    out: dict[str, Callable[[], Image.Image]] = {}
    for n in range(1, 10):
        out[f"{n}m"] = lambda n=n: man_tile(n, False)
        out[f"{n}p"] = lambda n=n: pin_tile(n, False)
        out[f"{n}s"] = lambda n=n: sou_tile(n, False)
    out["0m"] = lambda: man_tile(5, True)
    out["0p"] = lambda: pin_tile(5, True)
    out["0s"] = lambda: sou_tile(5, True)
    for n in range(1, 8):
        out[f"{n}z"] = lambda n=n: honor_tile(n)
    out["back"] = tile_back
    for r in RANKS:
        for s in SUIT_SYMBOL:
            out[f"cards/{r}{s}"] = lambda r=r, s=s: card(r, s)
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
    from fontTools import subset
    from fontTools.ttLib import TTCollection

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render.make_assets")
    parser.add_argument("--out", type=Path, default=TILE_DIR)
    parser.add_argument("--font", action="store_true", help="also rewrite the caption font subset")
    args = parser.parse_args(argv)
    (args.out / "cards").mkdir(parents=True, exist_ok=True)
    for stem, draw in all_sprites().items():
        draw().save(args.out / f"{stem}.png", optimize=True)
    if args.font:
        write_caption_font(CAPTION_FONT)
    print(f"wrote {len(all_sprites())} sprites to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
