"""Thirteen Orphans (table option, off by default, F4): a flat 13 han, scored on its own.

It is one of each terminal and honor plus one more of them; no other category is added to it.

>>> from engine.tiles import parse_kinds
>>> score(parse_kinds("19m19p19s12345677z"))
[Line(key='thirteen_orphans', han=13, tiles='')]
>>> score(parse_kinds("19m19p19s12345667z"))
[Line(key='thirteen_orphans', han=13, tiles='')]
>>> score(parse_kinds("129m9p19s1234567z"))
[]
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.five.lines import Line
from engine.tiles import ORPHANS


def score(kinds: Sequence[int]) -> list[Line]:
    """``kinds``: the 14 tiles' 34-kinds."""
    if len(kinds) == 14 and set(kinds) == ORPHANS:
        return [Line("thirteen_orphans", 13)]
    return []
