"""Shape-only tenpai for Mahjong Five's exhaustive draw (F7, with R10's four-copies rule)."""

from __future__ import annotations

from engine.five.hand_text import ids_of
from engine.five.tenpai import completing_kinds, is_tenpai, tenpai_waits
from engine.tiles import Meld, MeldKind, kind_name, parse_kinds


def names(kinds: list[int]) -> list[str]:
    return [kind_name(k) for k in kinds]


def test_f7_formal_tenpai_needs_no_yaku() -> None:
    # chi 234m (open); 567p 789s 111m 5s: waiting on 5s for the pair. Winning it would have no
    # yaku (see test_scoring), but at a draw the hand is tenpai all the same. (D30)
    taken: set[int] = set()
    chi = Meld(MeldKind.CHI, tuple(ids_of("234m", taken)))
    hand = ids_of("567p789s111m5s", taken)
    assert names(tenpai_waits(hand, [chi])) == ["5s"]
    assert is_tenpai(hand, [chi])


def test_f7_r10_wait_on_a_kind_all_four_held_is_not_tenpai() -> None:
    # pon 555p and a lone 5p in hand, the rest complete: the only wait is the fifth 5p. (D30)
    taken: set[int] = set()
    pon = Meld(MeldKind.PON, tuple(ids_of("555p", taken)))
    hand = ids_of("123m456m789s5p", taken)
    assert names(completing_kinds(hand)) == ["5p"]
    assert tenpai_waits(hand, [pon]) == []
    assert not is_tenpai(hand, [pon])


def test_f7_r10_other_waits_survive_when_one_kind_is_all_held() -> None:
    # pon 555p; 5678p 123m 456m: 567p + 8p waits on 8p, 678p + 5p on the fifth 5p.
    # Only 8p counts. (D30)
    taken: set[int] = set()
    pon = Meld(MeldKind.PON, tuple(ids_of("555p", taken)))
    hand = ids_of("5678p123m456m", taken)
    assert names(completing_kinds(hand)) == ["5p", "8p"]
    assert names(tenpai_waits(hand, [pon])) == ["8p"]


def test_f7_noten_hand() -> None:
    assert not is_tenpai(ids_of("147m258p369s1234z"))


def test_f4_f7_seven_pairs_wait_only_with_the_option() -> None:
    # Six pairs and a single: a wait only at a table that plays seven pairs. (D30)
    hand = ids_of("1122334455667z")
    assert tenpai_waits(hand) == []
    assert names(tenpai_waits(hand, seven_pairs=True)) == ["7z"]


def test_f4_f7_seven_pairs_needs_seven_different_pairs() -> None:
    # 1111m 22p 33p 44s 55s 6z: four of a kind is not two pairs, so no seven-pairs wait (and no
    # four-sets wait either). (D22, D30)
    hand = ids_of("1111m2233p4455s6z")
    assert tenpai_waits(hand, seven_pairs=True) == []


def test_f4_f7_thirteen_orphans_thirteen_sided_wait_only_with_the_option() -> None:
    # One of each terminal and honor: thirteen waits, only at a table that plays the shape. (D30)
    hand = ids_of("19m19p19s1234567z")
    assert tenpai_waits(hand) == []
    assert tenpai_waits(hand, thirteen_orphans=True) == parse_kinds("19m19p19s1234567z")


def test_f7_nine_gates_waits_on_every_kind_of_its_suit() -> None:
    assert names(tenpai_waits(ids_of("1112345678999m"))) == [f"{n}m" for n in range(1, 10)]
