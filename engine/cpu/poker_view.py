"""Reading poker situations out of game views and legal lists, and writing poker moves back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cpu.poker_memory import profiles
from engine.cpu.poker_play import PokerChoice, PokerOptions, PokerSpot
from engine.cpu.poker_range import Read, read_history


def split_cards(text: str) -> tuple[str, ...]:
    """``"AsKd"`` -> ``("As", "Kd")``."""
    return tuple(text[i:i + 2] for i in range(0, len(text), 2))


def poker_options(tails: Sequence[Sequence[Any]]) -> PokerOptions:
    """The poker parts of legal moves (``["raise", [lo, hi]]``, ``["check"]``...) as options."""
    found: dict[str, Any] = {}
    for tail in tails:
        if not tail:
            continue
        action = tail[0]
        found[action] = tuple(tail[1]) if len(tail) > 1 and isinstance(tail[1], list) else True
    return PokerOptions(
        fold="fold" in found,
        check="check" in found,
        call="call" in found,
        bet=found.get("bet") if isinstance(found.get("bet"), tuple) else None,
        raise_to=found.get("raise") if isinstance(found.get("raise"), tuple) else None,
        allin="allin" in found,
    )


def poker_tail(choice: PokerChoice) -> list[Any]:
    return [choice.action] if choice.amount is None else [choice.action, choice.amount]


def ring_position(order: Sequence[str], button: str | None, player: str, live: set[str]) -> float:
    """0 for the first live seat after the button, 1 for the button itself (last after the flop)."""
    if button not in order:
        return 0.5
    start = order.index(button) + 1
    ring = [p for p in (*order[start:], *order[:start]) if p in live or p == player]
    if len(ring) <= 1:
        return 1.0
    return ring.index(player) / (len(ring) - 1)


def spot_from_table(view: dict[str, Any], player: str, hole: str, order: Sequence[str]) -> PokerSpot:
    """A :class:`PokerSpot` from the table keys the hold'em hand publishes (bets, pot, seats...)."""
    seats: dict[str, str] = view.get("seats") or {}
    live = {p for p, s in seats.items() if s in ("in", "all-in")}
    bets: dict[str, int] = view.get("bets") or {}
    current = int(view.get("current_bet") or 0)
    mine = int(bets.get(player, 0))
    board = split_cards(view.get("board") or "")
    blinds = view.get("blinds") or [100, 200]
    big = int(blinds[1])
    stacks = view.get("stacks") or view.get("points") or {}
    history = view.get("history") or []
    read = read_history(history, big)
    known = profiles(view.get("tendencies"))
    recalled = read_history(history, big, known) if known else {}
    opponents = sorted(live - {player}, key=lambda p: list(order).index(p) if p in order else 0)
    return PokerSpot(
        hole=split_cards(hole)[:2],  # type: ignore[arg-type]
        board=board,
        pot=int(view.get("pot") or 0),
        to_call=max(0, current - mine),
        stack=max(0, int(stacks.get(player, 0))),
        big_blind=big,
        opponents=max(1, len(live - {player})),
        position=ring_position(order, view.get("button"), player, live),
        street_bet=mine,
        raised=current > (big if not board else 0),
        reads=tuple(read.get(p, Read()) for p in opponents),
        memory=tuple(recalled.get(p, Read()) for p in opponents) if recalled else (),
        owed=tuple(min(max(0, current - int(bets.get(p, 0))), max(0, int(stacks.get(p, 0))))
                   if seats.get(p) == "in" else 0 for p in opponents),
    )


def holdem_spot(view: dict[str, Any]) -> PokerSpot:
    player = view["player"]
    return spot_from_table(view, player, view.get("hole") or "", list((view.get("seats") or {}).keys()))
