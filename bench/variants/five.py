"""Mahjong Five changes of play, measured against the hard level as committed; see
docs/benchmarks/cpu-play.md, "Mahjong Five, changes tried"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bench.variants.registry import VARIANTS, patched, variant
from engine.cpu.efficiency import shanten
from engine.cpu.mahjong_claims import ready_after_call


@variant("fivetenpai")
def _fivetenpai() -> Iterator[None]:
    """In Mahjong Five, with 16 tiles or fewer left, a hand not ready calls any pon or chi that
    makes it ready, a yaku or not: formal tenpai takes 5 from each noten seat at the draw (F7),
    and a closed hand one step away seldom wins in its last four draws."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        if level == "hard" and seat.variant == "five" and not options.ron and seat.wall_left <= 16 \
                and shanten(seat.counts, seat.hand_forms) >= 1:
            k = options.kind
            tries = [(mc.ClaimChoice("pon"), [k, k], {k})] if options.pon else []
            tries += [(mc.ClaimChoice("chi", p), list(p), mc._chi_forbidden(k, p)) for p in options.chi]
            for choice, take, forbidden in tries:
                if ready_after_call(seat, take, forbidden):
                    return choice
        return real(seat, options, rng, level)

    with patched(mv, choose_claim=claim):
        yield


@variant("fivedrawev")
def _fivedrawev() -> Iterator[None]:
    """In Mahjong Five, weighing a discard in points also counts being ready at an exhaustive
    draw (5 from each noten seat, F7, about a one-han ron: 1,000 on the CPU's scale), times the
    chance to be ready by then and that nobody wins first."""
    from engine.cpu import mahjong_play as mp
    from engine.cpu.hand_value import OTHERS_WIN

    real = mp.discard_ev

    def ev(seat: Any, s: Any, counts: Any, level: str) -> float:
        value = real(seat, s, counts, level)
        if seat.variant != "five" or s.shanten > 1:
            return value
        draws = max(0, seat.wall_left) // 4
        ready = 1.0 if s.shanten == 0 else 1.0 - (1.0 - min(0.6, s.ukeire / 100.0)) ** draws
        return float(value + 1000.0 * ready * (1.0 - OTHERS_WIN - 0.1) ** draws)

    with patched(mp, discard_ev=ev):
        yield


@variant("fivehan")
def _fivehan() -> Iterator[None]:
    """Mahjong Five's han without riichi's extras: riichi adds one han and some ura dora (1.3,
    not 1.8: no ippatsu), a closed hand without riichi nothing for menzen tsumo (no such yaku, F4)."""
    from engine.cpu import hand_value as hv
    from engine.cpu import mahjong_play as mp

    real = hv.estimate_han

    def est(seat: Any, counts: Any, riichi: bool) -> float:
        han = real(seat, counts, riichi)
        if seat.variant == "five" and seat.closed:
            han -= 0.5 if riichi else 0.4
        return han

    with patched(mp, estimate_han=est):
        yield


@variant("fiveriichi")
def _fiveriichi() -> Iterator[None]:
    """In Mahjong Five, riichi on every closed ready hand with a live wait (no dama at four han)."""
    from engine.cpu import mahjong_play as mp

    real = mp.declare_riichi

    def declare(seat: Any, counts: Any, kind: int, waits: int) -> bool:
        return True if seat.variant == "five" else real(seat, counts, kind, waits)

    with patched(mp, declare_riichi=declare):
        yield


@variant("fivehonba")
def _fivehonba() -> Iterator[None]:
    """In Mahjong Five a dealer's win gets one han per honba (F5): with honba on the table the
    dealer's threat counts half again (as a riichi dealer's does), and the hard dealer's own hand
    counts its honba han when it weighs a push."""
    from engine.cpu import mahjong_play as mp
    from engine.cpu import mahjong_view as mv

    real_seat = mv.seat_from_view
    real_push = mp.push_value
    honba = [0]

    def seat_of(view: dict[str, Any], variant: str) -> Any:
        seat = real_seat(view, variant)
        honba[0] = int(view.get("honba") or 0) if variant == "five" else 0
        if honba[0]:
            others = [x.get("player") for x in view.get("seats") or [] if x.get("player") != view["player"]]
            for opp, name in zip(seat.opponents, others, strict=True):
                opp.dealer = name == view.get("dealer")
        return seat

    def push(seat: Any, counts: Any, kind: int, level: str, ready: bool = False) -> float:
        value = real_push(seat, counts, kind, level, ready)
        if seat.variant == "five" and seat.seat_wind == 27 and honba[0] and value:
            value *= 1.5 ** min(2, honba[0])
        return value

    with patched(mv, seat_from_view=seat_of), patched(mp, push_value=push):
        yield


def _five_claims_as_riichi(level_for: str) -> Iterator[None]:
    """Hard's Five claims made by the riichi call rule at ``level_for``'s han (the seat's yaku
    read as riichi's: Closed Hand aside, which a call gives up anyway)."""
    import dataclasses

    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        if level == "hard" and seat.variant == "five" and not options.ron:
            return real(dataclasses.replace(seat, variant="riichi"), options, rng, level_for)
        return real(seat, options, rng, level)

    with patched(mv, choose_claim=claim):
        yield


@variant("fiveloose")
def _fiveloose() -> Iterator[None]:
    """In Mahjong Five, hard opens for any yaku plan (one han enough: Inside, Outside, One Suit,
    a VIP set), as riichi's normal level: fast cheap wins cut short the others' closed riichi hands."""
    yield from _five_claims_as_riichi("normal")


@variant("fiveriichicalls")
def _fiveriichicalls() -> Iterator[None]:
    """In Mahjong Five, hard calls by its riichi rule (two han, one when three steps away, an
    open one-suit plan counted, a VIP pon always)."""
    yield from _five_claims_as_riichi("hard")


@variant("fivenodora")
def _fivenodora() -> Iterator[None]:
    """In Mahjong Five a closed hand opens only for a VIP pon (not for speed with two dora)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level == "hard" and seat.variant == "five" and seat.closed and choice.action != "ron" \
                and not (choice.action == "pon" and options.kind in seat.value_honors()):
            return mc.ClaimChoice("pass")
        return choice

    with patched(mv, choose_claim=claim):
        yield


@variant("fiveclosed")
def _fiveclosed() -> Iterator[None]:
    """In Mahjong Five a closed hand never opens (ron only)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level == "hard" and seat.variant == "five" and seat.closed and choice.action != "ron":
            return mc.ClaimChoice("pass")
        return choice

    with patched(mv, choose_claim=claim):
        yield


@variant("fiveopen")
def _fiveopen() -> Iterator[None]:
    """In Mahjong Five an open hand's threat counts half when deciding to fold: a call leaves one
    han or two (a VIP set, a dora), 15-30 points, against a closed hand's three or so."""
    from engine.cpu import mahjong_play as mp
    from engine.cpu.safety import threat

    real = mp.max_threat

    def worst(seat: Any) -> float:
        if seat.variant != "five":
            return real(seat)
        dora = mp.dora_kinds(seat)
        return max((threat(o, dora) * (1.0 if o.riichi else 0.5) for o in seat.opponents), default=0.0)

    with patched(mp, max_threat=worst):
        yield


@variant("fivedealertenpai")
def _fivedealertenpai() -> Iterator[None]:
    """As fivetenpai, for the dealer only: a dealer ready at the draw also keeps the deal, and its
    next win gets one han more (F3, F5)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim
    with VARIANTS["fivetenpai"]():
        late = vars(mv)["choose_claim"]  # the name the view module calls, as patched

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        return (late if seat.seat_wind == 27 else real)(seat, options, rng, level)

    with patched(mv, choose_claim=claim):
        yield


@variant("fivevipfar")
def _fivevipfar() -> Iterator[None]:
    """In Mahjong Five a closed hand one step from ready or closer keeps riichi over a one-han VIP
    pon (the pon still made with a dora, or two or more steps away, where speed is short)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level != "hard" or seat.variant != "five" or not seat.closed or choice.action != "pon" \
                or shanten(seat.counts, seat.hand_forms) >= 2:
            return choice
        k = options.kind
        _, _, hand = mc._call_result(seat, [k, k], [k, k, k], {k})
        return choice if mc.open_han(seat, hand, [k, k, k]) >= 2.0 else mc.ClaimChoice("pass")

    with patched(mv, choose_claim=claim):
        yield

