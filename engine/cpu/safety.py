"""How dangerous a discard is against the seats that threaten to win, from public information only.

:func:`danger` is the chance that a seat already ready would win on the tile: the sum, over the
wait shapes that could take it (two-sided on either side, closed and edge waits, a pair wait, a
single wait), of how often that shape occurs, with every shape the table rules out removed:

* genbutsu: a kind the seat discarded, or let pass after its riichi, cannot ron against it (R12);
* suji: a two-sided wait on 4-7 also takes 1, so a safe 1 rules out the 2-3 shape for 4;
* kabe / no-chance: with every copy of 6 visible no seat holds 6-7, so 8 cannot be a 6-7 wait
  (one-chance, three visible: that shape is much rarer);
* honors and pairs: a kind with three copies visible cannot be a pair wait.

:func:`threat` turns a seat's table (riichi, open sets, their dora and suits, river length) into
the chance it is ready and what its hand is worth; :func:`risk` weighs the two in points.

>>> from engine.tiles import parse_kinds
>>> from engine.cpu.seat import Opponent
>>> opp = Opponent(discards=parse_kinds("4m1z"), riichi=True)
>>> seen = [0] * 34
>>> [round(danger(k, opp, seen), 3) for k in parse_kinds("4m1m7m5m2z")]
[0.0, 0.017, 0.041, 0.119, 0.045]
>>> seen[parse_kinds("6m")[0]] = 4  # no-chance on 6m: 8m is no 6-7 wait
>>> round(danger(parse_kinds("8m")[0], opp, seen), 3)
0.029
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cpu.seat import Opponent

RYANMEN = 0.045  # one two-sided shape that takes the tile
KANCHAN = 0.012
PENCHAN = 0.012
SHANPON = 0.012
TANKI = 0.005
HONOR = (0.045, 0.032, 0.012, 0.001)  # by copies already visible to the discarder (0..3)


def _shape(seen: Sequence[int], *kinds: int, kabe: bool) -> float:
    """How available a shape made of ``kinds`` is: 0 with a kind fully visible, less with three."""
    worst = max(seen[k] for k in kinds)
    if worst >= 4:
        return 0.0
    if kabe and worst == 3:
        return 0.3
    return 1.0


def danger(kind: int, opp: Opponent, seen: Sequence[int], kabe: bool = True) -> float:
    """Chance that ``opp``, if ready, wins on ``kind`` (``seen``: copies visible to the discarder,
    the discarder's own tiles included). ``kabe`` False ignores visible walls (the normal level)."""
    if kind in opp.safe:
        return 0.0
    left = 4 - seen[kind]  # copies the discarder cannot see (the discarded one is in its hand)
    if kind >= 27:
        return HONOR[min(3, max(0, seen[kind] - 1))]
    pair = (SHANPON if left >= 2 else SHANPON * 0.4 if left == 1 else 0.0) + (TANKI if left >= 1 else 0.0)
    n = kind % 9
    base = kind - n
    total = pair
    if n >= 3 and kind - 3 not in opp.safe:
        total += RYANMEN * _shape(seen, kind - 2, kind - 1, kabe=kabe)
    if n <= 5 and kind + 3 not in opp.safe:
        total += RYANMEN * _shape(seen, kind + 1, kind + 2, kabe=kabe)
    if 1 <= n <= 7:
        total += KANCHAN * _shape(seen, kind - 1, kind + 1, kabe=kabe)
    if n == 2:
        total += PENCHAN * _shape(seen, base, base + 1, kabe=kabe)
    if n == 6:
        total += PENCHAN * _shape(seen, base + 7, base + 8, kabe=kabe)
    return total * opp.suit_factor(kind)


def threat(opp: Opponent, dora_kinds: set[int]) -> float:
    """Chance that this seat is ready now (1 for a riichi)."""
    if opp.riichi:
        return 1.0
    opened = len(opp.melds)
    if not opened:
        return 0.1 if len(opp.discards) >= 14 else 0.0
    late = min(0.25, max(0, len(opp.discards) - 6) * 0.03)
    return min(0.95, (0.1, 0.3, 0.55, 0.9)[min(opened, 4) - 1] + late)


def threat_value(opp: Opponent, dora_kinds: set[int]) -> float:
    """Points this seat's hand is expected to win (a riichi about 5,200; dealer half again)."""
    if opp.riichi or not opp.melds:
        value = 5200.0
    else:
        shown = sum(1 for m in opp.melds for k in m if k in dora_kinds)
        value = 2000.0 + 2000.0 * shown + (3000.0 if opp.one_suit() is not None else 0.0)
        value += 1000.0 * sum(1 for m in opp.melds if len(set(m)) == 1 and m[0] >= 31)
    return value * (1.5 if opp.dealer else 1.0)


def risk(kind: int, opponents: Sequence[Opponent], seen: Sequence[int], dora_kinds: set[int],
         kabe: bool = True) -> float:
    """Expected points lost by discarding ``kind`` now."""
    return sum(threat(o, dora_kinds) * threat_value(o, dora_kinds) * danger(kind, o, seen, kabe)
               for o in opponents if threat(o, dora_kinds) > 0)


def total_danger(kind: int, opponents: Sequence[Opponent], seen: Sequence[int],
                 dora_kinds: set[int]) -> float:
    """Danger weighted by each seat's threat, on a 0-10 scale (ordering discards when folding)."""
    return sum(100 * threat(o, dora_kinds) * danger(kind, o, seen) for o in opponents)
