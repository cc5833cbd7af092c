"""Result images: a kyoku's end (riichi and Janpo), a Mahjong Five kyoku's end, the final standings.

The Five result spells out every line of the score with its han, as the family rules ask, and words
changes as scores ("score +20"), never as payments (F9).
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.render import draw as dr
from bot.render import sprites
from bot.render.model import FiveResult, KyokuResult, MeldView, ScoreChange, ScoreLine, StandingsImage
from bot.render.texts import signed, text

MARGIN = 18
HAND_H = 52
SMALL_H = 36
WIDTH = 760
PLUS = (140, 240, 200)  # mint: a gain stays apart from a loss for deuteranopes (bot.render.vision)
MEDALS = [(246, 196, 64), (200, 206, 214), (176, 108, 60)]  # bronze darker than gold for tritanopes


def _hand_row(img: Image.Image, hand: tuple[str, ...], melds: tuple[MeldView, ...], win_tile: str | None,
              y: int) -> int:
    """Winning hand, win tile set apart, then melds; returns the row's height."""
    tall = max([HAND_H] + [dr.meld_size(m, HAND_H)[1] for m in melds])
    bottom = y + tall
    x = MARGIN
    tw = dr.tile_w(HAND_H)
    for t in sorted(hand, key=dr.tile_key):
        dr.paste(img, sprites.tile(t, HAND_H), x, bottom - HAND_H)
        x += tw + 1
    if win_tile:
        x += 10
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((x - 3, bottom - HAND_H - 3, x + tw + 2, bottom + 2), radius=6, outline=dr.GOLD, width=3)
        dr.paste(img, sprites.tile(win_tile, HAND_H), x, bottom - HAND_H)
        x += tw + 12
    for m in melds:
        x += dr.draw_meld(img, m, x, bottom, HAND_H) + 8
    return tall


def _indicators(img: Image.Image, d: ImageDraw.ImageDraw, dora: tuple[str, ...], ura: tuple[str, ...], y: int,
                texts: Mapping[str, str] | None) -> None:
    x = MARGIN
    for key, tiles in (("dora", dora), ("ura", ura)):
        if tiles:
            x += dr.write(d, x, y + SMALL_H / 2, text(texts, key), 14, dr.MUTED) + 6
            x += dr.tile_row(img, tiles, x, y, SMALL_H) + 18


def _changes(d: ImageDraw.ImageDraw, changes: tuple[ScoreChange, ...], x: int, y: int, five: bool,
             texts: Mapping[str, str] | None) -> None:
    for c in changes:
        dr.write(d, x, y, c.name, 17)
        amount = signed(c.delta) if five else signed(c.delta).replace(str(abs(c.delta)), dr.points(abs(c.delta)))
        label = text(texts, "score_change", delta=amount) if five else amount
        colour = PLUS if c.delta > 0 else (dr.ALERT if c.delta < 0 else dr.MUTED)
        dr.write(d, WIDTH - MARGIN, y, label, 18, colour, anchor="rm")
        y += 28


def _title(d: ImageDraw.ImageDraw, result: KyokuResult | FiveResult, texts: Mapping[str, str] | None) -> None:
    if result.winner and result.loser:
        headline = text(texts, "ron", winner=result.winner, loser=result.loser)
    elif result.winner:
        headline = text(texts, "tsumo", winner=result.winner)
    else:
        headline = text(texts, "draw")
    x = MARGIN
    if result.title:
        x += dr.write(d, x, MARGIN + 12, result.title, 20, dr.MUTED) + 14
    dr.write(d, x, MARGIN + 12, headline, 20)


def _layout_height(result: KyokuResult | FiveResult, lines: int, extra: int) -> int:
    tall = max([HAND_H] + [dr.meld_size(m, HAND_H)[1] for m in result.melds]) if result.hand else 0
    dora = SMALL_H + 12 if (result.dora_indicators or result.ura_indicators) else 0
    body = max(26 * lines + extra, 28 * len(result.changes) + 10)
    return MARGIN + 36 + (tall + 14 if tall else 0) + dora + body + MARGIN


def _head(img: Image.Image, d: ImageDraw.ImageDraw, result: KyokuResult | FiveResult,
          texts: Mapping[str, str] | None) -> int:
    """Title, the winning hand and the indicators, shared by riichi and Five results; the next y."""
    _title(d, result, texts)
    y = MARGIN + 36
    if result.hand:
        y += _hand_row(img, result.hand, result.melds, result.win_tile, y) + 14
    if result.dora_indicators or result.ura_indicators:
        _indicators(img, d, result.dora_indicators, result.ura_indicators, y, texts)
        y += SMALL_H + 12
    return y


YAKU_RIGHT = WIDTH // 2 - 20  # the han column's right edge; score changes start past it


def _yaku_rows(result: KyokuResult, texts: Mapping[str, str] | None) -> list[tuple[ScoreLine, bool, int]]:
    """Each line, whether its romanised name fits beside the label (else it goes under), and
    the row's height."""
    han_w = max((dr.text_width(text(texts, "han", n=line.han), 16) for line in result.lines), default=0)
    room = YAKU_RIGHT - han_w - 12 - MARGIN
    rows = []
    for line in result.lines:
        extra = bool(line.romaji) and line.romaji != line.label
        beside = not extra or dr.text_width(line.label, 16) + 8 + dr.text_width(line.romaji, 13) <= room
        rows.append((line, beside, 26 if beside else 42))
    return rows


def render_kyoku_result(result: KyokuResult, texts: Mapping[str, str] | None = None) -> Image.Image:
    extra = 60 if result.winner else 26
    rows = _yaku_rows(result, texts)
    img, d = dr.canvas(WIDTH, _layout_height(result, 0, extra + sum(h for _, _, h in rows)))
    y = _head(img, d, result, texts)
    col = WIDTH // 2 + 20
    ly = y + 12
    for line, beside, h in rows:
        # The name in the reader's language, and the romanised one players also use beside or under it.
        x = MARGIN + dr.write(d, MARGIN, ly, dr.fit(line.label, 16, YAKU_RIGHT - 60 - MARGIN), 16) + 8
        if line.romaji and line.romaji != line.label:
            if beside:
                dr.write(d, x, ly + 1, line.romaji, 13, dr.MUTED)
            else:
                dr.write(d, MARGIN + 12, ly + 17, dr.fit(line.romaji, 13, YAKU_RIGHT - MARGIN - 12), 13, dr.MUTED)
        dr.write(d, col - 40, ly, text(texts, "han", n=line.han), 16, dr.MUTED, anchor="rm")
        ly += h
    if result.winner:
        d.line((MARGIN, ly - 8, col - 40, ly - 8), fill=dr.PANEL_EDGE, width=1)
        dr.write(d, MARGIN, ly + 8, text(texts, "han_fu", han=result.han, fu=result.fu), 18)
        if result.value:
            dr.write(d, MARGIN, ly + 36, result.value, 18, dr.GOLD)
    elif result.tenpai is not None:
        names = ", ".join(result.tenpai)
        dr.write(d, MARGIN, ly, text(texts, "tenpai_players", names=names) if names else text(texts, "noten_all"), 16)
    _changes(d, result.changes, col, y + 12, False, texts)
    return img


def render_five_result(result: FiveResult, texts: Mapping[str, str] | None = None) -> Image.Image:
    img, d = dr.canvas(WIDTH, _layout_height(result, len(result.lines), 70 if result.winner else 26))
    y = _head(img, d, result, texts)
    col = WIDTH // 2 + 20
    ly = y + 12
    for line in result.lines:
        x = MARGIN + (22 if line.bonus else 0)
        label = ("+ " if line.bonus else "") + line.label
        dr.write(d, x, ly, label, 16, dr.MUTED if line.bonus else dr.TEXT)
        dr.write(d, col - 40, ly, text(texts, "han", n=line.han), 16, dr.TEXT, anchor="rm")
        ly += 26
    if result.winner:
        d.line((MARGIN, ly - 8, col - 40, ly - 8), fill=dr.PANEL_EDGE, width=2)
        dr.write(d, MARGIN, ly + 8, text(texts, "total_han"), 18)
        dr.write(d, col - 40, ly + 8, text(texts, "han", n=result.total_han), 18, anchor="rm")
        dr.write(d, MARGIN, ly + 40, text(texts, "base_score"), 18, dr.GOLD)
        dr.write(d, col - 40, ly + 40, str(result.base_score), 22, dr.GOLD, anchor="rm")
    else:
        names = ", ".join(result.tenpai)
        dr.write(d, MARGIN, ly, text(texts, "tenpai_players", names=names) if names else text(texts, "noten_all"), 16)
    _changes(d, result.changes, col, y + 12, True, texts)
    return img


NOTE_W = 84  # the M.League column, wide enough for "−123.4"


def render_standings(standings: StandingsImage, texts: Mapping[str, str] | None = None) -> Image.Image:
    """Rank, name and points; with notes, a labelled column for them (the M.League result of
    R2 beside the raw points, so "+51.1" never stands unexplained)."""
    width, row_h = 520, 44
    notes = any(row.note for row in standings.rows)
    head_h = 22 if notes else 0
    height = MARGIN + 44 + head_h + row_h * len(standings.rows) + (30 if standings.footer else 0) + MARGIN
    img, d = dr.canvas(width, height)
    dr.write(d, MARGIN, MARGIN + 14, standings.title or text(texts, "standings"), 22)
    y = MARGIN + 44
    right = width - MARGIN
    points_right = right - NOTE_W - 16 if notes else right
    if notes:
        dr.write(d, points_right, y + 7, text(texts, "points_column"), 13, dr.MUTED, anchor="rm")
        dr.write(d, right, y + 7, standings.note_label or text(texts, "mleague"), 13, dr.MUTED, anchor="rm")
        y += head_h
    for row in standings.rows:
        d.rounded_rectangle((MARGIN - 6, y, width - MARGIN + 6, y + row_h - 6), radius=10, fill=dr.PANEL)
        mid = y + (row_h - 6) / 2
        medal = MEDALS[row.rank - 1] if 1 <= row.rank <= 3 else dr.PANEL_EDGE
        d.ellipse((MARGIN, mid - 13, MARGIN + 26, mid + 13), fill=medal)
        dr.write(d, MARGIN + 13, mid, str(row.rank), 15, dr.DARK, anchor="mm")
        dr.write(d, MARGIN + 40, mid, dr.fit(row.name, 18, points_right - 90 - MARGIN - 40), 18)
        if row.note:
            dr.write(d, right, mid, row.note, 16, dr.MUTED, anchor="rm")
        dr.write(d, points_right, mid, dr.points(row.points), 19, dr.ALERT if row.points < 0 else dr.TEXT, anchor="rm")
        y += row_h
    if standings.footer:
        dr.write(d, MARGIN, y + 14, standings.footer, 14, dr.MUTED)
    return img
