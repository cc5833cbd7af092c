"""League standings: the sum of each player's league points (tenths), plain data in and out.

Places tie like a game's (R11): equal totals share the better place. The order of equal totals
for seating (swiss) is broken by more first places, then fewer games, then the seating seed's
draw, never by sign-up order alone (D85).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from bot.league.scoring import round_tenths


@dataclass(frozen=True)
class Result:
    """One player's result of one league game. ``place`` None: a table settled unfinished (D84)."""

    user_id: int
    round: int
    tenths: int
    place: int | None = None


@dataclass
class Row:
    rank: int
    user_id: int
    name: str
    tenths: int = 0
    games: int = 0
    places: list[int] = field(default_factory=list)
    carried: int = 0  # the share of the regular standings a playoff starts from (tenths)

    @property
    def firsts(self) -> int:
        return sum(1 for p in self.places if p == 1)

    @property
    def average_place(self) -> float | None:
        return sum(self.places) / len(self.places) if self.places else None


def standings(players: Mapping[int, str], results: Iterable[Result], carried: Mapping[int, int] | None = None,
              rounds: Iterable[int] | None = None) -> list[Row]:
    """Every signed-up player's row, best first. ``rounds``: count only these rounds (a playoff);
    ``carried``: points a playoff player starts from (only they are listed then)."""
    only = set(rounds) if rounds is not None else None
    who = dict(players) if carried is None else {u: players.get(u, str(u)) for u in carried}
    rows = {u: Row(0, u, name, tenths=(carried or {}).get(u, 0), carried=(carried or {}).get(u, 0))
            for u, name in who.items()}
    for r in results:
        row = rows.get(r.user_id)
        if row is None or (only is not None and r.round not in only):
            continue
        row.tenths += r.tenths
        row.games += 1
        if r.place is not None:
            row.places.append(r.place)
    ordered = sorted(rows.values(), key=lambda row: (-row.tenths, -row.firsts, row.games, row.name, row.user_id))
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and ordered[i - 1].tenths == row.tenths else i + 1
    return ordered


def ranked_for_seating(rows: list[Row], seed: int) -> list[int]:
    """Players best first for swiss seating: equal totals in an order drawn from the seed (D85)."""
    draw = {row.user_id: random.Random(seed * 1_000_003 + row.user_id).random() for row in rows}
    return [row.user_id for row in sorted(rows, key=lambda r: (-r.tenths, -r.firsts, draw[r.user_id]))]


def carry(rows: list[Row], top: int, percent: int) -> dict[int, int]:
    """The playoff's players (the first ``top`` of the standings) and the share of their regular
    points they carry into it (``percent`` %, to the tenth, halves away from zero) (D86)."""
    return {row.user_id: round_tenths(Fraction(row.tenths * percent, 100)) for row in rows[:top]}
