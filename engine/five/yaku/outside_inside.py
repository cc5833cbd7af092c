"""Outside or Inside (F4): 1 han if every set and the pair has a terminal or honor, or none has.

Seven pairs are judged pair by pair the same way.

>>> from engine.five.reading import Reading
>>> score(Reading(((0, 1, 2), (6, 7, 8), (9, 9, 9), (33, 33, 33), (26, 26)), (), closed=False))
[Line(key='outside', han=1, tiles='')]
>>> score(Reading(((1, 2, 3), (4, 5, 6), (10, 10, 10), (22, 23, 24), (25, 25)), (), closed=False))
[Line(key='inside', han=1, tiles='')]
"""

from __future__ import annotations

from engine.five.lines import Line
from engine.five.reading import Reading
from engine.tiles import is_terminal_or_honor


def score(reading: Reading) -> list[Line]:
    edged = [any(is_terminal_or_honor(k) for k in block) for block in reading.blocks]
    if all(edged):
        return [Line("outside", 1)]
    if not any(edged):
        return [Line("inside", 1)]
    return []
