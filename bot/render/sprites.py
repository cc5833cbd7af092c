"""Tile and card sprites, read once from ``assets/tiles`` and kept with every scaled variant.

Images are redrawn every few seconds, so each (sprite, size, rotation, shade) is made once per
process. :data:`watch` lets a test see every sprite a renderer asks for, cached or not (and
``draw.watch_text`` every string drawn: the same :class:`Watch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageFont

ROOT = Path(__file__).resolve().parents[2]
TILE_DIR = ROOT / "assets" / "tiles"
SIDE_DIR = TILE_DIR / "side"  # tiles lying sideways, their faces drawn upright (make_assets)
CAPTION_FONT = Path(__file__).resolve().parent / "fonts" / "NotoSansCJKkr-Bold-subset.otf"
BASE_W, BASE_H = 48, 64

Shade = Literal["none", "grey", "dark"]


class Watch:
    """What a renderer asks for, seen by tests even when the result comes from a cache:
    ``with watch() as seen:`` collects every name ``notify`` is given inside the block."""

    def __init__(self) -> None:
        self._watchers: list[Callable[[str], None]] = []

    @contextmanager
    def __call__(self) -> Iterator[list[str]]:
        seen: list[str] = []
        self._watchers.append(seen.append)
        try:
            yield seen
        finally:
            self._watchers.remove(seen.append)

    def notify(self, name: str) -> None:
        for watcher in self._watchers:
            watcher(name)


watch = Watch()  # the names of all sprites asked for


@cache
def _base(name: str) -> Image.Image:
    path = TILE_DIR / f"{name}.png"
    if not path.is_file():
        raise KeyError(f"no sprite {name!r}")
    with Image.open(path) as img:
        return img.convert("RGBA")


@cache
def _variant(name: str, height: int, sideways: bool, shade: Shade) -> Image.Image:
    """A sprite at a height (of the upright tile); a sideways tile is its own drawing, lying
    ``height`` wide, not the upright one turned."""
    img = _base(f"{SIDE_DIR.name}/{name}" if sideways else name)
    width = round(BASE_W * height / BASE_H)
    size = (height, width) if sideways else (width, height)
    if img.size != size:
        img = img.resize(size, Image.Resampling.LANCZOS)
    alpha = img.getchannel("A")
    if shade == "grey":
        # Kuikae: the tile is still in hand but may not be discarded now; washed out, not hidden.
        grey = img.convert("LA").convert("RGBA")
        img = Image.blend(grey, Image.new("RGBA", img.size, (110, 110, 110, 255)), 0.35)
        img.putalpha(alpha)
    elif shade == "dark":
        # A discard that another seat called: still there to read, but clearly taken.
        img = Image.blend(img, Image.new("RGBA", img.size, (0, 0, 0, 255)), 0.5)
        img.putalpha(alpha)
    return img


def tile(name: str, height: int = BASE_H, sideways: bool = False, shade: Shade = "none") -> Image.Image:
    """A tile sprite by notation (``'5m'``, ``'0p'``, ``'7z'``, ``'back'``), RGBA.

    The returned image is shared: paste it, never draw on it.
    """
    watch.notify(name)
    return _variant(name, height, sideways, shade)


def card(name: str, height: int = BASE_H, shade: Shade = "none") -> Image.Image:
    """A card sprite (``'As'``, ``'Td'``, ``'card_back'``), RGBA; kept apart from tiles, as
    ``'2s'`` names both the two of spades and the two of bamboo."""
    key = f"cards/{name}"
    watch.notify(key)
    return _variant(key, height, False, shade)


def names() -> tuple[list[str], list[str]]:
    """Every tile sprite's notation and every card's (``back`` and ``card_back`` among them)."""
    return sorted(p.stem for p in TILE_DIR.glob("*.png")), sorted(p.stem for p in (TILE_DIR / "cards").glob("*.png"))


def warm(tiles: dict[int, tuple[tuple[bool, Shade], ...]], cards: tuple[int, ...]) -> int:
    """Make the variants the pictures use (tiles by height: which turns and shades; cards by
    height) before the first picture wants them: scaling a sprite costs a tenth of a millisecond
    or more, and a new process would pay it in its first games' pictures. Returns how many."""
    tile_names, card_names = names()
    n = 0
    for height, kinds in tiles.items():
        for name in tile_names:
            for sideways, shade in kinds:
                _variant(name, height, sideways, shade)
                n += 1
    for height in cards:
        for name in card_names:
            _variant(f"cards/{name}", height, False, "none")
            n += 1
    return n


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The caption font (Latin, Hangul, kana and a few CJK characters) at a pixel size."""
    return ImageFont.truetype(str(CAPTION_FONT), size)
