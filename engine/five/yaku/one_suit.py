"""One Numbered Suit (F4): 2 han if every numbered tile is of one suit (honors allowed).

+1 if the sets include 123, 456 and 789 of that suit; +3 if there is no honor at all. A hand of
honors only has no numbered suit and does not qualify.

>>> from engine.five.reading import Reading
>>> blocks = ((9, 10, 11), (12, 13, 14), (15, 16, 17), (16, 16, 16), (10, 10))
>>> kinds = tuple(k for b in blocks for k in b)
>>> [(x.key, x.han) for x in score(Reading(blocks, kinds, closed=False))]
[('one_suit', 2), ('one_suit_straight', 1), ('one_suit_no_honors', 3)]
"""

from __future__ import annotations

from engine.five.lines import Line
from engine.five.reading import Reading, is_sequence


def score(reading: Reading) -> list[Line]:
    suits = {k // 9 for k in reading.kinds if k < 27}
    if len(suits) != 1:
        return []
    low = 9 * suits.pop()
    lines = [Line("one_suit", 2)]
    starts = {s[0] for s in reading.sets if is_sequence(s)}
    if {low, low + 3, low + 6} <= starts:
        lines.append(Line("one_suit_straight", 1))
    if all(k < 27 for k in reading.kinds):
        lines.append(Line("one_suit_no_honors", 3))
    return lines
