"""``python -m bot.learn.pictures``: the pictures of docs/LEARN.md, drawn with the bot's own renderer.

Every hand is drawn as the player's DM shows it (``render_hand``), every card row as the table
does, so the guide looks like the game. Pictures carry no words, only tile codes, so the English
and Korean guides share them. Run it again after the tile art changes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from PIL import Image

from bot.learn.examples import FIVE_CATEGORIES, POKER_RANKS, RIICHI_YAKU, SHAPES, Hand, Shape, cards, tiles
from bot.render import draw as dr
from bot.render import render_hand, sprites, to_png
from bot.render.model import HandImage, MeldView, Wait

OUT = Path(__file__).resolve().parents[2] / "docs" / "images" / "learn"
TILE_H = 48
CARD_H = 64
PAD = 10
LABEL = 14
TABLE_SCALE = 0.75


def _meld(kind: str, text: str) -> MeldView:
    codes = tuple(tiles(text))
    if kind == "ankan":
        return MeldView("ankan", codes)
    source = "left" if kind == "chi" else "across"
    return MeldView("kan" if kind == "kan" else kind, codes, called=codes[0], source=source)  # type: ignore[arg-type]


def hand_image(hand: Hand, scale: float = 1.0) -> Image.Image:
    """A complete hand as the DM draws it: the concealed tiles, the winning tile set apart, the sets.

    The yaku and category tables use ``TABLE_SCALE``: a whole hand then fits beside its text."""
    concealed = tiles(hand.closed)
    concealed.remove(hand.win)
    img = render_hand(HandImage(tiles=tuple(concealed), drawn=hand.win,
                                melds=tuple(_meld(kind, text) for kind, text in hand.melds)))
    if scale == 1.0:
        return img
    return img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)


def shape_image(shape: Shape) -> Image.Image:
    """A hand on its way, captioned as the DM captions it: tenpai with its waits, or n-shanten."""
    return render_hand(HandImage(tiles=tuple(tiles(shape.tiles)), drawn=shape.drawn, shanten=shape.shanten,
                                 waits=tuple(Wait(code, left) for code, left in shape.waits)))


def labelled_rows(rows: list[list[str]]) -> Image.Image:
    """Rows of tiles, each with its code underneath: how the guide teaches the notation."""
    tw = dr.tile_w(TILE_H)
    width = 2 * PAD + max(len(r) for r in rows) * (tw + 4)
    height = 2 * PAD + len(rows) * (TILE_H + LABEL + 12)
    img, d = dr.canvas(width, height)
    y = PAD
    for row in rows:
        x = PAD
        for code in row:
            dr.paste(img, sprites.tile(code, TILE_H), x, y)
            dr.write(d, x + tw / 2, y + TILE_H + 2 + LABEL / 2, code, LABEL, dr.MUTED, anchor="mm")
            x += tw + 4
        y += TILE_H + LABEL + 12
    return img


def groups(parts: list[list[str]]) -> Image.Image:
    """Tile groups side by side with a gap between them: sets and a pair."""
    tw = dr.tile_w(TILE_H)
    width = 2 * PAD + sum(len(p) * (tw + 1) for p in parts) + 18 * (len(parts) - 1)
    img, _ = dr.canvas(width, TILE_H + 2 * PAD)
    x = PAD
    for part in parts:
        x += dr.tile_row(img, part, x, PAD, TILE_H) + 19
    return img


def melds_image(melds: list[MeldView]) -> Image.Image:
    """Declared sets as they lie on the table: the called tile sideways, a closed kan's ends face down."""
    sizes = [dr.meld_size(m, TILE_H) for m in melds]
    width = 2 * PAD + sum(w for w, _ in sizes) + 24 * (len(melds) - 1)
    tall = max(h for _, h in sizes)
    img, _ = dr.canvas(width, tall + 2 * PAD)
    x = PAD
    for m in melds:
        x += dr.draw_meld(img, m, x, PAD + tall, TILE_H) + 24
    return img


def dora_image(pairs: list[tuple[str, str]]) -> Image.Image:
    """Indicator, an arrow, the dora it makes: one pair after another."""
    tw = dr.tile_w(TILE_H)
    unit = 2 * tw + 40
    img, d = dr.canvas(2 * PAD + len(pairs) * unit + 24 * (len(pairs) - 1), TILE_H + 2 * PAD)
    x = PAD
    mid = PAD + TILE_H / 2
    for indicator, dora in pairs:
        dr.paste(img, sprites.tile(indicator, TILE_H), x, PAD)
        ax = x + tw + 8
        d.line((ax, mid, ax + 22, mid), fill=dr.GOLD, width=3)
        d.polygon(((ax + 24, mid), (ax + 16, mid - 6), (ax + 16, mid + 6)), fill=dr.GOLD)
        dr.paste(img, sprites.tile(dora, TILE_H), x + tw + 40, PAD)
        x += unit + 24
    return img


def card_image(text: str) -> Image.Image:
    five = cards(text)
    img, _ = dr.canvas(2 * PAD + 5 * (dr.tile_w(CARD_H) + 3), CARD_H + 2 * PAD)
    dr.card_row(img, five, PAD, PAD, CARD_H)
    return img


def pictures() -> Iterator[tuple[str, Callable[[], Image.Image]]]:
    """(file stem, how to draw it) for every picture of the guide."""
    suits = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"]
    yield "tiles", lambda: labelled_rows([*suits, [f"{n}z" for n in range(1, 8)], ["0m", "0p", "0s"]])
    yield "sets", lambda: groups([tiles("345p"), tiles("777s"), tiles("2222m"), tiles("11z")])
    yield "open-sets", lambda: melds_image([_meld("chi", "345m"), _meld("pon", "666z"), _meld("kan", "9999p"),
                                            _meld("ankan", "1111s")])
    yield "winning-hand", lambda: groups([tiles("123m"), tiles("456p"), tiles("789s"), tiles("555z"), tiles("22s")])
    yield "not-a-hand", lambda: groups([tiles("123m"), tiles("456p"), tiles("789s"), tiles("55z"), tiles("22s"),
                                        tiles("1p")])
    for stem, shape in SHAPES.items():
        yield stem, partial(shape_image, shape)
    yield "dora", lambda: dora_image([("4p", "5p"), ("9s", "1s"), ("4z", "1z"), ("7z", "5z")])
    for hand in (*RIICHI_YAKU, *FIVE_CATEGORIES):
        yield hand.slug, partial(hand_image, hand, TABLE_SCALE)
    for name, text in POKER_RANKS:
        yield "poker-" + name.lower().replace(" ", "-"), partial(card_image, text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.learn.pictures", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNGs (default: {OUT})")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    count = 0
    for stem, draw in pictures():
        (args.out / f"{stem}.png").write_bytes(to_png(draw()))
        count += 1
    print(f"{count} pictures in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
