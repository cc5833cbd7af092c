"""Baseline players the CPU is measured against: random legal moves, and the passive player.

The passive player never risks anything: it discards the drawn tile (tsumogiri), passes on every
claim, never declares a win, checks when it can and folds otherwise.
"""

from __future__ import annotations

import random
from typing import Any

from engine.base import Move
from engine.randomplay import concrete

PASSIVE_ORDER = ("check", "fold", "pass", "tsumogiri")


def random_player(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return concrete(rng.choice(legal), rng)


def _passive_rank(move: Move) -> tuple[int, int]:
    words = [w for w in move[1:] if isinstance(w, str)]
    if any(w in ("call", "bet", "raise", "allin", "riichi", "tsumo", "ron", "pon", "chi", "kan",
                 "ankan", "kakan") for w in words):
        bad = 10
    else:
        bad = 0
    if words and words[0] == "discard":
        bad += 5
    mark = min((PASSIVE_ORDER.index(w) for w in words if w in PASSIVE_ORDER), default=len(PASSIVE_ORDER))
    return bad, mark


def passive_player(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """Tsumogiri-only in mahjong, check-or-fold in poker."""
    return concrete(min(legal, key=_passive_rank), rng)
