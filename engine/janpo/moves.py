"""The one reading of a Janpo move's parts (J7): the mahjong part first, then the poker part.

A draw turn that carries poker action is one move, ``["discard", "5m", "check"]`` or
``["tsumogiri", "raise", 3000]``; a claim or a tada-jan turn has no poker part; after the kyoku
(J9) a move is poker only. The engine and the bot both split moves here, so they cannot disagree.

>>> split_move(["discard", "5m", "check"])
(['discard', '5m'], ['check'])
>>> split_move(["riichi", "tsumogiri", "call"])
(['riichi', 'tsumogiri'], ['call'])
>>> split_move(["raise", 3000])
([], ['raise', 3000])
>>> split_move(["pon"])
(['pon'], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

PASSIVE = ("check", "fold")
CHIP_ACTIONS = ("call", "bet", "raise", "allin")
POKER_VERBS = (*PASSIVE, *CHIP_ACTIONS)
TWO_PART = ("discard", "riichi", "ankan", "kakan", "chi")  # mahjong verbs that take an argument


def split_move(body: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """A move without its player, as (mahjong part, poker part)."""
    if not body:
        return [], []
    head = body[0]
    if isinstance(head, str) and head in POKER_VERBS:
        return [], list(body)
    cut = 2 if isinstance(head, str) and head in TWO_PART else 1
    return list(body[:cut]), list(body[cut:])
