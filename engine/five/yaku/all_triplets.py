"""All Triplets (F4): 2 han for four triplets or quads; +13 if the hand is also closed.

Closed means no open meld, so a ron on the last triplet still counts as closed.

>>> from engine.five.reading import Reading
>>> blocks = ((0, 0, 0), (9, 9, 9), (18, 18, 18), (27, 27, 27, 27), (33, 33))
>>> score(Reading(blocks, (), closed=True))
[Line(key='all_triplets', han=2, tiles=''), Line(key='all_triplets_closed', han=13, tiles='')]
"""

from __future__ import annotations

from engine.five.lines import Line
from engine.five.reading import Reading, is_triplet


def score(reading: Reading) -> list[Line]:
    sets = reading.sets
    if len(sets) != 4 or not all(is_triplet(s) for s in sets):
        return []
    lines = [Line("all_triplets", 2)]
    if reading.closed:
        lines.append(Line("all_triplets_closed", 13))
    return lines
