"""Timing and statistics helpers shared by the benchmark modules."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence


def rate(work: Callable[[], int], repeats: int) -> float:
    """Median calls per CPU second (of this process, so other work on the machine does not count)
    over ``repeats`` runs of ``work`` (which returns its call count)."""
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        calls = work()
        rates.append(calls / (time.process_time() - start))
    return statistics.median(rates)


def standard_error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for fewer than two)."""
    return statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
