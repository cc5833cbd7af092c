"""Mahjong claims for a :class:`Seat`: ron, and whether a pon, chi or open kan is worth making.

A call must leave the hand a yaku to win with and buy a real step (see :func:`call_pays`): the
hard level opens a closed hand for two han or a value-honor pon, the normal level for any yaku.
In Mahjong Five both call only for speed with a value-honor pon or a far hand carrying dora.
Late in a riichi wall the hard level also calls a hand into formal tenpai, yaku or not
(:func:`formal_tenpai_call`, R10).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.cpu.efficiency import Counts, Forms, shanten
from engine.cpu.hand_value import hand_dora, yaku_han
from engine.cpu.mahjong_play import dora_kinds, max_threat, should_fold
from engine.cpu.safety import total_danger
from engine.cpu.seat import Seat
from engine.cpu.yaku_plan import has_open_plan, one_suit_plan
from engine.tiles import RED_FIVES


@dataclass(slots=True)
class ClaimOptions:
    """What the rules allow on another seat's discard of ``kind``."""

    kind: int
    ron: bool = False
    pon: bool = False
    kan: bool = False
    chi: list[tuple[int, int]] = field(default_factory=list)  # kinds taken from hand


@dataclass(frozen=True, slots=True)
class ClaimChoice:
    action: str  # "ron", "pon", "kan", "chi" or "pass"
    tiles: tuple[int, int] | None = None


def _hand_dora(seat: Seat) -> int:
    """Dora and red fives held (concealed and called)."""
    kinds = [t // 4 for t in seat.hand] + [k for m, _ in seat.melds for k in m]
    reds = sum(1 for t in seat.hand if t in RED_FIVES) if seat.red_fives else 0
    return sum(seat.dora_count(k) for k in kinds) + reds


def _call_result(seat: Seat, take: list[int], meld: list[int],
                 forbidden: set[int]) -> tuple[int, bool, Counts]:
    """(shanten after the best discard, whether a yaku plan survives, the hand then) for a call."""
    after = list(seat.counts)
    for k in take:
        after[k] -= 1
    melds = [*[kinds for kinds, _ in seat.melds], meld]
    counts = tuple(after)
    best: tuple[int, bool, Counts] = (9, False, counts)
    work = list(counts)
    for k, n in enumerate(counts):
        if not n or k in forbidden:
            continue
        work[k] -= 1
        hand = tuple(work)
        plan = has_open_plan(hand, melds, seat.value_honors())
        s = shanten(hand, Forms(False, False))
        work[k] += 1
        if (plan, -s) > (best[1], -best[0]):
            best = (s, plan, hand)
    return best


HONITSU_PLAN_HAN = 2.0  # han counted for an open one-suit plan still holding strays


def open_han(seat: Seat, hand: Counts, meld: list[int], plans: bool = True) -> float:
    """Han an open hand would hold after calling ``meld`` and discarding down to ``hand``: its
    yaku and dora, and an open honitsu's two han while it is two strays or fewer from one suit
    (a plan that far along usually gets there; the scoring counts it only once it has), if
    ``plans``."""
    called = Seat(seat.variant, seat.hand, seat.drawn, [*seat.melds, (meld, True)], seat.seat_wind,
                  seat.round_wind, seat.dora_indicators, seat.opponents, seat.wall_left, seat.forms,
                  seat.in_riichi, seat.red_fives)
    han = yaku_han(called, hand, False) + hand_dora(called, hand)
    melds = [kinds for kinds, _ in called.melds]
    if plans and one_suit_plan(hand, melds, slack=2) and not one_suit_plan(hand, melds, slack=0):
        han += HONITSU_PLAN_HAN
    return han


OPEN_HAN = 2.0  # han a closed hand's call must reach at the hard level (a value-honor pon aside)
# Levels whose riichi calls follow :func:`call_pays`, with the han a closed hand must reach. The
# normal level opens for any yaku: those one-han calls win fast but cheap, which measured it a
# little weaker than hard (docs/benchmarks/cpu-play.md) and sets the two levels apart.
RULE_CALLS: dict[str, float] = {"hard": OPEN_HAN, "normal": 1.0}


def call_pays(seat: Seat, standing: int, after: int, han: float, closed: bool, value_pon: bool,
              need: float | None = None) -> bool:
    """Hard level: whether a call that keeps a yaku is worth opening the hand (or opening it more).

    A value-honor pon always is; otherwise a closed hand gives up riichi, so the open hand must
    hold ``need`` han (two at the hard level: a yaku and a dora, or a two-han yaku, an honitsu
    plan included): an open one-han hand wins about 1,000 points where riichi wins several
    thousand, however far the hand is from ready (one han was enough three steps away until
    2026-12-02, and measured worse over 2,000 paired deals, docs/benchmarks/cpu-play.md). A
    far hand calls for a step, a hand one step away only to be ready; against a threat, only a
    call that makes the hand ready.
    """
    need = OPEN_HAN if need is None else need
    if value_pon:
        return True
    if max_threat(seat) >= 0.8:
        return after == 0 and han >= need
    if not closed:
        return True
    if standing >= 2:
        return han >= need
    return after == 0 and han >= need


def _chi_forbidden(kind: int, pair: tuple[int, int]) -> set[int]:
    """Kuikae (R3): the called kind and the other end of the called sequence."""
    low = min(kind, *pair)
    high = max(kind, *pair)
    out = {kind}
    if kind == low and high + 1 < low - low % 9 + 9:
        out.add(high + 1)
    if kind == high and low - 1 >= low - low % 9:
        out.add(low - 1)
    return out


FORMAL_TENPAI_LEFT = 24  # live tiles left (about six draws a seat) from which hard calls for formal tenpai


def ready_after_call(seat: Seat, take: list[int], forbidden: set[int], safe_only: bool = False) -> bool:
    """Whether a call taking ``take`` leaves the hand ready after an allowed discard (``safe_only``:
    a discard that no threatening seat can ron)."""
    after = list(seat.counts)
    for k in take:
        after[k] -= 1
    seen, dora = seat.visible(), dora_kinds(seat)
    for k, n in enumerate(after):
        if not n or k in forbidden or (safe_only and total_danger(k, seat.opponents, seen, dora) > 0.0):
            continue
        after[k] -= 1
        ready = shanten(tuple(after), Forms(False, False)) == 0
        after[k] += 1
        if ready:
            return True
    return False


def formal_tenpai_call(seat: Seat, options: ClaimOptions) -> ClaimChoice | None:
    """Hard level, riichi rules, late in the wall: the pon or chi that makes a hand not yet ready
    ready, a yaku or not. Formal tenpai counts at an exhaustive draw (R10: 3,000 points split, and
    a ready dealer keeps the deal); a closed hand one step away seldom gets there in its last few
    draws. Against a strong threat only a call that stays ready with a tile no threatening seat
    can ron (the hand then keeps its wait only with safe tiles, :func:`~engine.cpu.mahjong_play.
    formal_hold`). Measured +96 ± 59 points a game over 500 paired deals (docs/benchmarks/cpu-play.md)."""
    k = options.kind
    safe_only = max_threat(seat) >= 0.8
    tries: list[tuple[ClaimChoice, list[int], set[int]]] = [(ClaimChoice("pon"), [k, k], {k})] if options.pon else []
    tries += [(ClaimChoice("chi", pair), list(pair), _chi_forbidden(k, pair)) for pair in options.chi]
    for choice, take, forbidden in tries:
        if ready_after_call(seat, take, forbidden, safe_only):
            return choice
    return None


def choose_claim(seat: Seat, options: ClaimOptions, rng: random.Random, level: str = "normal") -> ClaimChoice:
    """Answer a discard: ron always; a call only when it speeds up a hand that keeps a yaku."""
    if options.ron:
        return ClaimChoice("ron")
    k = options.kind
    counts = seat.counts
    standing = shanten(counts, seat.hand_forms)
    value_pon = options.pon and k in seat.value_honors()
    if level == "easy":
        return ClaimChoice("pon") if value_pon else ClaimChoice("pass")
    if level == "hard" and seat.variant != "five" and seat.wall_left <= FORMAL_TENPAI_LEFT and standing >= 1:
        late = formal_tenpai_call(seat, options)
        if late is not None:
            return late
    if should_fold(seat, standing):
        return ClaimChoice("pass")
    closed = seat.closed
    by_rule = level in RULE_CALLS and seat.variant != "five"  # riichi calls by call_pays
    candidates: list[tuple[int, ClaimChoice, float]] = []
    if options.pon:
        s, plan, hand = _call_result(seat, [k, k], [k, k, k], {k})
        if plan and (s < standing or (value_pon and s <= standing)):
            candidates.append((s, ClaimChoice("pon"), open_han(seat, hand, [k, k, k], by_rule)))
    if options.kan and not closed:
        after = list(counts)
        after[k] -= 3
        melds = [*[kinds for kinds, _ in seat.melds], [k] * 4]
        if has_open_plan(tuple(after), melds, seat.value_honors()) and \
                shanten(tuple(after), Forms(False, False)) <= standing:
            candidates.append((standing, ClaimChoice("kan"), 1.0))
    for pair in options.chi:
        meld = sorted([k, *pair])
        s, plan, hand = _call_result(seat, list(pair), meld, _chi_forbidden(k, pair))
        if plan and s < standing:
            candidates.append((s, ClaimChoice("chi", pair), open_han(seat, hand, meld, by_rule)))
    if not candidates:
        return ClaimChoice("pass")
    s, choice, han = min(candidates, key=lambda c: (c[0], -c[2], c[1].action != "pon"))
    if by_rule:
        return choice if call_pays(seat, standing, s, han, closed, value_pon and choice.action == "pon",
                                   RULE_CALLS[level]) \
            else ClaimChoice("pass")
    if closed and not (value_pon and choice.action == "pon"):
        # Opening a closed hand gives up riichi (and Five's Closed Hand, riichi and All Sequences:
        # most of a Five hand's han, so the hard level calls there as the normal one does): only a
        # far hand with value to carry (dora, red fives) trades that for speed.
        if standing < 2 or _hand_dora(seat) < 2:
            return ClaimChoice("pass")
    return choice
