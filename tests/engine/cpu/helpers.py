"""Build CPU inputs from tile strings for the tests."""

from __future__ import annotations

from engine.cpu.seat import Opponent, Seat
from engine.tiles import RED_FIVES, parse, parse_kinds


def ids(text: str) -> list[int]:
    """136 ids for a tile string, red fives as copy 0, other copies numbered upward."""
    used: dict[int, int] = {}
    out = []
    for kind, red in parse(text):
        if red:
            out.append(kind * 4)
            continue
        copy = used.get(kind, 0)
        if kind * 4 + copy in RED_FIVES or (kind * 4 + copy) in out:
            copy += 1
        while kind * 4 + copy in out:
            copy += 1
        used[kind] = copy + 1
        out.append(kind * 4 + copy)
    return out


def seat(hand: str, *, drawn: str | None = None, dora: str = "", opponents: list[Opponent] | None = None,
         variant: str = "riichi", seat_wind: str = "2z", round_wind: str = "1z", wall_left: int = 60,
         melds: list[str] | None = None) -> Seat:
    tiles = ids(hand + (drawn or ""))
    return Seat(
        variant=variant,
        hand=tiles,
        drawn=tiles[-1] if drawn else None,
        melds=[(parse_kinds(m), True) for m in melds or []],
        seat_wind=parse_kinds(seat_wind)[0],
        round_wind=parse_kinds(round_wind)[0],
        dora_indicators=parse_kinds(dora),
        opponents=opponents if opponents is not None else [Opponent(), Opponent(), Opponent()],
        wall_left=wall_left,
    )


def kind(text: str) -> int:
    return parse_kinds(text)[0]
