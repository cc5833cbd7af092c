"""Mahjong CPU decisions on hand-built positions (R9 riichi, R3 kuikae, F4 yaku plans)."""

from __future__ import annotations

import random

import pytest

from engine.cpu.mahjong_claims import ClaimOptions, choose_claim
from engine.cpu.mahjong_play import TurnChoice, TurnOptions, choose_turn, pick_discard
from engine.cpu.seat import Opponent, Seat
from engine.tiles import parse_kinds

from .helpers import kind, seat

RNG = random.Random(0)


def everything(s: Seat) -> set[int]:
    return {k for k, n in enumerate(s.counts) if n}


def test_wins_by_tsumo_whenever_offered() -> None:  # D52
    s = seat("123m456p789s1122z", drawn="1z")
    choice = choose_turn(s, TurnOptions(discards=everything(s), tsumo=True), RNG)
    assert choice.action == "tsumo"


def test_discards_the_isolated_guest_wind_first() -> None:
    s = seat("124679m4567p789s4z")  # seat South, round East: North is a guest wind
    assert pick_discard(s, everything(s), RNG).kind == kind("4z")


def test_keeps_the_dora_between_two_isolated_guest_winds() -> None:
    s = seat("123m456p789s111p34z", dora="3z")  # indicator West makes North the dora
    assert pick_discard(s, everything(s), RNG).kind == kind("3z")


def test_keeps_a_red_five_over_a_plain_isolated_five() -> None:
    s = seat("123m456p789s111z0m5s")
    assert pick_discard(s, everything(s), RNG).kind == kind("5s")


def test_keeps_a_dragon_pair_over_a_simple_pair() -> None:
    # Two pairs and a shape to finish: dropping a 2p keeps the Red pair that can become a yaku.
    s = seat("234m567p789s22p77z1p")
    choice = pick_discard(s, everything(s), RNG)
    assert choice.kind != kind("7z")


def test_shanten_comes_before_value() -> None:
    # Tenpai on 1z/2z; the dora 9s is part of a set and must not be broken for value.
    s = seat("123m456p789s1122z5m", dora="8s")
    assert pick_discard(s, everything(s), RNG).kind == kind("5m")


def test_folds_to_a_riichi_with_genbutsu_when_far_from_ready() -> None:  # D52
    riichi = Opponent(discards=parse_kinds("6p4z9m"), riichi=True)
    s = seat("13m589p24689s13z6p7z", opponents=[riichi, Opponent(), Opponent()])
    # three-shanten or worse: the 6p (their own discard) is the one certainly safe tile
    assert pick_discard(s, everything(s), RNG).kind == kind("6p")


def test_easy_level_never_defends() -> None:  # D52
    riichi = Opponent(discards=parse_kinds("6p4z9m"), riichi=True)
    s = seat("13m589p24689s13z6p7z", opponents=[riichi, Opponent(), Opponent()])
    picks = {pick_discard(s, everything(s), random.Random(i), "easy").kind for i in range(20)}
    assert kind("6p") not in picks


def test_pushes_when_ready_despite_a_riichi() -> None:
    riichi = Opponent(discards=parse_kinds("1z"), riichi=True)
    s = seat("123m456p789s11z68m", drawn="9p", opponents=[riichi, Opponent(), Opponent()])
    # dropping the drawn 9p leaves tenpai on 7m
    assert pick_discard(s, everything(s), RNG).kind == kind("9p")


def test_hard_keeps_a_cheap_ready_hand_against_a_dealer_riichi() -> None:
    """A hard ready hand pushes (it can still win, and its tenpai pays at a draw); the normal level
    weighs the live 5p against the cheap kanchan in expected points and folds the genbutsu 1z."""
    riichi = Opponent(discards=parse_kinds("1z9m2s8p"), riichi=True, dealer=True)
    s = seat("234m456p789s11z68m", drawn="5p", opponents=[riichi, Opponent(), Opponent()], wall_left=24)
    assert pick_discard(s, everything(s), RNG, "hard").kind == kind("5p")
    assert pick_discard(s, everything(s), RNG, "normal").kind == kind("1z")


def test_hard_folds_by_rule_two_steps_from_ready() -> None:
    """Three steps away against a riichi the hard level plays the genbutsu: its rule fold, not the
    expected-points weighing, decides there."""
    riichi = Opponent(discards=parse_kinds("6p4z9m"), riichi=True)
    s = seat("13m589p24689s13z6p7z", opponents=[riichi, Opponent(), Opponent()])
    assert pick_discard(s, everything(s), RNG, "hard").kind == kind("6p")


def test_riichi_on_a_two_sided_wait() -> None:  # R9
    s = seat("234m456p789s5523m", drawn="7z")
    opts = TurnOptions(discards=everything(s), riichi={kind("7z")})
    assert choose_turn(s, opts, RNG) == choose_turn(s, opts, RNG)
    choice = choose_turn(s, opts, RNG)
    assert (choice.action, choice.kind) == ("riichi", kind("7z"))


def test_no_riichi_on_a_dead_wait() -> None:  # R9: every 2p is out, the 1p3p wait cannot win
    others = [Opponent(discards=parse_kinds("2p2p2p2p")), Opponent(), Opponent()]
    s = seat("234m456p789s11z13p", drawn="7z", opponents=others)
    choice = choose_turn(s, TurnOptions(discards=everything(s), riichi={kind("7z")}), RNG)
    assert choice.action == "discard"


def test_always_ron() -> None:  # D52
    s = seat("123m456p789s1122z")
    assert choose_claim(s, ClaimOptions(kind=kind("1z"), ron=True, pon=True), RNG).action == "ron"


def test_pons_a_dragon_pair() -> None:
    s = seat("13m46p789s55z2468s")
    assert choose_claim(s, ClaimOptions(kind=kind("5z"), pon=True), RNG).action == "pon"


def test_no_call_without_a_yaku() -> None:  # D52
    # Chanta-free, mixed-suit hand with terminals: chi 2m would leave an open hand with no yaku.
    s = seat("13m19p19s4567s159m")
    opts = ClaimOptions(kind=kind("2m"), chi=[(kind("1m"), kind("3m"))])
    assert choose_claim(s, opts, RNG).action == "pass"


def test_open_tanyao_chi_when_far_from_ready_with_dora() -> None:  # R3 open tanyao allowed
    s = seat("46m347p2288p35s68s", dora="7p")  # the 8p pair is two dora
    opts = ClaimOptions(kind=kind("5m"), chi=[(kind("4m"), kind("6m"))])
    assert choose_claim(s, opts, RNG).action == "chi"
    # Without the dora it is a one-han open tanyao: normal opens for any yaku, hard stays closed.
    assert choose_claim(seat("46m347p2288p35s68s"), opts, RNG).action == "chi"
    assert choose_claim(seat("46m347p2288p35s68s"), opts, RNG, "hard").action == "pass"
    s2 = seat("46m3p567s228p3s19m1p")
    choice = choose_claim(s2, opts, RNG)
    assert choice.action == "pass"  # three terminals keep the hand off tanyao: no yaku after the call


def test_closed_one_shanten_keeps_riichi_over_a_simple_pon() -> None:
    s = seat("234m456p77s5689s2z")  # one-shanten closed hand
    assert choose_claim(s, ClaimOptions(kind=kind("7s"), pon=True), RNG).action == "pass"


def test_five_keeps_vip_pair() -> None:  # F4 VIP Sets
    s = seat("234m567p789s22p66z1p", variant="five")
    assert pick_discard(s, everything(s), RNG).kind != kind("6z")


def test_shanten_cache_adds_nothing_for_the_garbage_collector() -> None:
    """Issue 17: the cache's keys and values are untracked objects, so a collection never walks it."""
    import gc

    from engine.cpu import efficiency

    efficiency.clear_cache()
    s = seat("123m456p789s1122z", drawn="3z")
    pick_discard(s, everything(s), RNG)
    tables = efficiency._CACHE.values()
    assert sum(len(t) for t in tables) > 10
    assert not any(gc.is_tracked(t) for t in tables)
    assert not any(gc.is_tracked(k) for t in tables for k in t)


def test_danger_reads_suji_kabe_and_genbutsu() -> None:
    from engine.cpu.safety import danger

    opp = Opponent(discards=[kind("4m")], riichi=True)
    seen = [0] * 34
    # genbutsu < suji terminal < suji middle < a live middle tile
    order = [danger(kind(t), opp, seen) for t in ("4m", "1m", "7m", "5m")]
    assert order == sorted(order) and order[0] == 0.0 and order[-1] > 2 * order[2]
    walled = list(seen)
    walled[kind("8s")] = 4  # no-chance: nobody holds 8s, so 9s is no 7-8 wait
    assert danger(kind("9s"), opp, walled) < danger(kind("9s"), opp, seen) / 2


def test_hard_opens_for_tanyao_in_riichi_but_stays_closed_in_five() -> None:
    """Late and two steps away, the chi buys a step for an open tanyao with a dora (the 8s): two
    han at riichi (R3 open tanyao); in Mahjong Five the call would give up Closed Hand, riichi and
    All Sequences (F4) for one dora, so it stays closed."""
    opts = ClaimOptions(kind=kind("5m"), chi=[(kind("4m"), kind("6m"))])
    hand = "46m347p2258p35s68s"
    assert choose_claim(seat(hand, wall_left=40, dora="7s"), opts, RNG, "hard").action == "chi"
    assert choose_claim(seat(hand, wall_left=40, dora="7s", variant="five"), opts, RNG, "hard").action == "pass"


def test_hard_keeps_riichi_over_a_one_han_open_tanyao() -> None:
    """Without a dora the same chi leaves an open one-han hand (about 1,000 points) where the
    closed hand keeps riichi: the hard level stays closed, early or late."""
    opts = ClaimOptions(kind=kind("5m"), chi=[(kind("4m"), kind("6m"))])
    for wall in (60, 40, 20):
        assert choose_claim(seat("46m347p2258p35s68s", wall_left=wall), opts, RNG, "hard").action == "pass"
    # A value-honor pon is still made: the set is the yaku and it buys a step.
    assert choose_claim(seat("13m46p789s55z2468s"), ClaimOptions(kind=kind("5z"), pon=True), RNG,
                        "hard").action == "pon"


def test_hard_keeps_a_far_hand_closed_for_one_han() -> None:
    """Four steps from ready, an open tanyao of one han is still not worth giving up riichi at the
    hard level (opening far hands for one han measured worse over 2,000 paired deals); normal,
    which opens for any yaku, takes it (R3: open tanyao is allowed)."""
    opts = ClaimOptions(kind=kind("5m"), chi=[(kind("4m"), kind("6m"))])
    assert choose_claim(seat("46m37p258p35s68s2m2s"), opts, RNG, "hard").action == "pass"
    assert choose_claim(seat("46m37p258p35s68s2m2s"), opts, RNG, "normal").action == "chi"


def test_hard_counts_an_honitsu_plan_as_two_han() -> None:
    """Two steps away, a chi that leaves a manzu-and-honors hand with one pinzu stray is an open
    honitsu in the making (two han), so it is made; with the calls counting only finished yaku,
    the stray made it look yakuless and cheap."""
    opts = ClaimOptions(kind=kind("7m"), chi=[(kind("6m"), kind("8m"))])
    assert choose_claim(seat("234m56689m3344z9p"), opts, RNG, "hard").action == "chi"


# ---- D52: what sets the easy and normal levels apart

def test_easy_plays_one_of_its_three_fastest_discards_at_random() -> None:
    """D52: all three loose tiles (4z, 1m, 9m) keep the hand two steps from ready; easy picks
    among those three at random, normal weighs effective tiles and value and keeps to one."""
    s = seat("124679m4567p789s4z")
    picks = {pick_discard(s, everything(s), random.Random(i), "easy").kind for i in range(40)}
    assert picks == {kind("4z"), kind("1m"), kind("9m")}
    assert {pick_discard(s, everything(s), random.Random(i), "normal").kind for i in range(10)} == {kind("4z")}


def test_easy_pons_a_dragon_or_a_yaku_wind_and_nothing_else() -> None:
    """D52 (seat South, round East): easy pons the dragon, the south wind and the east (round)
    wind, never a guest wind nor a simple, even the 7p pon towards tanyao that the normal level
    makes."""
    def pon(hand: str, tile: str, level: str) -> str:
        return choose_claim(seat(hand), ClaimOptions(kind=kind(tile), pon=True), RNG, level).action

    assert pon("13m46p789s55z2468s", "5z", "easy") == "pon"
    assert pon("13m46p789s22z2468s", "2z", "easy") == "pon"
    assert pon("13m46p789s11z2468s", "1z", "easy") == "pon"
    assert pon("13m46p789s44z2468s", "4z", "easy") == "pass"
    assert pon("378m234677p2346s", "7p", "normal") == "pon"
    assert pon("378m234677p2346s", "7p", "easy") == "pass"


def test_easy_declares_riichi_on_any_tenpai() -> None:
    """D52: every 2p is out, so the 1p3p wait cannot win: normal stays silent (R9), easy still
    declares riichi."""
    others = [Opponent(discards=parse_kinds("2p2p2p2p")), Opponent(), Opponent()]
    s = seat("234m456p789s11z13p", drawn="7z", opponents=others)
    opts = TurnOptions(discards=everything(s), riichi={kind("7z")})
    assert choose_turn(s, opts, RNG, "easy") == TurnChoice("riichi", kind("7z"))
    assert choose_turn(s, opts, RNG, "normal") == TurnChoice("discard", kind("7z"))


def test_normal_defends_against_a_three_call_hand_when_far_from_ready() -> None:
    """D52: four steps from ready, late in the kyoku, against a seat with three open sets the
    normal level lets go of that seat's own 6p; the same seat with no calls is no threat and
    normal plays its 3p; easy never defends."""
    late = parse_kinds("6p4z9m1s8m2p7s3m9s1p8s2m5s6m9p")
    three = Opponent(discards=late, melds=[parse_kinds("555m"), parse_kinds("234s"), parse_kinds("777p")])
    hand = "17m3688p589s12337z"
    calls = seat(hand, opponents=[three, Opponent(), Opponent()])
    quiet = seat(hand, opponents=[Opponent(discards=late), Opponent(), Opponent()])
    assert pick_discard(calls, everything(calls), RNG, "normal").kind == kind("6p")
    assert pick_discard(quiet, everything(quiet), RNG, "normal").kind == kind("3p")
    easy = {pick_discard(calls, everything(calls), random.Random(i), "easy").kind for i in range(20)}
    assert kind("6p") not in easy


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_both_levels_always_take_a_win(level: str) -> None:
    """D52: a tsumo or ron on offer is always declared, at either level, over a riichi or a pon."""
    s = seat("123m456p789s1122z", drawn="1z")
    turn = TurnOptions(discards=everything(s), riichi={kind("2z")}, tsumo=True)
    assert choose_turn(s, turn, random.Random(1), level).action == "tsumo"
    claim = ClaimOptions(kind=kind("1z"), ron=True, pon=True)
    assert choose_claim(seat("123m456p789s1122z"), claim, random.Random(1), level).action == "ron"
