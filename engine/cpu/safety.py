"""How dangerous a discard is against the seats that threaten to win.

Order of safety: genbutsu (a tile the threat cannot ron) > suji > honors seen twice or more >
terminals > the rest. Danger is a small number per kind; 0 is certain safety.

>>> from engine.tiles import parse_kinds
>>> from engine.cpu.seat import Opponent
>>> opp = Opponent(discards=parse_kinds("4m1z"), riichi=True)
>>> seen = [0] * 34
>>> [danger(k, opp, seen) for k in parse_kinds("4m1m7m5m2z")]
[0.0, 1.0, 2.0, 10.0, 6.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cpu.seat import Opponent


def _suji_sides(kind: int, safe: set[int]) -> tuple[int, int]:
    """(sides covered by suji, sides that need covering) for a number tile."""
    n = kind % 9  # 0-based: 0 is the one
    base = kind - n
    sides = []
    if n >= 3:
        sides.append(base + n - 3)
    if n <= 5:
        sides.append(base + n + 3)
    return sum(1 for s in sides if s in safe), len(sides)


def danger(kind: int, opp: Opponent, seen: Sequence[int]) -> float:
    """Danger of discarding ``kind`` into ``opp`` (seen: copies visible to the discarder)."""
    if kind in opp.safe:
        return 0.0
    if kind >= 27:
        visible = seen[kind]
        return {3: 1.0, 2: 3.0, 1: 5.0}.get(visible, 0.5 if visible >= 4 else 6.0)
    covered, needed = _suji_sides(kind, opp.safe)
    n = kind % 9
    if covered == needed:
        return 1.0 if n in (0, 8) else 2.0
    if n in (0, 8):
        return 5.0
    if n in (1, 7):
        return 7.0
    if n in (2, 6):
        return 8.0
    return 7.0 if covered else 10.0


def threat(opp: Opponent, dora_kinds: set[int]) -> float:
    """How likely this seat is to be ready with a hand worth fearing (0 none, 1 a riichi)."""
    if opp.riichi:
        return 1.0
    if len(opp.melds) >= 3:
        return 0.8
    if len(opp.melds) == 2:
        valuable = any(k in dora_kinds or k >= 31 for m in opp.melds for k in m)
        return 0.6 if valuable else 0.3
    return 0.0


def total_danger(kind: int, opponents: Sequence[Opponent], seen: Sequence[int],
                 dora_kinds: set[int]) -> float:
    return sum(threat(o, dora_kinds) * danger(kind, o, seen) for o in opponents)
