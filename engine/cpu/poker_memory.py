"""What the hard CPU remembers of each opponent: the table's public summary of earlier hands
(:mod:`engine.holdem.tendencies`, D51) turned into range widths and habits.

Every estimate starts at the default prior — what the CPU assumes of a stranger, the widths of
:mod:`engine.cpu.poker_range` — and moves to what the opponent has shown as hands accumulate,
weighted as if the prior were :data:`PRIOR_HANDS` hands (:data:`PRIOR_SPOTS` decisions for
rates counted per decision). So a few hands cannot swing a read: after twelve hands the prior
still has half the say, after forty a quarter. Cards shown at showdown add a floor: a player who
showed 72o after a shove shoves 72o.

>>> p = profile({"hands": 20, "unopened": 20, "shoves": 20, "shown": []})
>>> round(p.width(35.0, "shove"), 1)  # twenty shoves in twenty hands: not a 35 % range any more
75.6
>>> round(profile({"hands": 2, "unopened": 2, "shoves": 2, "shown": []}).width(35.0, "shove"), 1)  # two: noise
44.3
>>> round(profile({}).width(35.0, "shove"), 1)  # a stranger
35.0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PRIOR_HANDS = 12.0  # weight of the prior width, in hands
PRIOR_SPOTS = 8.0  # weight of the prior rate of a decision (fold to a bet, fold to a raise)
PRIOR_FOLD = 0.45  # a stranger folds to a bet after the flop this often
PRIOR_PF_FOLD = 0.5  # ... and to a raise before it
PRIOR_RERAISE = 0.1  # ... and re-raises a raise
PRIOR_LOOSE = 0.35  # share of a stranger's post-flop bets made with less than a pair
_ROLES = {"shove": ("shove",), "raise": ("raise", "shove"), "reraise": ("raise", "shove"),
          "call": ("call",), "limp": ("call",)}


def _blend(prior: float, seen: float, n: float, weight: float) -> float:
    return (weight * prior + n * seen) / (weight + n)


@dataclass(frozen=True, slots=True)
class Profile:
    """One opponent's summary (the counters of :mod:`engine.holdem.tendencies`)."""

    hands: int = 0
    unopened: int = 0
    vpip: int = 0
    pfr: int = 0
    shoves: int = 0
    pf_faced: int = 0
    pf_folds: int = 0
    rr_chances: int = 0
    reraises: int = 0
    faced: int = 0
    folds: int = 0
    bets: int = 0
    calls: int = 0
    shown: tuple[tuple[str, float], ...] = ()  # (preflop role, class share) of hands shown

    def _floor(self, kind: str) -> float:
        """The widest hand shown after this kind of preflop action (0 if none)."""
        roles = _ROLES[kind]
        return max((share for role, share in self.shown if role in roles), default=0.0)

    def width(self, default: float, kind: str) -> float:
        """The range width of a preflop action of ``kind`` (``shove``, ``raise`` first in,
        ``reraise``, ``call`` of a raise, ``limp``): ``default`` moved towards how often this
        player took it."""
        if kind == "reraise":
            n, took = float(self.rr_chances), self.reraises
        elif kind == "call":
            n, took = float(self.pf_faced), self.pf_faced - self.pf_folds - self.reraises
        else:  # per chance to open (a raise over a raise counts too: an upper bound)
            n = float(self.unopened)
            took = {"shove": self.shoves, "raise": self.pfr, "limp": self.vpip}[kind]
        if n <= 0:
            return default
        seen = max(100.0 * min(1.0, took / n), self._floor(kind))
        return min(100.0, _blend(default, seen, n, PRIOR_HANDS))

    @property
    def fold_to_bet(self) -> float:
        return _blend(PRIOR_FOLD, self.folds / self.faced if self.faced else 0.0, self.faced, PRIOR_SPOTS)

    @property
    def fold_to_raise(self) -> float:
        """How often this player folds before the flop when raised."""
        seen = self.pf_folds / self.pf_faced if self.pf_faced else 0.0
        return _blend(PRIOR_PF_FOLD, seen, self.pf_faced, PRIOR_SPOTS)

    @property
    def overcall(self) -> float:
        """How often this player puts chips in when raised before the flop, from no chance at all:
        without evidence no caller is counted on."""
        seen = (self.pf_faced - self.pf_folds) / self.pf_faced if self.pf_faced else 0.0
        return _blend(0.0, seen, self.pf_faced, PRIOR_SPOTS)

    @property
    def reraise(self) -> float:
        """How often this player re-raises a raise before the flop; one who shoves often when
        first in is taken to shove over a raise as often."""
        seen = self.reraises / self.rr_chances if self.rr_chances else 0.0
        shoves = min(1.0, self.shoves / self.unopened) if self.unopened else 0.0
        return max(_blend(PRIOR_RERAISE, seen, self.rr_chances, PRIOR_SPOTS),
                   _blend(PRIOR_RERAISE, shoves, self.unopened, PRIOR_HANDS))

    @property
    def loose(self) -> float:
        """Chance that one of this player's post-flop bets is made with less than a pair: a player
        who bets at every chance says nothing by betting, one who only calls means it when he bets."""
        acts = self.bets + self.calls
        seen = (self.bets / acts) ** 2 if acts else 0.0
        return _blend(PRIOR_LOOSE, seen, acts, PRIOR_SPOTS)


def _share(cards: str) -> float:
    from engine.cpu.poker_range import class_share, hand_class  # that module reads profiles

    return class_share(hand_class(cards[0:2], cards[2:4]))


def profile(entry: Mapping[str, Any]) -> Profile:
    """A :class:`Profile` from one player's entry of a view's ``tendencies``."""
    counts = {k: int(entry.get(k) or 0) for k in
              ("hands", "unopened", "vpip", "pfr", "shoves", "pf_faced", "pf_folds", "rr_chances", "reraises", "faced", "folds",
               "bets", "calls")}
    shown = tuple((str(role), _share(str(cards))) for cards, role in entry.get("shown") or ()
                  if isinstance(cards, str) and len(cards) == 4)
    return Profile(**counts, shown=shown)


def profiles(tendencies: Mapping[str, Any] | None) -> dict[str, Profile]:
    """Every player's :class:`Profile` from a view's ``tendencies`` (empty for a stranger table)."""
    return {p: profile(e) for p, e in (tendencies or {}).items() if isinstance(e, Mapping)}
