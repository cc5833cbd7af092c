"""What a hand in progress is worth and how likely it is to win: the push side of push/fold.

Estimates, not scoring (the engine scores a real win): han from dora, red fives, value-honor
sets, all simples, one suit, triplets, and riichi with its extras; points from han by the usual
table at 30 fu; the chance to win from shanten, live effective tiles and the draws left.
Mahjong Five's base scores (F5) stand in the same ratios to one another as these points, so
Five is valued on the same scale, with its Closed Hand yaku and no dealer premium.

>>> hand_points(1, False), hand_points(4, False), hand_points(5, True)
(1000, 7700, 12000)
>>> round(win_chance(0, 8, 60), 2), round(win_chance(0, 2, 60), 2), round(win_chance(1, 20, 60), 2)
(0.7, 0.28, 0.5)
"""

from __future__ import annotations

from engine.cpu.efficiency import Counts
from engine.cpu.seat import Seat
from engine.cpu.yaku_plan import all_simples_plan, one_suit_plan, triplets_plan
from engine.tiles import is_terminal_or_honor

_POINTS = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000)


def hand_points(han: float, dealer: bool) -> int:
    """Ron value of a hand of ``han`` at 30 fu (limit hands above mangan), dealer half again."""
    base = _POINTS[max(0, min(len(_POINTS) - 1, int(han + 0.5)))] if han < 13 else 32000
    return int(base * 1.5) if dealer else base


def hand_dora(seat: Seat, counts: Counts) -> float:
    """Dora and red fives in ``counts`` (the concealed part) and the seat's own sets."""
    total = sum(seat.dora_count(k) * n for k, n in enumerate(counts) if n)
    total += sum(seat.dora_count(k) for m, _ in seat.melds for k in m)
    if seat.red_fives:
        reds = seat.reds_of(4) + seat.reds_of(13) + seat.reds_of(22)
        total += min(reds, sum(counts[k] for k in (4, 13, 22)))
    return total


def yaku_han(seat: Seat, counts: Counts, closed: bool) -> float:
    """Han from yaku the hand already holds or plainly leans to (riichi excluded)."""
    melds = [m for m, _ in seat.melds]
    han = 0.0
    for k in seat.value_honors():
        sets = sum(1 for m in melds if m[0] == k and len(set(m)) == 1) + (counts[k] >= 3)
        doubled = 2 if k == seat.seat_wind == seat.round_wind else 1
        han += doubled * (sets + (0.4 if counts[k] == 2 and not sets else 0.0))
    if all_simples_plan(counts, melds, slack=0):
        han += 1.0
    if one_suit_plan(counts, melds, slack=0):
        honors = sum(counts[27:]) + sum(1 for m in melds if m[0] >= 27)
        han += (2.0 if honors else 5.0) + (1.0 if closed else 0.0)
    if not closed and triplets_plan(counts, melds) and sum(1 for n in counts if n >= 2) >= 4:
        han += 2.0
    if closed and sum(1 for n in counts if n >= 2) >= 5 and sum(counts) >= 13:
        han += 1.0  # seven pairs in sight
    return han


def closed_yaku(seat: Seat, counts: Counts) -> bool:
    """Whether a closed ready hand wins by ron without riichi: a value set, all simples, one suit
    or seven pairs (pinfu and the rarer yaku are not guessed: the CPU then riichis). In Five a
    closed hand is a yaku of its own (F4)."""
    if seat.variant == "five":
        return True
    melds = [m for m, _ in seat.melds]
    if any(counts[k] >= 3 for k in seat.value_honors()):
        return True
    if all_simples_plan(counts, melds, slack=0) or one_suit_plan(counts, melds, slack=0):
        return True
    return sum(1 for n in counts if n == 2) == 6 and sum(counts) == 13


def estimate_han(seat: Seat, counts: Counts, riichi: bool) -> float:
    closed = seat.closed
    han = yaku_han(seat, counts, closed) + hand_dora(seat, counts)
    if closed and seat.variant == "five":
        han += 1.0  # Closed Hand (F4)
    if riichi and closed:
        han += 1.8  # riichi, with ura dora, ippatsu and menzen tsumo on average
    elif closed:
        han += 0.4  # menzen tsumo now and then
    return han


def has_terminals(counts: Counts) -> bool:
    return any(n and is_terminal_or_honor(k) for k, n in enumerate(counts))


OTHERS_WIN = 0.05  # chance per turn that another seat ends the kyoku first
_LATER_REACH = (0.13, 0.2, 0.3, 0.4, 0.45, 0.5, 0.5, 0.5)  # per draw: win when ready, else one step


def win_chance(shanten: int, live: int, wall_left: int, others: float = OTHERS_WIN) -> float:
    """Chance to win from ``shanten`` with ``live`` effective tiles and ``wall_left`` tiles to draw.

    Per own draw the hand takes one step (or, ready, wins by its draw or another seat's discard)
    with a chance from its live tiles now and from an average hand's for the steps after; the
    rest of the table ends the kyoku first now and then (``others`` a turn: more against a riichi).
    """
    draws = int(max(0, wall_left) // 4)
    unseen = 100.0
    s = max(0, shanten)
    first = min(0.5, 1.6 * live / unseen) if s == 0 else min(0.6, live / unseen)
    reach = [first if k == s else _LATER_REACH[k] for k in range(s + 1)]
    at = [0.0] * (s + 1)
    at[s] = 1.0
    won = 0.0
    for _ in range(draws):
        won += at[0] * reach[0]
        nxt = [at[k] * (1.0 - reach[k]) for k in range(s + 1)]
        for k in range(1, s + 1):
            nxt[k - 1] += at[k] * reach[k]
        at = [x * (1.0 - others) for x in nxt]
    return won
