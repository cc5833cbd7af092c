"""Hand value and waits: a thin adapter over the `mahjong` library, configured to RULES.md R6/R13.

The library decides yaku, han, fu, payments and shanten; this module only builds its input
(136 ids of the whole hand, its meld objects, a ``HandConfig`` kept per situation and thread:
engine/riichi/library_config.py) and applies the one correction R6 asks for:
a pair of the wind that is both seat and round wind is worth 2 fu, not the library's 4.

How the correction is made: a hand whose only tiles of that wind are its pair holds exactly two
of them, so it can never score the round-wind yakuhai (that needs three). Asking the library with
the round wind withheld therefore changes nothing but the pair's fu, which it then counts once
(2 fu); and because the library itself still chooses among all decompositions, the best one under
the corrected fu is picked, not merely the one that was best at 4 fu.

>>> from engine.tiles import kind_name, parse_kinds
>>> def ids(text):  # plain (non-red) copies, enough for these examples
...     seen = {}
...     out = []
...     for k in parse_kinds(text):
...         seen[k] = seen.get(k, 0) + 1
...         out.append(k * 4 + seen[k])
...     return tuple(out)
>>> hand = ids("234m234m567p678s55s")            # riichi, pinfu, tanyao, iipeiko: 4 han 30 fu
>>> win = WinContext(closed=hand, melds=(), win_tile=hand[8], tsumo=False,
...                  seat_wind=1, round_wind=0, riichi=True)
>>> s = score_win(win)
>>> s.han, s.fu, s.limit, s.ron                  # kiriage mangan (R6)
(4, 30, 'mangan', 8000)
>>> s.yaku
('Riichi', 'Pinfu', 'Tanyao', 'Iipeiko')
>>> sorted(kind_name(k) for k in waits(ids("1112345678999m")))
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.shanten import Shanten

from engine.memo import Memo
from engine.riichi import library_config
from engine.riichi.library_config import EAST_34, Situation, library_melds, options
from engine.tiles import ORPHANS, Meld, near_kinds, to_34

__all__ = [
    "DAISANGEN",
    "DAISUUSHII",
    "PAO_YAKUMAN",
    "SUUKANTSU",
    "WinContext",
    "WinScore",
    "clear_memos",
    "describe",
    "hand_config",
    "known_shanten",
    "library_melds",
    "limit_name",
    "options",
    "payments",
    "score_win",
    "situation",
    "shanten",
    "tenpai_waits",
    "waits",
]

YAKUMAN_HAN = 13
# Library names of the yakuman that can make a player liable (R7).
DAISANGEN = "Daisangen"
DAISUUSHII = "Dai Suushii"
SUUKANTSU = "Suu Kantsu"
PAO_YAKUMAN = frozenset({DAISANGEN, DAISUUSHII, SUUKANTSU})

# Shanten and waits by the concealed counts (engine/memo.py): a turn asks about one hand many times.
# 32,768 entries (about 4 MB each at most) hold the recent hands of a thousand tables.
_SHANTEN: Memo[int] = Memo(1 << 15)
_WAITS: Memo[tuple[int, ...]] = Memo(1 << 15)
_NOT_A_WIN = frozenset({HandCalculator.ERR_HAND_NOT_WINNING, HandCalculator.ERR_NO_YAKU})

@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything about a win that decides its value; built by the kyoku at tsumo or ron."""

    closed: tuple[int, ...]  # 136 ids of the concealed tiles, winning tile included
    melds: tuple[Meld, ...]  # declared sets, closed kans included
    win_tile: int
    tsumo: bool
    seat_wind: int  # 0..3 = E S W N; seat wind 0 is the dealer
    round_wind: int  # 0..3
    dora_indicators: tuple[int, ...] = ()  # kan dora indicators included
    ura_indicators: tuple[int, ...] = ()  # counted only with riichi
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    red_fives: bool = True

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """The whole hand as the library wants it: closed tiles plus every meld's tiles."""
        return self.closed + tuple(t for m in self.melds for t in m.tiles)


@dataclass(frozen=True, slots=True)
class WinScore:
    """The value of a win before honba and deposits (the kyoku adds those, and splits pao).

    Only the payments of the way the hand was won are set: ``ron`` on a ron; on a tsumo
    ``tsumo_other`` (each non-dealer) and ``tsumo_dealer`` (the dealer; 0 when the winner deals).
    """

    han: int  # for a yakuman, 13 per yakuman
    fu: int  # the library's reading; for a yakuman it does not count (0 for kokushi)
    yaku: tuple[str, ...]  # library names: "Riichi", "Tanyao", "Dora", "Aka Dora", "Ura Dora", ...
    yakuman: bool
    limit: str  # "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "2x yakuman", ...
    ron: int
    tsumo_dealer: int
    tsumo_other: int
    yakuman_parts: tuple[str, ...]  # the yakuman scored, e.g. ("Daisangen", "Tsuu Iisou")
    yaku_han: tuple[int, ...] = ()  # han of each entry of ``yaku`` (dora: the count)

    @property
    def total(self) -> int:
        """What the winner receives from the other players together."""
        if self.ron:
            return self.ron
        return self.tsumo_dealer + self.tsumo_other * (3 if self.tsumo_dealer == 0 else 2)

    @property
    def pao_parts(self) -> tuple[str, ...]:
        """The scored yakuman that can carry liability (R7); the kyoku decides if anyone is liable."""
        return tuple(y for y in self.yakuman_parts if y in PAO_YAKUMAN)


def _double_wind_pair(ctx: WinContext) -> bool:
    """True when the hand's only tiles of the seat-and-round wind are a pair (R6: 2 fu).

    Melds are sets of three or four, so two such tiles can only be two concealed ones.
    """
    if ctx.seat_wind != ctx.round_wind:
        return False
    wind = EAST_34 + ctx.seat_wind
    return sum(1 for t in ctx.closed if t // 4 == wind) == 2 and all(m.kind34 != wind for m in ctx.melds)


def situation(ctx: WinContext) -> Situation:
    """What the library's config says about a win (engine/riichi/library_config.py)."""
    return (ctx.tsumo, ctx.riichi or ctx.double_riichi, ctx.double_riichi, ctx.ippatsu, ctx.rinshan,
            ctx.chankan, ctx.haitei, ctx.houtei, ctx.tenhou, ctx.chiihou, ctx.seat_wind,
            None if _double_wind_pair(ctx) else ctx.round_wind, ctx.red_fives)


def hand_config(ctx: WinContext) -> HandConfig:
    """A new library config for one win (the library writes to the one it is given)."""
    return library_config.build(situation(ctx))


def score_win(ctx: WinContext) -> WinScore | None:
    """The value of a win, or None when the tiles are not a complete hand or it has no yaku.

    Raises ValueError when the context contradicts itself (riichi with an open hand, rinshan on
    a ron, haitei with rinshan, houtei with chankan, the winning tile not in the hand...): that
    is a bug in the caller, not a non-win.

    >>> from engine.tiles import parse_kinds
    >>> pairs = tuple(k * 4 + 1 + i % 2 for i, k in enumerate(parse_kinds("11m22m33p44p55s66s77z")))
    >>> describe(score_win(WinContext(pairs, (), pairs[-1], tsumo=False, seat_wind=1, round_wind=0)))
    'Chiitoitsu 2: 2 han 25 fu, 1600'
    >>> broken = pairs[:-1] + (pairs[0] + 2,)     # 1m instead of the second Red: no hand
    >>> score_win(WinContext(broken, (), broken[-1], tsumo=True, seat_wind=1, round_wind=0)) is None
    True
    """
    if ctx.win_tile not in ctx.closed:
        raise ValueError(f"winning tile {ctx.win_tile} is not among the closed tiles")
    riichi = ctx.riichi or ctx.double_riichi
    tiles = list(ctx.closed)
    for m in ctx.melds:
        tiles += m.tiles
    result = HandCalculator.estimate_hand_value(
        tiles,
        ctx.win_tile,
        melds=library_melds(ctx.melds),
        dora_indicators=list(ctx.dora_indicators),
        config=library_config.config(situation(ctx)),
        ura_dora_indicators=list(ctx.ura_indicators) if riichi else None,
    )
    if result.error in _NOT_A_WIN:
        return None
    if result.error or result.cost is None or result.yaku is None:
        raise ValueError(f"inconsistent win context: {result.error}")
    han, fu = int(result.han or 0), int(result.fu or 0)
    names: list[str] = []
    hans: list[int] = []
    yakuman: list[str] = []
    opened = result.is_open_hand
    for y in result.yaku:  # read now: the kept config's dora yaku get the next hand's count
        names.append(y.name)
        hans.append(y.han_open if opened and y.han_open else y.han_closed)
        if y.is_yakuman:
            yakuman.append(y.name)
    main, additional = result.cost["main"], result.cost["additional"]
    if not ctx.tsumo:
        ron, tsumo_dealer, tsumo_other = main, 0, 0
    elif ctx.dealer:
        ron, tsumo_dealer, tsumo_other = 0, 0, additional
    else:
        ron, tsumo_dealer, tsumo_other = 0, main, additional
    return WinScore(
        han=han,
        fu=fu,
        yaku=tuple(names),
        yakuman=bool(yakuman),
        limit=limit_name(han, fu, bool(yakuman)),
        ron=ron,
        tsumo_dealer=tsumo_dealer,
        tsumo_other=tsumo_other,
        yakuman_parts=tuple(yakuman),
        yaku_han=tuple(hans),
    )


def limit_name(han: int, fu: int, yakuman: bool = False) -> str:
    """The limit a hand reaches under R6 (kiriage, kazoe capped at sanbaiman), "" below mangan.

    >>> limit_name(4, 30), limit_name(3, 60), limit_name(3, 50), limit_name(4, 40)
    ('mangan', 'mangan', '', 'mangan')
    >>> limit_name(14, 40), limit_name(13, 0, yakuman=True), limit_name(26, 0, yakuman=True)
    ('sanbaiman', 'yakuman', '2x yakuman')
    """
    if yakuman:
        count = han // YAKUMAN_HAN
        return "yakuman" if count == 1 else f"{count}x yakuman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han == 5 or (han, fu) in ((4, 30), (3, 60)) or fu * 2 ** (2 + han) > 2000:
        return "mangan"
    return ""


def payments(han: int, fu: int, *, dealer: bool, tsumo: bool, yakuman: bool = False) -> tuple[int, int, int]:
    """``(ron, tsumo_dealer, tsumo_other)`` for a han/fu under R6, as :class:`WinScore` sets them.

    For splitting pao (R7): the value of one liable yakuman is ``payments(13, 0, yakuman=True, ...)``.

    >>> payments(13, 0, dealer=False, tsumo=False, yakuman=True)
    (32000, 0, 0)
    >>> payments(4, 30, dealer=True, tsumo=True)
    (0, 0, 4000)
    >>> payments(3, 60, dealer=False, tsumo=True)
    (0, 4000, 2000)
    """
    config = library_config.config((tsumo, *(False,) * 9, 0 if dealer else 1, None, True))  # only read
    cost = ScoresCalculator.calculate_scores(han, fu, config, yakuman)
    if not tsumo:
        return cost["main"], 0, 0
    return 0, 0 if dealer else cost["main"], cost["additional"]


def shanten(closed: Iterable[int], melds: Iterable[Meld] = ()) -> int:
    """Shanten of the concealed tiles (13 or 14 less 3 per meld): -1 complete, 0 tenpai.

    Seven pairs and thirteen orphans count only for a hand without melds.

    >>> from engine.tiles import parse_kinds
    >>> shanten([k * 4 for k in parse_kinds("19m19p19s1234567z")])
    0
    """
    counts = to_34(list(closed))
    concealed = not list(melds)
    return _SHANTEN.get(_shanten_key(counts, concealed),
                        lambda: Shanten.calculate_shanten(counts, use_chiitoitsu=concealed, use_kokushi=concealed))


def clear_memos() -> None:
    """Forget the kept shanten and waits (a benchmark of fresh hands starts from nothing)."""
    _SHANTEN.clear()
    _WAITS.clear()


def known_shanten(closed: Iterable[int], melds: Iterable[Meld] = ()) -> int | None:
    """:func:`shanten` if it was worked out lately (it is kept), else None without working it out."""
    return _SHANTEN.peek(_shanten_key(to_34(list(closed)), not list(melds)))


def _shanten_key(counts: list[int], concealed: bool) -> bytes:
    return bytes(counts) + (b"c" if concealed else b"o")


def waits(closed13: Iterable[int], melds: Iterable[Meld] = ()) -> set[int]:
    """The 34-kinds that complete the concealed shape, yaku or not (for furiten and tenpai).

    A kind the concealed tiles already hold four of is left out: there is no fifth to win on
    (the library's shape check would accept a fifth suited tile but not a fifth honor).
    :func:`tenpai_waits` also drops kinds whose four copies are spread over hand and melds (R10).

    >>> from engine.tiles import parse_kinds
    >>> sorted(waits([k * 4 + i % 4 for i, k in enumerate(parse_kinds("1111m234p567p789s"))]))
    []
    """
    counts = to_34(list(closed13))
    if (sum(counts) + 1) % 3 != 2:
        raise ValueError(f"a waiting hand has 13 - 3n concealed tiles, not {sum(counts)}")
    del melds  # the concealed part alone decides; seven pairs need all 14 tiles concealed anyway
    return set(_WAITS.get(bytes(counts), lambda: _completing(counts)))


def _completing(counts: list[int]) -> tuple[int, ...]:
    """The completing kinds in the order they are found, so the set built from them each time is
    laid out (and iterates) as the one built while finding them."""
    out = []
    for kind in _candidates(counts):
        if counts[kind] == 4:
            continue
        counts[kind] += 1
        if Agari.is_agari(counts):
            out.append(kind)
        counts[kind] -= 1
    return tuple(out)


def _candidates(counts: list[int]) -> set[int]:
    """Kinds that could complete the hand: a held kind or a suit neighbour within two (sets, pairs,
    seven pairs), or any terminal or honor when nothing else is held (kokushi)."""
    out = near_kinds(counts)
    if ORPHANS.issuperset(k for k, n in enumerate(counts) if n):
        out |= ORPHANS
    return out


def tenpai_waits(closed13: Iterable[int], melds: Iterable[Meld] = ()) -> set[int]:
    """Waits that make the hand tenpai under R10: not a kind the player holds all four of.

    >>> from engine.tiles import Meld, MeldKind
    >>> pon = Meld(MeldKind.PON, (0, 1, 2))                     # 1m 1m 1m
    >>> closed = (3, 40, 44, 48, 53, 56, 60, 96, 100, 104)      # 1m 234p 567p 789s
    >>> waits(closed, [pon]), tenpai_waits(closed, [pon])     # the only 1m left is in hand
    ({0}, set())
    """
    closed = list(closed13)
    melds = list(melds)
    held = to_34(closed + [t for m in melds for t in m.tiles])
    return {k for k in waits(closed, melds) if held[k] < 4}


def describe(score: WinScore) -> str:
    """One line for logs and tests: ``'Riichi 1, Tanyao 1: 2 han 30 fu, 2000'``."""
    parts = ", ".join(f"{y} {h}" for y, h in zip(score.yaku, score.yaku_han, strict=False))
    head = f"{score.han} han {score.fu} fu" if not score.yakuman else score.limit
    return f"{parts}: {head}, {score.total}"
