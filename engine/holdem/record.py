"""The one record of a finished poker hand (an entry of ``poker_results``, SCENARIOS.md).

Built once from the hand's result; plain tables, Janpo, the public views and the bot's result
pictures all read this record and nothing re-derives it: each pot with its winners and what each
took (``shares``, in the order of ``winners``), and for every hand shown at showdown its cards,
its class ("Two Pair") and the chips it won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.holdem.cards import cards_str
from engine.holdem.hand import Result


def hand_record(result: Result, number: int, players: Sequence[str]) -> dict[str, Any]:
    won = result.won
    return {
        "hand": number,
        "board": cards_str(result.board),
        "pots": [{"amount": pot.amount, "winners": list(pot.winners), "shares": list(shares)}
                 for pot, shares in zip(result.pots, result.shares, strict=True)],
        "deltas": {p: result.net.get(p, 0) for p in players},
        "shown": {p: {"cards": cards_str(s.cards), "class": s.name, "won": won.get(p, 0)}
                  for p, s in result.shown.items()},
    }
