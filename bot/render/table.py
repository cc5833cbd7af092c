"""The public table image for the channel: four ponds in seat positions around a centre panel
with the round, dora and, in Janpo, the board and pots.

It reads only :class:`TableImage`, which has no field for a concealed tile or hole card.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import draw as dr
from bot.render import flat, layers, palette, sprites
from bot.render.model import PokerSeat, Pot, SeatView, TableImage
from bot.render.texts import text

POND_H = 44
POND_COLS = 6
MELD_H = 36
CARD_H = 52
GAP = 10
PAD = 8
HEADER_H = 26
POKER_H = 24
SHOWN_H = 44  # the poker line when some seat shows its hole cards
SHOWN_CARD_H = 40
BLOCK_W = 2 * PAD + POND_COLS * dr.tile_w(POND_H) + POND_H + 36
CENTER_W = 250

STATUS_COLOURS = {"to_act": dr.GOLD, "folded": dr.GREYED, "all_in": dr.ALERT, "busted": dr.DARK}
# In Janpo a player out of poker (J12) still plays mahjong: the badge says so, never just "out".
JANPO_STATUS_KEYS = {"busted": "out_of_poker"}
POSITION_KEYS = {"CO": "co"}  # positions with a caption key; BTN, SB and BB read the same everywhere
DORA_LABEL_H = 18
FLAT_CENTER_W = CENTER_W - 28  # centre lines this wide keep clear of the panel's rounded corners
REACH_W = CENTER_W + 2 * GAP - 8  # a line wider than this reaches into the seat blocks beside


def position_label(position: str, texts: Mapping[str, str] | None) -> str:
    key = POSITION_KEYS.get(position)
    return text(texts, key) if key else position


def _pond_rows(seat: SeatView) -> list[list[int]]:
    """Discard indexes by pond row: six to a row, as at a real table."""
    idx = list(range(len(seat.discards)))
    return [idx[i:i + POND_COLS] for i in range(0, len(idx), POND_COLS)] or [[]]


def _meld_rows(seat: SeatView) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0
    limit = BLOCK_W - 2 * PAD
    for i, m in enumerate(seat.melds):
        w = dr.meld_size(m, MELD_H)[0]
        if rows[-1] and used + GAP + w > limit:
            rows.append([])
            used = 0
        used += (GAP if rows[-1] else 0) + w
        rows[-1].append(i)
    return rows if seat.melds else []


def _block_height(seat: SeatView, poker_h: int, pond_rows: int) -> int:
    melds = sum(max(dr.meld_size(seat.melds[i], MELD_H)[1] for i in row) + 4 for row in _meld_rows(seat))
    return PAD + HEADER_H + poker_h + pond_rows * POND_H + (6 + melds if melds else 0) + PAD


def _seat_block(img: Image.Image, ox: int, oy: int, seat: SeatView, width: int, turn: bool, pond_rows: int,
                poker_h: int, texts: Mapping[str, str] | None, finished: bool = False) -> None:
    """A seat's header, poker line, pond and melds, drawn straight onto the table at (ox, oy);
    its panel is part of the cached background."""
    d = ImageDraw.Draw(img)
    mid = oy + PAD + HEADER_H / 2
    x = ox + PAD
    wind = text(texts, f"wind_{seat.wind}") if f"wind_{seat.wind}" in _WIND_KEYS else seat.wind
    x += dr.badge(d, x, mid, wind, 15, dr.ALERT if seat.dealer else dr.MUTED, ink=dr.TEXT if seat.dealer else dr.DARK) + 6
    score = dr.points(seat.points)
    right = ox + width - PAD
    if turn:
        label = text(texts, "turn")
        right -= dr.badge(d, right - dr.text_width(label, 12) - 12, mid, label, 12, dr.GOLD) + 6
    dr.write(img, right, mid, score, 16, dr.ALERT if seat.points < 0 else dr.TEXT, anchor="rm")
    # The name gets what the score, the badge and the riichi stick leave.
    room = right - dr.text_width(score, 16) - 10 - x - (48 if seat.riichi else 0)
    name = dr.fit(seat.name, 16, max(40, min(150, room)))
    name_end = dr.text_box(x, mid, name, 16)[2]
    x += dr.write(img, x, mid, name, 16) + 8
    if seat.riichi:
        name_end = round(x) + 41  # the stick's right edge
        x += dr.riichi_stick(d, x, mid, 40) + 8
    flat.crowded(img, name_end > dr.text_box(right, mid, score, 16, "rm")[0])
    y = oy + PAD + HEADER_H
    if poker_h:
        _poker_line(img, seat.poker or PokerSeat(), ox + PAD, y + poker_h / 2, ox + width, texts, finished)
        y += poker_h
    _pond(img, seat, ox + PAD, y + 2)
    y += pond_rows * POND_H + 6
    for row in _meld_rows(seat):
        tall = max(dr.meld_size(seat.melds[i], MELD_H)[1] for i in row)
        x = ox + PAD
        for i in row:
            x += dr.draw_meld(img, seat.melds[i], x, y + tall, MELD_H) + GAP
        y += tall + 4


_WIND_KEYS = {"wind_E", "wind_S", "wind_W", "wind_N"}


def _poker_line(img: Image.Image, p: PokerSeat, x: float, mid: float, right_edge: int,
                texts: Mapping[str, str] | None, finished: bool = False) -> None:
    """Position, status, shown cards and bet, from x to ``right_edge`` (the panel's). Once the
    game is over only MAHJONG ONLY remains: nobody holds a position or is to act."""
    d = ImageDraw.Draw(img)
    if finished:
        if p.status == "busted":
            dr.badge(d, x, mid, text(texts, "out_of_poker"), 12, STATUS_COLOURS["busted"], ink=dr.TEXT)
        return
    start = x
    if p.position:
        x += dr.badge(d, x, mid, position_label(p.position, texts), 12, dr.PANEL_EDGE, ink=dr.TEXT) + 6
    if p.status in STATUS_COLOURS:
        ink = dr.TEXT if p.status in ("all_in", "busted") else dr.DARK
        label = text(texts, JANPO_STATUS_KEYS.get(p.status, p.status))
        x += dr.badge(d, x, mid, label, 12, STATUS_COLOURS[p.status], ink=ink) + 6
    badges_end = math.ceil(x - 6) if x > start else start  # the last badge's right edge
    right = right_edge - PAD
    if p.showdown_cards:
        # Hole cards appear on the public table only once shown at showdown.
        cw = dr.tile_w(SHOWN_CARD_H)
        right -= len(p.showdown_cards) * (cw + 2)
        dr.card_row(img, p.showdown_cards, right + 2, int(mid - SHOWN_CARD_H / 2), SHOWN_CARD_H, gap=2)
        flat.crowded(img, right + 2 <= badges_end)
        right -= 8
    if p.bet:
        bet = text(texts, "bet", n=dr.points(p.bet))
        dr.write(d, right, mid, bet, 14, dr.GOLD, anchor="rm")
        flat.crowded(img, dr.text_box(right, mid, bet, 14, "rm")[0] <= badges_end)


def _pond(img: Image.Image, seat: SeatView, x0: int, y0: int) -> None:
    tw = dr.tile_w(POND_H)
    for r, row in enumerate(_pond_rows(seat)):
        x = x0
        for i in row:
            disc = seat.discards[i]
            shade: sprites.Shade = "dark" if disc.called else "none"
            w, h = (POND_H, tw) if disc.riichi else (tw, POND_H)
            top = y0 + r * POND_H + POND_H - h
            dr.paste(img, sprites.tile(disc.tile, POND_H, sideways=disc.riichi, shade=shade), x, top)
            if disc.last:
                dr.frame(img, (x - 1, top - 1, x + w, top + h), 4, dr.GOLD, 2)
            x += w


def _center(img: Image.Image, ox: int, oy: int, table: TableImage, texts: Mapping[str, str] | None) -> int:
    """Round, sticks, wall, dora and, in Janpo, the board and pots, onto the centre panel at (ox, oy).
    Returns the widest line, all centred: a long pot line reaches past the panel."""
    d = ImageDraw.Draw(img)
    cx = ox + CENTER_W / 2
    y = oy + 20
    wind = text(texts, f"wind_{table.round_wind}") if f"wind_{table.round_wind}" in _WIND_KEYS else table.round_wind
    widest = dr.write(d, cx, y, text(texts, "round", wind=wind, kyoku=table.kyoku), 22, anchor="mm")
    y += 24
    honba = text(texts, "honba", n=table.honba)
    if table.game == "five":
        widest = max(widest, dr.write(d, cx, y, honba, 13, dr.MUTED, anchor="mm"))
    else:
        # Riichi deposits as a stick and a count: no words to translate.
        count = text(texts, "deposits", n=table.deposits)
        w = dr.text_width(honba, 13) + 14 + 36 + 4 + dr.text_width(count, 13)
        x = cx - w / 2
        x += dr.write(d, x, y, honba, 13, dr.MUTED) + 14
        x += dr.riichi_stick(d, x, y, 36) + 4
        dr.write(d, x, y, count, 13, dr.MUTED)
        widest = max(widest, w)
    y += 18
    if table.wall is not None:
        widest = max(widest, dr.write(d, cx, y, text(texts, "wall", n=table.wall), 13, dr.MUTED, anchor="mm"))
        y += 16
    if table.dora_indicators:
        # The label sits above the tiles: "Dora indicator" and up to five tiles do not fit one line.
        tw = dr.tile_w(POND_H)
        n = len(table.dora_indicators)
        widest = max(widest, dr.write(d, cx, y + DORA_LABEL_H / 2, text(texts, "dora"), 13, dr.MUTED, anchor="mm"))
        dr.tile_row(img, table.dora_indicators, int(cx - (n * (tw + 1) - 1) / 2), int(y + DORA_LABEL_H), POND_H)
        y += DORA_LABEL_H + POND_H + 10
    flat.crowded(img, widest > FLAT_CENTER_W)  # only pot lines may run past the panel (_pots)
    if table.game == "janpo" or table.board or table.pots:
        cw = dr.tile_w(CARD_H)
        x = int(cx - (5 * (cw + 3) - 3) / 2)
        dr.card_row(img, table.board, x, y + 2, CARD_H, slots=5)
        y += CARD_H + 16
        widest = max(widest, _pots(d, table, cx, y, texts))
    return widest


def pot_lines(total: int, pots: tuple[Pot, ...], texts: Mapping[str, str] | None) -> list[tuple[str, int, dr.RGB]]:
    """The pot as every table draws it: "Pot" is all the chips in the middle, this round's bets
    included, and says so; with side pots, the collected pots follow by who may win them."""
    if not total and not pots:
        return []
    lines = [(text(texts, "pot", n=dr.points(total)), 16, dr.GOLD), (text(texts, "pot_note"), 11, dr.MUTED)]
    if len(pots) > 1:
        for i, pot in enumerate(pots):
            line = text(texts, "main_pot" if i == 0 else "side_pot", i=i, n=dr.points(pot.amount))
            if i and pot.eligible:
                line += "  (" + ", ".join(pot.eligible) + ")"
            lines.append((line, 13, dr.TEXT))
    return lines


POT_LINE_H = {16: 19, 11: 15, 13: 17}


def _pots(d: ImageDraw.ImageDraw, table: TableImage, cx: float, y: float, texts: Mapping[str, str] | None) -> int:
    widest = 0
    img = d._image
    for line, size, colour in pot_lines(table.pot(), table.pots, texts):
        # A line with many names runs past the panel onto the felt: composed on what lies there.
        with flat.on(img, dr.DARK if dr.text_width(line, size) <= FLAT_CENTER_W else None):
            widest = max(widest, dr.write(d, cx, y, line, size, colour, anchor="mm"))
        y += POT_LINE_H[size]
    return widest


def _center_height(table: TableImage) -> int:
    h = 20 + 24 + 18 + (16 if table.wall is not None else 0) + (DORA_LABEL_H + POND_H + 10 if table.dora_indicators else 0)
    if table.game == "janpo" or table.board or table.pots:
        h += CARD_H + 16 + max(19, sum(POT_LINE_H[size] for _, size, _ in pot_lines(table.pot(), table.pots, None)))
    return h + 8


@lru_cache(maxsize=8)
def _background(width: int, height: int, blocks: tuple[tuple[int, int, int, int], ...],
                center: tuple[int, int, int, int]) -> layers.Base:
    """The felt with the seat panels and the centre panel: the same for every move while the
    ponds keep their number of rows, so drawn (and mapped onto the palettes) once per layout
    and copied (a few layouts a game; the mapping 0.75 MB, the RGB picture only where asked for)."""
    def draw() -> Image.Image:
        img, d = dr.canvas(width, height)
        for x, y, w, h in blocks:
            d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=10, fill=dr.PANEL, outline=dr.PANEL_EDGE, width=1)
        x, y, w, h = center
        d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=12, fill=dr.DARK, outline=dr.PANEL_EDGE, width=1)
        return img

    return layers.Base(draw)


def render_table(table: TableImage, texts: Mapping[str, str] | None = None) -> Image.Image:
    """The table as an RGB picture."""
    return _draw(table, texts, None)


def table_picture(table: TableImage, texts: Mapping[str, str] | None = None,
                  kind: palette.Kind | None = None) -> Image.Image:
    """The table drawn straight onto the kind's palette (``flat``; the game's own by default), for
    ``to_png``: the same pixels as :func:`render_table` mapped. A latest-discard ring with a tile
    after it, a centre line that reaches into a seat block or a seat's line so full that its
    pieces overlap lie on what was drawn before them: those tables are drawn in RGB."""
    last_inside = any(d.last for s in table.seats for d in s.discards[:-1])
    if last_inside:
        return render_table(table, texts)
    img = _draw(table, texts, kind or table.game)
    return render_table(table, texts) if img.info.get(_WIDEST, 0) > REACH_W or flat.CROWDED in img.info else img


_WIDEST = "janpo.widest"


def _draw(table: TableImage, texts: Mapping[str, str] | None, kind: palette.Kind | None) -> Image.Image:
    """The table in RGB (``kind`` None) or on ``kind``'s palette."""
    poker_h = 0
    if table.game == "janpo":
        shown = any(s.poker and s.poker.showdown_cards for s in table.seats)
        poker_h = SHOWN_H if shown else POKER_H
    pond_rows = max(3, *(len(_pond_rows(s)) for s in table.seats))
    block_h = max(_block_height(s, poker_h, pond_rows) for s in table.seats)
    center_h = max(_center_height(table), block_h)
    width = 3 * GAP + 2 * BLOCK_W + CENTER_W + 2 * GAP
    mid_h = max(block_h, center_h)
    height = GAP + block_h + GAP + mid_h + GAP + block_h + GAP
    cx = width // 2
    mid_y = GAP + block_h + GAP
    # Seat 0 at the bottom, then counter-clockwise: right, top, left.
    spots = [
        (cx - BLOCK_W // 2, mid_y + mid_h + GAP),
        (width - GAP - BLOCK_W, mid_y + (mid_h - block_h) // 2),
        (cx - BLOCK_W // 2, GAP),
        (GAP, mid_y + (mid_h - block_h) // 2),
    ][:len(table.seats)]
    turns = [table.turn == i and not table.finished for i in range(len(spots))]
    center = (cx - CENTER_W // 2, mid_y + (mid_h - center_h) // 2, CENTER_W, center_h)
    blocks = tuple((x, y, BLOCK_W, block_h) for x, y in spots)
    base = _background(width, height, blocks, center)
    # Everything below is drawn inside a seat block or the centre panel (the turn frame on a
    # block's edge): only those boxes are mapped onto the palette (bot/render/layers.py).
    boxes = [(x, y, x + w, y + h) for x, y, w, h in (*blocks, center)]
    img = layers.start(base, boxes) if kind is None else flat.start(base.mapped(kind), kind, dr.BG, base.background)
    d = ImageDraw.Draw(img)
    for seat, (x, y), turn in zip(table.seats, spots, turns, strict=False):
        if turn:
            d.rounded_rectangle((x, y, x + BLOCK_W - 1, y + block_h - 1), radius=10, outline=flat.ink(img, dr.GOLD), width=3)
        with flat.on(img, dr.PANEL):
            _seat_block(img, x, y, seat, BLOCK_W, turn, pond_rows, poker_h, texts, table.finished)
    with flat.on(img, dr.DARK):
        widest = _center(img, center[0], center[1], table, texts)
    img.info[_WIDEST] = widest
    if widest > CENTER_W - 8:  # the lines that reach past the panel, a little more for glyph overhang
        boxes.append((cx - widest // 2 - 6, center[1], cx + widest // 2 + 6, center[1] + center_h))
    return img
