"""The cheap encoding path gives the very pixels of the whole-picture mapping.

``to_png`` maps only the boxes a table drew into over a cached background (``layers``) and writes
the file itself (``png``); both must leave every pixel as mapping the whole picture and Pillow's
encoder did. Random tables push names, ponds, melds, bets and pots to their extremes.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Mapping
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw

from bot.i18n import CAPTIONS
from bot.render import draw, flat, holdem, layers, palette, png, samples, table
from bot.render.model import Discard, HoldemSeat, HoldemTable, MeldView, PokerSeat, Pot, SeatView, TableImage

TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + ["0m", "0p", "0s"]
CARDS = [f"{r}{s}" for r in "23456789TJQKA" for s in "shdc"]
NAMES = ["Al", "Bob", "채윤", "Dmitri", "A very long display name indeed", "さくら", "Zoë-Ümlaut"]


def _whole(img: Image.Image, kind: palette.Kind) -> Image.Image:
    """The reference: the whole picture mapped at once, as before the layers."""
    return img.copy().quantize(palette=palette.palette(kind), dither=Image.Dither.NONE)


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def _meld(rng: random.Random) -> MeldView:
    kind = rng.choice(["chi", "pon", "kan", "ankan", "kakan"])
    t = rng.choice(TILES[:27])
    if kind == "chi":
        n, s = min(int(t[0]), 7), t[1]
        tiles = tuple(f"{n + i}{s}" for i in range(3))
        return MeldView("chi", tiles, called=tiles[1], source="left")
    tiles = (t,) * (3 if kind == "pon" else 4)
    if kind == "ankan":
        return MeldView("ankan", tiles)
    return MeldView(kind, tiles, called=t, source=rng.choice(["left", "across", "right"]),  # type: ignore[arg-type]
                    added=t if kind == "kakan" else None)


def _random_table(rng: random.Random, game: str) -> TableImage:
    seats = []
    for i, wind in enumerate("ESWN"):
        n = rng.randint(0, 22)
        riichi_at = rng.choice([None, rng.randint(0, max(0, n - 1))]) if n else None
        pond = tuple(Discard(rng.choice(TILES), riichi=j == riichi_at, called=rng.random() < 0.15, last=j == n - 1 and i == 1)
                     for j in range(n))
        poker = None
        if game == "janpo":
            status = rng.choice(["in", "to_act", "folded", "all_in", "busted"])
            shown = tuple(rng.sample(CARDS, 2)) if rng.random() < 0.3 else ()
            poker = PokerSeat(bet=rng.choice([0, 200, 12_500, 1_234_567]), status=status,  # type: ignore[arg-type]
                              position=rng.choice(["", "BTN", "SB", "BB", "CO"]), showdown_cards=shown)
        seats.append(SeatView(rng.choice(NAMES), wind, rng.choice([25_000, 0, -12_300, 123_400]), pond,
                              tuple(_meld(rng) for _ in range(rng.randint(0, 4))), riichi=riichi_at is not None,
                              dealer=i == 0, poker=poker))
    pots = tuple(Pot(rng.randint(100, 90_000), tuple(rng.sample(NAMES, 2))) for _ in range(rng.randint(0, 4)))
    return TableImage(game=game, seats=tuple(seats), round_wind=rng.choice("ESWN"), kyoku=rng.randint(1, 4),  # type: ignore[arg-type]
                      honba=rng.randint(0, 12), deposits=rng.randint(0, 9), turn=rng.choice([None, 0, 1, 2, 3]),
                      dora_indicators=tuple(rng.sample(TILES, rng.randint(0, 5))), wall=rng.choice([None, 0, 70]),
                      pots=pots if game == "janpo" else (), board=tuple(rng.sample(CARDS, rng.choice([0, 3, 5]))) if game == "janpo" else (),
                      finished=rng.random() < 0.2)


def _random_holdem(rng: random.Random) -> HoldemTable:
    n = rng.randint(2, 10)
    seats = []
    for i in range(n):
        status = rng.choice(["in", "to_act", "folded", "all_in", "busted"])
        shown = tuple(rng.sample(CARDS, 2)) if rng.random() < 0.3 else ()
        seats.append(HoldemSeat(rng.choice(NAMES), rng.choice([0, 800, 1_234_567]),
                                PokerSeat(bet=rng.choice([0, 50, 99_999, 1_250_000]), status=status,  # type: ignore[arg-type]
                                          position=rng.choice(["", "SB", "BB", "CO"]), showdown_cards=shown),
                                button=i == 0, in_hand=status != "busted"))
    pots = tuple(Pot(rng.randint(100, 9_000_000), tuple(rng.sample(NAMES, 3))) for _ in range(rng.randint(0, 5)))
    return HoldemTable(seats=tuple(seats), board=tuple(rng.sample(CARDS, rng.choice([0, 3, 4, 5]))), pots=pots,
                       small_blind=rng.choice([0, 100, 25_000]), big_blind=rng.choice([0, 200, 50_000]),
                       hand_no=rng.choice([None, 1, 1234]), finished=rng.random() < 0.2)


ko = CAPTIONS["ko"]
# Each table: its record, its captions and its palette's kind.
TABLES: dict[str, tuple[TableImage, Mapping[str, str] | None, palette.Kind]] = {
    "table": (samples.TABLE, None, "riichi"),
    "janpo_table": (samples.JANPO_TABLE, None, "janpo"),
    "janpo_table_ko": (samples.JANPO_TABLE, ko, "janpo"),
    "janpo_finished": (replace(samples.JANPO_TABLE, finished=True), None, "janpo"),
    # A side pot line past the panel's edge, onto the felt beside it (not into a seat block).
    "janpo_wide_pot": (replace(samples.JANPO_TABLE, pots=(Pot(900), Pot(1600, ("Alice", "Bob", "Carol")))), None, "janpo"),
    **{f"random_{game}_{seed}": (_random_table(random.Random(seed), game), ko if seed % 3 == 2 else None,
                                 "five" if game == "five" else game)
       for game in ("riichi", "five", "janpo") for seed in range(8)},
}
HOLDEM: dict[str, tuple[HoldemTable, Mapping[str, str] | None]] = {
    "holdem_table": (samples.HOLDEM_TABLE, None),
    "holdem_table_ko": (samples.HOLDEM_TABLE, ko),
    "holdem_pot_to_the_rail": (replace(samples.HOLDEM_TABLE, pots=(Pot(100), Pot(200, tuple(NAMES) * 2))), None),
    **{f"random_holdem_{seed}": (_random_holdem(random.Random(seed)), ko if seed % 3 == 2 else None) for seed in range(12)},
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_png_has_the_pixels_of_the_whole_rgb_picture_mapped(name: str) -> None:
    record, texts, kind = TABLES[name]
    whole = _whole(table.render_table(record, texts), kind)
    assert _same_pixels(_decoded(draw.to_png(table.render_table(record, texts), kind)), whole)  # boxes only
    assert _same_pixels(_decoded(draw.to_png(table.table_picture(record, texts, kind), kind)), whole)  # on the palette


@pytest.mark.parametrize("name", sorted(HOLDEM))
def test_holdem_png_has_the_pixels_of_the_whole_rgb_picture_mapped(name: str) -> None:
    record, texts = HOLDEM[name]
    whole = _whole(holdem.render_holdem_table(record, texts), "holdem")
    assert _same_pixels(_decoded(draw.to_png(holdem.render_holdem_table(record, texts), "holdem")), whole)
    assert _same_pixels(_decoded(draw.to_png(holdem.holdem_picture(record, texts), "holdem")), whole)


@pytest.mark.parametrize("name", ["table", "janpo_table", "janpo_table_ko", "janpo_finished", "janpo_wide_pot"])
def test_sample_tables_are_drawn_on_their_palette(name: str) -> None:
    """The bot's pictures take the palette way, not the RGB fallback."""
    record, texts, kind = TABLES[name]
    assert table.table_picture(record, texts, kind).mode == "P"
    for holdem_record, holdem_texts in HOLDEM.values():
        assert holdem.holdem_picture(holdem_record, holdem_texts).mode == "P"


def test_pieces_on_what_was_drawn_before_fall_back_to_rgb() -> None:
    """A ring with a tile after it, a pot line into a seat block, a bet over the badges."""
    seats = list(samples.TABLE.seats)
    discards = list(seats[0].discards)
    discards[2] = replace(discards[2], last=True)
    seats[0] = replace(seats[0], discards=tuple(discards))
    assert table.table_picture(replace(samples.TABLE, seats=tuple(seats))).mode == "RGB"
    wide = replace(samples.JANPO_TABLE, pots=(Pot(100), Pot(200, tuple(NAMES))))
    assert table.table_picture(wide).mode == "RGB"
    seats = list(samples.JANPO_TABLE.seats)
    seats[1] = replace(seats[1], poker=PokerSeat(bet=1_234_567_890, status="all_in", position="BB", showdown_cards=("As", "Kd")))
    crowded = replace(samples.JANPO_TABLE, seats=tuple(seats))
    assert table.table_picture(crowded).mode == "RGB"
    assert _same_pixels(_decoded(draw.to_png(table.table_picture(crowded), "janpo")),
                        _whole(table.render_table(crowded), "janpo"))
    holdem_seats = list(samples.HOLDEM_TABLE.seats)
    poker = holdem_seats[3].poker
    assert poker is not None
    holdem_seats[3] = replace(holdem_seats[3], name="Maximilian", poker=replace(poker, position="UTG+1 STRADDLE"))
    long_position = replace(samples.HOLDEM_TABLE, seats=tuple(holdem_seats))
    assert holdem.holdem_picture(long_position).mode == "RGB"


def test_a_picture_on_another_kinds_palette_is_mapped_again() -> None:
    img = table.table_picture(samples.TABLE, None, "riichi")
    assert _decoded(draw.to_png(img, "janpo")).getpalette() == palette.palette("janpo").getpalette()


def test_a_mark_outside_the_boxes_would_be_caught() -> None:
    """The comparison above sees a part drawn outside the boxes: it is lost from the PNG."""
    img = table.render_table(samples.TABLE)
    ImageDraw.Draw(img).rectangle((0, 0, 5, 5), fill=(255, 0, 0))  # the felt's corner, in no box
    assert not _same_pixels(_decoded(draw.to_png(img, "riichi")), _whole(img, "riichi"))


def test_a_copy_is_mapped_whole() -> None:
    """Only the very image the renderer started keeps its boxes: whatever is drawn on a copy shows."""
    img = table.render_table(samples.TABLE).copy()
    ImageDraw.Draw(img).rectangle((0, 0, 5, 5), fill=(255, 0, 0))
    assert _same_pixels(_decoded(draw.to_png(img, "riichi")), _whole(img, "riichi"))


def test_background_mapping_is_made_once_per_kind() -> None:
    drawn: list[Image.Image] = []

    def felt() -> Image.Image:
        drawn.append(Image.new("RGB", (4, 4), draw.BG))
        return drawn[-1]

    base = layers.Base(felt)
    assert base.mapped("riichi") is base.mapped("riichi")
    assert base.mapped("riichi").mode == "P"
    assert len(drawn) == 1  # drawn for the mapping, and not kept ...
    assert base.background() is base.background() and len(drawn) == 2  # ... until an RGB picture wants it


def test_a_palette_table_keeps_no_rgb_background_unless_something_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The picture workers keep up to eight table layouts: each a 0.75 MB mapping, and the 2.3 MB
    RGB picture only where something asked for it (a picture drawn in RGB, or a caption on it)."""
    made: list[layers.Base] = []

    class Seen(layers.Base):
        def __init__(self, make: Callable[[], Image.Image]) -> None:
            super().__init__(make)
            made.append(self)

    monkeypatch.setattr(layers, "Base", Seen)
    table._background.cache_clear()
    try:
        flat_png = draw.to_png(table.table_picture(samples.JANPO_TABLE), "janpo")
        [base] = made
        assert base._rgb is None and list(base._mapped) == ["janpo"]
        rgb = table.render_table(samples.JANPO_TABLE)  # the RGB way asks for it, and keeps it
        assert base._rgb is not None and made == [base]
        assert _same_pixels(_decoded(flat_png), _whole(rgb, "janpo"))
    finally:
        table._background.cache_clear()


@pytest.mark.parametrize("deflate", [png._zlib, None], ids=["zlib", "default"])
def test_written_png_decodes_to_its_image_and_stays_small(deflate: Callable[[png.Parts], bytes] | None) -> None:
    mapped = _whole(table.render_table(samples.JANPO_TABLE), "janpo")
    data = png.encode(mapped, deflate)
    back = _decoded(data)
    assert back.mode == "P" and back.tobytes() == mapped.tobytes()
    assert back.getpalette() == mapped.getpalette()
    pillow = io.BytesIO()
    mapped.save(pillow, "PNG", compress_level=3)
    assert len(data) <= 1.1 * len(pillow.getvalue())


def test_odd_sizes_round_trip() -> None:
    for size in ((1, 1), (3, 7), (257, 2)):
        img = Image.new("P", size)
        img.putpalette(list(range(256)) * 3)
        img.putdata([(x * 37) % 256 for x in range(size[0] * size[1])])
        assert _decoded(png.encode(img)).tobytes() == img.tobytes()


def test_only_palette_images_are_written() -> None:
    with pytest.raises(ValueError, match="palette"):
        png.encode(Image.new("RGB", (2, 2)))


def test_piece_cache_stays_bounded_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """Evicting pieces (least recently used) changes no pixel."""
    monkeypatch.setattr(flat, "MAX_PIECES", 5)
    flat._pieces.clear()
    first = draw.to_png(table.table_picture(samples.JANPO_TABLE), "janpo")
    assert len(flat._pieces) == 5
    again = draw.to_png(table.table_picture(samples.JANPO_TABLE), "janpo")
    assert _same_pixels(_decoded(first), _decoded(again))
    assert _same_pixels(_decoded(again), _whole(table.render_table(samples.JANPO_TABLE), "janpo"))
