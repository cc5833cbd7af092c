"""Formal tenpai late in the wall (R10: a ready hand without a yaku counts at an exhaustive draw).

The hard level calls a hand not yet ready into formal tenpai with 24 live tiles or fewer left,
and an open ready hand without a yaku keeps its wait against a riichi only with a safe tile."""

from __future__ import annotations

import random

from engine.cpu.mahjong_claims import FORMAL_TENPAI_LEFT, ClaimOptions, choose_claim
from engine.cpu.mahjong_play import pick_discard
from engine.cpu.seat import Opponent, Seat
from engine.tiles import parse_kinds

from .helpers import kind, seat

RNG = random.Random(0)
YAKULESS = "12m456p789s34s99p3z"  # one step from ready; chi 3m and the 3z leaves 2s-5s, no yaku


def chi_3m() -> ClaimOptions:
    return ClaimOptions(kind=kind("3m"), chi=[(kind("1m"), kind("2m"))])


def everything(s: Seat) -> set[int]:
    return {k for k, n in enumerate(s.counts) if n}


def test_hard_calls_a_yakuless_chi_into_formal_tenpai_late() -> None:  # R10
    late = seat(YAKULESS, wall_left=FORMAL_TENPAI_LEFT - 2)
    assert choose_claim(late, chi_3m(), RNG, "hard") == choose_claim(late, chi_3m(), RNG, "hard")
    choice = choose_claim(late, chi_3m(), RNG, "hard")
    assert (choice.action, choice.tiles) == ("chi", (kind("1m"), kind("2m")))


def test_the_same_call_is_refused_early_and_by_the_other_levels() -> None:
    early = seat(YAKULESS, wall_left=40)
    assert choose_claim(early, chi_3m(), RNG, "hard").action == "pass"  # it could still win closed
    late = seat(YAKULESS, wall_left=FORMAL_TENPAI_LEFT - 2)
    assert choose_claim(late, chi_3m(), RNG, "normal").action == "pass"
    assert choose_claim(late, chi_3m(), RNG, "easy").action == "pass"


def test_against_a_riichi_only_a_call_that_stays_ready_with_a_safe_tile() -> None:
    """After the chi only the 3z keeps the hand ready: against a riichi the call is made when the
    3z is the riichi seat's own discard (it cannot ron it, R12), and refused when it is not."""
    safe = Opponent(discards=parse_kinds("3z9m"), riichi=True)
    live = Opponent(discards=parse_kinds("9m"), riichi=True)
    with_safe = seat(YAKULESS, wall_left=12, opponents=[safe, Opponent(), Opponent()])
    with_live = seat(YAKULESS, wall_left=12, opponents=[live, Opponent(), Opponent()])
    assert choose_claim(with_safe, chi_3m(), RNG, "hard").action == "chi"
    assert choose_claim(with_live, chi_3m(), RNG, "hard").action == "pass"


def test_five_makes_no_formal_tenpai_call() -> None:  # F7's tenpai payment was measured not to pay
    late = seat(YAKULESS, wall_left=FORMAL_TENPAI_LEFT - 2, variant="five")
    assert choose_claim(late, chi_3m(), RNG, "hard").action == "pass"


def test_a_yakuless_open_ready_hand_folds_a_live_tile_to_a_riichi() -> None:
    """123m called, 456p 789s 34s 66p and a drawn 5m: only the 5m keeps the 2s-5s wait, but the
    hand has no yaku and cannot win, so against a riichi it gives up the wait for the 6p the
    riichi seat discarded."""
    riichi = Opponent(discards=parse_kinds("6p1z"), riichi=True)
    s = seat("456p789s34s66p", drawn="5m", melds=["123m"], opponents=[riichi, Opponent(), Opponent()],
             wall_left=10)
    assert pick_discard(s, everything(s), RNG, "hard").kind == kind("6p")


def test_a_yakuless_open_ready_hand_keeps_its_wait_with_a_safe_tile() -> None:
    riichi = Opponent(discards=parse_kinds("6p5m"), riichi=True)
    s = seat("456p789s34s66p", drawn="5m", melds=["123m"], opponents=[riichi, Opponent(), Opponent()],
             wall_left=10)
    assert pick_discard(s, everything(s), RNG, "hard").kind == kind("5m")


def test_an_open_ready_hand_with_a_yaku_still_pushes() -> None:
    """The same shape as all simples (234m called) can win: it keeps pushing the live 5m."""
    riichi = Opponent(discards=parse_kinds("6p1z"), riichi=True)
    s = seat("456p678s34s66p", drawn="5m", melds=["234m"], opponents=[riichi, Opponent(), Opponent()],
             wall_left=10)
    assert pick_discard(s, everything(s), RNG, "hard").kind == kind("5m")
