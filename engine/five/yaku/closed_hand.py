"""Closed Hand (F4): 1 han with no open meld; riichi, all-sequences and twin-sequence bonuses.

Ron is allowed and closed kans keep the hand closed. The all-sequences bonus takes any pair and any
wait. Each pair of identical sequences adds 1, so three alike add 1 and four alike add 2. A
seven-pairs reading has no sets, so only the riichi bonus can join it.

>>> from engine.five.reading import Reading
>>> r = Reading(((0, 1, 2), (0, 1, 2), (12, 13, 14), (24, 25, 26), (27, 27)), (), closed=True, riichi=True)
>>> score(r)
[Line(key='closed_hand', han=1, tiles=''), Line(key='closed_riichi', han=1, tiles=''), Line(key='closed_all_sequences', han=1, tiles=''), Line(key='closed_twin_sequences', han=1, tiles='123m')]
"""

from __future__ import annotations

from collections import Counter

from engine.five.lines import Line, block_name
from engine.five.reading import Reading, is_sequence


def score(reading: Reading) -> list[Line]:
    if not reading.closed:
        return []
    lines = [Line("closed_hand", 1)]
    if reading.riichi:
        lines.append(Line("closed_riichi", 1))
    sets = reading.sets
    if len(sets) == 4 and all(is_sequence(s) for s in sets):
        lines.append(Line("closed_all_sequences", 1))
    alike = Counter(s for s in sets if is_sequence(s))
    for seq, n in sorted(alike.items()):
        lines.extend(Line("closed_twin_sequences", 1, block_name(seq)) for _ in range(n // 2))
    return lines
