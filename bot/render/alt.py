"""The words of every picture: what a seeing player takes from it, for a screen reader (issue 39).

Each function reads the same frozen record (``bot.render.model``) the picture is drawn from, so
the words and the picture cannot disagree; :func:`describe` picks the function by the record's
type and keeps the result within Discord's 1,024 characters for an attachment's description.
The public records have no field that holds a concealed tile or an unshown hole card, so a
public picture's words cannot tell one either. Text mode (``/settings me``) puts the same words
in the message itself.

Tiles are named by suit and number, grouped by suit in the hand's order ("dots 5 5 red 5");
one tile alone is "5 dots (red)". Writing the words costs a few per cent of drawing the picture
(``python -m bench render``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from bot.i18n import t
from bot.render.draw import five_of, tile_key
from bot.render.model import (
    Discard,
    FiveResult,
    HandImage,
    HoldemTable,
    KyokuResult,
    MeldView,
    PokerSeat,
    SeatView,
    ShowdownImage,
    StandingsImage,
    TableImage,
)

LIMIT = 1024  # Discord's longest attachment description
_TOKEN = re.compile(r"([0-9]+)([mpsz])")
_STATUS = {"folded": "alt.status.folded", "all_in": "alt.status.all_in", "busted": "alt.status.busted"}
# Catalog keys by notation, written out so every key the words use is found in the code.
SUIT_KEYS = {"m": "alt.suit.m", "p": "alt.suit.p", "s": "alt.suit.s"}
TILE_KEYS = {"m": "alt.tile.m", "p": "alt.tile.p", "s": "alt.tile.s"}
HONOR_KEYS = {"1": "alt.honor.1", "2": "alt.honor.2", "3": "alt.honor.3", "4": "alt.honor.4", "5": "alt.honor.5",
              "6": "alt.honor.6", "7": "alt.honor.7"}
RANK_KEYS = {"T": "alt.rank.T", "J": "alt.rank.J", "Q": "alt.rank.Q", "K": "alt.rank.K", "A": "alt.rank.A"}
CARD_SUIT_KEYS = {"s": "alt.card_suit.s", "h": "alt.card_suit.h", "d": "alt.card_suit.d", "c": "alt.card_suit.c"}
WIND_KEYS = {"E": "alt.wind.E", "S": "alt.wind.S", "W": "alt.wind.W", "N": "alt.wind.N"}
MELD_KEYS = {"chi": "alt.meld.chi", "pon": "alt.meld.pon", "kan": "alt.meld.kan", "ankan": "alt.meld.ankan",
             "kakan": "alt.meld.kakan"}


def tiles_of(notation: str | Iterable[str]) -> list[str]:
    """``'34m'`` or ``['3m', '4m']`` to ``['3m', '4m']``: one string per tile."""
    if isinstance(notation, str):
        if len(notation) == 2:  # one tile, as every record holds them
            return [notation]
        return [f"{d}{suit}" for digits, suit in _TOKEN.findall(notation) for d in digits]
    return [t for part in notation for t in tiles_of(part)]


@cache
def tile_word(lang: str, tile: str) -> str:
    """One tile: ``'0p'`` -> "5 dots (red)", ``'1z'`` -> "east wind". Cached: a table's words name
    dozens of tiles, and each name is a catalog lookup and a format."""
    tiles = tiles_of(tile)
    if len(tiles) != 1:
        return tiles_words(lang, tiles, keep_order=True) if tiles else tile
    n, suit = tiles[0][0], tiles[0][1]
    if suit == "z":
        return t(lang, HONOR_KEYS[n])
    word = t(lang, TILE_KEYS[suit], n="5" if n == "0" else n)
    return t(lang, "alt.red_tile", tile=word) if n == "0" else word


def tiles_words(lang: str, tiles: Iterable[str], keep_order: bool = False) -> str:
    """Tiles grouped by suit: "characters 2 3 4; dots 5 5 red 5; east wind, white dragon".
    ``keep_order``: in the given order (a meld, a chi's two tiles), else sorted as the hand is."""
    items = tiles_of(list(tiles))
    if not items:
        return t(lang, "alt.none")
    if not keep_order:
        items.sort(key=tile_key)
    groups: list[tuple[str, list[str]]] = []
    for tile in items:
        suit = tile[1]
        if groups and groups[-1][0] == suit:
            groups[-1][1].append(tile)
        else:
            groups.append((suit, [tile]))
    parts = []
    for suit, group in groups:
        if suit == "z":
            parts.append(_join(lang, [tile_word(lang, x) for x in group]))
        else:
            numbers = [_red(lang) if x[0] == "0" else x[0] for x in group]
            parts.append(f"{_word(lang, SUIT_KEYS[suit])} {' '.join(numbers)}")
    return _join(lang, parts, "alt.groups")


def _join(lang: str, parts: Sequence[str], key: str = "alt.list") -> str:
    """The parts joined as the catalog's ``{a}, {b}`` (or ``{a}; {b}``) says."""
    if not parts:
        return _word(lang, "alt.none")
    return _separator(lang, key).join(parts)


@cache
def _red(lang: str) -> str:
    return t(lang, "alt.red_in_group", n=5)


@cache
def _separator(lang: str, key: str) -> str:
    return t(lang, key, a="", b="")


@cache
def _word(lang: str, key: str) -> str:
    return t(lang, key)


def card_word(lang: str, card: str) -> str:
    """``'Ah'`` -> "ace of hearts"."""
    rank, suit = card[:1], card[1:2]
    return t(lang, "alt.card", rank=t(lang, RANK_KEYS[rank]) if rank in RANK_KEYS else rank,
             suit=t(lang, CARD_SUIT_KEYS[suit]) if suit in CARD_SUIT_KEYS else suit)


def cards_words(lang: str, cards: Iterable[str]) -> str:
    return _join(lang, [card_word(lang, c) for c in cards])


@cache
def meld_words(lang: str, meld: MeldView) -> str:
    return t(lang, MELD_KEYS[meld.kind], tiles=tiles_words(lang, meld.tiles))


def _melds(lang: str, melds: Iterable[MeldView]) -> str:
    return _join(lang, [meld_words(lang, m) for m in melds])


# ---- the hand ------------------------------------------------------------------------------------

def hand_words(hand: HandImage, lang: str, own: bool = True) -> str:
    """A player's own hand, for their DM: the tiles by suit, the drawn tile, calls, greyed tiles,
    riichi, waits, dora indicators, and in Janpo or hold'em the cards, board and price to call.
    ``own``: False for a hand shown to others (a replay): "Hand:", not "Your hand:"."""
    out = [t(lang, "alt.hand_title", title=hand.title)] if hand.title else []
    if hand.tiles or hand.drawn or hand.melds:
        out.append(t(lang, "alt.hand" if own else "alt.hand_open", tiles=tiles_words(lang, hand.tiles)))
        if hand.drawn:
            out.append(t(lang, "alt.drew", tile=tile_word(lang, hand.drawn)))
        if hand.melds:
            out.append(t(lang, "alt.melds", melds=_melds(lang, hand.melds)))
        forbidden = {five_of(x) for x in hand.forbidden}
        greyed = [x for x in (*hand.tiles, *([hand.drawn] if hand.drawn else [])) if five_of(x) in forbidden]
        if greyed:
            out.append(t(lang, "alt.greyed", tiles=tiles_words(lang, greyed)))
    if hand.riichi:
        out.append(t(lang, "alt.riichi_self"))
    if hand.shanten is not None:
        out.append(t(lang, "alt.complete") if hand.shanten < 0 else t(lang, "alt.tenpai") if hand.shanten == 0
                   else t(lang, "alt.shanten", n=hand.shanten))
    if hand.furiten:
        out.append(t(lang, "alt.furiten"))
    if hand.waits:
        waits = [t(lang, "alt.wait", tile=tile_word(lang, w.tile), n=w.remaining) for w in hand.waits]
        out.append(t(lang, "alt.waits", waits=_join(lang, waits)))
    if hand.dora_indicators:
        out.append(t(lang, "alt.dora", tiles=tiles_words(lang, hand.dora_indicators, keep_order=True)))
    if hand.hole_cards or hand.board or hand.poker_turn:
        out.append(t(lang, "alt.hole", cards=cards_words(lang, hand.hole_cards)))
        out.append(t(lang, "alt.board", cards=cards_words(lang, hand.board)))
    turn = hand.poker_turn
    if turn is not None:
        key = "alt.to_call" if turn.to_call else "alt.nothing_to_call"
        out.append(t(lang, key, to_call=turn.to_call, pot=turn.pot, behind=turn.behind))
    suggested = [*hand.suggested, *([hand.drawn] if hand.suggest_drawn and hand.drawn else [])]
    if suggested:
        out.append(t(lang, "alt.suggested", tiles=tiles_words(lang, suggested)))
    out += [line if line.endswith(".") else f"{line}." for line in hand.assist_lines]
    if hand.switches:
        out.append(t(lang, "alt.switches", names=_join(lang, hand.switches)))
    return " ".join(out)


# ---- the public tables ---------------------------------------------------------------------------

def _same_hand(a: TableImage, b: TableImage) -> bool:
    return (a.round_wind, a.kyoku, a.honba, len(a.seats)) == (b.round_wind, b.kyoku, b.honba, len(b.seats)) and all(
        len(x.discards) >= len(y.discards) for x, y in zip(a.seats, b.seats, strict=True))


@cache
def _discard(lang: str, d: Discard) -> str:
    word = tile_word(lang, d.tile)
    if d.riichi:
        word = t(lang, "alt.riichi_tile", tile=word)
    if d.called:
        word = t(lang, "alt.called_tile", tile=word)
    return word


def _poker_bits(lang: str, poker: PokerSeat | None, janpo: bool) -> list[str]:
    if poker is None:
        return []
    bits = [poker.position] if poker.position else []
    if poker.bet:
        bits.append(t(lang, "alt.bet", n=poker.bet))
    if poker.status in _STATUS and not (janpo and poker.status == "busted"):
        bits.append(t(lang, _STATUS[poker.status]))
    elif janpo and poker.status == "busted":
        bits.append(t(lang, "alt.status.out"))
    if poker.showdown_cards:
        bits.append(t(lang, "alt.shown", cards=cards_words(lang, poker.showdown_cards)))
    return bits


def _seat(lang: str, seat: SeatView, since: SeatView | None, janpo: bool) -> str:
    wind = t(lang, WIND_KEYS[seat.wind]) if seat.wind in WIND_KEYS else seat.wind
    head = t(lang, "alt.seat_dealer" if seat.dealer else "alt.seat", wind=wind, name=seat.name, points=seat.points)
    bits = [head]
    if seat.riichi:
        bits.append(t(lang, "alt.in_riichi"))
    new = seat.discards[len(since.discards):] if since is not None else seat.discards
    bits.append(t(lang, "alt.discarded", tiles=_join(lang, [_discard(lang, d) for d in new])) if new
                else _word(lang, "alt.discarded_none" if since is not None else "alt.pond_empty"))
    if seat.melds:
        bits.append(t(lang, "alt.seat_melds", melds=_melds(lang, seat.melds)))
    bits += _poker_bits(lang, seat.poker, janpo)
    return ", ".join(bits) + "."


def round_words(lang: str, wind: str, kyoku: int) -> str:
    return t(lang, "alt.round_name", wind=t(lang, WIND_KEYS[wind]) if wind in WIND_KEYS else wind, kyoku=kyoku)


def table_words(table: TableImage, lang: str, since: TableImage | None = None) -> str:
    """The channel's table: round, sticks and wall, dora indicators, each seat's points, riichi,
    discards since ``since`` (the last picture told, when it is of the same hand), calls and
    poker state, then whose turn it is and the pot and board."""
    since = since if since is not None and _same_hand(table, since) else None
    name = round_words(lang, table.round_wind, table.kyoku)
    if table.finished:
        out = [t(lang, "alt.round_over", round=name)]
    else:
        out = [t(lang, "alt.round", round=name, honba=table.honba, sticks=table.deposits, wall=table.wall or 0)]
    if table.dora_indicators:
        out.append(t(lang, "alt.dora", tiles=tiles_words(lang, table.dora_indicators, keep_order=True)))
    janpo = table.game == "janpo"
    for i, seat in enumerate(table.seats):
        out.append(_seat(lang, seat, since.seats[i] if since is not None else None, janpo))
    if table.turn is not None and 0 <= table.turn < len(table.seats):
        out.append(t(lang, "alt.turn", name=table.seats[table.turn].name))
    acting = [s.name for s in table.seats if s.poker is not None and s.poker.status == "to_act"]
    out += [t(lang, "alt.to_act", name=n) for n in acting]
    if any(s.poker is not None for s in table.seats):
        if table.board:
            out.append(t(lang, "alt.board", cards=cards_words(lang, table.board)))
        out.append(t(lang, "alt.pot", n=table.pot()))
    return " ".join(out)


def holdem_words(table: HoldemTable, lang: str, since: HoldemTable | None = None) -> str:
    """A hold'em table: the hand and blinds, the board, each seat's chips, bet and state, who
    acts, the pot. ``since`` is accepted like :func:`table_words`'s (a hold'em picture has no river
    of discards to tell apart)."""
    out = [t(lang, "alt.holdem_over")] if table.finished else [
        t(lang, "alt.holdem", hand=table.hand_no or 0, small=table.small_blind, big=table.big_blind)]
    out.append(t(lang, "alt.board", cards=cards_words(lang, table.board)))
    for seat in table.seats:
        bits = [t(lang, "alt.stack", name=seat.name, stack=seat.stack)]
        if seat.button:
            bits.append(t(lang, "alt.button"))
        if not seat.in_hand and not table.finished and seat.poker.status != "busted":
            bits.append(t(lang, "alt.sitting_out"))
        bits += _poker_bits(lang, seat.poker, False)
        out.append(", ".join(bits) + ".")
    out += [t(lang, "alt.to_act", name=s.name) for s in table.seats if s.poker.status == "to_act"]
    if not table.finished:
        out.append(t(lang, "alt.pot", n=table.pot()))
    return " ".join(out)


# ---- results -------------------------------------------------------------------------------------

def _changes(lang: str, changes: Iterable[Any]) -> str:
    return t(lang, "alt.changes", changes=_join(lang, [t(lang, "alt.change", name=c.name, delta=f"{c.delta:+,}")
                                                       for c in changes]))


def _ending(lang: str, r: KyokuResult | FiveResult) -> list[str]:
    out = [f"{r.title}."] if r.title else []
    if not r.winner:
        out.append(t(lang, "alt.draw"))
        out.append(t(lang, "alt.tenpai_players", names=_join(lang, r.tenpai)) if r.tenpai else t(lang, "alt.noten_all"))
        return out
    out.append(t(lang, "alt.ron", winner=r.winner, loser=r.loser) if r.loser else t(lang, "alt.tsumo", winner=r.winner))
    out.append(t(lang, "alt.winning_hand", tiles=tiles_words(lang, r.hand),
                 tile=tile_word(lang, r.win_tile) if r.win_tile else t(lang, "alt.none")))
    if r.melds:
        out.append(t(lang, "alt.melds", melds=_melds(lang, r.melds)))
    return out


def _indicators(lang: str, r: KyokuResult | FiveResult) -> list[str]:
    out = []
    if r.dora_indicators:
        out.append(t(lang, "alt.dora", tiles=tiles_words(lang, r.dora_indicators, keep_order=True)))
    if r.ura_indicators:
        out.append(t(lang, "alt.ura", tiles=tiles_words(lang, r.ura_indicators, keep_order=True)))
    return out


def kyoku_words(result: KyokuResult, lang: str) -> str:
    """A riichi or Janpo kyoku's end: who won how, the hand, each yaku with its han, han and fu
    and the value, the indicators, and each player's change."""
    out = _ending(lang, result)
    if result.winner:
        lines = [t(lang, "alt.yaku", label=x.label, han=x.han) for x in result.lines]
        out.append(t(lang, "alt.lines", lines=_join(lang, lines)))
        out.append(t(lang, "alt.han_fu", han=result.han, fu=result.fu, value=result.value))
        out += _indicators(lang, result)
    out.append(_changes(lang, result.changes))
    return " ".join(out)


def five_words(result: FiveResult, lang: str) -> str:
    """A Mahjong Five kyoku's end: every line with its han, the total and base score (F5, F9)."""
    out = _ending(lang, result)
    if result.winner:
        lines = [t(lang, "alt.yaku", label=x.label, han=x.han) for x in result.lines]
        out.append(t(lang, "alt.lines", lines=_join(lang, lines)))
        out.append(t(lang, "alt.total", han=result.total_han, base=result.base_score))
        out += _indicators(lang, result)
    out.append(_changes(lang, result.changes))
    return " ".join(out)


def showdown_words(image: ShowdownImage, lang: str) -> str:
    """A poker showdown: the board, each shown hand with its class and winnings, the pots."""
    out = [f"{image.title}."] if image.title else []
    out.append(t(lang, "alt.board", cards=cards_words(lang, image.board)))
    for h in image.hands:
        if h.folded:
            out.append(t(lang, "alt.showdown_folded", name=h.name) + ".")
            continue
        key = "alt.showdown_won" if h.won else "alt.showdown_hand"
        out.append(t(lang, key, name=h.name, cards=cards_words(lang, h.cards), label=h.label or "-", won=h.won) + ".")
    for p in image.pots:
        out.append(t(lang, "alt.pot_won", names=_join(lang, p.winners), amount=p.amount) + ".")
    return " ".join(out)


def standings_words(image: StandingsImage, lang: str) -> str:
    """The final standings, best first, with the M.League result where there is one."""
    rows = [t(lang, "alt.standing_note" if r.note else "alt.standing", rank=r.rank, name=r.name, points=r.points,
              note=r.note) for r in image.rows]
    table = _join(lang, rows, "alt.groups")
    out = [f"{image.title}: {table}." if image.title else t(lang, "alt.standings", rows=table)]
    if image.footer:
        out.append(f"{image.footer}.")
    return " ".join(out)


def rating_words(series: Mapping[str, Sequence[float]], lang: str) -> str:
    """The ``/stats`` rating chart (``bot.results.plot``), from the series it is drawn from:
    each game mode's first and last rating, lowest and highest."""
    parts = [t(lang, "alt.rating_series", name=name, first=round(v[0]), last=round(v[-1]), low=round(min(v)),
               high=round(max(v))) for name, v in series.items() if v]
    return fit(t(lang, "alt.rating_chart", series=_join(lang, parts, "alt.groups")))


def describe(record: Any, lang: str, since: Any = None) -> str:
    """The words of the picture drawn from ``record``, at most :data:`LIMIT` characters.
    ``since``: for a table, the record of the last picture told (its discards are not told again)."""
    if isinstance(record, HandImage):
        words = hand_words(record, lang)
    elif isinstance(record, TableImage):
        words = table_words(record, lang, since if isinstance(since, TableImage) else None)
    elif isinstance(record, HoldemTable):
        words = holdem_words(record, lang, since if isinstance(since, HoldemTable) else None)
    elif isinstance(record, KyokuResult):
        words = kyoku_words(record, lang)
    elif isinstance(record, FiveResult):
        words = five_words(record, lang)
    elif isinstance(record, ShowdownImage):
        words = showdown_words(record, lang)
    elif isinstance(record, StandingsImage):
        words = standings_words(record, lang)
    else:
        raise TypeError(f"no words for {type(record).__name__}")
    return fit(words)


def fit(words: str, limit: int = LIMIT) -> str:
    """``words`` cut to ``limit`` characters, at the last sentence (or else word) that fits,
    with an ellipsis: the same words always give the same cut."""
    if len(words) <= limit:
        return words
    head = words[:limit - 1]
    cut = head.rfind(". ")
    if cut < limit // 2:
        cut = head.rfind(" ")
    return (head[:cut + 1] if cut > 0 else head).rstrip() + "…"
