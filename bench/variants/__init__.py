"""Named changes of play, each measured paired against the hard level (docs/benchmarks/cpu-play.md):
riichi and shared ones in :mod:`bench.variants.mahjong`, Mahjong Five's in :mod:`bench.variants.five`.
Importing the package registers them all in ``VARIANTS``."""

from bench.variants import five, mahjong
from bench.variants.registry import VARIANTS

__all__ = ["VARIANTS", "five", "mahjong"]
