"""Build ``engine/cpu/preflop_table.py``: hold'em preflop equity of the 169 starting-hand classes
against ranges of every width, computed once with treys and committed as a Python module (the
engine reads no files at run time).

Every class is played against every class (``SAMPLES`` random deals of concrete cards and boards
per match-up, the same seed every run); a range is the strongest share of the 1,326 combos in
the order of equity against a random hand, and a class's equity against it is the combo-weighted
mean of its match-ups. Run: ``python tools/build_preflop_table.py [SAMPLES]``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from treys import Card, Evaluator

RANKS = "AKQJT98765432"
SUITS = "shdc"
WIDTHS = (2, 4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 50, 60, 70, 85, 100)  # percent of combos
OUT = Path(__file__).resolve().parent.parent / "engine" / "cpu" / "preflop_table.py"


def classes() -> list[str]:
    out = [r + r for r in RANKS]
    for i, hi in enumerate(RANKS):
        for lo in RANKS[i + 1:]:
            out += [hi + lo + "s", hi + lo + "o"]
    return out


def combos(name: str) -> list[tuple[str, str]]:
    hi, lo = name[0], name[1]
    if hi == lo:
        return [(hi + a, lo + b) for i, a in enumerate(SUITS) for b in SUITS[i + 1:]]
    if name[2] == "s":
        return [(hi + s, lo + s) for s in SUITS]
    return [(hi + a, lo + b) for a in SUITS for b in SUITS if a != b]


def matchup(ev: Evaluator, mine: list[list[int]], theirs: list[list[int]], deck: list[int],
            rng: random.Random, samples: int) -> float:
    won = 0.0
    done = 0
    while done < samples:
        a = rng.choice(mine)
        b = rng.choice(theirs)
        if a[0] in b or a[1] in b:
            continue
        rest = [c for c in deck if c not in a and c not in b]
        board = rng.sample(rest, 5)
        ra, rb = ev.evaluate(a, board), ev.evaluate(b, board)
        won += 1.0 if ra < rb else 0.5 if ra == rb else 0.0
        done += 1
    return won / samples


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    ev = Evaluator()
    rng = random.Random(169)
    names = classes()
    cards = {n: [[Card.new(x) for x in c] for c in combos(n)] for n in names}
    weight = {n: len(cards[n]) for n in names}
    deck = [Card.new(r + s) for r in RANKS for s in SUITS]
    n = len(names)
    eq = [[0.5] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            e = matchup(ev, cards[names[i]], cards[names[j]], deck, rng, samples)
            eq[i][j], eq[j][i] = e, 1.0 - e
        if i == n - 1 or i % 2 == 0:
            for k in range(n):  # a class against itself: tie on average, by symmetry
                eq[k][k] = 0.5
    total = sum(weight.values())
    vs_all = [sum(eq[i][j] * weight[names[j]] for j in range(n)) / total for i in range(n)]
    order = sorted(range(n), key=lambda i: -vs_all[i])
    rows = []
    for i in order:
        row = []
        for width in WIDTHS:
            room = total * width / 100
            num = den = 0.0
            for j in order:
                w = min(weight[names[j]], room)
                if w <= 0:
                    break
                num += eq[i][j] * w
                den += w
                room -= w
            row.append(round(10_000 * num / den))
        rows.append(row)
    lines = [
        '"""Preflop equity of the 169 hold\'em starting-hand classes against ranges (generated file).',
        "",
        "Built by ``tools/build_preflop_table.py`` with treys: every class against every class over",
        f"{samples} random deals each; a range of width W is the strongest W % of the 1,326 combos in",
        "the order of ``CLASSES`` (equity against a random hand, best first). ``EQUITY[i][w]`` is",
        "``CLASSES[i]`` against the range ``WIDTHS[w]``, in ten-thousandths. Do not edit by hand.",
        '"""',
        "",
        f"WIDTHS = {WIDTHS!r}",
        "CLASSES = (",
        *[f"    {' '.join(repr(names[i]) + ',' for i in order[k:k + 12])}" for k in range(0, n, 12)],
        ")",
        "COMBOS = (",
        *[f"    {' '.join(str(weight[names[i]]) + ',' for i in order[k:k + 24])}" for k in range(0, n, 24)],
        ")",
        "EQUITY = (",
        *[f"    ({', '.join(str(v) for v in row)}),  # {names[order[r]]}" for r, row in enumerate(rows)],
        ")",
        "",
    ]
    OUT.write_text("\n".join(lines))


if __name__ == "__main__":
    main()
