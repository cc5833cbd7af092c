"""Timing helpers shared by the benchmark modules."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def rate(work: Callable[[], int], repeats: int) -> float:
    """Median calls per second over ``repeats`` runs of ``work`` (which returns its call count)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        calls = work()
        rates.append(calls / (time.perf_counter() - start))
    return statistics.median(rates)
