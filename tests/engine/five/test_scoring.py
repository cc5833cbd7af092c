"""Mahjong Five scoring (RULES.md F1, F4, F5, F6, F7): worked hands, each with its han and base.

Seats in the payment checks are 0..3 = East (the dealer all game, F3), South, West, North.
"""

from __future__ import annotations

import pytest

from engine.five.hand_text import ids_of
from engine.five.lines import LABELS, NO_YAKU, REASONS
from engine.five.scoring import FiveScore, base_score, noten_payments, payments, score_five
from engine.tiles import Meld, MeldKind

SEATS = range(4)


def meld(kind: MeldKind, text: str, taken: set[int]) -> Meld:
    return Meld(kind, tuple(ids_of(text, taken)))


def win(
    concealed: str,
    melds: tuple[tuple[MeldKind, str], ...] = (),
    *,
    tsumo: bool = False,
    dora: str = "",
    ura: str = "",
    **options: object,
) -> FiveScore | None:
    """Score ``concealed`` (its last tile is the winning tile) with the given declared melds."""
    taken: set[int] = set()
    declared = [meld(kind, text, taken) for kind, text in melds]
    hand = ids_of(concealed, taken)
    options.setdefault("seat_wind", 2)
    return score_five(
        hand,
        declared,
        hand[-1],
        tsumo=tsumo,
        dora_indicators=ids_of(dora, taken) if dora else (),
        ura_indicators=ids_of(ura, taken) if ura else (),
        **options,  # type: ignore[arg-type]
    )


def keys(score: FiveScore | None) -> list[tuple[str, int]]:
    assert score is not None
    return [(line.key, line.han) for line in score.lines]


# --- the worked hands of the issue ---------------------------------------------------------------


def test_f4_f5_f6_closed_riichi_all_sequences_one_twin_by_ron() -> None:
    # 123m 123m 456p 789s 99s, closed, riichi, ron from West (seat 2) to South (seat 1).
    # Closed Hand 1 + Riichi 1 + All Sequences 1 + Twin 123m 1 = 4 han -> base 40; ron: 3 x 40 = 120.
    s = win("123123m456p78999s", riichi=True, seat_wind=1)
    assert s is not None
    assert keys(s) == [
        ("closed_hand", 1),
        ("closed_riichi", 1),
        ("closed_all_sequences", 1),
        ("closed_twin_sequences", 1),
    ]
    assert s.lines[-1].tiles == "123m"
    assert (s.yaku_han, s.total_han, s.base) == (4, 4, 40)
    assert payments(1, 2, s.base, SEATS) == {0: 0, 1: 120, 2: -120, 3: 0}


def test_f4_f6_open_all_triplets_one_suit_with_honors_by_tsumo() -> None:
    # pon 222m (open); 555m 777m 888m 11z in hand; West seat, East round, tsumo.
    # All Triplets 2 + One Numbered Suit 2 = 4 han -> base 40; tsumo: each other seat pays 40.
    # (The East pair is not a set: no VIP. 222m has no terminal, 11z has an honor: neither Outside
    # nor Inside.)
    s = win("555777888m11z", ((MeldKind.PON, "222m"),), tsumo=True)
    assert s is not None
    assert keys(s) == [("all_triplets", 2), ("one_suit", 2)]
    assert (s.total_han, s.base) == (4, 40)
    assert payments(2, None, s.base, SEATS) == {0: -40, 1: -40, 2: 120, 3: -40}


def test_f4_f5_all_three_dragons_caps_at_160() -> None:
    # pon 555z, pon 666z; 777z 234m 88p in hand; ron.
    # VIP 555z 1 + 666z 1 + 777z 1 + All Three Dragons 13 = 16 han -> 13+ -> base 160; ron pays 480. (D25)
    s = win("777z234m88p", ((MeldKind.PON, "555z"), (MeldKind.PON, "666z")))
    assert s is not None
    assert keys(s) == [("vip_set", 1), ("vip_set", 1), ("vip_set", 1), ("vip_all_dragons", 13)]
    assert [line.tiles for line in s.lines[:3]] == ["555z", "666z", "777z"]
    assert (s.total_han, s.base) == (16, 160)
    assert payments(2, 0, s.base, SEATS) == {0: -480, 1: 0, 2: 480, 3: 0}


def test_f5_dealer_win_with_two_honba_and_a_closed_kan() -> None:
    # East (dealer) with closed kan 9999p; 234m 567m 345s 66s in hand; dora indicator 5m -> 6m (one);
    # honba 2, tsumo. Closed Hand 1 (the closed kan keeps it closed; the quad is not a sequence, so
    # no All Sequences) + Dora 1 + Kan Bonus 1 + Dealer Bonus 2 = 5 han -> base 40; each pays 40.
    # (D27, D28, D29)
    s = win("234567m34566s", ((MeldKind.ANKAN, "9999p"),), seat_wind=0, honba=2, dora="5m", tsumo=True)
    assert s is not None
    assert keys(s) == [("closed_hand", 1), ("dora", 1), ("kan_bonus", 1), ("dealer_bonus", 2)]
    assert (s.yaku_han, s.total_han, s.base) == (1, 5, 40)
    assert payments(0, None, s.base, SEATS) == {0: 120, 1: -40, 2: -40, 3: -40}


def test_f4_open_hand_without_yaku_scores_zero_and_says_why() -> None:
    # chi 234m (open); 567p 789s 111m 55s in hand, a dora: no category fits (111m has a terminal,
    # 234m has none; mixed suits; one triplet). yaku_han 0 -> no win, base 0, reason given. (D28)
    s = win("567p789s111m55s", ((MeldKind.CHI, "234m"),), dora="4s")
    assert s is not None and not s.is_win
    assert (s.yaku_han, s.base) == (0, 0)
    assert keys(s) == [("dora", 2)]  # the dora is there, but dora is not a yaku
    assert s.reason == NO_YAKU == "no_yaku"
    assert s.reason_text == REASONS[NO_YAKU]
    assert s.reason_text == "no yaku: an open hand needs a VIP set, Outside/Inside, All Triplets or One Suit"


def test_f4_double_wind_triplet_counts_once() -> None:
    # East seat in the East round, pon 111z; 234m 567p 789s 99s in hand.
    # VIP 111z counts once: 1 han -> base 5. (D25)
    s = win("234m567p789s99s", ((MeldKind.PON, "111z"),), seat_wind=0, round_wind=0)
    assert s is not None
    assert keys(s) == [("vip_set", 1)]
    assert (s.total_han, s.base) == (1, 5)


def test_f4_inside_with_an_open_hand() -> None:
    # chi 234m (open); 456p 678s 333s 88p in hand: no terminal or honor anywhere.
    # Inside 1 han -> base 5; tsumo: each other seat pays 5.
    s = win("456p678s333s88p", ((MeldKind.CHI, "234m"),), tsumo=True)
    assert s is not None
    assert keys(s) == [("inside", 1)]
    assert (s.total_han, s.base) == (1, 5)
    assert payments(2, None, s.base, SEATS) == {0: -5, 1: -5, 2: 15, 3: -5}


def test_f4_best_reading_open_triplets_beat_sequences() -> None:
    # pon 555p (open); 111222333m 77z in hand. As 111m 222m 333m: All Triplets 2 = 2 han.
    # As 123m 123m 123m: open, so nothing at all (0). The triplets are kept: base 10. (D29)
    s = win("111222333m77z", ((MeldKind.PON, "555p"),))
    assert s is not None
    assert keys(s) == [("all_triplets", 2)]
    assert s.blocks == ("111m", "222m", "333m", "555p", "77z")
    assert s.base == 10


def test_f4_best_reading_closed_sequences_beat_triplets() -> None:
    # 111222333m 456m 99m, closed. As triplets: Closed 1 + One Suit 2 + No Honors 3 = 6.
    # As 123m x3 + 456m: Closed 1 + All Sequences 1 + Twin 1 (three alike make one pair)
    # + One Suit 2 + No Honors 3 = 8 han -> base 80. The sequences are kept. (D24, D29)
    s = win("111222333456m99m")
    assert s is not None
    assert keys(s) == [
        ("closed_hand", 1),
        ("closed_all_sequences", 1),
        ("closed_twin_sequences", 1),
        ("one_suit", 2),
        ("one_suit_no_honors", 3),
    ]
    assert s.blocks == ("123m", "123m", "123m", "456m", "99m")
    assert (s.total_han, s.base) == (8, 80)


# --- each category and each bonus ----------------------------------------------------------------


def test_f4_closed_hand_alone_may_win_by_ron() -> None:
    # 123m 456p 789s 999m 11z, closed, ron: Closed Hand 1 (not all sequences; 456p breaks Outside)
    # = 1 han -> base 5; the discarder pays 15.
    s = win("123m999m456p789s11z")
    assert s is not None
    assert keys(s) == [("closed_hand", 1)]
    assert payments(2, 3, s.base, SEATS) == {0: 0, 1: 0, 2: 15, 3: -15}


def test_f4_all_sequences_takes_a_value_pair() -> None:
    # 123m 456p 789s 234s 55z (a dragon pair): Closed 1 + All Sequences 1 = 2 han -> base 10.
    s = win("123m456p234789s55z")
    assert s is not None
    assert keys(s) == [("closed_hand", 1), ("closed_all_sequences", 1)]
    assert s.base == 10


def test_f4_two_pairs_of_twin_sequences_give_two() -> None:
    # 234m 234m 567p 567p 99s: Closed 1 + All Sequences 1 + Twin 234m 1 + Twin 567p 1 = 4 -> 40. (D24)
    s = win("223344m556677p99s")
    assert s is not None
    assert keys(s)[-2:] == [("closed_twin_sequences", 1), ("closed_twin_sequences", 1)]
    assert [line.tiles for line in s.lines[-2:]] == ["234m", "567p"]
    assert (s.total_han, s.base) == (4, 40)


def test_f4_open_meld_removes_every_closed_bonus() -> None:
    # chi 123m, then 123m 456p 789s 99s: open, so no Closed Hand, riichi impossible, no twin bonus;
    # 456p has no terminal, 99s has one: no Outside/Inside. No yaku. (D24, D27)
    s = win("123m456p789s99s", ((MeldKind.CHI, "123m"),))
    assert s is not None and s.yaku_han == 0


def test_f4_vip_seat_wind_round_wind_and_dragon_each_count() -> None:
    # South seat, East round; pon 111z, pon 222z, 777z 234m 88p in hand:
    # VIP 111z (round) 1 + 222z (seat) 1 + 777z (dragon) 1 = 3 han -> base 20. (D25)
    s = win("777z234m88p", ((MeldKind.PON, "111z"), (MeldKind.PON, "222z")), seat_wind=1, round_wind=0)
    assert s is not None
    assert keys(s) == [("vip_set", 1)] * 3
    assert s.base == 20


def test_f4_wind_that_is_neither_seat_nor_round_is_no_vip() -> None:
    # West seat, East round, pon 444z (North): not a VIP set; 234m 567p 789s 99s: no yaku. (D25)
    s = win("234m567p789s99s", ((MeldKind.PON, "444z"),), seat_wind=2, round_wind=0)
    assert s is not None and s.yaku_han == 0


def test_f4_dragon_pair_is_not_a_vip_set() -> None:
    # pon 555z, pon 666z, 77z as the pair: 2 VIP sets only (no All Three Dragons) = 2 han -> 10. (D25)
    s = win("234m789p77z", ((MeldKind.PON, "555z"), (MeldKind.PON, "666z")))
    assert s is not None
    assert keys(s) == [("vip_set", 1), ("vip_set", 1)]
    assert s.base == 10


def test_f4_all_four_winds() -> None:
    # South seat, East round; pon 111z 222z 333z 444z, 55m pair: VIP 111z 1 + 222z 1 + All Four
    # Winds 13 + All Triplets 2 + One Suit 2 (honors allowed) = 19 han -> base 160. (55m: no Outside.) (D25)
    melds = tuple((MeldKind.PON, t) for t in ("111z", "222z", "333z", "444z"))
    s = win("55m", melds, seat_wind=1, round_wind=0)
    assert s is not None
    assert keys(s) == [("vip_set", 1), ("vip_set", 1), ("vip_all_winds", 13), ("all_triplets", 2), ("one_suit", 2)]
    assert (s.total_han, s.base) == (19, 160)


def test_f4_outside_open() -> None:
    # chi 123m; 789p 111s 999s 77z: every set and the pair has a terminal or honor.
    # Outside 1 han -> base 5.
    s = win("789p111999s77z", ((MeldKind.CHI, "123m"),))
    assert s is not None
    assert keys(s) == [("outside", 1)]
    assert s.base == 5


def test_f4_all_triplets_closed_by_ron_is_plus_13() -> None:
    # 111m 999p 555s 333z 77z, closed, won by ron on 7z. West seat, East round: 3z (West) is the
    # seat wind -> VIP 1. Closed 1 + VIP 1 + All Triplets 2 + Closed 13 = 17 -> base 160. (D27)
    s = win("111m999p555s333z77z")
    assert s is not None
    assert keys(s) == [
        ("closed_hand", 1),
        ("vip_set", 1),
        ("all_triplets", 2),
        ("all_triplets_closed", 13),
    ]
    assert s.base == 160


def test_f4_one_suit_straight_with_honors() -> None:
    # chi 123p; 456p 789p 222p 11z: One Suit 2 + Straight 1 = 3 (honors: no +3) -> base 20. (D26)
    s = win("456789p222p11z", ((MeldKind.CHI, "123p"),))
    assert s is not None
    assert keys(s) == [("one_suit", 2), ("one_suit_straight", 1)]
    assert s.base == 20


def test_f4_one_suit_no_honors_open() -> None:
    # chi 123s; 456s 789s 555s 99s: One Suit 2 + Straight 1 + No Honors 3 = 6 -> base 60.
    s = win("456789555s99s", ((MeldKind.CHI, "123s"),))
    assert s is not None
    assert keys(s) == [("one_suit", 2), ("one_suit_straight", 1), ("one_suit_no_honors", 3)]
    assert s.base == 60


def test_f1_f5_red_five_counts_only_when_the_table_uses_them() -> None:
    # Closed 123m 406p 789s 234s 99s (0p is the red five); ron.
    # Option on: Closed 1 + All Sequences 1 + Red Five 1 = 3 -> base 20. Option off: 2 -> base 10. (D28)
    on = win("123m406p789s234s99s", red_fives=True)
    assert on is not None
    off = win("123m406p789s234s99s", red_fives=False)
    assert off is not None
    assert keys(on)[-1] == ("red_five", 1) and on.base == 20
    assert "red_five" not in dict(keys(off)) and off.base == 10


def test_f5_every_indicator_counts_and_indicators_wrap() -> None:
    # 123m 456p 789s 444z 99m, West seat, East round (North is no VIP); indicators (first and kan
    # dora) 9m -> 1m (one), 3z -> 4z (three), 8s -> 9s (one): dora 5.
    # Closed 1 + Dora 5 = 6 han -> base 60. (D28)
    s = win("123m99m456p789s444z", dora="9m3z8s")
    assert s is not None
    assert keys(s) == [("closed_hand", 1), ("dora", 5)]
    assert s.base == 60


def test_f5_ura_dora_only_for_riichi() -> None:
    # 123m 456p 789s 234s 99s; ura indicator 1s -> 2s (one, in 234s).
    # With riichi: Closed 1 + Riichi 1 + All Sequences 1 + Ura 1 = 4 -> 40. Without: 2 -> 10. (D28)
    with_riichi = win("123m456p789s234s99s", riichi=True, ura="1s")
    assert with_riichi is not None
    without = win("123m456p789s234s99s", ura="1s")
    assert keys(with_riichi)[-1] == ("ura_dora", 1) and with_riichi.base == 40
    assert keys(without) == [("closed_hand", 1), ("closed_all_sequences", 1)]


def test_f5_kan_bonus_for_open_and_added_kans() -> None:
    # open kan 5555z (dragon, VIP 1) and added kan 2222p; 234m 678s 99s in hand.
    # VIP 1 + Kan 2 = 3 -> base 20. (D28)
    s = win("234m678s99s", ((MeldKind.MINKAN, "5555z"), (MeldKind.KAKAN, "2222p")))
    assert s is not None
    assert keys(s) == [("vip_set", 1), ("kan_bonus", 2)]
    assert s.lines[0].tiles == "5555z"
    assert s.base == 20


def test_f5_honba_adds_han_only_for_the_dealer() -> None:
    # Inside hand (chi 234m; 456p 678s 333s 88p) with 3 honba.
    # Dealer: Inside 1 + Dealer Bonus 3 = 4 -> 40. South seat: 1 -> 5. (D29)
    dealer = win("456p678s333s88p", ((MeldKind.CHI, "234m"),), seat_wind=0, honba=3)
    assert dealer is not None
    other = win("456p678s333s88p", ((MeldKind.CHI, "234m"),), seat_wind=1, honba=3)
    assert other is not None
    assert keys(dealer) == [("inside", 1), ("dealer_bonus", 3)] and dealer.base == 40
    assert keys(other) == [("inside", 1)] and other.base == 5
    as_dealer = win("456p678s333s88p", ((MeldKind.CHI, "234m"),), seat_wind=1, honba=3, is_dealer=True)
    assert as_dealer is not None and as_dealer.base == 40

def test_f4_four_identical_sequences_give_two_twins() -> None:
    # 789m 789m 789m 789m 11z: the honors can only be the pair, so the man tiles read as four 789m
    # or as 777m 888m 999m 789m. As sequences: Closed 1 + All Sequences 1 + Twin 789m 1 + Twin 789m 1
    # (four alike are two pairs of twins) + Outside 1 + One Suit 2 = 7 han -> base 60. (D24)
    s = win("777788889999m11z")
    assert s is not None
    assert s.blocks == ("789m", "789m", "789m", "789m", "11z")
    assert keys(s) == [
        ("closed_hand", 1),
        ("closed_all_sequences", 1),
        ("closed_twin_sequences", 1),
        ("closed_twin_sequences", 1),
        ("outside", 1),
        ("one_suit", 2),
    ]
    assert (s.total_han, s.base) == (7, 60)


def test_f4_a_wind_pair_does_not_complete_all_four_winds() -> None:
    # South seat, East round; pon 111z 222z 333z, 234m in hand and 44z as the pair: North is no set,
    # so no All Four Winds. VIP 111z 1 + 222z 1 + One Suit 2 (man and honors) = 4 han -> base 40. (D25)
    melds = tuple((MeldKind.PON, t) for t in ("111z", "222z", "333z"))
    s = win("234m44z", melds, seat_wind=1, round_wind=0)
    assert s is not None
    assert keys(s) == [("vip_set", 1), ("vip_set", 1), ("one_suit", 2)]
    assert s.base == 40


def test_f4_straight_needs_the_three_sequences_in_the_reading() -> None:
    # chi 234p; 111p 567p 789p 99p in hand: every number from 1 to 9 is there, but the only reading
    # has no 123p and no 456p, so no Straight. One Suit 2 + No Honors 3 = 5 han -> base 40. (D26)
    s = win("111567789p99p", ((MeldKind.CHI, "234p"),))
    assert s is not None
    assert keys(s) == [("one_suit", 2), ("one_suit_no_honors", 3)]
    assert s.base == 40


def test_f4_a_closed_kan_keeps_all_triplets_closed() -> None:
    # closed kan 3333z (West: the seat wind); 111m 999p 555s 77z in hand, won by ron on 7z.
    # Closed 1 + VIP 3333z 1 + All Triplets 2 + All Triplets, Closed 13 + Kan Bonus 1 = 18 -> 160.
    # The same hand with an open kan of 3333z is open: VIP 1 + All Triplets 2 + Kan Bonus 1. (D27)
    closed = win("111m999p555s77z", ((MeldKind.ANKAN, "3333z"),))
    assert closed is not None
    assert keys(closed) == [
        ("closed_hand", 1),
        ("vip_set", 1),
        ("all_triplets", 2),
        ("all_triplets_closed", 13),
        ("kan_bonus", 1),
    ]
    assert (closed.total_han, closed.base) == (18, 160)
    opened = win("111m999p555s77z", ((MeldKind.MINKAN, "3333z"),))
    assert opened is not None
    assert keys(opened) == [("vip_set", 1), ("all_triplets", 2), ("kan_bonus", 1)]


def test_f5_an_indicator_revealed_twice_counts_twice() -> None:
    # 123m 456p 789s 444z 99m, West seat, East round; the indicator 3z is revealed twice (first
    # indicator and kan dora), so each of the three 4z is dora twice: Closed 1 + Dora 6 = 7 -> 60. (D28)
    s = win("123m99m456p789s444z", dora="3z3z")
    assert s is not None
    assert keys(s) == [("closed_hand", 1), ("dora", 6)]
    assert s.base == 60


def test_f5_a_red_five_that_is_dora_counts_twice() -> None:
    # Closed 123m 406p 789s 234s 99s, indicator 4p (dora 5p). With red fives the 0p is a dora and a
    # red five: Closed 1 + All Sequences 1 + Dora 1 + Red Five 1 = 4 -> base 40. Without red fives
    # it is only a dora: 3 -> base 20. (D28)
    on = win("123m406p789s234s99s", red_fives=True, dora="4p")
    assert on is not None
    assert keys(on) == [("closed_hand", 1), ("closed_all_sequences", 1), ("dora", 1), ("red_five", 1)]
    assert on.base == 40
    off = win("123m406p789s234s99s", dora="4p")
    assert off is not None
    assert keys(off) == [("closed_hand", 1), ("closed_all_sequences", 1), ("dora", 1)]
    assert off.base == 20


def test_f5_dora_kan_and_honba_han_are_not_yaku() -> None:
    # The dealer with 2 honba: open kan 8888p, chi 567p, chi 345s; 234m 99s in hand; indicator 7p
    # (dora 8p): the kan is four dora. Dora 4 + Kan Bonus 1 + Dealer Bonus 2 = 7 han, but no
    # category fits (open; 99s has a terminal, 234m none; three suits): no win, base 0. (D28)
    melds = ((MeldKind.MINKAN, "8888p"), (MeldKind.CHI, "567p"), (MeldKind.CHI, "345s"))
    s = win("234m99s", melds, seat_wind=0, honba=2, dora="7p")
    assert s is not None and not s.is_win
    assert keys(s) == [("dora", 4), ("kan_bonus", 1), ("dealer_bonus", 2)]
    assert (s.yaku_han, s.total_han, s.base) == (0, 7, 0)
    assert s.reason == NO_YAKU and s.reason_text == REASONS[NO_YAKU]


# --- table options: seven pairs and thirteen orphans ---------------------------------------------


def test_f4_seven_pairs_only_with_the_option() -> None:
    # 11m 99m 11p 99p 11s 11z 77z: Closed 1 + Outside 1 (every pair has a terminal or honor)
    # = 2 -> base 10. Without the option the shape is not a win. (D22)
    s = win("1199m1199p11s1177z", seven_pairs=True)
    assert s is not None
    assert s.shape == "seven_pairs"
    assert keys(s) == [("closed_hand", 1), ("outside", 1)]
    assert s.base == 10
    assert win("1199m1199p11s1177z") is None


def test_f4_seven_pairs_one_suit_with_riichi() -> None:
    # 11 22 33 44 55 77 99 p (no four-sets reading): Closed 1 + Riichi 1 + One Suit 2 + No Honors 3
    # = 7 -> base 60. No sequence bonus (no sets), no Outside (55p) nor Inside (11p). (D22)
    s = win("11223344557799p", seven_pairs=True, riichi=True)
    assert s is not None
    assert s.shape == "seven_pairs"
    assert keys(s) == [("closed_hand", 1), ("closed_riichi", 1), ("one_suit", 2), ("one_suit_no_honors", 3)]
    assert s.base == 60


def test_f4_four_sets_reading_beats_seven_pairs() -> None:
    # 223344m 556677p 99s with seven pairs on: as sets Closed 1 + All Sequences 1 + Twins 2 = 4;
    # as pairs Closed 1 = 1. The sets are kept -> base 40. (D22)
    s = win("223344m556677p99s", seven_pairs=True)
    assert s is not None
    assert s.shape == "four_sets" and s.base == 40


def test_f4_thirteen_orphans_only_with_the_option() -> None:
    # 19m 19p 19s 1234567z + 7z: a flat 13 han -> base 160. Without the option: not a win. (D23)
    s = win("19m19p19s12345677z", thirteen_orphans=True)
    assert s is not None
    assert s.shape == "thirteen_orphans"
    assert keys(s) == [("thirteen_orphans", 13)]
    assert s.base == 160
    assert win("19m19p19s12345677z") is None

def test_f4_seven_pairs_four_alike_are_not_two_pairs() -> None:
    # 1111m 22p 33p 44s 55s 66z with seven pairs on: six kinds, not seven, and no four-sets reading
    # either: not a win. (D22)
    assert win("1111m2233p4455s66z", seven_pairs=True) is None


def test_f4_seven_pairs_inside() -> None:
    # 22m 44m 66p 88p 33s 55s 77s (no two pairs make a sequence): no pair holds a terminal or honor.
    # Closed 1 + Inside 1 = 2 -> base 10. (D22)
    s = win("2244m6688p335577s", seven_pairs=True)
    assert s is not None
    assert s.shape == "seven_pairs"
    assert keys(s) == [("closed_hand", 1), ("inside", 1)]
    assert s.base == 10


def test_f4_seven_pairs_dragon_pairs_are_no_vip_sets() -> None:
    # 11m 33m 55m 77m 99m 55z 66z: Closed 1 + One Suit 2 (man and honors: no +3) = 3 -> base 20.
    # The dragon pairs are pairs, not sets: no VIP; no All Triplets; 33m: not Outside. (D22)
    s = win("1133557799m5566z", seven_pairs=True)
    assert s is not None
    assert s.shape == "seven_pairs"
    assert keys(s) == [("closed_hand", 1), ("one_suit", 2)]
    assert s.base == 20


def test_f4_thirteen_orphans_is_its_only_yaku() -> None:
    # 19m 19p 19s 1234567z + 1m by ron after riichi, indicator 9s (dora 1s): Thirteen Orphans 13 and
    # no other yaku (no Closed Hand, no Riichi, no Outside); Dora 1 on top = 14 -> base 160. (D23)
    s = win("19m19p19s1234567z1m", thirteen_orphans=True, riichi=True, dora="9s")
    assert s is not None
    assert s.shape == "thirteen_orphans"
    assert keys(s) == [("thirteen_orphans", 13), ("dora", 1)]
    assert (s.yaku_han, s.total_han, s.base) == (13, 14, 160)


# --- base table and payments ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "base"),
    [(1, 5), (2, 10), (3, 20), (4, 40), (5, 40), (6, 60), (7, 60), (8, 80), (9, 80), (10, 80),
     (11, 120), (12, 120), (13, 160), (14, 160)],
)
def test_f5_base_table(han: int, base: int) -> None:
    assert base_score(han) == base


def test_f6_ron_makes_the_discarder_pay_for_all_three() -> None:
    # Base 20 by ron from South: South pays 3 x 20 = 60; tsumo: 20 from each.
    assert payments(0, 1, 20, SEATS) == {0: 60, 1: -60, 2: 0, 3: 0}
    assert payments(0, None, 20, SEATS) == {0: 60, 1: -20, 2: -20, 3: -20}


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        ([], {0: 0, 1: 0, 2: 0, 3: 0}),
        ([1], {0: -5, 1: 15, 2: -5, 3: -5}),  # one tenpai: 3 x 5 paid to them
        ([0, 2], {0: 10, 1: -10, 2: 10, 3: -10}),  # two tenpai: each noten loses 5 + 5
        ([0, 1, 2], {0: 5, 1: 5, 2: 5, 3: -15}),
        ([0, 1, 2, 3], {0: 0, 1: 0, 2: 0, 3: 0}),
    ],
)
def test_f7_noten_pays_five_to_each_tenpai(tenpai: list[int], expected: dict[int, int]) -> None:
    assert noten_payments(tenpai, SEATS) == expected
    assert sum(expected.values()) == 0


# --- shape checks and the breakdown as data ------------------------------------------------------


def test_incomplete_hand_is_none_and_wrong_counts_are_refused() -> None:
    assert win("123m456p789s234s19s") is None
    hand = ids_of("123m456p789s234s9s")
    with pytest.raises(ValueError):
        score_five(hand, (), hand[-1], tsumo=True)
    hand = ids_of("123m456p789s234s99s")
    with pytest.raises(ValueError):
        score_five(hand[:-1], (), hand[-1], tsumo=True)
    with pytest.raises(ValueError):  # riichi with an open meld cannot happen
        win("123m456p789s99s", ((MeldKind.CHI, "234s"),), riichi=True)


def test_breakdown_is_plain_data_with_labels() -> None:
    s = win("777z234m88p", ((MeldKind.PON, "555z"), (MeldKind.PON, "666z")))
    assert s is not None
    data = s.breakdown()
    assert data["lines"][0] == {"key": "vip_set", "label": "VIP Set", "han": 1, "tiles": "555z"}
    assert data["lines"][-1]["label"] == "All Three Dragons"
    assert (data["total_han"], data["base"], data["reason"]) == (16, 160, None)
    assert s.texts()[-1] == "All Three Dragons +13"
    assert all(line.key in LABELS for line in s.lines)


def test_f4_honors_only_is_not_one_numbered_suit() -> None:
    # 111z 222z 333z 555z 77z closed, West seat, East round: Closed 1 + VIP 111z 1 + 333z 1
    # + 555z 1 + Outside 1 + All Triplets 2 + Closed 13 = 20 -> 160. No numbered suit: no One Suit. (D26)
    s = win("111222333555z77z")
    assert s is not None
    assert "one_suit" not in dict(keys(s))
    assert (s.total_han, s.base) == (20, 160)
