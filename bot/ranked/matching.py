"""Who plays whom (docs/RULES.md D78): pure matching over the players waiting in one queue.

Oldest first: each pass walks the waiting players from the longest wait down, and each one
(the *anchor*) takes the nearest ranks within its window, oldest first among equals. The window
starts at ``BASE_WINDOW`` ranks either side and widens by one every ``WIDEN_EVERY`` seconds of the
anchor's wait, to the whole ladder from ``WHOLE_LADDER_AFTER`` on, so nobody waits long for want of
a close rank: the longest waiter is always the first served. Nothing here touches a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BASE_WINDOW = 2
WIDEN_EVERY = 10.0
WHOLE_LADDER_AFTER = 120.0
LEVELS = 20
RATING_STEP = 100.0  # Elo differences count in steps of this size (closer than that is as good)


@dataclass(frozen=True)
class Waiting:
    """One player in a queue: the rank level (:mod:`bot.ranked.ladder`) and when they joined."""

    user_id: int
    joined_at: float
    level: int = 0
    rating: float = 1500.0  # the hidden Elo rating: among equally near ranks, the nearer rating first


@dataclass(frozen=True)
class Rule:
    """How many a table takes: ``seats`` at once, or ``least`` once the anchor waited ``short_after``."""

    seats: int
    least: int
    short_after: float | None = None


MAHJONG = Rule(4, 4)
HOLDEM = Rule(6, 2, 60.0)


def rule_for(game: str) -> Rule:
    return HOLDEM if game == "holdem" else MAHJONG


def window(wait: float) -> int:
    """How many ranks either side of the anchor a table may reach after ``wait`` seconds."""
    if wait >= WHOLE_LADDER_AFTER:
        return LEVELS
    return BASE_WINDOW + int(max(0.0, wait) // WIDEN_EVERY)


def _oldest_first(waiting: Sequence[Waiting]) -> Sequence[Waiting]:
    """The players longest waiting first (the store reads them in that order: then no sort)."""
    if all(a.joined_at < b.joined_at for a, b in zip(waiting, waiting[1:], strict=False)):
        return waiting
    return sorted(waiting, key=lambda w: (w.joined_at, w.user_id))


class _Buckets:
    """The waiting players by rank level, oldest first in each, with who is taken."""

    def __init__(self, ordered: Sequence[Waiting]) -> None:
        self.by_level: dict[int, list[Waiting]] = {}
        for w in ordered:  # already oldest first, so each bucket is too
            self.by_level.setdefault(w.level, []).append(w)
        self.start = dict.fromkeys(self.by_level, 0)
        self.taken: set[int] = set()

    def free(self, level: int, limit: int) -> list[Waiting]:
        """Up to ``limit`` untaken players of ``level``, oldest first."""
        bucket = self.by_level.get(level)
        if not bucket:
            return []
        i = self.start[level]
        while i < len(bucket) and bucket[i].user_id in self.taken:
            i += 1
        self.start[level] = i  # a taken prefix is never looked at again
        found: list[Waiting] = []
        while i < len(bucket) and len(found) < limit:
            if bucket[i].user_id not in self.taken:
                found.append(bucket[i])
            i += 1
        return found

    def nearest(self, anchor: Waiting, reach: int, limit: int) -> list[Waiting]:
        """Up to ``limit`` others within ``reach`` ranks of the anchor: nearest rank first, then the
        nearest hidden rating (in ``RATING_STEP`` steps), then the longest waiting."""
        found: list[Waiting] = []
        for distance in range(reach + 1):
            if len(found) >= limit:
                break
            levels = {anchor.level - distance, anchor.level + distance}
            ring = [w for level in levels for w in self.free(level, 4 * limit + 1)
                    if w.user_id != anchor.user_id]
            ring.sort(key=lambda w: (abs(w.rating - anchor.rating) // RATING_STEP, w.joined_at, w.user_id))
            found.extend(ring[: limit - len(found)])
        return found


def find_matches(waiting: Sequence[Waiting], now: float, rule: Rule, limit: int | None = None) -> list[list[Waiting]]:
    """The tables to open now, each a list of players with its anchor (longest waiter) first.

    A player appears in one table at most; those left keep waiting. ``limit`` stops after that many.
    """
    ordered = _oldest_first(waiting)
    buckets = _Buckets(ordered)
    matches: list[list[Waiting]] = []
    for anchor in ordered:
        if limit is not None and len(matches) >= limit:
            break
        if anchor.user_id in buckets.taken:
            continue
        wait = now - anchor.joined_at
        others = buckets.nearest(anchor, window(wait), rule.seats - 1)
        size = 1 + len(others)
        short = rule.short_after is not None and wait >= rule.short_after and size >= rule.least
        if size < rule.seats and not short:
            continue
        table = [anchor, *others]
        buckets.taken.update(w.user_id for w in table)
        matches.append(table)
    return matches
