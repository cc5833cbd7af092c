"""How a kyoku ends: whether a tile wins and what the win is worth, the payments of a win, and the
exhaustive draw.

The value comes from the ruleset's :class:`~engine.riichi.state.Scoring`; this module only builds
the situation it is asked about (:class:`WinContext`) and settles the result it gives back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.riichi.record import Event
from engine.riichi.scoring import WinContext
from engine.riichi.state import KyokuResult, Phase

if TYPE_CHECKING:
    from engine.riichi.kyoku import Kyoku


def win_value(ky: Kyoku, seat: int, tile: int | None, tsumo: bool, chankan: bool = False) -> Any:
    """The scored win, or None when the tile does not win (shape, furiten or no yaku).

    When the shape is complete but the win is refused, ``missed[seat]`` says why.
    """
    if tile is None or tile // 4 not in ky.seats[seat].waits:
        return None
    if not tsumo and ky.furiten(seat):
        ky.missed[seat] = "furiten"
        return None
    scored = ky.scoring.score(_win_context(ky, seat, tile, tsumo, chankan), ky.honba)
    if isinstance(scored, str):
        ky.missed[seat] = scored
        return None
    return scored


def _win_context(ky: Kyoku, seat: int, win_tile: int, tsumo: bool, chankan: bool = False) -> WinContext:
    """Everything the ruleset needs to value the win, read off the kyoku as it stands."""
    st = ky.seats[seat]
    closed = list(st.hand) if tsumo else [*st.hand, win_tile]
    haitei = tsumo and not ky.rinshan_draw and ky.live_remaining == 0
    houtei = not tsumo and not chankan and ky.live_remaining == 0
    first = ky.uninterrupted and not ky.first_discard_done[seat]
    return WinContext(
        closed=tuple(closed),
        melds=tuple(st.melds),
        win_tile=win_tile,
        tsumo=tsumo,
        seat_wind=ky.seat_wind(seat),
        round_wind=ky.round_wind,
        dora_indicators=tuple(ky.dora_indicators),
        ura_indicators=tuple(ky.ura_indicators) if st.riichi else (),
        riichi=st.riichi,
        double_riichi=st.double_riichi,
        ippatsu=st.ippatsu,
        rinshan=tsumo and ky.rinshan_draw,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=tsumo and first and seat == ky.dealer,
        chiihou=tsumo and first and seat != ky.dealer,
        red_fives=ky.rules.red_fives,
    )


def win(ky: Kyoku, winner: int, tile: int | None, discarder: int | None, scored: Any) -> None:
    """Settle a ron (``discarder`` given) or a tsumo: payments, pao (R7), the deposits, the result."""
    assert tile is not None and scored is not None
    st = ky.seats[winner]
    if discarder is not None and ky.phase == Phase.CLAIMS:
        ky.seats[discarder].called_away.add(len(ky.seats[discarder].discards) - 1)
        ky.seats[discarder].riichi_pending = False  # a riichi discard that deals in does not stand
    liable = None
    yakuman = getattr(scored, "yakuman_parts", ())
    for name, seat in st.liable.items():
        if name in yakuman:
            liable = seat
            break
    deltas = ky.scoring.win_deltas(
        scored, winner, discarder, ky.dealer, ky.honba, ky.table.deposits, liable
    )
    detail = ky.scoring.describe(scored)
    if liable is not None:
        detail["liable"] = liable
    detail["hand"] = sorted(st.hand if discarder is None else [*st.hand, tile])
    detail["win_tile"] = tile
    detail["ura_indicators"] = list(ky.ura_indicators) if st.riichi else []
    ky.table.deposits = 0
    ky.record.append(Event("win", winner, tile, source=discarder))
    _finish(ky, KyokuResult("tsumo" if discarder is None else "ron", winner, discarder, deltas, detail))


def exhaustive_draw(ky: Kyoku) -> None:
    """The wall is out and the last discard passed: noten payments by formal tenpai (R10)."""
    tenpai = [ky.tenpai(s) for s in range(4)]
    deltas = ky.scoring.draw_deltas(tenpai)
    ky.record.append(Event("exhaustive_draw"))
    _finish(ky, KyokuResult("draw", None, None, deltas, {}, tenpai))


def _finish(ky: Kyoku, result: KyokuResult) -> None:
    for s, d in enumerate(result.deltas):
        if d:
            ky.table.pay(s, d)
    ky.result = result
    ky.phase = Phase.ENDED
    ky.claim_options, ky.claim_answers, ky.claim_order = {}, {}, []

