"""One fixed 256-colour palette per game kind, made once per process from that kind's own art.

Quantizing every picture afresh (``Image.quantize``) cost 10 ms of a 25 ms table. The colours a
kind's pictures use are known in advance: the felt, panels and text colours, the tile or card
sprites and the antialiased edges between them. So each kind's palette is chosen once from a
sheet of its sample pictures and every sprite, and each picture is then only mapped onto it
(nearest colour, no dithering: flat art stays flat).

``python -m bot.render.make_assets`` stores each palette in ``assets/palettes`` so a process
loads it in a millisecond instead of drawing the sheet (a second or two, which would stall the
first picture); a test checks the stored ones are what :func:`build` makes today.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Literal

from PIL import Image

Kind = Literal["riichi", "five", "janpo", "holdem"]
KINDS: tuple[Kind, ...] = ("riichi", "five", "janpo", "holdem")
_TILES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)] + ["back"]
_CARDS = [f"{r}{s}" for r in "23456789TJQKA" for s in "shdc"] + ["card_back"]


def _scenes(kind: Kind) -> list[Callable[[], Image.Image]]:
    from bot.render import hand, holdem, legend, results, samples, table

    mahjong: list[Callable[[], Image.Image]] = [
        lambda: table.render_table(samples.TABLE), lambda: hand.render_hand(samples.HAND_RIICHI),
        lambda: results.render_kyoku_result(samples.KYOKU_RESULT), lambda: results.render_five_result(samples.FIVE_RESULT),
        lambda: results.render_standings(samples.STANDINGS), lambda: legend.render_legend("riichi"),
    ]
    poker: list[Callable[[], Image.Image]] = [
        lambda: holdem.render_holdem_table(samples.HOLDEM_TABLE), lambda: holdem.render_showdown(samples.SHOWDOWN),
        lambda: legend.render_legend("holdem"),
    ]
    janpo: list[Callable[[], Image.Image]] = [
        lambda: table.render_table(samples.JANPO_TABLE), lambda: hand.render_hand(samples.HAND),
        lambda: hand.render_hand(samples.HAND_POKER), lambda: legend.render_legend("janpo"),
    ]
    return {"riichi": mahjong, "five": mahjong, "holdem": poker, "janpo": janpo + mahjong + poker}[kind]


def _sprites(kind: Kind) -> Image.Image:
    """Every sprite the kind draws, plain, greyed and darkened, on the felt."""
    from bot.render import draw, sprites

    names = ([] if kind == "holdem" else [("tile", t) for t in _TILES]) + \
            ([("card", c) for c in _CARDS] if kind in ("janpo", "holdem") else [])
    cols = 16
    rows = -(-len(names) // cols) * 3
    sheet = Image.new("RGB", (cols * sprites.BASE_W, rows * sprites.BASE_H), draw.BG)
    for i, (what, name) in enumerate(names):
        shades: tuple[sprites.Shade, ...] = ("none", "grey", "dark") if what == "tile" else ("none",)
        for j, shade in enumerate(shades):
            sprite = sprites.tile(name, shade=shade) if what == "tile" else sprites.card(name)
            x, y = (i % cols) * sprites.BASE_W, ((i // cols) * 3 + j) * sprites.BASE_H
            sheet.paste(sprite, (x, y), sprite)
    return sheet


PALETTE_DIR = Path(__file__).resolve().parents[2] / "assets" / "palettes"


@cache
def palette(kind: Kind) -> Image.Image:
    """The kind's palette as a ``P`` image, for ``Image.quantize(palette=...)``: the stored one,
    or built afresh when there is none."""
    path = PALETTE_DIR / f"{kind}.png"
    if path.is_file():
        with Image.open(path) as img:
            img.load()
            return img
    return build(kind)


def build(kind: Kind) -> Image.Image:
    """Choose the kind's 256 colours from a sheet of its sample pictures and every sprite."""
    parts = [draw() for draw in _scenes(kind)] + [_sprites(kind)]
    width = max(p.width for p in parts)
    sheet = Image.new("RGB", (width, sum(p.height for p in parts)))
    y = 0
    for p in parts:
        sheet.paste(p.convert("RGB"), (0, y))
        y += p.height
    colours = sheet.quantize(256, method=Image.Quantize.FASTOCTREE).getpalette() or []
    swatch = Image.new("P", (16, 16))  # one pixel per colour: a 1 KB file, the palette all that counts
    swatch.putpalette(colours)
    swatch.putdata(list(range(256)))
    return swatch
