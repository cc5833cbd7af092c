"""Calls on a discard: which chi a seat may make, the kuikae rule (R3) that refuses a call leaving
nothing to discard, the meld a chi, pon or open kan makes, and the pao liability it may bring (R7).

Whether a call happens at all is the claim's business (engine/riichi/claims.py); this module
makes it once decided.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.riichi.kans import rinshan_after_kan
from engine.riichi.record import Event
from engine.riichi.scoring import DAISANGEN, DAISUUSHII, SUUKANTSU
from engine.riichi.state import Phase
from engine.tiles import Meld, MeldKind, tile_name

if TYPE_CHECKING:
    from engine.riichi.kyoku import Kyoku


def chi_options(ky: Kyoku, seat: int, tile: int) -> list[str]:
    """The chi ``seat`` may make on ``tile``, as the two tiles' names ("3m4m"; red fives apart)."""
    st = ky.seats[seat]
    if st.riichi or tile >= 108:
        return []
    k = tile // 4
    base = k - k % 9
    out: list[str] = []
    for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
        if a < base or b > base + 8:
            continue
        for ta in _distinct_names(st.hand, a, ky.rules.red_fives):
            for tb in _distinct_names(st.hand, b, ky.rules.red_fives):
                if not call_leaves_discard(ky, seat, [ta, tb], k, (a, b)):
                    continue
                out.append(ky.name(ta) + ky.name(tb))
    return out


def call_leaves_discard(ky: Kyoku, seat: int, used: list[int], k: int, chi: tuple[int, int] | None) -> bool:
    """A call is refused if kuikae (R3) would leave no tile to discard afterwards."""
    rest = list(ky.seats[seat].hand)
    for t in used:
        rest.remove(t)
    banned = _kuikae_kinds(k, chi)
    return any(t // 4 not in banned for t in rest)


def call(ky: Kyoku, seat: int, discarder: int, tile: int, move: list[str]) -> None:
    """Make the decided chi, pon or open kan: the meld, kuikae for the discard to come, pao."""
    st = ky.seats[seat]
    k = tile // 4
    dst = ky.seats[discarder]
    dst.called_away.add(len(dst.discards) - 1)
    ky.break_ippatsu()
    if move[0] == "chi":
        names = [move[1][:2], move[1][2:]]
        used = [ky.tile_by_name(seat, n, exclude_drawn=False) for n in names]
        kinds = sorted(t // 4 for t in used)
        meld = Meld(MeldKind.CHI, tuple(sorted([*used, tile])), tile, discarder)
        st.kuikae = frozenset(_kuikae_kinds(k, (kinds[0], kinds[1])))
    else:
        same = sorted(t for t in st.hand if t // 4 == k)
        if move[0] == "pon":
            used = same[:2]
            meld = Meld(MeldKind.PON, tuple(sorted([*used, tile])), tile, discarder)
            st.kuikae = frozenset({k})
        else:
            used = same[:3]
            meld = Meld(MeldKind.MINKAN, tuple(sorted([*used, tile])), tile, discarder)
    for t in used:
        st.hand.remove(t)
    st.melds.append(meld)
    ky.record.append(Event({MeldKind.CHI: "chi", MeldKind.PON: "pon"}.get(meld.kind, "minkan"), seat, tile,
                             tuple(used), discarder))
    _note_liability(ky, seat, discarder, meld)
    st.drawn = None
    ky.current = seat
    if meld.kind == MeldKind.MINKAN:
        rinshan_after_kan(ky, seat)
    else:
        ky.phase = Phase.CALLED  # waits are recomputed after the discard


def _note_liability(ky: Kyoku, seat: int, discarder: int, meld: Meld) -> None:
    """Pao (R7): the discarder who fed the set completing daisangen/daisuushii, or a 4th open kan."""
    st = ky.seats[seat]
    sets = [m.kind34 for m in st.melds if m.kind != MeldKind.CHI]
    if meld.kind34 >= 31 and sum(1 for k in sets if k >= 31) == 3:
        st.liable[DAISANGEN] = discarder
    if 27 <= meld.kind34 <= 30 and sum(1 for k in sets if 27 <= k <= 30) == 4:
        st.liable[DAISUUSHII] = discarder
    if meld.kind == MeldKind.MINKAN and sum(1 for m in st.melds if m.is_kan) == 4:
        st.liable[SUUKANTSU] = discarder


def _kuikae_kinds(k: int, chi: tuple[int, int] | None) -> set[int]:
    """Kinds that may not be discarded right after calling kind ``k`` (R3: no kuikae, incl. suji)."""
    if chi is None:
        return {k}
    a, b = chi
    banned = {k}
    base = k - k % 9
    if a == k + 1 and b == k + 2 and k + 3 <= base + 8:
        banned.add(k + 3)
    if a == k - 2 and b == k - 1 and k - 3 >= base:
        banned.add(k - 3)
    return banned


def _distinct_names(hand: list[int], kind: int, red_fives: bool) -> list[int]:
    """One tile per distinct name (a red and a plain five are different choices)."""
    out: dict[str, int] = {}
    for t in sorted(hand):
        if t // 4 == kind:
            out.setdefault(tile_name(t, red_fives), t)
    return list(out.values())

