"""A seat's turn: the moves it may make now, its discard, and the plain words for a refused move.

On a draw turn a seat may win, discard, declare riichi (R9) or kan; after a chi or pon only
discard, kuikae aside (R3); while a claim is open only the seats whose answer matters are asked
(engine/riichi/claims.py). A discard opens the claim on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.base import IllegalMove, move_text
from engine.riichi.claims import claim_moves, open_claims
from engine.riichi.kans import can_kan, riichi_ankans
from engine.riichi.record import Event
from engine.riichi.scoring import known_shanten, shanten
from engine.riichi.state import Discard, Phase
from engine.riichi.wins import win_value
from engine.tiles import MeldKind, kind_name, parse_one, to_34

if TYPE_CHECKING:
    from engine.riichi.kyoku import Kyoku


def legal_moves(ky: Kyoku, seat: int) -> list[list[str]]:
    """The moves ``seat`` may make now, worked out afresh (:meth:`Kyoku.legal` keeps them)."""
    if ky.phase == Phase.ENDED:
        return []
    if ky.phase in (Phase.CLAIMS, Phase.CHANKAN):
        return claim_moves(ky, seat)
    if seat != ky.current:
        return []
    st = ky.seats[seat]
    moves: list[list[str]] = []
    if ky.phase == Phase.DRAW:
        if win_value(ky, seat, st.drawn, tsumo=True) is not None:
            moves.append(["tsumo"])
        if st.riichi:
            moves.append(["tsumogiri"])
            moves += [["ankan", kind_name(k)] for k in riichi_ankans(ky, seat)]
            return moves
        moves += [["discard", n] for n in _discard_names(ky, seat)]
        moves.append(["tsumogiri"])
        moves += [["riichi", n] for n in _riichi_discards(ky, seat)]
        if can_kan(ky):
            counts = to_34(st.hand)
            moves += [["ankan", kind_name(k)] for k in range(34) if counts[k] == 4]
            pons = {m.kind34 for m in st.melds if m.kind == MeldKind.PON}
            moves += [["kakan", ky.name(t)] for t in sorted(st.hand) if t // 4 in pons]
        return moves
    # CALLED: discard only, kuikae-forbidden kinds excluded (R3)
    return [["discard", n] for n in _discard_names(ky, seat)]


def discard(ky: Kyoku, seat: int, name: str | None, riichi: bool) -> None:
    """Discard ``name`` (the drawn tile if None), with riichi if declared, and open the claim on it."""
    st = ky.seats[seat]
    if name is None:
        tile = st.drawn
        assert tile is not None
    else:
        tile = ky.tile_by_name(seat, name, exclude_drawn=ky.phase == Phase.DRAW)
    # One shanten or worse before the discard means no wait after it, whatever goes; the
    # player's view has usually just worked that shanten out (it is kept), so it is free here.
    before = known_shanten(st.hand, st.melds)
    st.hand.remove(tile)
    tsumogiri = tile == st.drawn
    if riichi:
        ky.record.append(Event("riichi", seat))
    ky.record.append(Event("discard", seat, tile, tsumogiri=tsumogiri, riichi=riichi))
    st.drawn = None
    st.kuikae = frozenset()
    st.discards.append(Discard(tile, tsumogiri, riichi, sum(len(x.discards) for x in ky.seats)))
    st.furiten_temp = False  # temporary furiten lasts one go-around (R12)
    if st.ippatsu:
        st.ippatsu = False  # the declarer's next discard ends ippatsu
    if riichi:
        st.riichi_pending = True
        st.double_riichi = ky.uninterrupted and not ky.first_discard_done[seat]
    ky.first_discard_done[seat] = True
    if before is not None and before >= 1:
        st.waits = frozenset()
    else:
        ky.update_waits(seat)
    ky.last_discard = tile
    open_claims(ky, seat, tile)


def not_your_turn(ky: Kyoku, seat: int) -> IllegalMove:
    """Say who must move instead, so a refused move explains itself."""
    who = ky.waiting_on()
    names = ", ".join(ky.names[s] for s in who)
    head = f"it is not {ky.names[seat]}'s turn"
    if ky.phase in (Phase.CLAIMS, Phase.CHANKAN):
        tile = ky.kakan_tile if ky.phase == Phase.CHANKAN else ky.last_discard
        kinds = {o[0] for s in who for o in ky.claim_options.get(s, [])}
        answers = " or ".join(k for k in ("ron", "pon", "kan", "chi") if k in kinds)
        what = "added kan" if ky.phase == Phase.CHANKAN else "claim"
        tile_name = ky.name(tile) if tile is not None else "the discard"
        return IllegalMove(
            f"{head}: {names} must first answer the {what} on {tile_name} ({answers} or pass)",
            "not_your_turn",
        )
    verb = "discard" if ky.phase == Phase.CALLED else "play the drawn tile"
    return IllegalMove(f"{head}: {names} is to {verb}", "not_your_turn")


def why_not(ky: Kyoku, seat: int, move: list[Any], legal: list[list[str]]) -> str:
    """A plain-words reason for refusing ``move`` from a seat that does have legal moves."""
    text = move_text(move)
    if ky.phase in (Phase.CLAIMS, Phase.CHANKAN):
        tile = ky.kakan_tile if ky.phase == Phase.CHANKAN else ky.last_discard
        options = " / ".join(" ".join(m) for m in legal)
        what = "the discard" if tile is None else ky.name(tile)
        return f"{text} is not allowed: first answer the claim on {what} ({options})"
    if move[:1] == ["discard"] and len(move) == 2:
        st = ky.seats[seat]
        try:
            kind = parse_one(str(move[1]))[0]
        except ValueError:
            return f"{text}: not a tile"
        if kind in st.kuikae:
            return f"{text}: kuikae — the called tile (or the other end of the sequence) may not be discarded now"
        if st.riichi:
            return f"{text}: after riichi only tsumogiri (or tsumo / an allowed closed kan)"
        return f"{text}: no such tile in hand"
    if move[:1] in (["tsumo"], ["ron"]):
        reason = ky.missed.get(seat)
        return f"{text} is not possible" + (f": {reason}" if reason else "")
    if move[:1] == ["riichi"]:
        return f"{text}: riichi needs a closed hand that is tenpai after the discard" + (
            f", {ky.rules.riichi_min_points} points" if ky.rules.riichi_min_points else ""
        ) + " and a tile left to draw"
    return f"{text} is not allowed now"


def _discard_names(ky: Kyoku, seat: int) -> list[str]:
    """The names a seat may discard by, once each in hand order (on a draw turn the drawn tile
    itself goes as tsumogiri); kuikae-forbidden kinds left out (R3)."""
    st = ky.seats[seat]
    tiles = st.concealed_without_drawn() if ky.phase == Phase.DRAW else st.hand
    names: list[str] = []
    for t in sorted(tiles):
        n = ky.name(t)
        if t // 4 not in st.kuikae and n not in names:
            names.append(n)
    return names


def _riichi_discards(ky: Kyoku, seat: int) -> list[str]:
    """Discards that leave a closed hand in tenpai, when riichi may be declared (R9)."""
    st = ky.seats[seat]
    if not st.closed or ky.live_remaining < 1:
        return []
    minimum = ky.rules.riichi_min_points
    if minimum and ky.table.points[seat] < minimum:  # Janpo only; stand-alone points may be < 0 (R8)
        return []
    if shanten(st.hand) > 0:  # no discard can leave tenpai: skip the per-discard waits
        return []
    out: list[str] = []
    seen: set[str] = set()
    rest_melds = st.melds
    for t in sorted(st.hand, key=lambda x: (x != st.drawn, x)):
        n = "tsumogiri" if t == st.drawn else ky.name(t)
        if n in seen:
            continue
        seen.add(n)
        hand = list(st.hand)
        hand.remove(t)
        waits = ky.scoring.waits(hand, rest_melds)
        if waits and ky.scoring.four_copies_noten:  # D37: a wait on one's own fourth copy is none
            held = to_34(hand + [x for m in rest_melds for x in m.tiles])
            waits = frozenset(k for k in waits if held[k] < 4)
        if waits:
            out.append(n)
    # list tedashi names in hand order, tsumogiri last, as the discard list does
    return [n for n in out if n != "tsumogiri"] + (["tsumogiri"] if "tsumogiri" in out else [])
