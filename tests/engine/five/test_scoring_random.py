"""Seeded random hands checked against facts that do not depend on how a hand is read (F4, F5, F7).

Size: ``FIVE_RANDOM_HANDS`` (default 300) hands per test.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import pytest

from engine.five.reading import readings
from engine.five.scoring import base_score, score_five
from engine.five.tenpai import completing_kinds, tenpai_waits
from engine.five.yaku import score_reading
from engine.tiles import Meld, MeldKind, is_terminal_or_honor, to_34

COUNT = int(os.environ.get("FIVE_RANDOM_HANDS", "300"))


@dataclass
class Deal:
    concealed: list[int]
    melds: list[Meld]
    seat_wind: int
    round_wind: int


def random_deal(rng: random.Random) -> Deal:
    """Four random sets and a pair within the 136 tiles; some sets declared, some as kans."""
    while True:
        pools = {k: [4 * k + c for c in rng.sample(range(4), 4)] for k in range(34)}
        concealed: list[int] = []
        melds: list[Meld] = []
        try:
            for _ in range(4):
                if rng.random() < 0.5:
                    suit, start = rng.randrange(3), rng.randrange(7)
                    tiles = [pools[9 * suit + start + i].pop() for i in range(3)]
                    kind = MeldKind.CHI
                else:
                    k = rng.randrange(34)
                    quad = rng.random() < 0.15
                    tiles = [pools[k].pop() for _ in range(4 if quad else 3)]
                    kind = rng.choice([MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.KAKAN]) if quad else MeldKind.PON
                if kind in (MeldKind.MINKAN, MeldKind.ANKAN, MeldKind.KAKAN) or rng.random() < 0.3:
                    melds.append(Meld(kind, tuple(tiles)))
                else:
                    concealed.extend(tiles)
            k = rng.randrange(34)
            concealed.extend([pools[k].pop(), pools[k].pop()])
        except IndexError:
            continue
        rng.shuffle(concealed)
        return Deal(concealed, melds, rng.randrange(4), rng.randrange(4))


def deals(seed: str) -> list[Deal]:
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(COUNT)]


@pytest.mark.parametrize("deal", deals("five-scoring"))
def test_f4_f5_random_complete_hands(deal: Deal) -> None:
    s = score_five(
        deal.concealed, deal.melds, deal.concealed[-1], tsumo=True, seat_wind=deal.seat_wind, round_wind=deal.round_wind
    )
    assert s is not None
    kinds = [t // 4 for t in deal.concealed] + [t // 4 for m in deal.melds for t in m.tiles]
    counts = to_34([4 * k for k in kinds])
    lines = dict((x.key, x.han) for x in s.lines if x.key != "vip_set")
    closed = not any(m.opened for m in deal.melds)
    # F4 Closed Hand: exactly the hands without an open meld; those always have a yaku.
    assert ("closed_hand" in lines) == closed
    assert s.is_win or not closed
    # F4 Inside: the hand is all middle numbers (no reading can change that).
    assert ("inside" in lines) == all(not is_terminal_or_honor(k) for k in kinds)
    # F4 One Suit: one numbered suit, honors allowed; no honors +3.
    suits = {k // 9 for k in kinds if k < 27}
    assert ("one_suit" in lines) == (len(suits) == 1)
    assert ("one_suit_no_honors" in lines) == (len(suits) == 1 and max(kinds) < 27)
    # F4 VIP: honors only form triplets, so the VIP sets are the valued honors held three or more.
    valued = {31, 32, 33, 27 + deal.seat_wind, 27 + deal.round_wind}
    assert sum(x.key == "vip_set" for x in s.lines) == sum(counts[k] >= 3 for k in valued)
    # F5: kan bonus = declared kans; totals add up; the base follows the table.
    assert lines.get("kan_bonus", 0) == sum(m.is_kan for m in deal.melds)
    assert s.total_han == sum(x.han for x in s.lines)
    assert s.base == (base_score(s.total_han) if s.is_win else 0)
    # The reading kept scores at least as much as every other reading.
    others = readings(deal.concealed, deal.melds, seat_wind=deal.seat_wind, round_wind=deal.round_wind)
    assert s.yaku_han == max(sum(x.han for x in score_reading(r)) for r in others)


@pytest.mark.parametrize("deal", deals("five-tenpai")[: max(COUNT // 3, 1)])
def test_f7_random_tenpai_agrees_with_the_hand_reader(deal: Deal) -> None:
    # Take one tile out of a complete hand: its kind is a wait, and the waits found by the
    # library's shanten are exactly the kinds for which the library's hand divider finds a reading.
    out = deal.concealed.pop()
    assert out // 4 in completing_kinds(deal.concealed)
    held = to_34([*deal.concealed, *(t for m in deal.melds for t in m.tiles)])
    expected = []
    for kind in range(34):
        if held[kind] >= 4:
            continue
        if readings([*deal.concealed, 4 * kind], deal.melds):
            expected.append(kind)
    assert tenpai_waits(deal.concealed, deal.melds) == expected


@pytest.mark.parametrize("seven_pairs", [False, True])
def test_f4_f7_random_seven_pairs_waits_agree_with_the_hand_reader(seven_pairs: bool) -> None:
    # Seven pairs over a few close kinds, so many also read as four sets; one tile taken out.
    rng = random.Random(f"five-pairs-{seven_pairs}")
    for _ in range(max(COUNT // 3, 1)):
        suit = 9 * rng.randrange(3)
        kinds = sorted(rng.sample(range(suit, suit + 9), 6) + [rng.randrange(27, 34)])
        concealed = [4 * k + c for k in kinds for c in (0, 1)]
        concealed.remove(rng.choice(concealed))
        expected = [k for k in range(34) if readings([*concealed, 4 * k + 2], seven_pairs=seven_pairs)]
        assert tenpai_waits(concealed, seven_pairs=seven_pairs) == expected, kinds
