"""Kans in a kyoku: when one may be declared, the closed kan, the added kan once nobody robs it,
and what every kan brings (a new dora indicator at once and a draw from the dead wall, R9).

The open kan on a discard is a claim (engine/riichi/claims.py), as is the window in which an added
kan may be robbed (chankan); both end here, in :func:`rinshan_after_kan`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.riichi.record import Event
from engine.tiles import Meld, MeldKind, to_34

if TYPE_CHECKING:
    from engine.riichi.kyoku import Kyoku

MAX_KANS = 4  # R5


def can_kan(ky: Kyoku) -> bool:
    return ky.kans < MAX_KANS and ky.live_remaining > 0


def riichi_ankans(ky: Kyoku, seat: int) -> list[int]:
    """After riichi, a closed kan of the drawn tile only if waits and decomposition stay (R9)."""
    st = ky.seats[seat]
    if not can_kan(ky) or st.drawn is None:
        return []
    k = st.drawn // 4
    if to_34(st.hand)[k] != 4:
        return []
    rest = [t for t in st.hand if t // 4 != k]
    kan = Meld(MeldKind.ANKAN, tuple(t for t in st.hand if t // 4 == k))
    new_waits = ky.scoring.waits(rest, [*st.melds, kan])
    if new_waits != st.waits:
        return []
    before = st.concealed_without_drawn()
    for w in st.waits:
        if not _triplet_in_every_division(before, w, k):
            return []
    return [k]


def ankan(ky: Kyoku, seat: int, kind: int) -> None:
    st = ky.seats[seat]
    tiles = tuple(sorted(t for t in st.hand if t // 4 == kind))
    for t in tiles:
        st.hand.remove(t)
    st.melds.append(Meld(MeldKind.ANKAN, tiles))
    st.drawn = None
    ky.record.append(Event("ankan", seat, tiles=tiles))
    ky.break_ippatsu()
    rinshan_after_kan(ky, seat)


def complete_kakan(ky: Kyoku, seat: int) -> None:
    """The added kan stands: nobody robbed it (chankan, R12), so the pon becomes a kan."""
    st = ky.seats[seat]
    tile = ky.kakan_tile
    assert tile is not None
    st.hand.remove(tile)
    i = next(i for i, m in enumerate(st.melds) if m.kind == MeldKind.PON and m.kind34 == tile // 4)
    pon = st.melds[i]
    st.melds[i] = Meld(MeldKind.KAKAN, tuple(sorted([*pon.tiles, tile])), pon.called, pon.from_seat)
    st.drawn = None
    ky.kakan_tile = None
    ky.break_ippatsu()
    rinshan_after_kan(ky, seat)


def rinshan_after_kan(ky: Kyoku, seat: int) -> None:
    """Count the kan, turn its dora indicator at once (R9) and draw its player a replacement."""
    ky.kans += 1
    ky.record.append(Event("dora", tile=ky.dora_indicators[-1]))
    ky.update_waits(seat)
    ky.draw_tile(seat, rinshan=True)


def _triplet_in_every_division(hand13: list[int], wait: int, kind: int) -> bool:
    from mahjong.hand_calculating.divider import HandDivider

    counts = to_34(hand13)
    counts[wait] += 1
    divisions = HandDivider.divide_hand(counts)
    if not divisions:
        return False
    return all(any(len(s) == 3 and s[0] == s[1] == s[2] == kind for s in div) for div in divisions)
