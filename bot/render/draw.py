"""Shared drawing pieces: the palette, text, tile rows and melds, and PNG encoding.

Every image is an opaque canvas on a dark felt green with light text, which reads on both
Discord themes; sprites are pasted with their alpha as mask. The canvas is RGB, or for the bot's
table pictures a palette picture (``flat``), drawn by the same code: shapes take ``flat.ink``,
and text and sprites go through ``flat`` there.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import flat, layers, palette, png, sprites
from bot.render.model import MeldView

BG = (31, 77, 61)
PANEL = (24, 60, 48)
PANEL_EDGE = (52, 104, 84)
TEXT = (242, 242, 236)
MUTED = (172, 204, 190)
GOLD = (246, 196, 64)
ALERT = (240, 92, 84)
GREYED = (120, 132, 128)
DARK = (14, 34, 27)

RGB = tuple[int, int, int]
watch_text = sprites.Watch()  # every string drawn, cached glyphs or not (for tests)


def canvas(width: int, height: int, colour: RGB = BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), colour)
    return img, ImageDraw.Draw(img)


def to_png(img: Image.Image, kind: palette.Kind = "janpo") -> bytes:
    """PNG bytes of the image mapped onto its game kind's fixed 256-colour palette.

    A fixed palette costs a nearest-colour lookup (about 1 ms for a whole table, less where only
    the parts drawn over a cached background need it: ``layers``) where quantizing each image
    afresh cost 10 ms, and flat art loses nothing visible. ``png.encode`` writes the file
    (ISA-L's deflate where installed: a tenth of zlib's time).
    """
    return png.encode(layers.to_palette(img, kind))


@lru_cache(maxsize=8192)
def text_width(s: str, size: int) -> int:
    return round(sprites.font(size).getlength(s))


@lru_cache(maxsize=4096)
def fit(s: str, size: int, max_w: int) -> str:
    """``s`` shortened with an ellipsis until it fits in ``max_w`` pixels."""
    if text_width(s, size) <= max_w:
        return s
    while s and text_width(s + "…", size) > max_w:
        s = s[:-1]
    return s + "…"


@lru_cache(maxsize=8192)
def _glyphs(s: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """The text as a coverage mask and its offset from the anchor point, drawn once: names,
    scores and captions repeat from picture to picture, and drawing glyphs was a fifth of a table."""
    f = sprites.font(size)
    left, top, right, bottom = (int(v) for v in f.getbbox(s, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), s, font=f, fill=255, anchor=anchor)
    return mask, left, top


def write(d: ImageDraw.ImageDraw | Image.Image, x: float, y: float, s: str, size: int, fill: RGB = TEXT,
          anchor: str = "lm") -> int:
    """Draw text and return its width; ``anchor`` as Pillow's (default: left, vertical middle).
    ``d`` is the image or a Draw on it (its image is drawn on)."""
    watch_text.notify(s)
    if s:
        mask, dx, dy = _glyphs(s, size, anchor)
        target = _target(d)
        if flat.is_flat(target):
            flat.text(target, mask, fill, int(x) + dx, int(y) + dy)
        else:
            target.paste(fill, (int(x) + dx, int(y) + dy), mask)
    return text_width(s, size)


def text_box(x: float, y: float, s: str, size: int, anchor: str = "lm") -> tuple[int, int, int, int]:
    """The pixels ``write`` would touch for this text, as a (left, top, right, bottom) box."""
    mask, dx, dy = _glyphs(s, size, anchor)
    return int(x) + dx, int(y) + dy, int(x) + dx + mask.width, int(y) + dy + mask.height


def _target(d: ImageDraw.ImageDraw | Image.Image) -> Image.Image:
    return d if isinstance(d, Image.Image) else d._image


def badge(d: ImageDraw.ImageDraw, x: float, y: float, s: str, size: int, fill: RGB, ink: RGB = DARK) -> int:
    """A rounded label with its left edge at x, centred on y; returns its width."""
    w = text_width(s, size) + size
    h = size + 6
    left, top, right, bottom = text_box(x + w / 2, y, s, size, "mm")
    box = (min(x, left), min(y - h / 2, top), max(x + w, right), max(y + h / 2, bottom))

    def label(c: Image.Image, bx: float, by: float) -> None:
        d = ImageDraw.Draw(c)
        d.rounded_rectangle((bx, by - h / 2, bx + w, by + h / 2), radius=h // 2, fill=flat.ink(c, fill))
        with flat.on(c, fill):
            write(d, bx + w / 2, by, s, size, ink, anchor="mm")

    flat.drawn(_target(d), ("badge", s, size, fill, ink), box, x, y, label)
    return w


def riichi_stick(d: ImageDraw.ImageDraw, x: float, y: float, length: int = 44) -> int:
    """The 1,000-point stick, centred on y; returns its width."""
    h = max(6, length // 7)

    def stick(c: Image.Image, sx: float, sy: float) -> None:
        d = ImageDraw.Draw(c)
        d.rounded_rectangle((sx, sy - h / 2, sx + length, sy + h / 2), radius=h // 2,
                            fill=flat.ink(c, (248, 248, 244)), outline=flat.ink(c, DARK))
        r = h / 2 - 1
        cx = sx + length / 2
        d.ellipse((cx - r, sy - r, cx + r, sy + r), fill=flat.ink(c, (214, 30, 38)))

    flat.drawn(_target(d), ("stick", length), (x, y - h / 2, x + length, y + h / 2), x, y, stick)
    return length


def frame(img: Image.Image, box: tuple[int, int, int, int], radius: int, colour: RGB, width: int) -> None:
    """A rounded outline (an empty card slot, the latest discard's ring) on whole pixels."""
    def outline(c: Image.Image, x: float, y: float) -> None:
        ImageDraw.Draw(c).rounded_rectangle((x, y, x + box[2] - box[0], y + box[3] - box[1]), radius=radius,
                                            outline=flat.ink(c, colour), width=width)

    flat.drawn(img, ("frame", box[2] - box[0], box[3] - box[1], radius, colour, width), box, box[0], box[1], outline)


def tile_w(height: int) -> int:
    return round(sprites.BASE_W * height / sprites.BASE_H)


def five_of(tile: str) -> str:
    """The plain kind of a tile: red fives compare as fives."""
    return f"5{tile[1]}" if tile[0] == "0" else tile


def tile_key(tile: str) -> tuple[int, int, int]:
    """Hand order: man, pin, sou, honors; a red five sorts with the fives, after the plain ones."""
    n = int(tile[0])
    return ("mpsz".index(tile[1]), 5 if n == 0 else n, 1 if n == 0 else 0)


def paste(img: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    if flat.is_flat(img):
        flat.paste(img, sprite, x, y)
    else:
        img.paste(sprite, (x, y), sprite)


def meld_pieces(meld: MeldView) -> list[tuple[str, bool, str | None]]:
    """The meld as drawn, left to right: (tile, sideways, stacked tile on top of it)."""
    if meld.kind == "ankan":
        # A closed kan shows its two middle tiles; a red five among them stays visible.
        inner = sorted(meld.tiles, key=lambda t: (t[0] != "0", t))[:2]
        return [("back", False, None), (inner[0], False, None), (inner[1], False, None), ("back", False, None)]
    rest = list(meld.tiles)
    called = meld.called
    if called is not None and called in rest:
        rest.remove(called)
    added = meld.added if meld.kind == "kakan" else None
    if added is not None and added in rest:
        rest.remove(added)
    pieces: list[tuple[str, bool, str | None]] = [(t, False, None) for t in sorted(rest, key=tile_key)]
    if called is None:
        return pieces
    slot = {"left": 0, "across": 1, "right": len(pieces)}.get(meld.source or "left", 0)
    pieces.insert(min(slot, len(pieces)), (called, True, added))
    return pieces


def meld_size(meld: MeldView, height: int) -> tuple[int, int]:
    w = tile_w(height)
    pieces = meld_pieces(meld)
    width = sum(height if side else w for _, side, _ in pieces)
    tall = max(2 * w if stack else (w if side else height) for _, side, stack in pieces)
    return width, max(tall, height)


def draw_meld(img: Image.Image, meld: MeldView, x: int, bottom: int, height: int) -> int:
    """Draw a meld with its bottom edge on ``bottom``; returns its width."""
    w = tile_w(height)
    for tile, side, stack in meld_pieces(meld):
        if side:
            paste(img, sprites.tile(tile, height, sideways=True), x, bottom - w)
            if stack:
                paste(img, sprites.tile(stack, height, sideways=True), x, bottom - 2 * w)
            x += height
        else:
            paste(img, sprites.tile(tile, height), x, bottom - height)
            x += w
    return sum(height if side else w for _, side, _ in meld_pieces(meld))


def tile_row(img: Image.Image, tiles: list[str] | tuple[str, ...], x: int, y: int, height: int, gap: int = 1) -> int:
    """Upright tiles left to right from (x, y); returns the row's width."""
    w = tile_w(height)
    for i, t in enumerate(tiles):
        paste(img, sprites.tile(t, height), x + i * (w + gap), y)
    return len(tiles) * (w + gap) - gap if tiles else 0


def card_row(img: Image.Image, cards: list[str] | tuple[str, ...], x: int, y: int, height: int, slots: int = 0,
             gap: int = 3) -> int:
    """Cards left to right, then empty outlined slots up to ``slots``; returns the row's width."""
    w = tile_w(height)
    n = max(len(cards), slots)
    fanned = gap < 0 and flat.is_flat(img)  # each card lies partly on the one before: one piece
    if fanned and cards:
        flat.overlapping_row(img, tuple(sprites.card(c, height) for c in cards), x, y, w + gap)
    for i in range(n):
        cx = x + i * (w + gap)
        if i < len(cards):
            if not fanned:
                paste(img, sprites.card(cards[i], height), cx, y)
        else:
            frame(img, (cx + 1, y + 1, cx + w - 2, y + height - 2), 4, PANEL_EDGE, 2)
    return n * (w + gap) - gap if n else 0


def points(n: int) -> str:
    """``25,000``; negatives with a true minus sign, which reads better than a hyphen."""
    return f"\u2212{-n:,}" if n < 0 else f"{n:,}"
