"""Riichi scoring: calls per second through the adapter against direct `mahjong` library calls.

Both sides score the same seeded complete hands, more of them than the library's hand-division
cache holds, so each call divides a fresh hand as in play. The direct side gets its melds and
tile list ready-made and only builds the config each call needs; the ratio is what the adapter
costs on top.
"""

from __future__ import annotations

import random
import statistics
import time

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules

from bench._timing import rate
from engine.riichi.scoring import WinContext, library_melds, score_win, shanten, tenpai_waits
from engine.tiles import Meld, MeldKind


def _win(rng: random.Random) -> WinContext:
    """Four sets and a pair, about one hand in three open; riichi on the closed ones."""
    while True:
        pools = {k: rng.sample(range(4 * k, 4 * k + 4), 4) for k in range(34)}
        closed: list[int] = []
        melds: list[Meld] = []
        opened = rng.random() < 0.35
        try:
            for _ in range(4):
                if rng.random() < 0.6:
                    low = 9 * rng.randrange(3) + rng.randrange(7)
                    tiles, kind = [pools[low + i].pop() for i in range(3)], MeldKind.CHI
                else:
                    k = rng.randrange(34)
                    tiles, kind = [pools[k].pop() for _ in range(3)], MeldKind.PON
                if opened and rng.random() < 0.5:
                    melds.append(Meld(kind, tuple(tiles)))
                else:
                    closed += tiles
            k = rng.randrange(34)
            closed += [pools[k].pop(), pools[k].pop()]
        except IndexError:
            continue
        seat = rng.randrange(4)
        return WinContext(
            closed=tuple(closed),
            melds=tuple(melds),
            win_tile=rng.choice(closed),
            tsumo=rng.random() < 0.4,
            seat_wind=seat,
            round_wind=rng.randrange(2),
            dora_indicators=(rng.choice([t for pool in pools.values() for t in pool]),),
            riichi=not melds,
        )


def run(quick: bool) -> list[tuple[str, str]]:
    rng = random.Random("bench-riichi-scoring")
    wins = [_win(rng) for _ in range(200 if quick else 2000)]
    direct_inputs = [
        (list(w.all_tiles), w.win_tile, library_melds(w.melds), list(w.dora_indicators), w) for w in wins
    ]
    repeats = 1 if quick else 7

    def adapter(chunk: range) -> float:
        start = time.perf_counter()
        for i in chunk:
            score_win(wins[i])
        return time.perf_counter() - start

    def direct(chunk: range) -> float:
        start = time.perf_counter()
        for i in chunk:
            tiles, tile, melds, dora, w = direct_inputs[i]
            rules = OptionalRules(
                has_open_tanyao=True,
                has_aka_dora=True,
                has_double_yakuman=False,
                kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
                kiriage=True,
            )
            config = HandConfig(
                is_tsumo=w.tsumo,
                is_riichi=w.riichi,
                player_wind=27 + w.seat_wind,
                round_wind=27 + w.round_wind,
                options=rules,
            )
            HandCalculator.estimate_hand_value(tiles, tile, melds=melds, dora_indicators=dora, config=config)
        return time.perf_counter() - start

    def waits() -> int:
        for w in wins:
            rest = list(w.closed)
            rest.remove(w.win_tile)
            tenpai_waits(rest, w.melds)
        return len(wins)

    def shanten_all() -> int:
        for w in wins:
            shanten(w.closed[:-1], w.melds)
        return len(wins)

    # Alternate the two a chunk at a time so that load on the machine falls on both alike; the
    # direct side takes the chunk half the list away, so no hand is still in the division cache.
    size = len(wins) // 8
    chunks = [range(i * size, (i + 1) * size) for i in range(8)]
    through_runs, plain_runs = [], []
    for _ in range(repeats):
        spent_adapter = spent_direct = 0.0
        for i, chunk in enumerate(chunks):
            spent_adapter += adapter(chunk)
            spent_direct += direct(chunks[(i + 4) % 8])
        through_runs.append(size * 8 / spent_adapter)
        plain_runs.append(size * 8 / spent_direct)
    through, plain = statistics.median(through_runs), statistics.median(plain_runs)
    return [
        ("scoring calls per second through the adapter (score_win)", f"{through:,.0f}"),
        ("scoring calls per second, direct library calls", f"{plain:,.0f}"),
        ("adapter / direct throughput ratio", f"{through / plain:.2f}"),
        ("tenpai_waits calls per second (13-tile hands, R10)", f"{rate(waits, repeats):,.0f}"),
        ("shanten calls per second", f"{rate(shanten_all, repeats):,.0f}"),
    ]
