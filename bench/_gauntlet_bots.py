"""The simple poker players of the gauntlet (``bench/gauntlet.py``), and their Janpo versions.

Each is a policy ``(view, legal, rng) -> move`` that reads only its own hole cards and the legal
list. In Janpo the mahjong part of every move is the normal CPU's; the poker part riding on it
(or a plain poker move after a kyoku) is the simple player's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.base import Move, matches
from engine.cpu.janpo_view import split
from engine.cpu.match import Policy, cpu_policy
from engine.cpu.poker_range import class_share, hand_class, preflop_equity

Picker = Callable[[str, list[list[Any]]], list[Any]]  # (hole, poker tails) -> poker words


def _word(tails: Sequence[list[Any]], *words: str) -> list[Any] | None:
    """The first legal tail starting with one of ``words`` (in that order), an amount range made
    its lowest amount."""
    for word in words:
        for tail in tails:
            if tail and tail[0] == word:
                return [word, tail[1][0]] if len(tail) > 1 and isinstance(tail[1], list) else [word]
    return None


def _first(tails: Sequence[list[Any]], *words: str) -> list[Any]:
    return _word(tails, *words) or list(tails[0])


def _share(hole: str) -> float:
    return class_share(hand_class(hole[0:2], hole[2:4])) if len(hole) >= 4 else 100.0


def always_shove(hole: str, tails: list[list[Any]]) -> list[Any]:
    return _first(tails, "allin", "call", "check")


def always_call(hole: str, tails: list[list[Any]]) -> list[Any]:
    return _first(tails, "call", "check", "allin")


def always_min_raise(hole: str, tails: list[list[Any]]) -> list[Any]:
    return _first(tails, "raise", "bet", "call", "check", "allin")


def tight_passive(hole: str, tails: list[list[Any]]) -> list[Any]:
    """Plays the top 10 % of starting hands and only ever calls with them; checks or folds the rest."""
    if _share(hole) <= 10.0:
        if ["check"] in tails:
            return ["check"]
        return _first(tails, "call", "allin")  # all-in only where calling takes every chip
    return _first(tails, "check", "fold")


def shove_top30(hole: str, tails: list[list[Any]]) -> list[Any]:
    """Shoves the top 30 % of starting hands (and calls any bet with them); checks or folds the rest."""
    if _share(hole) <= 30.0:
        return _first(tails, "allin", "call", "check")
    return _first(tails, "check", "fold")


def best_response_to_shove(hole: str, tails: list[list[Any]]) -> list[Any]:
    """Against always-shove: plays exactly the hands ahead of a random hand, calling every shove
    with them; folds the rest (checks when free)."""
    if preflop_equity(hole, 100.0) > 0.5:
        return _first(tails, "call", "allin", "check")
    return _first(tails, "check", "fold")


PICKERS: dict[str, Picker] = {
    "always-shove": always_shove,
    "always-call": always_call,
    "always-min-raise": always_min_raise,
    "tight-passive": tight_passive,
    "shove-top-30%": shove_top30,
}


def holdem_bot(pick: Picker) -> Policy:
    def policy(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        player = legal[0][0]
        return [player, *pick(view.get("hole") or "", [list(m[1:]) for m in legal])]

    return policy


def janpo_bot(pick: Picker, mahjong: Policy | None = None) -> Policy:
    """The normal CPU (``mahjong``) chooses the tile; ``pick`` the chips that ride on it."""
    base = mahjong or cpu_policy("janpo", "normal")

    def policy(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        move = base(view, legal, rng)
        player = legal[0][0]
        tile, _ = split(move[1:])
        tails = [split(m[1:]) for m in legal]
        poker = [p for t, p in tails if t == tile and p]
        if not poker:
            return move
        mine = [player, *tile, *pick(view.get("hole") or "", poker)]
        return mine if any(matches(mine, m) for m in legal) else move

    return policy
