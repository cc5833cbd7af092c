"""What a table has shown of each player's poker, summed over its finished hands (D51).

A person in a seat remembers how the others have played: who puts chips in, who raises, who
shoves, who folds to a bet, who goes to showdown and what they showed. This is that memory, kept
as a few counters per player (plus the last few hands shown), so its size does not grow with the
number of hands. It is built only from what the table made public — the betting of each finished
hand and the cards shown at its showdown — so every view may carry it, and a table rebuilt from
its moves rebuilds the same summary.

Counters (all per player): ``hands`` dealt in; ``unopened`` hands in which the player acted
before the flop with no raise before it (a chance to open); ``vpip`` hands with chips put in preflop by choice
(not a blind); ``pfr`` hands raised preflop; ``shoves`` hands raised all-in preflop;
``pf_faced`` and ``pf_folds`` the preflop decisions facing a raise and how many were folds;
``rr_chances`` and ``reraises`` those facing a raise that was not all-in, and how many re-raised; ``faced``
and ``folds`` after the flop, the times the player had to act facing a bet and how many of them
were folds; ``bets`` and ``calls`` after the flop; ``showdowns``. ``shown`` holds the last
:data:`SHOWN_KEPT` showdown hands as ``[cards, preflop]``, ``preflop`` being ``"shove"``,
``"raise"``, ``"call"`` or ``"blind"`` (the most the player did before the flop).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

COUNTERS = ("hands", "unopened", "vpip", "pfr", "shoves", "pf_faced", "pf_folds", "rr_chances", "reraises", "faced", "folds", "bets",
            "calls", "showdowns")
SHOWN_KEPT = 8
_ROLES = ("blind", "call", "raise", "shove")

Tendencies = dict[str, dict[str, Any]]


def empty(players: Sequence[str]) -> Tendencies:
    return {p: {**dict.fromkeys(COUNTERS, 0), "shown": []} for p in players}


def add_hand(tend: Tendencies, order: Sequence[str], log: Sequence[tuple[int, str, str, int]],
             record: dict[str, Any]) -> None:
    """Add one finished hand: ``order`` the seats dealt in, ``log`` the hand's public actions as
    ``(street, seat, action, total this street)`` (street 0 preflop), ``record`` its
    ``poker_results`` entry (who showed what)."""
    role: dict[str, int] = dict.fromkeys(order, 0)
    put: set[str] = set()
    unopened: set[str] = set()
    bets: dict[str, int] = {}
    street = -1
    raises = 0  # preflop raises so far
    shoved = False  # the last preflop raise was all-in
    for st, seat, action, total in log:
        if st != street:
            street, bets = st, {}
        top = max(bets.values(), default=0)
        before = bets.get(seat, 0)
        bets[seat] = total
        if seat not in role or action in ("small blind", "big blind"):
            continue
        raised = action in ("bet", "raise") or (action == "allin" and total > top)
        entry = tend[seat]
        if st == 0:
            if action != "check" and action != "fold":
                put.add(seat)
            if not raises:
                unopened.add(seat)
            else:
                entry["pf_faced"] += 1
                entry["pf_folds"] += action == "fold"
                if not shoved:
                    entry["rr_chances"] += 1
                    entry["reraises"] += raised
            if raised:
                raises += 1
                shoved = action == "allin"
                role[seat] = max(role[seat], 3 if action == "allin" else 2)
            elif action in ("call", "allin"):
                role[seat] = max(role[seat], 1)
            continue
        if top > before:
            entry["faced"] += 1
            entry["folds"] += action == "fold"
        if raised:
            entry["bets"] += 1
        elif action in ("call", "allin"):
            entry["calls"] += 1
    shown = record.get("shown") or {}
    for seat in order:
        entry = tend[seat]
        entry["hands"] += 1
        entry["unopened"] += seat in unopened
        entry["vpip"] += seat in put
        entry["pfr"] += role[seat] >= 2
        entry["shoves"] += role[seat] == 3
        if seat in shown:
            entry["showdowns"] += 1
            entry["shown"] = [*entry["shown"], [shown[seat]["cards"], _ROLES[role[seat]]]][-SHOWN_KEPT:]


def copy(tend: Tendencies) -> Tendencies:
    """A copy for a view (the table keeps adding to its own)."""
    return {p: {**e, "shown": [list(s) for s in e["shown"]]} for p, e in tend.items()}
