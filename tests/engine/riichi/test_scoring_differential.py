"""Random winning hands scored through the adapter agree with direct `mahjong` library calls (R13).

The one place they must differ is R6's double-wind pair: there the library's own figure is
corrected by hand here (its fu details less 2, rounded up to 10, paid by its own calculator) and
the adapter must give exactly that, or more when the lower fu makes another reading of the hand
worth more (the adapter lets the library choose among readings with the pair at 2 fu).

``SCORING_DIFF_HANDS`` sets the number of hands (default 2000); ``SCORING_DIFF_SEED`` the seed.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

from mahjong.agari import Agari
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator, ScoresResult
from mahjong.meld import Meld as LibMeld
from mahjong.shanten import Shanten

from engine.riichi.scoring import WinContext, WinScore, score_win, tenpai_waits, waits
from engine.tiles import Meld, MeldKind, to_34

HANDS = int(os.environ.get("SCORING_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("SCORING_DIFF_SEED", "20261130"))
TERMINALS_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
LIB_TYPE = {
    MeldKind.CHI: (LibMeld.CHI, True),
    MeldKind.PON: (LibMeld.PON, True),
    MeldKind.MINKAN: (LibMeld.KAN, True),
    MeldKind.ANKAN: (LibMeld.KAN, False),
    MeldKind.KAKAN: (LibMeld.SHOUMINKAN, True),
}


@dataclass
class Deck:
    """Hands out 136 ids kind by kind, at random among the copies left."""

    rng: random.Random
    left: dict[int, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind in range(34):
            copies = [kind * 4 + c for c in range(4)]
            self.rng.shuffle(copies)
            self.left[kind] = copies

    def has(self, kind: int, n: int) -> bool:
        return len(self.left[kind]) >= n

    def take(self, kind: int, n: int = 1) -> list[int]:
        return [self.left[kind].pop() for _ in range(n)]

    def any_tile(self) -> int:
        kind = self.rng.choice([k for k in range(34) if self.left[k]])
        return self.take(kind)[0]


def standard_hand(
    rng: random.Random, deck: Deck, pair_kind: int | None
) -> tuple[list[int], list[Meld]] | None:
    """Four sets and a pair; some sets declared as melds. None when the deck ran short."""
    if pair_kind is None:
        pair_kind = rng.randrange(34)
    if not deck.has(pair_kind, 2):
        return None
    closed = deck.take(pair_kind, 2)
    melds: list[Meld] = []
    open_hand = rng.random() < 0.45
    for _ in range(4):
        if rng.random() < 0.55:
            suit, start = rng.randrange(3), rng.randrange(7)
            kinds = [suit * 9 + start + i for i in range(3)]
            if not all(deck.has(k, 1) for k in kinds):
                return None
            tiles = [t for k in kinds for t in deck.take(k)]
            if open_hand and rng.random() < 0.5:
                melds.append(Meld(MeldKind.CHI, tuple(tiles), called=tiles[0], from_seat=3))
            else:
                closed += tiles
            continue
        kind = rng.choice(TERMINALS_HONORS) if rng.random() < 0.4 else rng.randrange(34)
        kan = rng.random() < 0.15
        if not deck.has(kind, 4 if kan else 3):
            return None
        tiles = deck.take(kind, 4 if kan else 3)
        if kan:
            if open_hand and rng.random() < 0.5:
                kan_kind = rng.choice((MeldKind.MINKAN, MeldKind.KAKAN))
            else:
                kan_kind = MeldKind.ANKAN
            melds.append(Meld(kan_kind, tuple(tiles), called=tiles[0], from_seat=2))
        elif open_hand and rng.random() < 0.5:
            melds.append(Meld(MeldKind.PON, tuple(tiles), called=tiles[0], from_seat=1))
        else:
            closed += tiles
    return closed, melds


def chiitoitsu_hand(rng: random.Random, deck: Deck, pair_kind: int | None) -> list[int]:
    kinds = rng.sample([k for k in range(34) if k != pair_kind], 7 if pair_kind is None else 6)
    if pair_kind is not None:
        kinds.append(pair_kind)
    return [t for k in kinds for t in deck.take(k, 2)]


def kokushi_hand(rng: random.Random, deck: Deck) -> list[int]:
    extra = rng.choice(TERMINALS_HONORS)
    return [t for k in TERMINALS_HONORS for t in deck.take(k, 2 if k == extra else 1)]


def random_win(rng: random.Random) -> WinContext | None:
    """A random complete hand with a consistent set of win conditions."""
    deck = Deck(rng)
    seat, round_ = rng.randrange(4), rng.randrange(2)
    double_wind = rng.random() < 0.25
    if double_wind:
        round_ = seat
    pair_kind = 27 + seat if double_wind else None
    shape = rng.random()
    melds: list[Meld] = []
    if shape < 0.08:
        closed = chiitoitsu_hand(rng, deck, pair_kind)
    elif shape < 0.11:
        closed = kokushi_hand(rng, deck)
    else:
        built = standard_hand(rng, deck, pair_kind)
        if built is None:
            return None
        closed, melds = built
    tsumo = rng.random() < 0.45
    concealed = all(not m.opened for m in melds)
    riichi = concealed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.1
    has_kan = any(m.is_kan for m in melds)
    rinshan = tsumo and has_kan and rng.random() < 0.3
    last = rng.random() < 0.05
    n_dora = rng.randrange(1, 4)
    return WinContext(
        closed=tuple(closed),
        melds=tuple(melds),
        win_tile=rng.choice(closed),
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_,
        dora_indicators=tuple(deck.any_tile() for _ in range(n_dora)),
        ura_indicators=tuple(deck.any_tile() for _ in range(n_dora)),
        riichi=riichi and not double_riichi,
        double_riichi=double_riichi,
        ippatsu=riichi and rng.random() < 0.2,
        rinshan=rinshan,
        chankan=not tsumo and not last and rng.random() < 0.03,
        haitei=tsumo and not rinshan and last,
        houtei=not tsumo and last,
        tenhou=tsumo and not melds and seat == 0 and rng.random() < 0.02,
        red_fives=rng.random() < 0.8,
    )


def library_config(ctx: WinContext) -> HandConfig:
    """The R13 configuration written out independently of the adapter."""
    rules = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=ctx.red_fives,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
        kiriage=True,
    )
    return HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=ctx.riichi or ctx.double_riichi,
        is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei,
        is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou,
        player_wind=27 + ctx.seat_wind,
        round_wind=27 + ctx.round_wind,
        options=rules,
    )


def library_value(ctx: WinContext) -> HandResponse:
    melds = [
        LibMeld(meld_type=LIB_TYPE[m.kind][0], tiles=sorted(m.tiles), opened=LIB_TYPE[m.kind][1])
        for m in ctx.melds
    ]
    tiles = list(ctx.closed) + [t for m in ctx.melds for t in m.tiles]
    return HandCalculator.estimate_hand_value(
        tiles,
        ctx.win_tile,
        melds=melds,
        dora_indicators=list(ctx.dora_indicators),
        config=library_config(ctx),
        ura_dora_indicators=list(ctx.ura_indicators),
    )


def split(cost: ScoresResult, ctx: WinContext) -> tuple[int, int, int]:
    """Library cost as (ron, tsumo_dealer, tsumo_other)."""
    if not ctx.tsumo:
        return cost["main"], 0, 0
    if ctx.seat_wind == 0:
        return 0, 0, cost["additional"]
    return 0, cost["main"], cost["additional"]


LIMIT_VALUE = {"mangan": 8000, "haneman": 12000, "baiman": 16000, "sanbaiman": 24000}


def check_limit(score: WinScore, ctx: WinContext) -> None:
    """The limit label matches what is paid (non-dealer values; the dealer gets half again)."""
    scale = 1.5 if ctx.seat_wind == 0 else 1
    if score.yakuman:
        count = score.han // 13
        assert score.limit == ("yakuman" if count == 1 else f"{count}x yakuman")
        assert score.total == 32000 * count * scale
    elif score.limit:
        assert score.total == LIMIT_VALUE[score.limit] * scale, score
    else:
        assert score.total < 8000 * scale, score


def test_adapter_agrees_with_the_library() -> None:
    rng = random.Random(SEED)
    tally = {"scored": 0, "no_win": 0, "double_wind": 0, "corrected": 0, "reread": 0, "yakuman": 0}
    hands = 0
    while hands < HANDS:
        ctx = random_win(rng)
        if ctx is None:
            continue
        hands += 1
        lib = library_value(ctx)
        ours = score_win(ctx)
        if lib.error:
            assert lib.error in (HandCalculator.ERR_NO_YAKU, HandCalculator.ERR_HAND_NOT_WINNING), (
                lib.error,
                ctx,
            )
            assert ours is None, ctx
            tally["no_win"] += 1
            continue
        assert ours is not None, ctx
        assert lib.yaku is not None and lib.cost is not None and lib.han is not None, ctx  # a scored hand
        tally["scored"] += 1
        tally["yakuman"] += ours.yakuman
        paid = (ours.ron, ours.tsumo_dealer, ours.tsumo_other)
        assert ours.yakuman == any(y.is_yakuman for y in lib.yaku)
        check_limit(ours, ctx)
        details = lib.fu_details or []
        double = [d for d in details if d["reason"] == FuCalculator.DOUBLE_VALUED_PAIR]
        if not double:
            assert (ours.han, ours.fu) == (lib.han, lib.fu), ctx
            assert list(ours.yaku) == [y.name for y in lib.yaku], ctx
            assert paid == split(lib.cost, ctx), ctx
            continue
        # R6: the library counted the seat-and-round wind pair 4 fu; it is 2.
        tally["double_wind"] += 1
        assert double[0]["fu"] == 4
        fu = (sum(d["fu"] for d in details) - 2 + 9) // 10 * 10
        yakuman = any(y.is_yakuman for y in lib.yaku)
        expected = split(ScoresCalculator.calculate_scores(lib.han, fu, library_config(ctx), yakuman), ctx)
        tally["corrected"] += fu != lib.fu
        if (ours.han, ours.fu) == (lib.han, fu):
            assert paid == expected, ctx
            assert list(ours.yaku) == [y.name for y in lib.yaku], ctx
        else:
            # another reading of the hand is worth more once the pair is 2 fu
            tally["reread"] += 1
            assert sum(paid) > sum(expected), ctx
            assert sum(paid) <= sum(split(lib.cost, ctx)), ctx
    print(f"\n{hands} hands: {tally}")
    assert tally["scored"] > hands // 4
    assert tally["double_wind"] > 0 and tally["corrected"] > 0
    assert tally["no_win"] > 0


def test_waits_agree_with_a_full_search() -> None:
    """waits() tries only plausible kinds; a search over all 34 with the library's Agari and
    Shanten finds the same, on tenpai hands (a winning hand less its winning tile) and on others.
    """
    rng = random.Random(SEED + 1)
    checked = tenpai = 0
    while checked < HANDS:
        ctx = random_win(rng)
        if ctx is None:
            continue
        closed = list(ctx.closed)
        closed.remove(ctx.win_tile)
        if rng.random() < 0.3:  # swap one tile for an unused one: mostly no longer tenpai
            unused = [t for t in range(136) if t not in ctx.all_tiles]
            closed[rng.randrange(len(closed))] = rng.choice(unused)
        checked += 1
        counts = to_34(closed)
        found = waits(closed, ctx.melds)
        full = set()
        concealed = not ctx.melds
        for kind in range(34):
            if counts[kind] == 4:  # no fifth copy to win on
                continue
            counts[kind] += 1
            if Agari.is_agari(counts):
                full.add(kind)
            complete = (
                Shanten.calculate_shanten(counts, use_chiitoitsu=concealed, use_kokushi=concealed) == -1
            )
            assert complete == (kind in full), (closed, kind)
            counts[kind] -= 1
        assert found == full, closed
        if closed == [t for t in ctx.closed if t != ctx.win_tile]:
            assert ctx.win_tile // 4 in found
        held = to_34(list(closed) + [t for m in ctx.melds for t in m.tiles])
        assert tenpai_waits(closed, ctx.melds) == {k for k in full if held[k] < 4}
        tenpai += bool(found)
    assert 0 < tenpai < checked
