"""VIP Sets (F4): +1 per triplet or quad of a dragon, the seat wind or the round wind.

A wind that is both seat and round wind still gives 1 for its one set. Sets of all three dragons,
or of all four winds (value winds or not), add 13. A pair is not a set and earns nothing.

>>> from engine.five.reading import Reading
>>> r = Reading(((27, 27, 27), (31, 31, 31), (32, 32, 32), (33, 33, 33), (0, 0)), (), closed=False)
>>> [(x.key, x.han, x.tiles) for x in score(r)]
[('vip_set', 1, '111z'), ('vip_set', 1, '555z'), ('vip_set', 1, '666z'), ('vip_set', 1, '777z'), ('vip_all_dragons', 13, '')]
"""

from __future__ import annotations

from engine.five.lines import Line, block_name
from engine.five.reading import Reading, is_triplet

WINDS = frozenset({27, 28, 29, 30})
DRAGONS = frozenset({31, 32, 33})


def score(reading: Reading) -> list[Line]:
    valued = DRAGONS | {27 + reading.seat_wind, 27 + reading.round_wind}
    triplets = [s for s in reading.sets if is_triplet(s)]
    lines = [Line("vip_set", 1, block_name(s)) for s in triplets if s[0] in valued]
    held = {s[0] for s in triplets}
    if DRAGONS <= held:
        lines.append(Line("vip_all_dragons", 13))
    if WINDS <= held:
        lines.append(Line("vip_all_winds", 13))
    return lines
