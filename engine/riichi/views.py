"""What each player may see of a kyoku, and what the channel may see (information sets).

The public view carries no concealed tile: only counts, discards, melds, dora indicators and,
once a kyoku is won, the winning hand (it is shown on the table). The private view adds the
player's own hand, drawn tile, waits, furiten and shanten.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.riichi import scoring
from engine.riichi.kyoku import WINDS, Kyoku, Phase
from engine.tiles import kind_name, to_34


def _names(k: Kyoku, tiles: Sequence[int]) -> list[str]:
    names = k.tile_names
    return [names[t] for t in tiles]


def _meld(k: Kyoku, players: Sequence[str], meld: Any) -> dict[str, Any]:
    names = k.tile_names
    return {
        "type": str(meld.kind),
        "tiles": [names[t] for t in meld.tiles],
        "called": None if meld.called is None else names[meld.called],
        "from": None if meld.from_seat is None else players[meld.from_seat],
    }


def _river(k: Kyoku, seat: int) -> list[dict[str, Any]]:
    """The seat's discards as views show them: written once per change (a river only grows, and
    a discard is only ever marked called), copied for each view, which its reader may change."""
    st = k.seats[seat]
    key = (len(st.discards), len(st.called_away))
    kept = k.river_views.get(seat)
    if kept is None or kept[0] != key:
        names, called = k.tile_names, st.called_away
        kept = k.river_views[seat] = (key, [
            {"tile": names[d.tile], "tsumogiri": d.tsumogiri, "riichi": d.riichi, "called": i in called,
             "order": d.order}
            for i, d in enumerate(st.discards)
        ])
    return [dict(d) for d in kept[1]]


def public_view(k: Kyoku, players: Sequence[str]) -> dict[str, Any]:
    points = k.table.points
    dealer = k.dealer
    seats = []
    for s, st in enumerate(k.seats):
        seats.append({
            "player": players[s],
            "wind": WINDS[(s - dealer) % 4],
            "points": points[s],
            "riichi": st.riichi or st.riichi_pending,
            "hand_count": len(st.hand),
            "has_drawn": st.drawn is not None,
            "discards": _river(k, s),
            "melds": [_meld(k, players, m) for m in st.melds],
        })
    last = None
    calls = calls_pending(k)
    if k.phase in (Phase.CLAIMS, Phase.CHANKAN):
        tile = k.kakan_tile if k.phase == Phase.CHANKAN else k.last_discard
        last = {"player": players[k.current], "tile": k.name(tile) if tile is not None else None}
    return {
        "round": k.label,
        "round_wind": WINDS[k.round_wind],
        "dealer": players[k.dealer],
        "honba": k.honba,
        "deposits": k.table.deposits,
        "tiles_left": k.live_remaining,
        "dora_indicators": _names(k, k.dora_indicators),
        "phase": str(k.phase),
        "turn": players[k.current],
        "waiting_on": [] if calls else [players[s] for s in k.waiting_on()],
        "calls_pending": calls,
        "last_discard": last,
        "seats": seats,
        "result": result_record(k, players) if k.result else None,
    }


def calls_pending(k: Kyoku) -> bool:
    """The table waits for answers to a discard (or an added kan). Who may claim stays private
    (D-id in docs/RULES.md): the channel learns only that calls are pending, never from whom."""
    return k.phase in (Phase.CLAIMS, Phase.CHANKAN) and bool(k.waiting_on())


def visible_counts(k: Kyoku, seat: int) -> list[int]:
    """Copies of each kind this seat can see: own hand, every discard and meld, dora indicators."""
    seen = to_34(k.seats[seat].hand)
    for st in k.seats:
        for d in st.discards:
            seen[d.tile // 4] += 1
        for m in st.melds:
            for t in m.tiles:
                seen[t // 4] += 1
        for i in st.called_away:
            seen[st.discards[i].tile // 4] -= 1  # counted in the caller's meld already
    for t in k.dora_indicators:
        seen[t // 4] += 1
    return seen


def private_view(k: Kyoku, seat: int, players: Sequence[str]) -> dict[str, Any]:
    # The legal moves first: working them out notes why a complete shape on the drawn tile is not
    # a win (no_win_reason), so the view is the same whether or not they were asked for before it.
    legal = k.legal(seat)
    view = public_view(k, players)
    st = k.seats[seat]
    seen = visible_counts(k, seat)
    closed = st.concealed_without_drawn()
    view.update({
        "player": players[seat],
        "seat": seat,
        "seat_wind": WINDS[k.seat_wind(seat)],
        "hand": _names(k, sorted(closed)),
        "drawn": None if st.drawn is None else k.name(st.drawn),
        "waits": [{"tile": kind_name(w), "left": max(0, 4 - seen[w])} for w in sorted(k.tenpai_waits(seat))],
        "furiten": k.furiten(seat) if st.waits else False,
        "shanten": scoring.shanten(st.hand if st.drawn is not None or k.phase == Phase.CALLED else closed, st.melds),
        "kuikae": [kind_name(x) for x in sorted(st.kuikae)],
        "riichi_declared": st.riichi or st.riichi_pending,
        "ippatsu": st.ippatsu,
        "no_win_reason": k.no_win_reason(seat),
        "legal": [[players[seat], *m] for m in legal],
        "may_call": view["calls_pending"] and seat in k.waiting_on(),
    })
    return view


def result_record(k: Kyoku, players: Sequence[str]) -> dict[str, Any]:
    """One entry of ``kyoku_results`` (SCENARIOS.md)."""
    r = k.result
    assert r is not None
    out: dict[str, Any] = {"kyoku": k.label, "honba": k.honba, "result": r.kind}
    if r.kind == "draw":
        out["tenpai"] = [players[s] for s in range(4) if r.tenpai and r.tenpai[s]]
    else:
        assert r.winner is not None
        out["winner"] = players[r.winner]
        if r.discarder is not None:
            out["from"] = players[r.discarder]
        detail = dict(r.detail)
        for key in ("han", "fu", "yaku"):
            out[key] = detail.pop(key, None)
        hand = detail.pop("hand", [])
        win_tile = detail.pop("win_tile", None)
        ura = detail.pop("ura_indicators", [])
        liable = detail.pop("liable", None)
        out.update(detail)
        out["hand"] = _names(k, hand)
        out["melds"] = [_meld(k, players, m) for m in k.seats[r.winner].melds]
        out["win_tile"] = None if win_tile is None else k.name(win_tile)
        out["dora_indicators"] = _names(k, k.dora_indicators)
        out["ura_indicators"] = _names(k, ura)
        if liable is not None:
            out["liable"] = players[liable]
    out["deltas"] = dict(zip(players, r.deltas, strict=True))
    return out
