"""Per-seat counters of a game, read from its scenario alone (seed, options and moves).

:class:`~bot.storage.base.SeatResult` ``stats`` wants counts of what happened at a seat; this
derives them from the one format every game shares (SCENARIOS.md) by replaying the moves through
the engine and watching only ``summary()``: the poker hand a move belongs to is the number of hands
finished before it. Definitions (what ``/stats`` shows):

- ``kyoku_played``: kyoku the seat played (every seat plays every kyoku); ``wins``; ``deal_ins``
  (ron off the seat's discard); ``riichi`` declarations; ``win_points``: the winner's mahjong payment
  received (honba and deposits included); ``yaku``: each yaku of each win once (dora kinds under
  their name without the count).
- ``poker_hands``: hands the seat was dealt into (it acted, or its chips changed: blinds);
  ``vpip_hands``: hands where it called, bet, raised or went all-in on any street;
  ``showdowns``: hands it reached the end of without folding, with another player also left
  (Janpo: its hole cards were shown); ``showdown_wins``: those where it won a pot;
  ``poker_net``: chips won minus chips lost over all hands.
- Janpo only: ``combined_moves``: draw turns that carried a poker action (J7); ``poker_choices``:
  those where the seat took a chip action, and so had to discard its drawn tile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.storage.base import Stats
from engine.games import new_game

POKER_WORDS = frozenset({"fold", "check", "call", "bet", "raise", "allin"})
CHIP_WORDS = frozenset({"call", "bet", "raise", "allin"})


def poker_word(move: Sequence[Any]) -> tuple[int, str] | None:
    """Where a move's poker part starts and its action word, if it has one.

    >>> poker_word(["A", "tsumogiri", "raise", 3000]), poker_word(["B", "call"]), poker_word(["C", "pon"])
    ((2, 'raise'), (1, 'call'), None)
    """
    for i, part in enumerate(move[1:], start=1):
        if isinstance(part, str) and part in POKER_WORDS:
            return i, part
    return None


def yaku_name(entry: str) -> str:
    """A yaku as counted: ``"Dora 2"`` counts as ``"Dora"``.

    >>> yaku_name("Dora 2"), yaku_name("Yakuhai (haku)")
    ('Dora', 'Yakuhai (haku)')
    """
    head, _, tail = entry.rpartition(" ")
    return head if head and tail.isdigit() else entry


def seat_counters(scenario: dict[str, Any]) -> dict[str, Stats]:
    """Counters per seat name for a (finished or unfinished) game; raises as the runner would on a
    scenario that does not replay."""
    game = new_game(scenario)
    players = list(game.players)
    counts = {p: Counter[str]() for p in players}
    acted: dict[int, dict[str, set[str]]] = {}
    janpo = scenario.get("game") == "janpo"
    for move in scenario.get("moves", []):
        hand = len(game.summary().get("poker_results", []))
        game.play(move)
        who = move[0]
        if len(move) > 1 and move[1] == "riichi":
            counts[who]["riichi"] += 1
        found = poker_word(move)
        if found is None:
            continue
        at, word = found
        acted.setdefault(hand, {}).setdefault(who, set()).add(word)
        if janpo and at >= 2:
            counts[who]["combined_moves"] += 1
            counts[who]["poker_choices"] += word in CHIP_WORDS
    summary = game.summary()
    yaku = {p: Counter[str]() for p in players}
    for k in summary.get("kyoku_results", []):
        for p in players:
            counts[p]["kyoku_played"] += 1
        winner = k.get("winner")
        if k.get("result") == "ron" and k.get("from") in counts:
            counts[k["from"]]["deal_ins"] += 1
        if winner in counts:
            counts[winner]["wins"] += 1
            counts[winner]["win_points"] += max(0, int(k.get("deltas", {}).get(winner, 0)))
            yaku[winner].update({yaku_name(y) for y in k.get("yaku", [])})
    for h, r in enumerate(summary.get("poker_results", [])):
        words = acted.get(h, {})
        deltas = r.get("deltas", {})
        dealt = [p for p in players if p in words or deltas.get(p, 0)]
        if "shown" in r:
            stayed = [p for p in dealt if p in r["shown"]]
        else:
            stayed = [p for p in dealt if "fold" not in words.get(p, set())]
        winners = {w for pot in r.get("pots", []) for w in pot.get("winners", [])}
        for p in dealt:
            counts[p]["poker_hands"] += 1
            counts[p]["vpip_hands"] += bool(words.get(p, set()) & CHIP_WORDS)
            if len(stayed) >= 2 and p in stayed:
                counts[p]["showdowns"] += 1
                counts[p]["showdown_wins"] += p in winners
        for p in players:
            counts[p]["poker_net"] += int(deltas.get(p, 0))
    out: dict[str, Stats] = {}
    for p in players:
        stats: Stats = {k: int(v) for k, v in counts[p].items()}
        if yaku[p]:
            stats["yaku"] = dict(yaku[p])
        out[p] = stats
    return out
