"""Hold'em ranges: preflop equity from the committed table, and each opponent's range read from
the hand's public betting history.

A range is a width: the strongest share of the 1,326 starting combos (in the order of
:data:`engine.cpu.preflop_table.CLASSES`). An opponent who has not put in a raise holds anything
(a limper or caller a little less); each raise narrows the range by how many raises came before
it: an open raise, a re-raise, a third raise. A large preflop all-in is read as a raise of its
own kind: wide when it is the first raise (a shove over nothing), narrow over a raise.

>>> hand_class("As", "Kd"), hand_class("7h", "7c"), hand_class("Ts", "9s")
('AKo', '77', 'T9s')
>>> round(preflop_equity("AsAh", 100), 2), round(preflop_equity("7h2c", 100), 2)
(0.85, 0.35)
>>> preflop_equity("KsQh", 40) > preflop_equity("KsQh", 10)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.cpu.poker_memory import PRIOR_FOLD, PRIOR_LOOSE, PRIOR_PF_FOLD, PRIOR_RERAISE, Profile
from engine.cpu.preflop_table import CLASSES, COMBOS, EQUITY, WIDTHS

RANKS = "AKQJT98765432"
_INDEX = {name: i for i, name in enumerate(CLASSES)}
RAISE_WIDTHS = (30.0, 10.0, 5.0, 3.0)  # the first, second, third and later raises of a hand
OPEN_SHOVE_WIDTH = 35.0  # a big all-in as the first raise
CALL_WIDTH = 60.0  # a player who only called a raise (the strongest hands would have re-raised)
LIMP_WIDTH = 85.0


def hand_class(card1: str, card2: str) -> str:
    """``"AKo"``, ``"T9s"`` or ``"77"`` for two cards such as ``"As"``, ``"Kd"``."""
    r1, r2 = RANKS.index(card1[0]), RANKS.index(card2[0])
    hi, lo = RANKS[min(r1, r2)], RANKS[max(r1, r2)]
    if hi == lo:
        return hi + lo
    return hi + lo + ("s" if card1[1] == card2[1] else "o")


@cache
def _shares() -> tuple[float, ...]:
    """Per class (in table order), the share of combos (percent) up to and including it."""
    total = float(sum(COMBOS))
    out = []
    running = 0
    for n in COMBOS:
        running += n
        out.append(100.0 * running / total)
    return tuple(out)


def class_share(name: str) -> float:
    """Where a class sits in the order, as the width of the narrowest range that holds it."""
    return _shares()[_INDEX[name]]


def preflop_equity(hole: str, width: float) -> float:
    """Equity of two hole cards (``"AsKd"``) against one range ``width`` percent wide."""
    row = EQUITY[_INDEX[hand_class(hole[0:2], hole[2:4])]]
    width = max(WIDTHS[0], min(100.0, width))
    for i in range(1, len(WIDTHS)):
        if width <= WIDTHS[i]:
            lo, hi = WIDTHS[i - 1], WIDTHS[i]
            t = (width - lo) / (hi - lo)
            return (row[i - 1] + t * (row[i] - row[i - 1])) / 10_000
    return row[-1] / 10_000


def multiway(equities: Sequence[float]) -> float:
    """Equity against several ranges at once from the equity against each: the odds against
    winning add up over the opponents (exact for one, close for a few).

    >>> round(multiway([0.85, 0.85, 0.85]), 2), round(multiway([0.35, 0.35, 0.35]), 2)
    (0.65, 0.15)
    """
    if not equities:
        return 1.0
    if min(equities) <= 0.0:
        return 0.0
    return 1.0 / (1.0 + sum((1.0 - e) / e for e in equities))


@dataclass(frozen=True, slots=True)
class Read:
    """What the betting says about one opponent."""

    width: float = 100.0  # preflop range width, percent
    bets: int = 0  # bets and raises after the flop
    raises: int = 0  # of those, raises over another bet
    fold: float = PRIOR_FOLD  # how often this player folds to a bet after the flop (memory, D51)
    loose: float = PRIOR_LOOSE  # chance one of its post-flop bets is made with less than a pair
    steal: float = PRIOR_PF_FOLD  # how often it folds to a preflop raise
    reraise: float = PRIOR_RERAISE  # how often it re-raises one
    overcall: float = 0.0  # how often it puts chips in when raised (no caller counted on unseen)
    calls: float = CALL_WIDTH  # the width it calls a raise with
    shove: float = OPEN_SHOVE_WIDTH  # the width it would re-raise all-in with


_STRANGER = Profile()


def _width(profile: Profile, default: float, kind: str) -> float:
    return default if profile is _STRANGER else profile.width(default, kind)


def read_history(history: Sequence[Sequence[Any]], big_blind: int,
                 memory: Mapping[str, Profile] | None = None) -> dict[str, Read]:
    """Each player's :class:`Read` from ``[street, player, action, total]`` entries; with
    ``memory`` (what earlier hands showed of each player) every width moves from its default
    towards how often that player has taken the action, and the post-flop habits are filled in."""
    memory = memory or {}
    widths: dict[str, float] = {}
    post_bets: dict[str, int] = {}
    post_raises: dict[str, int] = {}
    raises = 0
    street_bet: dict[str, int] = {}
    current = ""
    for entry in history:
        street, player, action, total = entry[0], entry[1], entry[2], int(entry[3] or 0)
        if street != current:
            current, street_bet = street, {}
        top = max(street_bet.values(), default=0)
        street_bet[player] = total
        if street == "preflop":
            if action in ("small blind", "big blind"):
                widths.setdefault(player, 100.0)
                continue
            known = memory.get(player, _STRANGER)
            if action in ("raise", "bet") or (action == "allin" and total > top):
                if action == "allin" and total >= 30 * big_blind and raises == 0:
                    width = _width(known, OPEN_SHOVE_WIDTH, "shove")
                else:
                    width = RAISE_WIDTHS[min(raises, len(RAISE_WIDTHS) - 1)]
                    kind = "shove" if action == "allin" and total >= 30 * big_blind else \
                        "reraise" if raises else "raise"
                    width = _width(known, width, kind)
                widths[player] = min(widths.get(player, 100.0), width)
                raises += 1
            elif action in ("call", "allin"):
                width = _width(known, CALL_WIDTH, "call") if raises else _width(known, LIMP_WIDTH, "limp")
                widths[player] = min(widths.get(player, 100.0), width)
            continue
        if action in ("bet", "raise") or (action == "allin" and total > top):
            post_bets[player] = post_bets.get(player, 0) + 1
            if top > 0:
                post_raises[player] = post_raises.get(player, 0) + 1
    players = set(widths) | set(post_bets) | set(memory)
    out = {}
    for p in players:
        known = memory.get(p, _STRANGER)
        out[p] = Read(widths.get(p, 100.0), post_bets.get(p, 0), post_raises.get(p, 0),
                      fold=known.fold_to_bet, loose=known.loose, steal=known.fold_to_raise,
                      reraise=known.reraise, overcall=known.overcall,
                      calls=_width(known, CALL_WIDTH, "call"), shove=_width(known, RAISE_WIDTHS[1], "reraise"))
    return out
