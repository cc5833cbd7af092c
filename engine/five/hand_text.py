"""Tiles written in notation turned into 136 ids, for tests, examples and benchmarks.

Each kind hands out its copies in order; a red five (``0m``) is copy 0 of its five and a plain
five never takes copy 0 while another copy is free, so ``"50m"`` keeps one plain and one red.
"""

from __future__ import annotations

from engine.tiles import TileError, parse


def ids_of(text: str, taken: set[int] | None = None) -> list[int]:
    """136 ids for ``text``, skipping ids in ``taken`` (which is updated, so calls can share it).

    >>> ids_of("550m")
    [17, 18, 16]
    >>> taken = set(); ids_of("1m", taken), ids_of("1m", taken)
    ([0], [1])
    """
    taken = set() if taken is None else taken
    out: list[int] = []
    for kind, red in parse(text):
        copies = [0] if red else ([1, 2, 3, 0] if kind in (4, 13, 22) else [0, 1, 2, 3])
        free = [kind * 4 + c for c in copies if kind * 4 + c not in taken]
        if not free:
            raise TileError(f"no copy of {text!r} tile {kind} left")
        taken.add(free[0])
        out.append(free[0])
    return out
