"""Claims on a tile let go: who may ron, pon, kan or chi a discard (or rob an added kan), whose
answers still matter, and how they resolve: a ron first (one winner, head bump, R4), then a pon
or kan, then a chi.

The window opens after every discard and every added kan. Until it resolves the discarder stays
``current``; then the tile is won, called (engine/riichi/calls.py), the added kan stands
(engine/riichi/kans.py) or play moves on to the next draw. Whoever let a winning tile go by is
furiten from then on (R12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.riichi.calls import call, call_leaves_discard, chi_options
from engine.riichi.kans import can_kan, complete_kakan
from engine.riichi.record import Event
from engine.riichi.state import Phase
from engine.riichi.wins import exhaustive_draw, win, win_value

if TYPE_CHECKING:
    from engine.riichi.kyoku import Kyoku


def open_claims(ky: Kyoku, discarder: int, tile: int) -> None:
    """A discard is out: list each seat's options, in the order their answers take precedence."""
    ky.phase = Phase.CLAIMS
    ky.current = discarder
    ky.claim_options, ky.claim_answers = {}, {}
    order = [(discarder + i) % 4 for i in (1, 2, 3)]
    ron = [s for s in order if win_value(ky, s, tile, tsumo=False) is not None]
    for s in ron:
        ky.claim_options[s] = [["ron"]]
    pon_kan: list[int] = []
    chi: list[int] = []
    if ky.live_remaining > 0:  # no calls on the last discard
        k = tile // 4
        for s in order:
            st = ky.seats[s]
            if st.riichi:
                continue
            count = sum(1 for t in st.hand if t // 4 == k)
            opts: list[list[str]] = []
            if count >= 2 and call_leaves_discard(ky, s, [t for t in st.hand if t // 4 == k][:2], k, None):
                opts.append(["pon"])
            if count >= 3 and can_kan(ky):
                opts.append(["kan"])
            if opts:
                ky.claim_options.setdefault(s, []).extend(opts)
                pon_kan.append(s)
        nxt = order[0]
        chis = chi_options(ky, nxt, tile)
        if chis:
            ky.claim_options.setdefault(nxt, []).extend(["chi", c] for c in chis)
            chi.append(nxt)
    ky.claim_order = ron + [s for s in pon_kan if s not in ron] + [s for s in chi if s not in ron + pon_kan]
    ky.ron_eligible = ron
    _resolve_claims(ky)


def declare_kakan(ky: Kyoku, seat: int, name: str) -> None:
    """An added kan is declared: before it stands, others who wait on the tile may rob it
    (chankan, R12)."""
    tile = ky.tile_by_name(seat, name, exclude_drawn=False)
    ky.kakan_tile = tile
    ky.current = seat
    ky.record.append(Event("kakan", seat, tile))
    ky.phase = Phase.CHANKAN
    ky.claim_options, ky.claim_answers = {}, {}
    order = [(seat + i) % 4 for i in (1, 2, 3)]
    ron = [s for s in order if win_value(ky, s, tile, tsumo=False, chankan=True) is not None]
    for s in ron:
        ky.claim_options[s] = [["ron"]]
    ky.claim_order = ron
    ky.ron_eligible = ron
    _resolve_claims(ky)


def claim_moves(ky: Kyoku, seat: int) -> list[list[str]]:
    """A seat's answers to the open claim: its options and pass, while its answer still matters."""
    if seat not in ky.claim_options or seat in ky.claim_answers or not answer_matters(ky, seat):
        return []
    return [list(m) for m in ky.claim_options[seat]] + [["pass"]]


def answer_matters(ky: Kyoku, seat: int) -> bool:
    """Whether this seat's answer can still change the outcome (else it is not asked)."""
    if seat not in ky.claim_options or _pending_resolution(ky) is not None:
        return False
    rons = [s for s in ky.ron_eligible if ky.claim_answers.get(s) == ["ron"]]
    if rons:  # only an earlier ron-eligible seat can still take it (head bump, R4)
        return seat in ky.ron_eligible and ky.ron_eligible.index(seat) < ky.ron_eligible.index(rons[0])
    if seat in ky.ron_eligible:
        return True
    kinds = {o[0] for o in ky.claim_options[seat]}
    if kinds & {"pon", "kan"}:
        return True
    return not any(a[0] in ("pon", "kan") for a in ky.claim_answers.values())


def _pending_resolution(ky: Kyoku) -> tuple[int, list[str]] | None | str:
    """The decided claim, "none" when every answer that matters is a pass, None while open."""
    for s in ky.ron_eligible:
        ans = ky.claim_answers.get(s)
        if ans is None:
            return None
        if ans == ["ron"]:
            return (s, ans)
    if ky.phase == Phase.CHANKAN:
        return "none"
    for kinds in (("pon", "kan"), ("chi",)):
        for s in ky.claim_order:
            if not any(o[0] in kinds for o in ky.claim_options[s]):
                continue
            ans = ky.claim_answers.get(s)
            if ans is None:
                return None
            if ans[0] in kinds:
                return (s, ans)
    return "none"


def answer(ky: Kyoku, seat: int, move: list[str]) -> None:
    """Note a seat's answer; the claim resolves as soon as no answer still to come matters."""
    ky.claim_answers[seat] = move
    _resolve_claims(ky)


def _resolve_claims(ky: Kyoku) -> None:
    """Once the answers decide, carry the outcome out: the win, the call, the kan or the next draw."""
    decided = _pending_resolution(ky)
    if decided is None:
        return
    tile = ky.kakan_tile if ky.phase == Phase.CHANKAN else ky.last_discard
    assert tile is not None
    winner = decided[0] if isinstance(decided, tuple) and decided[1] == ["ron"] else None
    # whoever let a winning tile go by is furiten (R12); passing after riichi is for good
    if winner is None:
        for s in range(4):
            if s != ky.current and tile // 4 in ky.seats[s].waits:
                if ky.seats[s].riichi:
                    ky.seats[s].furiten_riichi = True
                else:
                    ky.seats[s].furiten_temp = True
    if winner is not None:
        chankan = ky.phase == Phase.CHANKAN
        win(ky, winner, tile, ky.current, win_value(ky, winner, tile, tsumo=False, chankan=chankan))
        return
    discarder = ky.current
    if ky.phase == Phase.CHANKAN:
        complete_kakan(ky, discarder)
        return
    _riichi_stands(ky, discarder)
    if isinstance(decided, tuple):
        call(ky, decided[0], discarder, tile, decided[1])
        return
    if ky.live_remaining == 0:
        exhaustive_draw(ky)
        return
    ky.draw_tile((discarder + 1) % 4)


def _riichi_stands(ky: Kyoku, seat: int) -> None:
    """A riichi discard nobody ronned stands: the deposit is paid and ippatsu may begin."""
    st = ky.seats[seat]
    if not st.riichi_pending:
        return
    st.riichi_pending = False
    st.riichi = True
    st.ippatsu = True
    ky.record.append(Event("riichi_accepted", seat))
    deposit = ky.scoring.riichi_deposit
    if deposit:
        ky.table.pay(seat, -deposit)
        ky.table.deposits += 1
