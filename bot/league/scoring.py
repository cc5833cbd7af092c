"""A finished game's league points, in integer tenths (so 12.3 points is 123 and sums stay exact).

- riichi: the M.League result (R2): (points − 30,000) / 1,000 plus the uma of the place, oka
  included (+50 / +10 / −10 / −30); players on equal points share the uma of the places they
  cover, the share rounded to the nearest tenth, halves away from zero (D81).
- janpo: raw points, no placement points (R2, J14): (points − 25,000) / 1,000 (D82).
- five: the score: points − 50, the start (F2) (D82).
- holdem: chips: (chips − the starting stack) / the big blind, big blinds won (D82).

Every result keeps one decimal; raw points that are not whole hundreds round to the tenth, halves
away from zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

UMA_TENTHS = (500, 100, -100, -300)  # R2 with the oka, in tenths of a thousand points
RIICHI_RETURN = 30_000
JANPO_START = 25_000
FIVE_START = 50
GAMES = ("riichi", "janpo", "five", "holdem")


def round_tenths(value: Fraction) -> int:
    """The nearest whole number of tenths, halves away from zero (−0.05 → −0.1)."""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if 2 * rest >= value.denominator:
        whole += 1
    return whole if value >= 0 else -whole


def mleague_tenths(points: Mapping[str, int]) -> dict[str, int]:
    """R2 for four seats' final points: (points − 30,000) / 1,000 + shared uma, in tenths."""
    order = sorted(points, key=lambda p: -points[p])
    out: dict[str, int] = {}
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and points[order[j + 1]] == points[order[i]]:
            j += 1
        share = Fraction(sum(UMA_TENTHS[i:j + 1]), j - i + 1)
        for player in order[i:j + 1]:
            out[player] = round_tenths(Fraction(points[player] - RIICHI_RETURN, 100) + share)
        i = j + 1
    return out


def game_tenths(game: str, points: Mapping[str, int], options: Mapping[str, Any] | None = None) -> dict[str, int]:
    """Each seat's league points for one finished game of ``game`` (tenths), from its final points."""
    options = options or {}
    if game == "riichi":
        return mleague_tenths(points)
    if game == "janpo":
        return {p: round_tenths(Fraction(v - JANPO_START, 100)) for p, v in points.items()}
    if game == "five":
        return {p: (v - FIVE_START) * 10 for p, v in points.items()}
    if game == "holdem":
        stack = int(options.get("stacks") or 10_000)
        big = int((options.get("blinds") or [100, 200])[-1])
        return {p: round_tenths(Fraction((v - stack) * 10, big)) for p, v in points.items()}
    raise ValueError(f"no league scoring for {game!r}")


def show(tenths: int) -> str:
    """``123`` → ``+12.3``; ``-5`` → ``−0.5`` (the minus sign the result pictures use)."""
    sign = "+" if tenths >= 0 else "\u2212"
    whole, part = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{part}"
