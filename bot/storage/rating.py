"""Multi-player Elo: one rating per player, guild and game mode, updated after every finished game.

A game of n seats is scored as the n·(n−1)/2 head-to-head results it contains: a seat "beats" every
seat ranked below it, draws with every seat of the same rank and loses to every seat above it. Each
pair is an ordinary Elo comparison; a seat's change is the sum over its n−1 opponents, scaled by
``k / (n − 1)`` so that a clean sweep moves a rating by at most ``k`` whatever the table size (a
four-player mahjong game and a nine-player hold'em game weigh the same). Between seats that are both
rated the changes add up to zero.

CPU seats take part at a fixed rating per difficulty (:data:`CPU_RATINGS`) and are never updated, so
a player who only plays against CPUs still gets a meaningful rating: beating "easy" CPUs earns
little once one is well above 1300.

>>> update([1500, 1500, 1500, 1500], [1, 2, 3, 4])
[1516.0, 1505.333, 1494.667, 1484.0]
>>> update([1500, 1500, 1500, 1500], [1, 1, 3, 3])  # two shared ranks
[1510.667, 1510.667, 1489.333, 1489.333]
>>> update([1600, 1300], [1, 2], fixed=[False, True])  # a CPU opponent keeps its rating
[1604.831, 1300]
"""

from __future__ import annotations

from collections.abc import Sequence

DEFAULT_RATING = 1500.0
"""A player's rating before their first game in a guild and game mode."""

K_FACTOR = 32.0
"""The most one game can move a rating (a sweep against equals moves it k/2)."""

CPU_RATINGS: dict[str, float] = {"easy": 1300.0, "normal": 1500.0, "hard": 1700.0}
"""The fixed rating a CPU seat counts as, by difficulty; unknown levels count as "normal"."""


def cpu_rating(level: str | None) -> float:
    """The fixed rating of a CPU of this difficulty.

    >>> cpu_rating("easy"), cpu_rating(None), cpu_rating("unheard-of")
    (1300.0, 1500.0, 1500.0)
    """
    return CPU_RATINGS.get(level or "normal", CPU_RATINGS["normal"])


def expected(rating: float, opponent: float) -> float:
    """The Elo expectation of ``rating`` against ``opponent``: 1 is a sure win, 0.5 even.

    >>> expected(1500, 1500)
    0.5
    >>> round(expected(1900, 1500), 3)
    0.909
    """
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def shared_ranks(points: Sequence[float]) -> list[int]:
    """Ranks by points, highest first; equal points share the better rank (1, 1, 3, 4).

    >>> shared_ranks([25000, 31000, 25000, 19000])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > mine for other in points) for mine in points]


def update(
    ratings: Sequence[float],
    ranks: Sequence[int],
    fixed: Sequence[bool] = (),
    k: float = K_FACTOR,
) -> list[float]:
    """New ratings after one game; ``fixed`` seats (CPUs) keep theirs. Rounded to 0.001.

    ``ranks`` are 1-based, lower is better, equal ranks are a tie. A game of one seat changes nothing.

    >>> update([1500, 1500], [1, 1])
    [1500.0, 1500.0]
    """
    n = len(ratings)
    if len(ranks) != n:
        raise ValueError("one rank per rating")
    fixed = list(fixed) or [False] * n
    if len(fixed) != n:
        raise ValueError("one fixed flag per rating")
    if n < 2:
        return list(ratings)
    scale = k / (n - 1)
    out: list[float] = []
    for i, (mine, my_rank) in enumerate(zip(ratings, ranks, strict=True)):
        if fixed[i]:
            out.append(mine)
            continue
        total = 0.0
        for j, (theirs, their_rank) in enumerate(zip(ratings, ranks, strict=True)):
            if j == i:
                continue
            score = 1.0 if my_rank < their_rank else 0.5 if my_rank == their_rank else 0.0
            total += score - expected(mine, theirs)
        out.append(round(mine + scale * total, 3))
    return out
