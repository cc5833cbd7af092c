"""Image rendering: time to draw and encode each image, and its PNG size (targets: hand <= 15 ms,
table <= 60 ms, every PNG <= 300 KB)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from PIL import Image

from bot.render import (
    render_five_result,
    render_hand,
    render_holdem_table,
    render_kyoku_result,
    render_showdown,
    render_table,
    samples,
    to_png,
)

SCENES: dict[str, Callable[[], Image.Image]] = {
    "hand (Janpo, after a chi)": lambda: render_hand(samples.HAND),
    "hand (riichi, waits)": lambda: render_hand(samples.HAND_RIICHI),
    "table (riichi, busy)": lambda: render_table(samples.TABLE),
    "table (Janpo, side pots)": lambda: render_table(samples.JANPO_TABLE),
    "hold'em table (9 seats)": lambda: render_holdem_table(samples.HOLDEM_TABLE),
    "kyoku result": lambda: render_kyoku_result(samples.KYOKU_RESULT),
    "Five result": lambda: render_five_result(samples.FIVE_RESULT),
    "showdown": lambda: render_showdown(samples.SHOWDOWN),
}


def _time(draw: Callable[[], Image.Image], n: int) -> tuple[float, float, float, int]:
    """Wall-clock median and p95, CPU-time median (steady on a shared, busy machine), PNG bytes."""
    png = to_png(draw())  # warm the sprite and font caches, as a running bot has them
    wall, cpu = [], []
    for _ in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        png = to_png(draw())
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    wall.sort()
    return statistics.median(wall), wall[min(n - 1, round(0.95 * (n - 1)))], statistics.median(cpu), len(png)


def run(quick: bool) -> list[tuple[str, str]]:
    n = 15 if quick else 150
    out = []
    for label, draw in SCENES.items():
        median, p95, cpu, size = _time(draw, n)
        out.append((f"{label}: draw + PNG, median / p95 (CPU)", f"{median:.1f} / {p95:.1f} ms ({cpu:.1f} ms)"))
        out.append((f"{label}: PNG size", f"{size / 1024:.0f} KB"))
    return out
