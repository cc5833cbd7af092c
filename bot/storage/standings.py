"""Final ranks of a finished game, the ranks its ratings are computed from.

Mahjong games (riichi, five, janpo) rank by final points, equal points sharing the better rank
(R11, J14). Hold'em ranks the players still holding chips by chips, then the busted players by
how long they lasted: busted in a later hand ranks higher; busted in the same hand, the one who
started that hand with more chips ranks higher; equal on both, they share the rank. The bust hand
is read back from the hands' deltas, so the summary alone is enough. Below, A and C both bust in
the second hand; C started it with 1,000 chips, A with 500:

>>> final_ranks("holdem", {"points": {"A": 0, "B": 3000, "C": 0}, "poker_results": [
...     {"deltas": {"A": -500, "B": 1000, "C": -500}},
...     {"deltas": {"A": -500, "B": 1500, "C": -1000}}]})
{'A': 3, 'B': 1, 'C': 2}
"""

from __future__ import annotations

from typing import Any

from bot.storage.rating import shared_ranks


def final_ranks(game: str, summary: dict[str, Any]) -> dict[str, int]:
    """Rank per seat name, 1 best; ``summary`` is the game's ``summary()`` (SCENARIOS.md output)."""
    points: dict[str, int] = summary["points"]
    names = list(points)
    if game != "holdem":
        return dict(zip(names, shared_ranks([points[p] for p in names]), strict=True))
    keys: dict[str, tuple[int, int, int]] = {p: (2, points[p], 0) for p in names if points[p] > 0}
    after = dict(points)
    hands = summary.get("poker_results", [])
    for h in range(len(hands) - 1, -1, -1):
        before = {p: after[p] - int(hands[h].get("deltas", {}).get(p, 0)) for p in names}
        for p in names:
            if after[p] <= 0 < before[p]:
                keys[p] = (1, h, before[p])
        after = before
    for p in names:
        keys.setdefault(p, (0, 0, 0))  # never had chips
    return {p: 1 + sum(keys[q] > keys[p] for q in names) for p in names}
