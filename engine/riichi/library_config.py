"""The `mahjong` library's inputs for one win: its ``HandConfig`` and meld objects, built cheaply.

A ``HandConfig`` builds a ``YakuConfig`` of some sixty yaku objects, and a library meld sets each
attribute through a checking ``__setattr__``; built afresh for every win, the two cost about as
much as all the rest of the adapter. So each thread keeps one config per situation (winds, tsumo,
riichi, ...), built by the library itself, all of them sharing one ``YakuConfig`` (which does not
depend on the situation, and so stays a few dozen objects for the garbage collector to walk), and
library melds are kept per engine meld (neither kind of meld is changed once made).

Why reuse is safe: while scoring, the library writes to the config's yaku objects only (a kept
config is otherwise read): the three dora yaku get the hand's dora count just before they are
added to the answer, so a count left from an earlier hand is never read, and the answer is read
before the thread's next call; ``has_double_yakuman=False`` sets some yakuman to 13 han, the same
value every time; daisharin and paarenchan, which it renames or re-counts, are off under R13.
Calls in two threads (CPU decisions run in worker threads) never share a config, so one call's
dora count cannot reach another's answer. tests/engine/riichi/test_scoring_reuse.py checks all
of it against fresh configs.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibMeld

from engine.tiles import Meld, MeldKind

EAST_34 = 27
_LIB_KIND = {
    MeldKind.CHI: (LibMeld.CHI, True),
    MeldKind.PON: (LibMeld.PON, True),
    MeldKind.MINKAN: (LibMeld.KAN, True),
    MeldKind.ANKAN: (LibMeld.KAN, False),
    MeldKind.KAKAN: (LibMeld.SHOUMINKAN, True),
}


def options(red_fives: bool = True) -> OptionalRules:
    """The library's optional rules as R6/R13 set them."""
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=red_fives,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
        kiriage=True,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )


# (tsumo, riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou,
#  seat wind 0..3, round wind 0..3 or None for R6's double-wind pair, red fives)
Situation = tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, int, int | None, bool]

_OPTIONS = {red: options(red) for red in (False, True)}  # read, never written, by the library
_LOCAL = threading.local()  # .configs: this thread's kept configs by situation
_PER_THREAD = 256  # play meets a few dozen situations; they share the thread's yaku objects
_MELDS: dict[tuple[tuple[int, ...], int | None, int], LibMeld] = {}
_MELDS_SIZE = 4096  # about what the open melds of a thousand tables come to


def build(situation: Situation) -> HandConfig:
    """A new library config for ``situation``."""
    (tsumo, riichi, double, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou,
     seat_wind, round_wind, red_fives) = situation
    return HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi,
        is_daburu_riichi=double,
        is_ippatsu=ippatsu,
        is_rinshan=rinshan,
        is_chankan=chankan,
        is_haitei=haitei,
        is_houtei=houtei,
        is_tenhou=tenhou,
        is_chiihou=chiihou,
        player_wind=EAST_34 + seat_wind,
        round_wind=None if round_wind is None else EAST_34 + round_wind,
        options=_OPTIONS[red_fives],
    )


def config(situation: Situation) -> HandConfig:
    """This thread's kept config for ``situation``: hand it to one library call, read the answer,
    and do not keep it past the thread's next call (use :func:`build` for one to keep)."""
    try:
        kept: dict[Situation, HandConfig] = _LOCAL.configs
    except AttributeError:
        kept = _LOCAL.configs = {}
    found = kept.get(situation)
    if found is None:
        if len(kept) >= _PER_THREAD:
            kept.clear()
        found = build(situation)
        if kept:  # one set of yaku objects per thread: they do not depend on the situation
            found.yaku = next(iter(kept.values())).yaku
        kept[situation] = found
    return found


def library_melds(melds: Iterable[Meld]) -> list[LibMeld]:
    """Engine melds as library melds (kakan is the library's shouminkan; ankan a closed kan)."""
    out = []
    for m in melds:
        # keyed by what makes the library meld, in values that hash in C (a Meld's own hash and
        # equality run its dataclass methods and the enum's __hash__, several times the lookup)
        key = (m.tiles, m.called, id(m.kind))
        lib = _MELDS.get(key)
        if lib is None:
            kind, opened = _LIB_KIND[m.kind]
            lib = LibMeld(meld_type=kind, tiles=sorted(m.tiles), opened=opened, called_tile=m.called)
            if len(_MELDS) >= _MELDS_SIZE:
                _MELDS.clear()
            _MELDS[key] = lib
        out.append(lib)
    return out
