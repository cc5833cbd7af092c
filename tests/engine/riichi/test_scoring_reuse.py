"""The adapter's kept library configs and melds (engine/riichi/library_config.py) score exactly as
a fresh ``HandConfig`` and fresh library melds per call did, field for field, over random wins, in
any order; also when calls interleave in threads (the bot's CPU decisions run in worker threads),
so the dora han one call writes never reach another's result.

``SCORING_REUSE_HANDS`` sets the number of hands (default 3000).
"""

from __future__ import annotations

import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld as LibMeld

from engine.riichi import library_config
from engine.riichi.scoring import WinContext, WinScore, hand_config, limit_name, options, score_win
from tests.engine.riichi.test_scoring_differential import LIB_TYPE, random_win

HANDS = int(os.environ.get("SCORING_REUSE_HANDS", "3000"))


def fresh_score(ctx: WinContext) -> WinScore | None:
    """score_win as written before the configs were kept: everything built for this call alone."""
    riichi = ctx.riichi or ctx.double_riichi
    double_wind_pair = ctx.seat_wind == ctx.round_wind and sum(
        1 for t in ctx.closed if t // 4 == 27 + ctx.seat_wind) == 2 and all(
        m.kind34 != 27 + ctx.seat_wind for m in ctx.melds)
    config = HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=riichi, is_daburu_riichi=ctx.double_riichi, is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan, is_chankan=ctx.chankan, is_haitei=ctx.haitei, is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou, is_chiihou=ctx.chiihou, player_wind=27 + ctx.seat_wind,
        round_wind=None if double_wind_pair else 27 + ctx.round_wind, options=options(ctx.red_fives),
    )
    melds = [LibMeld(meld_type=LIB_TYPE[m.kind][0], tiles=sorted(m.tiles), opened=LIB_TYPE[m.kind][1],
                     called_tile=m.called) for m in ctx.melds]
    result = HandCalculator.estimate_hand_value(
        list(ctx.all_tiles), ctx.win_tile, melds=melds, dora_indicators=list(ctx.dora_indicators),
        config=config, ura_dora_indicators=list(ctx.ura_indicators) if riichi else None,
    )
    if result.error in (HandCalculator.ERR_HAND_NOT_WINNING, HandCalculator.ERR_NO_YAKU):
        return None
    assert not result.error and result.cost is not None and result.yaku is not None, result.error
    yakuman = tuple(y.name for y in result.yaku if y.is_yakuman)
    han, fu = int(result.han or 0), int(result.fu or 0)
    main, additional = result.cost["main"], result.cost["additional"]
    if not ctx.tsumo:
        paid = (main, 0, 0)
    elif ctx.dealer:
        paid = (0, 0, additional)
    else:
        paid = (0, main, additional)
    return WinScore(
        han=han, fu=fu, yaku=tuple(y.name for y in result.yaku), yakuman=bool(yakuman),
        limit=limit_name(han, fu, bool(yakuman)), ron=paid[0], tsumo_dealer=paid[1], tsumo_other=paid[2],
        yakuman_parts=yakuman,
        yaku_han=tuple(y.han_open if result.is_open_hand and y.han_open else y.han_closed for y in result.yaku),
    )


def wins(count: int, seed: int) -> list[WinContext]:
    rng = random.Random(seed)
    out: list[WinContext] = []
    while len(out) < count:
        ctx = random_win(rng)
        if ctx is not None:
            out.append(ctx)
    return out


def test_kept_configs_score_as_fresh_ones() -> None:
    hands = wins(HANDS, 20261201)
    expected = [fresh_score(ctx) for ctx in hands]
    got = [score_win(ctx) for ctx in hands]
    scored = sum(e is not None for e in expected)
    with_dora = sum(1 for e in expected if e is not None and any("Dora" in y for y in e.yaku))
    assert scored > HANDS // 4 and with_dora > HANDS // 10
    for ctx, want, have in zip(hands, expected, got, strict=True):
        assert have == want, ctx
    # and again, now that every situation's config is kept: the dora counts written by the
    # calls before must not leak into these
    assert [score_win(ctx) for ctx in reversed(hands)] == expected[::-1]


def test_threads_interleaving_get_their_own_dora() -> None:
    hands = wins(HANDS // 3, 20261202)
    expected = [fresh_score(ctx) for ctx in hands]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads inside nearly every call
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            for _ in range(5):
                assert list(pool.map(score_win, hands, chunksize=1)) == expected
    finally:
        sys.setswitchinterval(interval)


def test_a_config_is_kept_per_thread_and_situation() -> None:
    situation = (False, False, False, False, False, False, False, False, False, False, 1, 0, True)
    other = (True, *situation[1:])
    mine = library_config.config(situation)
    assert library_config.config(situation) is mine and library_config.config(other) is not mine
    assert library_config.config(other).yaku is mine.yaku  # one set of yaku objects per thread
    with ThreadPoolExecutor(max_workers=1) as pool:
        theirs = pool.submit(library_config.config, situation).result()
    assert theirs is not mine and theirs.yaku.dora is not mine.yaku.dora
    ctx = wins(1, 3)[0]
    assert hand_config(ctx) is not hand_config(ctx)  # one to keep is always new
