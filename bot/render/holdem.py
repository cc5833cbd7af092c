"""Poker images: a plain hold'em table of 2-10 seats around an oval, and the showdown.

Hole cards show face down as backs on the table; faces appear only from ``showdown_cards``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw

from bot.render import draw as dr
from bot.render import flat, layers
from bot.render.model import HoldemSeat, HoldemTable, ShowdownImage
from bot.render.table import POT_LINE_H, STATUS_COLOURS, position_label, pot_lines
from bot.render.texts import signed, text

WIDTH, HEIGHT = 900, 560
PANEL_W, PANEL_H = 168, 66
CARD_H = 60
SMALL_CARD_H = 40
FELT = (26, 98, 70)
RAIL = (60, 40, 28)
BUTTON = (250, 250, 250)
CHIP_EDGE = (160, 110, 20)
FELT_RX, FELT_RY = 318, 178  # the felt inside the rail, around the centre


def _seat_centre(i: int, n: int) -> tuple[float, float]:
    # Seat 0 at the bottom; the rest clockwise on screen, the way the button moves.
    a = math.pi / 2 + 2 * math.pi * i / n
    return WIDTH / 2 + 360 * math.cos(a), HEIGHT / 2 + 212 * math.sin(a)


def _seat_panel(img: Image.Image, seat: HoldemSeat, cx: float, cy: float, turn: bool,
                texts: Mapping[str, str] | None, finished: bool = False) -> None:
    """Cards, name, stack and badges; a finished game draws no button, position or seat to act."""
    d = ImageDraw.Draw(img)
    x0, y0 = int(cx - PANEL_W / 2), int(cy - PANEL_H / 2)
    out = seat.poker.status == "busted"
    ground = dr.DARK if out else dr.PANEL
    d.rounded_rectangle((x0, y0, x0 + PANEL_W, y0 + PANEL_H), radius=10, fill=flat.ink(img, ground),
                        outline=flat.ink(img, dr.GOLD if turn else dr.PANEL_EDGE), width=3 if turn else 1)
    with flat.on(img, ground):
        _panel_contents(img, d, seat, x0, y0, texts, finished)


def _panel_contents(img: Image.Image, d: ImageDraw.ImageDraw, seat: HoldemSeat, x0: int, y0: int,
                    texts: Mapping[str, str] | None, finished: bool) -> None:
    out = seat.poker.status == "busted"
    cards = seat.poker.showdown_cards
    cw = dr.tile_w(SMALL_CARD_H)
    if cards:
        dr.card_row(img, cards, x0 + 6, y0 + (PANEL_H - SMALL_CARD_H) // 2, SMALL_CARD_H, gap=2)
    elif seat.in_hand and seat.poker.status not in ("folded", "busted"):
        dr.card_row(img, ("card_back", "card_back"), x0 + 6, y0 + (PANEL_H - SMALL_CARD_H) // 2, SMALL_CARD_H, gap=-12)
    tx = x0 + 6 + 2 * cw + 6
    name = dr.fit(seat.name, 15, PANEL_W - (tx - x0) - 26)
    dr.write(d, tx, y0 + 16, name, 15, dr.GREYED if out else dr.TEXT)
    dr.write(d, tx, y0 + 36, dr.points(seat.stack), 15, dr.GOLD if not out else dr.GREYED)
    status = seat.poker.status
    if status in STATUS_COLOURS and not (finished and status != "busted"):
        ink = dr.TEXT if status in ("all_in", "busted") else dr.DARK
        dr.badge(d, tx, y0 + 55, text(texts, status), 11, STATUS_COLOURS[status], ink=ink)
    if finished:
        return
    if seat.button:
        bx, by = x0 + PANEL_W - 14, y0 + 14
        d.ellipse((bx - 10, by - 10, bx + 10, by + 10), fill=flat.ink(img, BUTTON), outline=flat.ink(img, dr.DARK))
        with flat.on(img, BUTTON):
            dr.write(d, bx, by, "D", 13, dr.DARK, anchor="mm")
    elif seat.poker.position:
        label = position_label(seat.poker.position, texts)
        dr.write(d, x0 + PANEL_W - 8, y0 + 14, label, 11, dr.MUTED, anchor="rm")
        flat.crowded(img, dr.text_box(x0 + PANEL_W - 8, y0 + 14, label, 11, "rm")[0] < dr.text_box(tx, y0 + 16, name, 15)[2])


@cache
def _felt() -> layers.Base:
    """The rail and felt, the same on every picture: drawn (and mapped onto the palettes) once
    and copied."""
    def draw() -> Image.Image:
        img, d = dr.canvas(WIDTH, HEIGHT)
        cx, cy = WIDTH / 2, HEIGHT / 2
        d.ellipse((cx - 330, cy - 190, cx + 330, cy + 190), fill=RAIL)
        d.ellipse((cx - FELT_RX, cy - FELT_RY, cx + FELT_RX, cy + FELT_RY), fill=FELT)
        return img

    return layers.Base(draw)


def _around(cx: float, cy: float, half_w: float, half_h: float, pad: int = 4) -> layers.Box:
    """The box centred on (cx, cy), ``pad`` pixels wider on each side for glyph overhang."""
    return (math.floor(cx - half_w) - pad, math.floor(cy - half_h) - pad,
            math.ceil(cx + half_w) + pad, math.ceil(cy + half_h) + pad)


def _on_felt(w: float, y: float, size: int) -> bool:
    """Whether a centred line ``w`` wide at height y lies on the felt, clear of the rail."""
    dy = (abs(y - HEIGHT / 2) + size) / FELT_RY
    return dy < 1 and w / 2 + 4 <= FELT_RX * math.sqrt(1 - dy * dy)


def render_holdem_table(table: HoldemTable, texts: Mapping[str, str] | None = None) -> Image.Image:
    """The table as an RGB picture."""
    return _draw(table, texts, False)


def holdem_picture(table: HoldemTable, texts: Mapping[str, str] | None = None) -> Image.Image:
    """The table drawn straight onto the hold'em palette (``flat``), for ``to_png``: the same
    pixels as :func:`render_holdem_table` mapped. A seat's position so long that it runs into
    the name lies on it: such a table is drawn in RGB."""
    img = _draw(table, texts, True)
    return render_holdem_table(table, texts) if flat.CROWDED in img.info else img


def _draw(table: HoldemTable, texts: Mapping[str, str] | None, on_palette: bool) -> Image.Image:
    # Only the boxes listed here are drawn into, so only they are mapped onto the palette
    # (bot/render/layers.py): the line of hand and blinds, the board, each pot line, each bet
    # and each seat's panel.
    boxes: list[layers.Box] = []
    img = flat.start(_felt().mapped("holdem"), "holdem", FELT, _felt().background) if on_palette else layers.start(_felt(), boxes)
    d = ImageDraw.Draw(img)
    cx, cy = WIDTH / 2, HEIGHT / 2
    top = cy - 80
    info = []
    if table.hand_no is not None:
        info.append(text(texts, "hand_no", n=table.hand_no))
    if table.big_blind:
        info.append(text(texts, "blinds", sb=dr.points(table.small_blind), bb=dr.points(table.big_blind)))
    if info:
        line = " · ".join(info)
        with flat.on(img, FELT if _on_felt(dr.text_width(line, 14), top - 14, 14) else None):
            w = dr.write(d, cx, top - 14, line, 14, dr.MUTED, anchor="mm")
        boxes.append(_around(cx, top - 14, w / 2, 14))
    cw = dr.tile_w(CARD_H)
    board_w = 5 * (cw + 4) - 4
    with flat.on(img, FELT):
        dr.card_row(img, table.board, int(cx - board_w / 2), int(top), CARD_H, slots=5, gap=4)
    boxes.append(_around(cx, top + CARD_H / 2, board_w / 2, CARD_H / 2))
    y = top + CARD_H + 18
    for line, size, colour in pot_lines(table.pot(), table.pots, texts):
        # The middle is drawn first, so a line long enough to reach the rail is composed on it.
        with flat.on(img, FELT if _on_felt(dr.text_width(line, size), y, size) else None):
            w = dr.write(d, cx, y, line, size, colour, anchor="mm")
        boxes.append(_around(cx, y, w / 2, size))
        y += POT_LINE_H[size]
    n = len(table.seats)
    for i, seat in enumerate(table.seats):
        sx, sy = _seat_centre(i, n)
        if seat.poker.bet:
            # The bet sits on the felt between the seat and the middle.
            bx, by = sx + (cx - sx) * 0.36, sy + (cy - sy) * 0.42
            label = dr.points(seat.poker.bet)
            w = dr.text_width(label, 14) + 26
            d.rounded_rectangle((bx - w / 2, by - 11, bx + w / 2, by + 11), radius=11, fill=flat.ink(img, dr.DARK))
            d.ellipse((bx - w / 2 + 4, by - 7, bx - w / 2 + 18, by + 7), fill=flat.ink(img, dr.GOLD),
                      outline=flat.ink(img, CHIP_EDGE))
            with flat.on(img, dr.DARK):
                dr.write(d, bx - w / 2 + 22, by, label, 14, dr.TEXT)
            boxes.append(_around(bx, by, w / 2, 11))
        boxes.append(_around(sx, sy, PANEL_W / 2, PANEL_H / 2))
        _seat_panel(img, seat, sx, sy, seat.poker.status == "to_act" and not table.finished, texts, table.finished)
    return img


def render_showdown(show: ShowdownImage, texts: Mapping[str, str] | None = None) -> Image.Image:
    margin, row_h = 16, CARD_H + 14
    cw = dr.tile_w(CARD_H)
    width = 640
    height = margin + 36 + CARD_H + 20 + row_h * len(show.hands) + 22 * len(show.pots) + margin + 6
    img, d = dr.canvas(width, height)
    dr.write(d, margin, margin + 12, show.title or text(texts, "showdown"), 20)
    y = margin + 32
    dr.write(d, margin, y + CARD_H / 2, text(texts, "board"), 14, dr.MUTED)
    dr.card_row(img, show.board, margin + 70, y, CARD_H, slots=5, gap=4)
    y += CARD_H + 20
    for hand in show.hands:
        won = hand.won > 0
        d.rounded_rectangle((margin - 6, y - 6, width - margin + 6, y + CARD_H + 6), radius=10,
                            fill=dr.PANEL, outline=dr.GOLD if won else dr.PANEL_EDGE, width=2 if won else 1)
        colour = dr.GREYED if hand.folded else dr.TEXT
        dr.write(d, margin + 4, y + CARD_H / 2, hand.name, 16, colour)
        if hand.cards:
            dr.card_row(img, hand.cards, margin + 150, y, CARD_H, gap=4)
        else:
            dr.card_row(img, ("card_back", "card_back"), margin + 150, y, CARD_H, gap=4)
        x = margin + 150 + 2 * (cw + 4) + 12
        dr.write(d, x, y + CARD_H / 2, text(texts, "folded") if hand.folded else hand.label, 15,
                 dr.GREYED if hand.folded else dr.MUTED)
        if won:
            dr.write(d, width - margin - 4, y + CARD_H / 2, signed(hand.won).replace(str(hand.won), dr.points(hand.won)),
                     18, dr.GOLD, anchor="rm")
        y += row_h
    y += 4
    for i, pot in enumerate(show.pots):
        key = "pot" if len(show.pots) == 1 else ("main_pot" if i == 0 else "side_pot")
        label = text(texts, key, n=dr.points(pot.amount), i=i)
        winners = ", ".join(pot.winners)
        dr.write(d, margin, y + 8, f"{label} — {winners}", 14, dr.TEXT)
        y += 22
    return img
