"""Seating a league round into tables of four: plain functions over plain data, deterministic
given a seed.

A round is a list of tables; a table is a list of four seats, each a player id or ``None`` for a
CPU seat (D80: a player count not divisible by four is topped up with CPU seats, one per table as
far as they go, so every player plays every round). The order of the seats inside a table means
nothing here: the wind order is drawn at the table by the fair shuffle (D69).

- ``random``: a shuffle by the seed.
- ``no-repeat``: as few pairs meeting again as possible, given every earlier round: a local search
  over swaps of two players between tables, minimising the sum over the pairs seated together of
  how often they met before, squared (so one pair meeting a third time costs more than two pairs
  meeting a second time).
- ``swiss``: by standings (the leader with the next three, ...), then swaps between neighbouring
  tables only while they lower the repeats, so the tables stay close to the standings' order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

Seat = int | None
Round = list[list[Seat]]
Pairs = Counter[tuple[int, int]]
METHODS = ("random", "no-repeat", "swiss")
TABLE = 4


_PLANS: dict[tuple[tuple[int, ...], int, int], list[Round]] = {}


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def meetings(rounds: Iterable[Round]) -> Pairs:
    """How often each pair of players sat at one table in these rounds (CPU seats not counted)."""
    counts: Pairs = Counter()
    for tables in rounds:
        for table in tables:
            people = [p for p in table if p is not None]
            for i, a in enumerate(people):
                for b in people[i + 1:]:
                    counts[pair(a, b)] += 1
    return counts


def repeats(rounds: Sequence[Round]) -> tuple[int, int]:
    """(repeat meetings, the most times one pair met): a pair meeting k times makes k - 1 repeats."""
    counts = meetings(rounds)
    return sum(c - 1 for c in counts.values()), max(counts.values(), default=0)


def table_count(players: int) -> int:
    return -(-players // TABLE)


def _chunk(order: Sequence[int]) -> Round:
    """Tables in order, the CPU seats (D80) spread one per table from the last table backwards."""
    tables = table_count(len(order))
    cpus = tables * TABLE - len(order)
    sizes = [TABLE] * tables
    for k in range(cpus):
        sizes[tables - 1 - k % tables] -= 1
    out: Round = []
    at = 0
    for size in sizes:
        seats: list[Seat] = list(order[at:at + size])
        out.append(seats + [None] * (TABLE - size))
        at += size
    return out


def seat_random(players: Sequence[int], seed: int) -> Round:
    order = list(players)
    random.Random(seed).shuffle(order)
    return _chunk(order)


def _cost(table: Sequence[Seat], met: Pairs) -> int:
    people = [p for p in table if p is not None]
    return sum(met.get(pair(a, b), 0) ** 2 for i, a in enumerate(people) for b in people[i + 1:])


def _swap_gain(tables: Round, t1: int, i: int, t2: int, j: int, met: Pairs) -> int:
    """How much the cost drops when seat i of table t1 and seat j of table t2 change places."""
    a, b = tables[t1][i], tables[t2][j]
    gain = 0
    for k, x in enumerate(tables[t1]):
        if k != i and x is not None:
            gain += (met.get(pair(a, x), 0) ** 2 if a is not None else 0) - (
                met.get(pair(b, x), 0) ** 2 if b is not None else 0)
    for k, y in enumerate(tables[t2]):
        if k != j and y is not None:
            gain += (met.get(pair(b, y), 0) ** 2 if b is not None else 0) - (
                met.get(pair(a, y), 0) ** 2 if a is not None else 0)
    return gain


def _search(tables: Round, met: Pairs, rng: random.Random, steps: int, reach: int | None) -> int:
    """Swap players between tables (within ``reach`` tables of each other, None: any) while that
    does not raise the cost; sideways moves are taken too, to walk across plateaus. Returns the
    final cost. CPU seats never move: they are where D80 put them."""
    cost = sum(_cost(t, met) for t in tables)
    n = len(tables)
    if n < 2 or cost == 0:
        return cost
    for _ in range(steps):
        t1 = rng.randrange(n)
        if reach is None:
            t2 = rng.randrange(n - 1)
            t2 += t2 >= t1
        else:
            t2 = t1 + rng.choice((-reach, reach)) if reach else t1
            if not 0 <= t2 < n or t2 == t1:
                continue
        i, j = rng.randrange(TABLE), rng.randrange(TABLE)
        if tables[t1][i] is None or tables[t2][j] is None:
            continue
        gain = _swap_gain(tables, t1, i, t2, j, met)
        if gain >= 0:
            tables[t1][i], tables[t2][j] = tables[t2][j], tables[t1][i]
            cost -= gain
            if cost == 0:
                break
    return cost


def _move_gain(tables: list[Seat], a: int, b: int, t1: list[Seat], t2: list[Seat], met: Pairs) -> int:
    """How much the sum of squared meeting counts drops when ``a`` (of ``t1``) and ``b`` (of
    ``t2``) change tables, the counts ``met`` including this round's tables."""
    gain = 0
    for x in t1:
        if x is not None and x != a:
            ca, cb = met[pair(a, x)], met[pair(b, x)]
            gain += (2 * ca - 1) - (2 * cb + 1)
    for y in t2:
        if y is not None and y != b:
            cb, ca = met[pair(b, y)], met[pair(a, y)]
            gain += (2 * cb - 1) - (2 * ca + 1)
    return gain


def _shift(met: Pairs, table: list[Seat], who: int, by: int) -> int:
    """Add ``by`` (±1) to ``who``'s meetings with the others of ``table``; the change in repeats."""
    change = 0
    for x in table:
        if x is not None and x != who:
            key = pair(who, x)
            before = met[key]
            met[key] = before + by
            change += (before + by > 1) * (before + by - 1) - (before > 1) * (before - 1)
    return change


def plan_no_repeat(players: Sequence[int], earlier: Sequence[Round], total: int, seed: int,
                   effort: int = 150) -> list[Round]:
    """The rounds still to play (``total`` in all), planned together as the published grids are:
    random rounds, then swaps of two players between two tables of one round while they do not
    raise the sum over pairs of their meetings squared (``earlier`` rounds fixed), sideways moves
    included to cross plateaus; ``effort`` tries per player and round."""
    rng = random.Random(seed)
    best: tuple[int, list[Round]] | None = None
    for _ in range(max(1, min(6, 400 // max(1, len(players))))):  # a few starts for small fields
        rounds = _plan_once(players, earlier, total, rng, effort)
        worse = repeats([*earlier, *rounds])[0]
        if best is None or worse < best[0]:
            best = (worse, rounds)
        if worse <= lower_bound(len(players), total):
            break
    assert best is not None
    return best[1]


def _plan_once(players: Sequence[int], earlier: Sequence[Round], total: int, rng: random.Random,
               effort: int) -> list[Round]:
    count = max(1, total - len(earlier))
    rounds: list[Round] = []
    for _ in range(count):
        order = list(players)
        rng.shuffle(order)
        rounds.append(_chunk(order))
    met = meetings([*earlier, *rounds])
    floor = lower_bound(len(players), total)
    n = len(rounds[0])
    if n < 2:
        return rounds
    floor = max(floor, repeats(earlier)[0])  # the rounds played are fixed: their repeats stay
    excess = sum(c - 1 for c in met.values() if c > 1)
    best, since = excess, 0
    patience = max(20_000, 10 * len(players) * count)  # swaps without a new best before giving up
    for _ in range(effort * len(players) * count):
        if excess <= floor or since > patience:
            break
        since += 1
        if excess < best:
            best, since = excess, 0
        tables = rounds[rng.randrange(count)]
        t1 = rng.randrange(n)
        t2 = rng.randrange(n - 1)
        t2 += t2 >= t1
        i, j = rng.randrange(TABLE), rng.randrange(TABLE)
        a, b = tables[t1][i], tables[t2][j]
        if a is None or b is None:
            continue
        if _move_gain(tables[t1], a, b, tables[t1], tables[t2], met) >= 0:
            excess += _shift(met, tables[t1], a, -1) + _shift(met, tables[t2], b, -1)
            tables[t1][i], tables[t2][j] = b, a
            excess += _shift(met, tables[t1], b, 1) + _shift(met, tables[t2], a, 1)
    return rounds


def seat_swiss(ranked: Sequence[int], met: Pairs, seed: int, effort: int = 30) -> Round:
    """``ranked``: the players best first (ties already broken). The first four sit together, then
    the next four, ...; swaps between neighbouring tables then remove repeats where they can."""
    tables = _chunk(list(ranked))
    _search(tables, met, random.Random(seed), effort * len(ranked), 1)
    return tables


def seat(method: str, players: Sequence[int], earlier: Sequence[Round], seed: int,
         ranked: Sequence[int] | None = None, total: int | None = None) -> Round:
    """Seat the next round by ``method`` (``METHODS``); ``ranked`` (swiss) the players best first;
    ``total`` the league's number of rounds (no-repeat plans the rest of the league with it)."""
    if len(players) < TABLE:
        raise ValueError("a round needs at least four players")
    if method == "random":
        return seat_random(sorted(players), seed)
    if method == "no-repeat":
        return _next_no_repeat(sorted(players), earlier, max(total or 0, len(earlier) + 1), seed)
    if method == "swiss":
        return seat_swiss(list(ranked if ranked is not None else sorted(players)), meetings(earlier), seed)
    raise ValueError(f"unknown seating {method!r}")


def _next_no_repeat(players: list[int], earlier: Sequence[Round], total: int, seed: int) -> Round:
    """The next round of the league's plan (drawn once from its seed and kept in memory); if the
    rounds played left the plan (a round seated otherwise), the rest is planned again."""
    key = (tuple(players), total, seed)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = plan_no_repeat(players, [], total, seed)
        while len(_PLANS) > 64:
            del _PLANS[next(iter(_PLANS))]
    k = len(earlier)
    if k < len(plan) and [_norm(r) for r in earlier] == [_norm(r) for r in plan[:k]]:
        return [list(t) for t in plan[k]]
    return plan_no_repeat(players, earlier, total, seed)[0]


def _norm(tables: Round) -> list[list[int]]:
    """A round as sets of tables, CPU seats as −1: the order of tables and seats means nothing."""
    return sorted(sorted(-1 if s is None else s for s in t) for t in tables)


def lower_bound(players: int, rounds: int) -> int:
    """The fewest repeat meetings any seating can have: each round seats ``6 × tables`` pairs (less
    for tables with CPU seats), and only ``n(n-1)/2`` distinct pairs exist."""
    order = list(range(players))
    per_round = sum(len([p for p in t if p is not None]) * (len([p for p in t if p is not None]) - 1) // 2
                    for t in _chunk(order))
    return max(0, per_round * rounds - players * (players - 1) // 2)
