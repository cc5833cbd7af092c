"""Mahjong decisions for a :class:`Seat`: which tile to discard, riichi or dama, kans, and claims.

Speed first (shanten, then effective tiles), value second (dora, red fives, value-honor pairs,
a hand leaning to one suit or to simples). When another seat threatens, the normal level weighs
every discard in expected points (:func:`discard_ev`): the hand's win chance times its value
against the deal-in risk of the tile, so it pushes, keeps the hand going with a safer tile, or
folds. The hard level weighs so only a hand one step from ready against a strong threat; further
away it folds by rule (:func:`should_fold`), and a ready hand pushes.
Every function takes the options the game allows and returns one of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.cpu.efficiency import Counts, Forms, shanten, ukeire, ukeire_and_work
from engine.cpu.hand_value import (
    OTHERS_WIN,
    closed_yaku,
    estimate_han,
    hand_points,
    win_chance,
    yaku_han,
)
from engine.cpu.safety import risk, threat, total_danger
from engine.cpu.seat import Seat
from engine.cpu.yaku_plan import has_open_plan, lean_bonus
from engine.tiles import dora_of

MAX_COUNTED = 5  # discards whose effective tiles are counted, loosest first (3 when far)
DRAW_BUDGET = 50  # ...until this many draws were tried (at least two discards are always counted)
GOOD_WAIT = 1  # live winning tiles needed to declare riichi rather than wait silently
PUSHES = (1.2, 1.3)  # dangerous discards a pushing hand still makes: ready, and per step further
# Levels that weigh every discard in expected points whenever a seat threatens: the normal level.
# For the hard level, weighing them all folded too many ready hands and lost about 2,000 points a
# game to folding by rule (docs/benchmarks/cpu-play.md); it weighs only the hand one step
# from ready against a strong threat (:func:`weighs_points`).
WEIGH_ALL: frozenset[str] = frozenset({"normal"})


@dataclass(frozen=True, slots=True)
class Scored:
    kind: int
    shanten: int
    ukeire: int
    utility: float
    danger: float


@dataclass(slots=True)
class TurnOptions:
    """What the rules allow on a draw turn, by kind."""

    discards: set[int]
    riichi: set[int] = field(default_factory=set)
    tsumo: bool = False
    ankan: set[int] = field(default_factory=set)
    kakan: set[int] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class TurnChoice:
    action: str  # "tsumo", "discard", "riichi", "ankan" or "kakan"
    kind: int | None = None


def dora_kinds(seat: Seat) -> set[int]:
    return {dora_of(i) for i in seat.dora_indicators}


def _open_melds(seat: Seat) -> list[list[int]]:
    return [kinds for kinds, _ in seat.melds]


def lost_value(seat: Seat, counts: Counts, kind: int, is_open: bool) -> float:
    """What discarding one ``kind`` from ``counts`` gives up besides speed, in tile units."""
    value = 3.0 * seat.dora_count(kind)
    if seat.reds_of(kind) >= counts[kind]:
        value += 3.0
    if kind in seat.value_honors():
        value += 6.0 if counts[kind] >= 2 else 1.0
    value += lean_bonus(counts, kind)
    if is_open:
        if not has_open_plan(_without(counts, kind), _open_melds(seat), seat.value_honors(), near_value_pair=True):
            value += 50.0
    return value


def _ties(counts: Counts, kind: int) -> int:
    """How bound a tile is to the rest of the hand: copies and suit neighbours within two."""
    own = (counts[kind] - 1) * 3
    if kind >= 27:
        return own
    base = kind - kind % 9
    return own + sum(counts[j] for j in range(max(base, kind - 2), min(base + 9, kind + 3)) if j != kind)


def score_discards(seat: Seat, allowed: set[int], counts: Counts | None = None,
                   forms: Forms | None = None, is_open: bool | None = None,
                   count_also: frozenset[int] = frozenset(), safe_too: int = 0) -> list[Scored]:
    """Shanten, effective tiles, value and danger of each allowed discard.

    Effective tiles are counted for the loosest of the fastest discards, for ``count_also`` and,
    when a seat threatens, for the ``safe_too`` safest discards (push/fold weighs those).
    """
    counts = counts if counts is not None else seat.counts
    forms = forms if forms is not None else seat.hand_forms
    is_open = (not seat.closed) if is_open is None else is_open
    unseen = seat.unseen()
    seen = seat.visible()
    dora = dora_kinds(seat)
    after: dict[int, tuple[Counts, int]] = {}
    work = list(counts)
    for k in sorted(allowed):
        if not counts[k]:
            continue
        work[k] -= 1
        hand = tuple(work)
        after[k] = (hand, shanten(hand, forms))
        work[k] += 1
    if not after:
        return []
    fastest = min(s for _, s in after.values())
    # Effective tiles only matter between the fastest discards, and among those between the
    # loosest tiles: counting them for every tile of a ragged hand would cost too much time.
    close = sorted((k for k, (_, s) in after.items() if s == fastest), key=lambda k: (_ties(counts, k), k))
    close = close[:MAX_COUNTED if fastest < 3 else MAX_COUNTED - 2]
    if safe_too and max_threat(seat) > 0:
        safest = sorted(after, key=lambda k: (total_danger(k, seat.opponents, seen, dora), -after[k][1], k))
        count_also = count_also | frozenset(safest[:safe_too])
    effective: dict[int, int] = {}
    work_done = 0
    for k in [*sorted(count_also & after.keys()), *close]:
        if k in effective or (work_done >= DRAW_BUDGET and len(effective) >= 2 and k not in count_also):
            continue
        effective[k], tried = ukeire_and_work(after[k][0], unseen, forms)
        work_done += tried
    out = []
    for k, (_, s) in after.items():
        u = effective.get(k, 0)
        utility = u - lost_value(seat, counts, k, is_open)
        out.append(Scored(k, s, u, utility, total_danger(k, seat.opponents, seen, dora)))
    return out


def max_threat(seat: Seat) -> float:
    dora = dora_kinds(seat)
    return max((threat(o, dora) for o in seat.opponents), default=0.0)


def should_fold(seat: Seat, best_shanten: int) -> bool:
    """Defend when a seat threatens and this hand is too far from ready to race it."""
    worst = max_threat(seat)
    if worst < 0.8:
        return False
    if best_shanten >= 2:
        return True
    return best_shanten == 1 and worst >= 1.0 and seat.wall_left < 40


def weighs_points(seat: Seat, best_shanten: int) -> bool:
    """Hard level: whether a strong threat makes this hand weigh each discard in expected points:
    one step from ready (push a live tile only for value and speed)."""
    return best_shanten == 1 and max_threat(seat) >= 0.8


def pick_discard(seat: Seat, allowed: set[int], rng: random.Random, level: str = "normal",
                 scored: list[Scored] | None = None) -> Scored:
    """The discard to make among ``allowed`` kinds (``scored``: their scores, if already known)."""
    if scored is None:
        scored = score_discards(seat, allowed)
    else:
        scored = [s for s in scored if s.kind in allowed]
    by_speed = sorted(scored, key=lambda s: (s.shanten, -s.utility, s.kind))
    if level == "easy":
        top = by_speed[: min(3, len(by_speed))]
        return rng.choice([s for s in top if s.shanten == top[0].shanten])
    if level == "hard" and seat.variant != "five" and not seat.closed and max_threat(seat) >= 0.8:
        held = formal_hold(seat, scored)
        if held is not None:
            return held
    if max_threat(seat) > 0 and (level in WEIGH_ALL or (level == "hard" and weighs_points(seat, by_speed[0].shanten))):
        return push_or_fold(seat, scored, level)
    if should_fold(seat, by_speed[0].shanten):
        return min(scored, key=lambda s: (s.danger, s.shanten, -s.utility, s.kind))
    weight = 0.5 if max_threat(seat) > 0 else 0.0
    return min(scored, key=lambda s: (s.shanten, -(s.utility - weight * s.danger), s.kind))


def formal_hold(seat: Seat, scored: list[Scored]) -> Scored | None:
    """An open hand that is ready but has no yaku (formal tenpai, R10) cannot win: against a
    strong threat it keeps its wait only with a tile no threatening seat can ron, else folds.
    None when no discard leaves it ready, or one that does keeps a yaku plan."""
    ready = [s for s in scored if s.shanten == 0]
    melds = _open_melds(seat)
    if not ready or any(has_open_plan(_without(seat.counts, s.kind), melds, seat.value_honors()) for s in ready):
        return None
    safe = [s for s in ready if s.danger <= 0.0]
    return min(safe or scored, key=lambda s: (s.danger, s.shanten, -s.utility, s.kind))


def _without(counts: Counts, kind: int) -> Counts:
    """The hand after discarding one ``kind``."""
    after = list(counts)
    after[kind] -= 1
    return tuple(after)


def push_value(seat: Seat, counts: Counts, kind: int, level: str, ready: bool = False) -> float:
    """Points the hand is expected to be worth if it wins, after discarding one ``kind``
    (``ready``: the discard leaves it ready now, which on the first turn is a double riichi)."""
    hand = _without(counts, kind)
    if not seat.closed and yaku_han(seat, hand, False) <= 0.0:
        return 0.0  # an open hand without a yaku cannot win
    if seat.in_riichi or not seat.closed:
        han = estimate_han(seat, hand, riichi=seat.in_riichi)
    else:
        han = estimate_han(seat, hand, riichi=True) + (1.0 if ready and seat.first_turn else 0.0)
        if level == "hard" and closed_yaku(seat, hand):
            han = max(han, estimate_han(seat, hand, riichi=False))
    return float(hand_points(han, seat.dealer))


def discard_ev(seat: Seat, s: Scored, counts: Counts, level: str) -> float:
    """Expected points of a discard when someone threatens: the hand's win chance times its value
    against the chance of dealing in now and on the turns a pushing hand still has to play
    (more of them the further it is from ready)."""
    seen = seat.visible()
    dora = dora_kinds(seat)
    lost = risk(s.kind, seat.opponents, seen, dora, kabe=level == "hard")
    others = OTHERS_WIN + 0.1 * sum(threat(o, dora) for o in seat.opponents)
    chance = win_chance(s.shanten, s.ukeire, seat.wall_left, others)
    gain = chance * push_value(seat, counts, s.kind, level, s.shanten == 0)
    return gain - (PUSHES[0] + PUSHES[1] * s.shanten) * lost + 10.0 * s.utility


def push_or_fold(seat: Seat, scored: list[Scored], level: str) -> Scored:
    """The discard of best expected points: pushing the fastest tile, a safer tile that keeps the
    hand going, or the genbutsu (a hand with little value or chance gives up)."""
    counts = seat.counts
    return max(scored, key=lambda s: (discard_ev(seat, s, counts, level), -s.shanten, -s.kind))


def _waits(seat: Seat, counts: Counts, kind: int) -> int:
    return ukeire(_without(counts, kind), seat.unseen(), seat.hand_forms)


def _kan_keeps_speed(seat: Seat, remove: int, kind: int, standing: int) -> bool:
    after = list(seat.counts)
    after[kind] -= remove
    if sum(after) % 3 == 0:
        return False
    return shanten(tuple(after), Forms(False, False)) <= standing


def choose_turn(seat: Seat, options: TurnOptions, rng: random.Random, level: str = "normal",
                scored: list[Scored] | None = None) -> TurnChoice:
    """A draw turn: win if possible, else a kan that costs no speed, else riichi or a discard."""
    if options.tsumo:
        return TurnChoice("tsumo")
    allowed = options.discards | options.riichi
    if allowed and scored is None:
        scored = score_discards(seat, allowed)
    best = pick_discard(seat, allowed, rng, level, scored) if allowed else None
    standing = min((x.shanten for x in scored or []), default=8)
    if level == "easy":
        folding = False
    else:
        folding = best is not None and (best.shanten > standing or should_fold(seat, standing))
    for kind in sorted(options.ankan):
        if _kan_keeps_speed(seat, 4, kind, standing):
            return TurnChoice("ankan", kind)
    if not folding:
        for kind in sorted(options.kakan):
            if _kan_keeps_speed(seat, 1, kind, standing):
                return TurnChoice("kakan", kind)
    if best is None:
        raise ValueError("no discard, win or kan offered on a draw turn")
    counts = seat.counts
    pushing = options.riichi if level == "easy" or max_threat(seat) == 0 else options.riichi & {best.kind}
    if pushing and not folding:
        kind = max(pushing, key=lambda k: (_waits(seat, counts, k), k == best.kind, -k))
        waits = _waits(seat, counts, kind)
        if level == "easy" or (waits >= GOOD_WAIT and (level != "hard" or declare_riichi(seat, counts, kind, waits))):
            return TurnChoice("riichi", kind)
        if level == "hard" and waits and kind in options.discards:
            return TurnChoice("discard", kind)  # dama: the same ready hand, silently
    if best.kind in options.discards:
        return TurnChoice("discard", best.kind)
    return TurnChoice("discard", pick_discard(seat, options.discards, rng, level, scored).kind)


def declare_riichi(seat: Seat, counts: Counts, kind: int, waits: int) -> bool:
    """Riichi or dama for a closed ready hand (hard level): dama when the hand already has a yaku
    and value, so riichi adds little, or when a threat makes a cheap bad wait not worth locking."""
    hand = _without(counts, kind)
    threatened = max_threat(seat) >= 0.8
    if seat.variant == "five":
        # Five: riichi is free (no deposit, F6) and every closed hand already has a yaku; only
        # at 4 han, where one more han leaves the base score where it is (F5), is dama better.
        return not 3.5 <= estimate_han(seat, hand, riichi=False) < 4.5
    if closed_yaku(seat, hand):
        dama_han = estimate_han(seat, hand, riichi=False)
        if dama_han >= 3.5 or (threatened and dama_han >= 1.5):
            return False
        return not (waits <= 3 and seat.wall_left < 30)
    if threatened:
        return waits >= 5 or estimate_han(seat, hand, riichi=True) >= 3.5
    return True
