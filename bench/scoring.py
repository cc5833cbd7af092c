"""Riichi scoring: calls per second through the adapter against direct `mahjong` library calls.

Both sides score the same seeded complete hands, more of them than the library's hand-division
cache holds, so each call divides a fresh hand as in play. The direct side gets its melds and
tile list ready-made and only builds the config each call needs (as the library's documentation
does); the ratio is what the adapter costs on top. Times are the thread's CPU time.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules

from bench._timing import rate
from engine.riichi.scoring import WinContext, clear_memos, library_melds, score_win, shanten, tenpai_waits
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


BASELINE = "02f02f0"  # the adapter before it kept the library's configs (a fresh HandConfig per call)


def adapter_then(rev: str = BASELINE) -> Callable[[WinContext], Any] | None:
    """``score_win`` as committed at ``rev``, loaded from git history (None without the history)."""
    root = Path(__file__).resolve().parent.parent
    try:
        text = subprocess.run(["git", "show", f"{rev}:engine/riichi/scoring.py"], cwd=root, capture_output=True,
                              text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    path = Path(tempfile.mkdtemp()) / "scoring_then.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("scoring_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["scoring_then"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    score: Callable[[WinContext], Any] = module.score_win  # reads the same WinContext fields
    return score


def run(quick: bool) -> list[tuple[str, str]]:
    rng = random.Random("bench-riichi-scoring")
    wins = [_win(rng) for _ in range(200 if quick else 2000)]
    direct_inputs = [
        (list(w.all_tiles), w.win_tile, library_melds(w.melds), list(w.dora_indicators), w) for w in wins
    ]
    repeats = 1 if quick else 15

    clock = time.thread_time  # CPU time: other work on a shared machine does not count

    then = adapter_then()

    def adapter(chunk: range, score: Callable[[WinContext], Any] = score_win) -> float:
        start = clock()
        for i in chunk:
            score(wins[i])
        return clock() - start

    def direct(chunk: range) -> float:
        start = clock()
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
        return clock() - start

    def waits() -> int:
        clear_memos()
        for w in wins:
            rest = list(w.closed)
            rest.remove(w.win_tile)
            tenpai_waits(rest, w.melds)
        return len(wins)

    def shanten_all() -> int:
        clear_memos()
        for w in wins:
            shanten(w.closed[:-1], w.melds)
        return len(wins)

    # Alternate the sides a chunk at a time so that load on the machine falls on all alike; each
    # takes a chunk of its own, so no hand is still in the library's division cache (128 hands).
    size = len(wins) // 8
    chunks = [range(i * size, (i + 1) * size) for i in range(8)]
    runs: dict[str, list[float]] = {"adapter": [], "direct": [], "then": []}
    for _ in range(repeats):
        spent = dict.fromkeys(runs, 0.0)
        for i, chunk in enumerate(chunks):
            spent["adapter"] += adapter(chunk)
            spent["direct"] += direct(chunks[(i + 4) % 8])
            if then is not None:
                spent["then"] += adapter(chunks[(i + 2) % 8], then)
        for side, seconds in spent.items():
            if seconds:
                runs[side].append(size * 8 / seconds)
    through, plain = statistics.median(runs["adapter"]), statistics.median(runs["direct"])
    rows = [
        ("scoring calls per second through the adapter (score_win)", f"{through:,.0f}"),
        ("scoring calls per second, direct library calls", f"{plain:,.0f}"),
        ("adapter / direct throughput ratio", f"{through / plain:.2f}"),
        ("time per call, adapter / direct (goal <= 1.05)", f"{plain / through:.3f}"),
    ]
    if runs["then"]:
        before = statistics.median(runs["then"])
        rows += [(f"  the adapter at {BASELINE}: calls per second; time / direct", f"{before:,.0f}; {plain / before:.3f}")]
    return rows + [
        ("tenpai_waits calls per second (13-tile hands, R10)", f"{rate(waits, repeats):,.0f}"),
        ("shanten calls per second", f"{rate(shanten_all, repeats):,.0f}"),
    ]
