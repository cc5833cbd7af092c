"""Sprites, meld layout, caption texts and the Five wording."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.render import draw, render_five_result, render_hand, sprites
from bot.render import samples as cases
from bot.render.model import MeldView
from bot.render.texts import DEFAULT_TEXTS, signed, text

TILES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)] + ["back"]
CARDS = [f"{r}{s}" for r in "23456789TJQKA" for s in "shdc"] + ["card_back"]


def test_every_sprite_is_there_at_base_size() -> None:
    for name in TILES:
        assert sprites.tile(name).size == (48, 64), name
    for name in CARDS:
        assert sprites.card(name).size == (48, 64), name
    assert len({sprites.tile(t).tobytes() for t in TILES}) == len(TILES)  # no two tiles alike
    assert len({sprites.card(c).tobytes() for c in CARDS}) == len(CARDS)


def test_two_of_bamboo_and_two_of_spades_are_different_sprites() -> None:
    assert sprites.tile("2s").tobytes() != sprites.card("2s").tobytes()


def _red_pixels(img: Image.Image) -> int:
    r, g, b, a = img.split()
    masks = [r.point(lambda v: 255 if v > 170 else 0), g.point(lambda v: 255 if v < 90 else 0),
             b.point(lambda v: 255 if v < 90 else 0), a.point(lambda v: 255 if v > 200 else 0)]
    both = masks[0]
    for m in masks[1:]:
        both = ImageChops.multiply(both, m)
    return both.histogram()[255]


@pytest.mark.parametrize("suit", "mps")
def test_red_fives_are_clearly_red(suit: str) -> None:
    """R1/F1, D32: the red five must read as red at a glance, not only by a small mark."""
    assert _red_pixels(sprites.tile(f"0{suit}")) > 1.5 * _red_pixels(sprites.tile(f"5{suit}")) + 40


@pytest.mark.parametrize("suit", "mps")
def test_red_fives_have_a_red_inner_frame(suit: str) -> None:
    """D32: a red inner frame runs along the left, right and top of the face, clear of the
    corner number; a plain five has no red there."""
    strips = [(1, 16, 6, 48), (42, 16, 47, 48), (14, 1, 34, 6)]  # left, right, top (x0, y0, x1, y1)
    red, plain = sprites.tile(f"0{suit}"), sprites.tile(f"5{suit}")
    assert all(_red_pixels(red.crop(box)) >= 15 for box in strips)
    assert all(_red_pixels(plain.crop(box)) == 0 for box in strips)


def test_scaled_and_shaded_variants_are_cached() -> None:
    a = sprites.tile("3p", 40, shade="grey")
    assert sprites.tile("3p", 40, shade="grey") is a
    assert a.size == (30, 40)
    assert sprites.tile("3p", 40, sideways=True).size == (40, 30)
    grey = sprites.tile("0m", 64, shade="grey").convert("RGB")
    pixel = grey.getpixel((24, 20))
    assert isinstance(pixel, tuple)
    r, g, b = pixel
    assert max(r, g, b) - min(r, g, b) < 8  # a greyed red five has no red left


def test_unknown_sprite_is_an_error() -> None:
    with pytest.raises(KeyError):
        sprites.tile("8z")


@pytest.mark.parametrize(("source", "slot"), [("left", 0), ("across", 1), ("right", 2)])
def test_called_tile_turns_toward_its_source(source: str, slot: int) -> None:
    """D32: the called tile lies sideways, first from the left, second from across, last from the right."""
    meld = MeldView("pon", ("7z", "7z", "7z"), called="7z", source=source)  # type: ignore[arg-type]
    assert [side for _, side, _ in draw.meld_pieces(meld)] == [i == slot for i in range(3)]


def test_open_kan_from_across_and_added_kan() -> None:
    """D32: the called tile of a kan from across is the second; from the right, the last."""
    kan = MeldView("kan", ("8m", "8m", "8m", "8m"), called="8m", source="across")
    assert [side for _, side, _ in draw.meld_pieces(kan)] == [False, True, False, False]
    kakan = MeldView("kakan", ("5p", "5p", "0p", "5p"), called="5p", source="right", added="0p")
    assert draw.meld_pieces(kakan) == [("5p", False, None), ("5p", False, None), ("5p", True, "0p")]
    assert draw.meld_size(kakan, 64) == (48 + 48 + 64, 96)


def test_closed_kan_shows_two_faces_keeping_a_red_five() -> None:
    ankan = MeldView("ankan", ("5s", "0s", "5s", "5s"))
    assert [t for t, _, _ in draw.meld_pieces(ankan)] == ["back", "0s", "5s", "back"]


def test_hand_tiles_sort_by_suit_then_number_with_red_five_among_fives() -> None:
    tiles = ["1z", "0m", "9p", "5m", "1m", "3s", "4m"]
    assert sorted(tiles, key=draw.tile_key) == ["1m", "4m", "5m", "0m", "9p", "3s", "1z"]


def test_texts_replace_captions_and_fall_back_to_english() -> None:
    assert text({"furiten": "후리텐"}, "furiten") == "후리텐"
    assert text({"furiten": "후리텐"}, "tenpai") == "Tenpai"
    assert text(None, "shanten", n=2) == "2-shanten"
    english = render_hand(cases.HAND_RIICHI)
    korean = render_hand(cases.HAND_RIICHI, {"furiten": "후리텐", "waits": "대기", "tenpai": "텐파이"})
    assert ImageChops.difference(english, korean).getbbox() is not None


def test_five_result_speaks_of_scores_never_payments() -> None:
    """F9: '+20 / −20' as a score, with a true minus sign, and no word of paying (D31)."""
    assert signed(20) == "+20" and signed(-20) == "\u221220" and signed(0) == "0"
    assert text(None, "score_change", delta=signed(-120)) == "score \u2212120"
    assert not any("pay" in v.lower() for v in DEFAULT_TEXTS.values())
    assert render_five_result(cases.FIVE_RESULT).size[0] == 760


def test_images_are_small() -> None:
    """Size only: speed is measured in bench/render.py, never asserted."""
    assert len(draw.to_png(render_hand(cases.HAND))) < 300_000


@pytest.mark.parametrize(("source", "side"), [("A", "left"), ("C", "right"), ("D", "across")])
def test_meld_source_seat_becomes_the_side_of_the_turned_tile(source: str, side: str) -> None:
    """The seat before B in turn order sits on B's left, the one after on its right (R: kamicha, D32)."""
    from bot.render.adapt import meld

    players = ["D", "A", "B", "C"]  # B is seat 2: A before it, C after it, D across
    got = meld({"type": "pon", "tiles": ["1z"] * 3, "called": "1z", "from": source}, players, 2)
    assert got.source == side


def test_first_seat_is_at_the_bottom_and_the_others_counter_clockwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """D32: the engine's first seat at the bottom, then in turn order to the right, the top and the left."""
    from bot.render import render_table
    from bot.render import table as table_module

    placed: dict[str, tuple[int, int]] = {}
    block = table_module._seat_block

    def seat_block(img: Image.Image, ox: int, oy: int, seat: Any, *args: Any, **kwargs: Any) -> None:
        placed[seat.name] = (ox, oy)
        block(img, ox, oy, seat, *args, **kwargs)

    monkeypatch.setattr(table_module, "_seat_block", seat_block)
    render_table(cases.TABLE)
    first, second, third, fourth = (placed[s.name] for s in cases.TABLE.seats)
    assert first[1] > max(second[1], fourth[1]) > third[1]  # bottom, the sides, top
    assert second[0] > first[0] > fourth[0] and first[0] == third[0]  # right of centre, left of it


def test_ponds_are_drawn_upright_for_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """D32: every seat's discards are pasted as the upright sprites themselves (a riichi tile
    sideways, a called one darkened), not turned toward the seat."""
    from bot.render import render_table
    from bot.render.table import POND_H

    pasted: list[Image.Image] = []
    paste = draw.paste

    def record(img: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
        pasted.append(sprite)
        paste(img, sprite, x, y)

    monkeypatch.setattr(draw, "paste", record)
    render_table(cases.TABLE)
    wanted = [sprites.tile(d.tile, POND_H, sideways=d.riichi, shade="dark" if d.called else "none")
              for seat in cases.TABLE.seats for d in seat.discards]
    upright, lying = (draw.tile_w(POND_H), POND_H), (POND_H, draw.tile_w(POND_H))
    ponds = [sprite for sprite in pasted if sprite.size in (upright, lying)][:len(wanted)]
    assert len(ponds) == len(wanted) and all(got is want for got, want in zip(ponds, wanted, strict=True))


def test_holdem_view_maps_statuses_and_the_button() -> None:
    from bot.render.adapt import holdem_from_view

    view = {"game": "holdem", "hand": 3, "blinds": [100, 200], "button": "B", "stacks": {"A": 0, "B": 900, "C": 0},
            "street": "flop", "board": "AhKd7c", "pot": 1200, "pots": [{"amount": 1200, "eligible": ["A", "B"]}],
            "bets": {"A": 300, "B": 0}, "to_act": "B", "seats": {"A": "all-in", "B": "in", "C": "out"},
            "small_blind": "A", "big_blind": "B", "hole": "QsQd"}
    table = holdem_from_view(view)
    assert [(s.name, s.poker.status, s.button, s.in_hand) for s in table.seats] == [
        ("A", "all_in", False, True), ("B", "to_act", True, True), ("C", "busted", False, False)]
    assert table.board == ("Ah", "Kd", "7c") and table.big_blind == 200 and table.seats[0].poker.bet == 300
    assert all(not s.poker.showdown_cards for s in table.seats)


def _art_names() -> list[str]:
    from bot.render import make_assets

    return sorted(make_assets.all_sprites())


@pytest.mark.parametrize("name", _art_names())
def test_committed_sprites_are_what_the_script_draws(name: str) -> None:
    """The art needs only the project's own font, so this runs on any fresh install."""
    from bot.render import make_assets

    drawn = make_assets.all_sprites()[name]()
    committed = Image.open(sprites.TILE_DIR / f"{name}.png").convert("RGBA")
    assert drawn.size == committed.size
    assert ImageChops.difference(drawn, committed).getbbox() is None


def test_every_committed_sprite_has_a_drawing() -> None:
    on_disk = {p.relative_to(sprites.TILE_DIR).with_suffix("").as_posix() for p in sprites.TILE_DIR.rglob("*.png")}
    assert on_disk == set(_art_names())


def _corner(tile: str, sideways: bool) -> bytes:
    img = sprites.tile(tile, sideways=sideways).convert("L").crop((2, 2, 10, 14))
    return img.point(lambda v: 255 if v < 160 else 0).tobytes()


@pytest.mark.parametrize("name", [f"{n}{s}" for s in "mps" for n in range(10)])
@pytest.mark.parametrize("sideways", [False, True])
def test_every_suited_tile_carries_its_number_in_the_corner(name: str, sideways: bool) -> None:
    """The corner shows the digit upright, standing or sideways: an 8 pin is read, not counted.
    The corner has ink and differs from every other number's corner in the same suit."""
    n = 5 if name[0] == "0" else int(name[0])
    ink = _corner(name, sideways)
    assert ink.count(255) > 6, f"{name}: no index"
    assert all(ink != _corner(f"{m}{name[1]}", sideways) for m in range(1, 10) if m != n)


@pytest.mark.parametrize("name", ["1z", "2z", "6z", "7z"])
def test_a_sideways_tile_keeps_its_face_upright(name: str) -> None:
    """A called or riichi dragon reads like a standing one: the face in the wide sprite matches
    the upright face far better than the upright face turned a quarter."""
    from PIL import ImageOps

    def face(img: Image.Image, box_w: int) -> Image.Image:
        grey = ImageOps.invert(img.convert("L"))
        cx, cy = img.width // 2, (img.height - 5) // 2
        return grey.crop((cx - box_w // 2, cy - box_w // 2, cx + box_w // 2, cy + box_w // 2))

    upright = face(sprites.tile(name), 30)
    side = face(sprites.tile(name, sideways=True), 30)
    turned = upright.transpose(Image.Transpose.ROTATE_90)

    def distance(a: Image.Image, b: Image.Image) -> int:
        return sum(v * n for v, n in enumerate(ImageChops.difference(a, b).histogram()))

    assert distance(side, upright) < distance(side, turned)


def test_tile_chart_shows_every_tile_and_some_sideways() -> None:
    from bot.render import render_tile_chart

    with sprites.watch() as seen:
        render_tile_chart()
    assert set(seen) == {t for t in TILES if t != "back"}
