"""Which tiles a Mahjong Five hand waits on: shape only, for the exhaustive draw (F7).

Tenpai is formal: a yaku is not needed. Seven pairs and thirteen orphans count only when the table
uses them. As in R10, a wait on a kind of which the player already holds all four copies (hand and
melds together) does not count. The `mahjong` library's agari and shanten decide completeness.

>>> from engine.five.hand_text import ids_of
>>> from engine.tiles import kind_name
>>> [kind_name(k) for k in tenpai_waits(ids_of("1112345678999m"))]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> tenpai_waits(ids_of("1122334455667z"))
[]
>>> [kind_name(k) for k in tenpai_waits(ids_of("1122334455667z"), seven_pairs=True)]
['7z']

A single 5p waiting for its pair while the other three are a pon: the wait does not count.

>>> from engine.tiles import Meld, MeldKind
>>> taken: set[int] = set()
>>> pon = Meld(MeldKind.PON, tuple(ids_of("555p", taken)))
>>> hand = ids_of("123m456m789s5p", taken)
>>> [kind_name(k) for k in completing_kinds(hand)], tenpai_waits(hand, [pon])
(['5p'], [])
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine.memo import Memo
from engine.tiles import ORPHANS, Meld, near_kinds, to_34


def completing_kinds(
    concealed: Sequence[int],
    *,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
) -> list[int]:
    """Every 34-kind that would complete the shape, even one whose four copies are all held
    (what furiten looks at); ``concealed`` is the hand without the tile to come."""
    counts = to_34(list(concealed))
    key = bytes(counts) + bytes((bool(seven_pairs), bool(thirteen_orphans)))
    return list(_MEMO.get(key, lambda: _completing(counts, seven_pairs, thirteen_orphans)))


# Kept by counts (engine/memo.py): a turn asks about the same hands again (legal moves, riichi
# discards, the view, the discard); bytes keys keep the garbage collector out of it.
_MEMO: Memo[tuple[int, ...]] = Memo(1 << 15)


def _completing(counts: list[int], seven_pairs: bool, thirteen_orphans: bool) -> tuple[int, ...]:
    out: list[int] = []
    for kind in _candidates(counts, thirteen_orphans):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if _complete(counts, seven_pairs, thirteen_orphans):
            out.append(kind)
        counts[kind] -= 1
    return tuple(out)


def _complete(counts: list[int], seven_pairs: bool, thirteen_orphans: bool) -> bool:
    """The library's fast agari test, which always admits seven pairs and thirteen orphans, then
    narrowed to the shapes the table plays."""
    if not Agari.is_agari(counts):
        return False
    if Shanten.calculate_shanten_for_kokushi_hand(counts) == Shanten.AGARI_STATE:
        return thirteen_orphans
    if Shanten.calculate_shanten_for_chiitoitsu_hand(counts) == Shanten.AGARI_STATE and not seven_pairs:
        plain = Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
        return plain == Shanten.AGARI_STATE
    return True


def clear_cache() -> None:
    """Forget the cached waits (a benchmark of fresh hands starts from nothing)."""
    _MEMO.clear()


def _candidates(counts: list[int], thirteen_orphans: bool) -> list[int]:
    """Kinds that could join a held tile in a set or pair, plus every terminal and honor when
    thirteen orphans is played: no other can win."""
    return sorted(near_kinds(counts) | (ORPHANS if thirteen_orphans else set()))


def tenpai_waits(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    *,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
) -> list[int]:
    """The waits that count for tenpai at a draw: :func:`completing_kinds` less those of which
    the player holds all four copies in hand and melds (R10)."""
    held = to_34([*concealed, *(t for m in melds for t in m.tiles)])
    waits = completing_kinds(concealed, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    return [k for k in waits if held[k] < 4]


def is_tenpai(
    concealed: Sequence[int],
    melds: Sequence[Meld] = (),
    *,
    seven_pairs: bool = False,
    thirteen_orphans: bool = False,
) -> bool:
    return bool(tenpai_waits(concealed, melds, seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans))
