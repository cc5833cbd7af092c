"""The private hand image sent by DM: the tiles a player holds, what they may not discard, and
what they are waiting on; in Janpo also their hole cards, the board and, on their poker turn, the
call, the pot and their points behind. With assist, a gold bar under each suggested discard and
lines saying what the hand is near; the player's switches that are on, as badges."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.render import draw as dr
from bot.render import sprites
from bot.render.model import HandImage
from bot.render.texts import text

TILE_H = 64
SMALL_H = 40
CARD_H = 64
MARGIN = 12
DRAWN_GAP = 14
MELD_GAP = 10
NUMBERS_H = 26
NUMBERS_SIZE = 16
MARK_H = 8  # the gold bar under a tile assist suggests letting go
LINE_H = 24  # one assist line, or the row of switch badges
LINE_SIZE = 15
LARGE_H = 96  # large tiles: half as tall again, two rows
LARGE_ROW = 7
ROW_GAP = 10


def render_hand(hand: HandImage, texts: Mapping[str, str] | None = None) -> Image.Image:
    th = LARGE_H if hand.large else TILE_H
    tw = dr.tile_w(th)
    concealed = sorted(hand.tiles, key=dr.tile_key)
    # Large tiles: two rows of at most LARGE_ROW tiles (the drawn tile ends the last one), the
    # calls on a row of their own below at the usual size.
    rows = [concealed[i:i + LARGE_ROW] for i in range(0, len(concealed), LARGE_ROW)] if hand.large else [concealed]
    rows = rows or [[]]
    forbidden = {dr.five_of(t) for t in hand.forbidden}
    held = [*hand.tiles, *([hand.drawn] if hand.drawn else [])]
    # The kuikae note explains greyed tiles, so it appears only when a held tile is greyed (R3).
    greyed = any(dr.five_of(t) in forbidden for t in held)
    melds_w = sum(dr.meld_size(m, TILE_H)[0] for m in hand.melds) + MELD_GAP * len(hand.melds)
    melds_h = max((dr.meld_size(m, TILE_H)[1] for m in hand.melds), default=TILE_H)
    drawn_w = DRAWN_GAP + tw if hand.drawn else 0
    tiles_w = max(len(r) * (tw + 1) + (drawn_w if i == len(rows) - 1 else 0) for i, r in enumerate(rows))
    row_w = max(tiles_w, melds_w) if hand.large else tiles_w + (MELD_GAP + melds_w if hand.melds else 0)

    header = bool(hand.title or hand.riichi or hand.dora_indicators)
    header_h = SMALL_H + 8 if hand.dora_indicators else (30 if header else 0)
    header_w = _header_width(hand, texts)
    poker = bool(hand.hole_cards or hand.board or hand.poker_turn)
    numbers = _poker_numbers(hand, texts)
    poker_h = CARD_H + 30 + (NUMBERS_H if numbers else 0) if poker else 0
    caption_h = 44 if (hand.waits or hand.shanten is not None or hand.furiten or greyed) else 0
    poker_w = (2 * (dr.tile_w(CARD_H) + 3) + 24 + 5 * (dr.tile_w(CARD_H) + 3)) if poker else 0
    numbers_w = dr.text_width(numbers, NUMBERS_SIZE) if numbers else 0
    marked = bool(hand.suggested or hand.suggest_drawn)
    mark_h = MARK_H if marked else 0
    extra_h = LINE_H * (len(hand.assist_lines) + (1 if hand.switches else 0))
    extra_w = max((dr.text_width(line, LINE_SIZE) for line in hand.assist_lines), default=0)
    width = 2 * MARGIN + max(row_w, poker_w, numbers_w, header_w, extra_w, 420)
    if hand.large:
        tiles_h = len(rows) * (th + mark_h + ROW_GAP) - ROW_GAP + (ROW_GAP + melds_h if hand.melds else 0)
    else:
        tiles_h = max(melds_h, th) + mark_h
    height = MARGIN + header_h + tiles_h + poker_h + caption_h + extra_h + MARGIN
    img, d = dr.canvas(width, height)

    y = MARGIN
    if header:
        x = MARGIN
        mid = y + header_h / 2 - 2
        if hand.title:
            x += dr.write(d, x, mid, hand.title, 18) + 12
        if hand.riichi:
            x += dr.badge(d, x, mid, text(texts, "riichi"), 14, dr.GOLD) + 8
            x += dr.riichi_stick(d, x, mid, 48) + 12
        if hand.dora_indicators:
            dw = dr.tile_w(SMALL_H)
            row = len(hand.dora_indicators) * (dw + 1)
            right = width - MARGIN - row
            dr.write(d, right - 8, mid, text(texts, "dora"), 15, dr.MUTED, anchor="rm")
            dr.tile_row(img, hand.dora_indicators, right, y, SMALL_H)
        y += header_h

    bottom = y + (th if hand.large else max(melds_h, th))
    for i, row_tiles in enumerate(rows):
        x = MARGIN
        for t in row_tiles:
            shade: sprites.Shade = "grey" if dr.five_of(t) in forbidden else "none"
            dr.paste(img, sprites.tile(t, th, shade=shade), x, bottom - th)
            if t in hand.suggested:
                d.rectangle((x + 3, bottom + 2, x + tw - 4, bottom + MARK_H - 2), fill=dr.GOLD)
            x += tw + 1
        if hand.drawn and i == len(rows) - 1:
            x += DRAWN_GAP - 1
            shade = "grey" if dr.five_of(hand.drawn) in forbidden else "none"
            dr.paste(img, sprites.tile(hand.drawn, th, shade=shade), x, bottom - th)
            if hand.suggest_drawn:
                d.rectangle((x + 3, bottom + 2, x + tw - 4, bottom + MARK_H - 2), fill=dr.GOLD)
        if i < len(rows) - 1:
            bottom += mark_h + ROW_GAP + th
    if hand.melds:
        if hand.large:
            bottom += mark_h + ROW_GAP + melds_h
            x = MARGIN
        else:
            x = width - MARGIN - melds_w + MELD_GAP
        for m in hand.melds:
            x += dr.draw_meld(img, m, x, bottom, TILE_H) + MELD_GAP
        if hand.large:
            bottom -= mark_h
    y = bottom + mark_h

    if poker:
        y += 10
        mid = y + 9
        x = MARGIN
        dr.write(d, x, mid, text(texts, "hole_cards"), 14, dr.MUTED)
        dr.card_row(img, hand.hole_cards, x, y + 20, CARD_H, slots=2)
        x += 2 * (dr.tile_w(CARD_H) + 3) + 24
        dr.write(d, x, mid, text(texts, "board"), 14, dr.MUTED)
        dr.card_row(img, hand.board, x, y + 20, CARD_H, slots=5)
        if numbers:
            dr.write(d, MARGIN, y + 20 + CARD_H + 2 + NUMBERS_H / 2, numbers, NUMBERS_SIZE, dr.GOLD)
        y += poker_h - 10

    if caption_h:
        _caption(img, hand, texts, y + 8, width, greyed)
        y += caption_h
    for line in hand.assist_lines:
        dr.write(d, MARGIN, y + LINE_H / 2, line, LINE_SIZE, dr.GOLD)
        y += LINE_H
    if hand.switches:
        x = MARGIN
        for name in hand.switches:
            x += dr.badge(d, x, y + LINE_H / 2, name, 13, dr.MUTED) + 8
    return img


def _header_width(hand: HandImage, texts: Mapping[str, str] | None) -> int:
    """Room the header needs, so a long title or label never runs into the dora indicators."""
    w = dr.text_width(hand.title, 18) + 12 if hand.title else 0
    if hand.riichi:
        w += dr.text_width(text(texts, "riichi"), 14) + 14 + 8 + 48 + 12
    if hand.dora_indicators:
        w += dr.text_width(text(texts, "dora"), 15) + 8 + len(hand.dora_indicators) * (dr.tile_w(SMALL_H) + 1)
    return w


def _poker_numbers(hand: HandImage, texts: Mapping[str, str] | None) -> str:
    """'To call 500 · Pot 1,200 · You have 24,500' on the player's poker turn; no call when
    there is nothing to call."""
    turn = hand.poker_turn
    if turn is None:
        return ""
    parts = [text(texts, "to_call", n=dr.points(turn.to_call))] if turn.to_call else []
    parts += [text(texts, "pot", n=dr.points(turn.pot)), text(texts, "behind", n=dr.points(turn.behind))]
    return " · ".join(parts)


def _caption(img: Image.Image, hand: HandImage, texts: Mapping[str, str] | None, y: int, width: int,
             kuikae: bool) -> None:
    d = ImageDraw.Draw(img)
    small = 30
    mid = y + small / 2 + 2
    x = MARGIN
    if hand.furiten:
        x += dr.badge(d, x, mid, text(texts, "furiten"), 14, dr.ALERT, ink=dr.TEXT) + 10
    if hand.shanten is not None:
        key = "complete" if hand.shanten < 0 else ("tenpai" if hand.shanten == 0 else "shanten")
        x += dr.write(d, x, mid, text(texts, key, n=hand.shanten), 16) + 14
    if hand.waits:
        x += dr.write(d, x, mid, text(texts, "waits"), 16, dr.MUTED) + 6
        sw = dr.tile_w(small)
        for w in hand.waits:
            dr.paste(img, sprites.tile(w.tile, small), x, y + 2)
            x += sw + 2
            colour = dr.ALERT if w.remaining == 0 else dr.TEXT
            x += dr.write(d, x, mid, text(texts, "wait_count", n=w.remaining), 15, colour) + 10
    if kuikae and not hand.waits:
        dr.write(d, x, mid, text(texts, "kuikae"), 13, dr.MUTED)
