"""Hand value under RULES.md R6/R13, worked by hand: each test names the rule it pins down."""

from __future__ import annotations

from typing import Any, TypedDict

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from engine.riichi.scoring import (
    PAO_YAKUMAN,
    WinContext,
    WinScore,
    library_melds,
    payments,
    score_win,
    shanten,
    tenpai_waits,
    waits,
)
from engine.tiles import RED_FIVES, Meld, MeldKind, parse, parse_kinds

FIVES = (4, 13, 22)


def ids(text: str, used: set[int] | None = None) -> tuple[int, ...]:
    """136 ids for notation: ``0`` is the red five (copy 0); other tiles take the lowest free copy."""
    used = set() if used is None else used
    out = []
    for kind, red in parse(text):
        if red:
            tile = kind * 4
        else:
            tile = next(
                kind * 4 + c for c in range(4) if kind * 4 + c not in used and not (kind in FIVES and c == 0)
            )
        assert tile not in used, text
        used.add(tile)
        out.append(tile)
    return tuple(out)


class WinFlags(TypedDict, total=False):
    """Flags of ``win`` that a parametrized test passes on as keywords."""

    riichi: bool


def win(
    closed: str,
    on: str,
    melds: tuple[tuple[MeldKind, str], ...] = (),
    dora: str = "",
    ura: str = "",
    seat_wind: int = 1,
    round_wind: int = 0,
    tsumo: bool = False,
    **flags: bool,
) -> WinContext:
    """A win: ``closed`` includes the winning tile; ``on`` names it (the first matching copy)."""
    used: set[int] = set()
    built = tuple(Meld(kind, ids(text, used)) for kind, text in melds)
    hand = ids(closed, used)
    kind, red = parse(on)[0]
    tile = next(t for t in hand if t // 4 == kind and (t in RED_FIVES) == red)
    return WinContext(
        closed=hand,
        melds=built,
        win_tile=tile,
        tsumo=tsumo,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dora_indicators=ids(dora, used),
        ura_indicators=ids(ura, used),
        **flags,
    )


def scored(ctx: WinContext) -> WinScore:
    score = score_win(ctx)
    assert score is not None
    return score


# --- R6 kiriage -------------------------------------------------------------------------------


def test_r6_kiriage_4_han_30_fu_is_mangan() -> None:
    # riichi, pinfu, tanyao, iipeiko, ron on 7p (56p waits 4-7p): without kiriage 7700 / 11600
    hand = "234m234m567p678s55s"
    child = scored(win(hand, "7p", riichi=True))
    assert (child.han, child.fu, child.limit, child.ron) == (4, 30, "mangan", 8000)
    dealer = scored(win(hand, "7p", riichi=True, seat_wind=0))
    assert (dealer.limit, dealer.ron) == ("mangan", 12000)


def test_r6_kiriage_3_han_60_fu_is_mangan() -> None:
    # closed kan of 1m (32) + concealed 222p (4) + tsumo (2) + base 20 = 58 -> 60 fu;
    # riichi, menzen tsumo, dora 5s: 3 han. Without kiriage the dealer would pay 3900.
    ctx = win("222p345s678s99p", "5s", melds=((MeldKind.ANKAN, "1111m"),), dora="4s", tsumo=True, riichi=True)
    s = scored(ctx)
    assert (s.han, s.fu, s.limit) == (3, 60, "mangan")
    assert (s.tsumo_dealer, s.tsumo_other, s.total) == (4000, 2000, 8000)


def test_r6_payments_helper_applies_kiriage_and_plain_values() -> None:
    assert payments(4, 30, dealer=False, tsumo=False) == (8000, 0, 0)
    assert payments(3, 60, dealer=True, tsumo=False) == (12000, 0, 0)
    assert payments(3, 50, dealer=False, tsumo=False) == (6400, 0, 0)
    assert payments(1, 30, dealer=False, tsumo=True) == (0, 500, 300)


# --- R6/R13 double-wind pair is 2 fu ----------------------------------------------------------


DOUBLE_EAST = "111m456p789s234s11z"  # East pair, concealed 1m triplet (8 fu), ron 4p on 56p


def test_r6_double_wind_pair_is_2_fu_not_4() -> None:
    # dealer (East seat) in the East round: 30 base + 8 (111m) + 2 (pair) = 40 fu, riichi 1 han:
    # 2000. The library alone counts the pair 4 fu: 42 -> 50 fu, 2400.
    ctx = win(DOUBLE_EAST, "4p", riichi=True, seat_wind=0, round_wind=0)
    s = scored(ctx)
    assert (s.han, s.fu, s.ron) == (1, 40, 2000)
    config = HandConfig(player_wind=27, round_wind=27, is_riichi=True, options=OptionalRules(kiriage=True))
    raw = HandCalculator.estimate_hand_value(list(ctx.closed), ctx.win_tile, config=config)
    assert raw.cost is not None
    assert (raw.fu, raw.cost["main"]) == (50, 2400)  # what is being corrected


def test_r6_single_wind_pair_keeps_2_fu_and_yakuhai_triplet_unaffected() -> None:
    # South seat, East round: the East pair is a round-wind pair, 2 fu either way: 40 fu.
    s = scored(win(DOUBLE_EAST, "4p", riichi=True, seat_wind=1, round_wind=0))
    assert (s.fu, s.ron) == (40, 1300)
    # East triplet for the East dealer in the East round is still two yakuhai (seat and round).
    t = scored(win("111z456p789s234s99m", "4p", seat_wind=0, round_wind=0))
    assert t.yaku == ("Yakuhai (seat wind east)", "Yakuhai (round wind east)")
    assert (t.han, t.fu, t.ron) == (2, 40, 3900)


def test_r6_double_wind_pair_on_tsumo_changes_payments() -> None:
    # South seat, South round, pair of South, tsumo on 5s from 46s (kanchan):
    # 20 + 2 tsumo + 4 (concealed 222p) + 2 kanchan + 2 pair = 30 fu (the library: 32 -> 40).
    # riichi + menzen tsumo, 2 han 30 fu: 1000 from the dealer, 500 from the others (not 1300/700).
    s = scored(win("222p123m789m456s22z", "5s", riichi=True, seat_wind=1, round_wind=1, tsumo=True))
    assert (s.han, s.fu, s.tsumo_dealer, s.tsumo_other) == (2, 30, 1000, 500)
    # the same hand as West seat: the South pair is a round-wind pair only, 2 fu: same figures
    w = scored(win("222p123m789m456s22z", "5s", riichi=True, seat_wind=2, round_wind=1, tsumo=True))
    assert (w.fu, w.tsumo_dealer, w.tsumo_other) == (30, 1000, 500)


# --- R6 no double yakuman, composite yakuman stack ----------------------------------------------


def test_r6_suuankou_tanki_is_a_single_yakuman() -> None:
    s = scored(win("111m333p555s777s99p", "9p"))
    assert s.yakuman_parts == ("Suu Ankou Tanki",)
    assert (s.limit, s.ron) == ("yakuman", 32000)


def test_r6_thirteen_wait_kokushi_is_a_single_yakuman() -> None:
    s = scored(win("19m19p19s12345677z", "7z"))
    assert (s.limit, s.ron, s.fu) == ("yakuman", 32000, 0)


def test_r6_daisuushii_and_junsei_chuuren_are_single() -> None:
    # Daisuushii with an open pon (no suuankou, no tsuuiisou: pair of 9m).
    s = scored(win("222z333z444z99m", "4z", melds=((MeldKind.PON, "111z"),)))
    assert s.yakuman_parts == ("Dai Suushii",)
    assert s.ron == 32000
    c = scored(win("11123455678999m", "5m"))
    assert c.yakuman_parts == ("Daburu Chuuren Poutou",)
    assert c.ron == 32000


def test_r6_composite_yakuman_stack() -> None:
    # daisangen + tsuuiisou, ron on a shanpon (so no suuankou): 2x yakuman
    s = scored(win("555z666z777z111z22z", "1z"))
    assert s.yakuman_parts == ("Daisangen", "Tsuu Iisou")
    assert (s.han, s.limit, s.ron) == (26, "2x yakuman", 64000)
    assert s.pao_parts == ("Daisangen",)
    # daisuushii + tsuuiisou, dealer tsumo: 2x yakuman (daisuushii itself counts once)
    d = scored(win("111z222z333z444z55z", "5z", seat_wind=0, tsumo=True, melds=()))
    assert set(d.yakuman_parts) >= {"Dai Suushii", "Tsuu Iisou"}
    assert d.tsumo_other == 16000 * (d.han // 13)


def test_r7_pao_yakuman_names_are_the_library_names() -> None:
    s = scored(win("555z666z789m11p", "1p", melds=((MeldKind.PON, "777z"),)))
    assert s.yakuman_parts == ("Daisangen",) and s.pao_parts == ("Daisangen",)
    assert PAO_YAKUMAN == {"Daisangen", "Dai Suushii", "Suu Kantsu"}
    k = scored(
        win(
            "99p",
            "9p",
            melds=(
                (MeldKind.MINKAN, "1111m"),
                (MeldKind.ANKAN, "2222p"),
                (MeldKind.KAKAN, "3333s"),
                (MeldKind.MINKAN, "4444s"),
            ),
        )
    )
    assert "Suu Kantsu" in k.pao_parts
    assert payments(13, 0, dealer=False, tsumo=False, yakuman=True)[0] == 32000


def test_tenhou_stacks_with_kokushi() -> None:
    """D35: tenhou is a yakuman and stacks with kokushi: a double yakuman."""
    s = scored(win("19m19p19s12345677z", "7z", seat_wind=0, tsumo=True, tenhou=True))
    assert s.yakuman_parts == ("Kokushi Musou Juusanmen Matchi", "Tenhou")
    assert (s.tsumo_dealer, s.tsumo_other, s.total) == (0, 32000, 96000)


# --- R6 kazoe capped at sanbaiman ---------------------------------------------------------------


def test_r6_kazoe_is_sanbaiman() -> None:
    """R6, D35: dora counts toward kazoe, which stops at sanbaiman."""
    # riichi, san ankou, chinitsu, dora 6 = 15 han: sanbaiman, not yakuman
    s = scored(win("11122233345699m", "6m", riichi=True, dora="1m2m"))
    assert s.han >= 13 and not s.yakuman
    assert (s.limit, s.ron) == ("sanbaiman", 24000)
    dealer = scored(win("11122233345699m", "6m", riichi=True, dora="1m2m", seat_wind=0, tsumo=True))
    assert (dealer.limit, dealer.tsumo_other, dealer.total) == ("sanbaiman", 12000, 36000)


# --- R1/R13 red fives, R9 ura -------------------------------------------------------------------


def test_r13_red_five_counts_only_with_red_fives() -> None:
    open_hand = ((MeldKind.CHI, "234m"),)
    with_red = scored(win("340p678s55s567p", "3p", melds=open_hand))
    assert with_red.yaku == ("Tanyao", "Aka Dora")  # R3 open tanyao, R1 red five
    assert (with_red.han, with_red.ron) == (2, 2000)
    plain = scored(win("340p678s55s567p", "3p", melds=open_hand, red_fives=False))
    assert plain.yaku == ("Tanyao",)
    assert (plain.han, plain.ron) == (1, 1000)


def test_r9_ura_dora_only_with_riichi() -> None:
    hand = "234m234m567p678s55s"
    with_riichi = scored(win(hand, "7p", riichi=True, ura="1m"))
    assert "Ura Dora" in with_riichi.yaku
    assert with_riichi.han == 6 and with_riichi.limit == "haneman"
    without = scored(win(hand, "7p", tsumo=True, ura="1m"))
    assert "Ura Dora" not in without.yaku
    assert without.han == 4


def test_double_riichi_counts_ura_and_ippatsu() -> None:
    """D34: double riichi is 2 han instead of riichi's 1, with ippatsu and ura dora."""
    s = scored(win("234m234m567p678s55s", "7p", double_riichi=True, ippatsu=True, ura="1m"))
    assert {"Double Riichi", "Ippatsu", "Ura Dora"} <= set(s.yaku) and "Riichi" not in s.yaku
    assert s.han == 2 + 1 + 3 + 2


# --- fu landmarks -------------------------------------------------------------------------------


def test_pinfu_tsumo_is_20_fu() -> None:
    """D33: pinfu earns no tsumo fu, so a pinfu tsumo is 20 fu."""
    s = scored(win("234m234m567p678s55s", "7p", riichi=True, tsumo=True))
    assert (s.fu, s.han) == (20, 5)
    assert "Pinfu" in s.yaku and "Menzen Tsumo" in s.yaku
    small = scored(win("234m456m567p678s55s", "7p", riichi=True, tsumo=True, seat_wind=2))
    assert (small.han, small.fu, small.tsumo_dealer, small.tsumo_other) == (4, 20, 2600, 1300)


def test_chiitoitsu_is_25_fu() -> None:
    s = scored(win("11m22m33p44p55s66s77z", "7z"))
    assert (s.yaku, s.han, s.fu, s.ron) == (("Chiitoitsu",), 2, 25, 1600)


def test_open_hand_without_fu_is_30_fu_on_ron() -> None:
    """D33: an open hand that earns no fu is scored at 30 fu on a ron."""
    s = scored(win("567p678s55s234s", "7p", melds=((MeldKind.CHI, "234m"),)))
    assert (s.fu, s.ron) == (30, 1000)


# --- not a win ----------------------------------------------------------------------------------


def test_no_yaku_and_incomplete_hands_score_none() -> None:
    # open hand, no yaku: 123m chi (terminal), closed sequences, pair 9m
    assert score_win(win("456p789s234s99m", "4s", melds=((MeldKind.CHI, "123m"),))) is None
    assert score_win(win("123m456p789s234s19m", "4s")) is None


def test_inconsistent_context_raises() -> None:
    with pytest.raises(ValueError):
        score_win(win("456p789s234s99m", "4s", melds=((MeldKind.CHI, "123m"),), riichi=True))
    ctx = win("234m234m567p678s55s", "7p", riichi=True)
    with pytest.raises(ValueError):
        score_win(WinContext(**{**_fields(ctx), "win_tile": 135}))


def _fields(ctx: WinContext) -> dict[str, Any]:  # each field's own type
    return {name: getattr(ctx, name) for name in ctx.__dataclass_fields__}


def test_library_melds_map_kinds() -> None:
    melds = library_melds(
        [
            Meld(MeldKind.KAKAN, (3, 1, 2, 0), called=3),
            Meld(MeldKind.ANKAN, (4, 5, 6, 7)),
            Meld(MeldKind.MINKAN, (8, 9, 10, 11)),
            Meld(MeldKind.CHI, (20, 12, 16)),
        ]
    )
    assert [(m.type, m.opened, m.tiles) for m in melds] == [
        ("shouminkan", True, (0, 1, 2, 3)),
        ("kan", False, (4, 5, 6, 7)),
        ("kan", True, (8, 9, 10, 11)),
        ("chi", True, (12, 16, 20)),
    ]


# --- waits, shanten, R10 four copies ------------------------------------------------------------


def kinds(text: str) -> set[int]:
    return set(parse_kinds(text))


def test_waits_of_standard_chiitoitsu_and_kokushi_shapes() -> None:
    assert waits(ids("1112345678999m")) == kinds("123456789m")
    assert waits(ids("23m456p789s11z")[:10], [Meld(MeldKind.PON, ids("222z"))]) == kinds("14m")
    assert waits(ids("11m22m33p44p55s66s7z")) == kinds("7z")
    assert waits(ids("19m19p19s1234567z")) == kinds("19m19p19s1234567z")
    assert waits(ids("19m19p19s1234566z")) == kinds("7z")
    assert waits(ids("1235m456p789s111z")) == kinds("5m")  # tanki on 5m; 1235m -> 123m + 5m
    with pytest.raises(ValueError):
        waits(ids("12m"))


def test_r10_wait_on_a_fifth_copy_is_not_tenpai() -> None:
    # 1111m234p567p789s "waits" on a fifth 1m (111m + 1m tanki): no such tile, not a wait
    assert waits(ids("1111m234p567p789s")) == set()
    assert waits(ids("1111z234p567p789s")) == set()


def test_r10_wait_on_a_kind_held_four_times_across_melds_is_dropped() -> None:
    used: set[int] = set()
    pon = Meld(MeldKind.PON, ids("111m", used))
    closed = ids("1m234p567p789s", used)  # tanki on the fourth 1m, which the player holds
    assert waits(closed, [pon]) == kinds("1m")
    assert tenpai_waits(closed, [pon]) == set()
    other = ids("2m234p567p789s", used)
    assert tenpai_waits(other, [pon]) == kinds("2m")


def test_r10_chiitoitsu_with_four_of_a_kind_is_not_tenpai() -> None:
    # 11m11m as two pairs is not chiitoitsu: the hand's only shape is none
    hand = ids("1111m22p33p44s55s6z")
    assert tenpai_waits(hand) == set()


def test_shanten() -> None:
    assert shanten(ids("1112345678999m")) == 0
    assert shanten(ids("11123456789999m")) == -1
    assert shanten(ids("19m19p19s1234567z")) == 0
    assert shanten(ids("11m22m33p44p55s66s7z")) == 0
    assert shanten(ids("147m258p369s1234z")) >= 5
    assert shanten(ids("23m456p789s11z"), [Meld(MeldKind.PON, ids("222z"))]) == 0


# --- melds reach the library as the right kind --------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "flags", "han", "fu", "ron"),
    [
        # closed kan of White: riichi + haku, 30 + 32 = 62 -> 70 fu
        (MeldKind.ANKAN, {"riichi": True}, 2, 70, 4500),
        # open kan on a discard / added kan: haku, 20 + 16 = 36 -> 40 fu
        (MeldKind.MINKAN, {}, 1, 40, 1300),
        (MeldKind.KAKAN, {}, 1, 40, 1300),
    ],
)
def test_kan_kinds_score_as_their_kind(
    kind: MeldKind, flags: WinFlags, han: int, fu: int, ron: int
) -> None:
    s = scored(win("234p567s345m99m", "2p", melds=((kind, "5555z"),), **flags))
    assert (s.han, s.fu, s.ron) == (han, fu, ron)


def test_pon_of_white_is_open_and_4_fu() -> None:
    s = scored(win("234p567s345m99m", "2p", melds=((MeldKind.PON, "555z"),)))
    assert (s.yaku, s.han, s.fu, s.ron) == (("Yakuhai (haku)",), 1, 30, 1000)


def test_nothing_carries_over_between_calls() -> None:
    # the library writes dora counts into its config; a fresh one per call keeps them apart
    hand = "234m234m567p678s55s"
    heavy = scored(win(hand, "7p", riichi=True, dora="1m4s"))
    assert heavy.han == 4 + 2 + 2
    light = scored(win(hand, "7p", riichi=True))
    assert "Dora" not in light.yaku and light.han == 4
