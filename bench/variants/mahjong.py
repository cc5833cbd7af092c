"""Riichi changes of play (most also reach Five and Janpo's mahjong), measured against the hard
level as committed; see docs/benchmarks/cpu-play.md, "Changes tried"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bench.variants.registry import patched, variant
from engine.cpu.efficiency import Counts


@variant("oldfold")
def _oldfold() -> Iterator[None]:
    """Push/fold by rule as commit BASELINE did: fold at 2+ shanten (late 1-shanten) against a
    threat, else the fastest discard weighing danger a little; never fold a ready hand."""
    from engine.cpu import mahjong_play as mp

    real = mp.pick_discard

    def pick(seat: Any, allowed: set[int], rng: Any, level: str = "normal", scored: Any = None) -> Any:
        if level != "hard":
            return real(seat, allowed, rng, level, scored)
        scored = mp.score_discards(seat, allowed) if scored is None else [s for s in scored if s.kind in allowed]
        first = min(s.shanten for s in scored)
        if mp.should_fold(seat, first):
            return min(scored, key=lambda s: (s.danger, s.shanten, -s.utility, s.kind))
        weight = 0.5 if mp.max_threat(seat) > 0 else 0.0
        return min(scored, key=lambda s: (s.shanten, -(s.utility - weight * s.danger), s.kind))

    with patched(mp, pick_discard=pick):
        yield


@variant("normalcalls")
def _normalcalls() -> Iterator[None]:
    """Hard calls as the normal level does (value-honor pons and far hands with dora until the
    normal level took hard's rule with one han enough; since then, the loose one-han calls)."""
    from engine.cpu import mahjong_claims as mc

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        return real(seat, options, rng, "normal" if level == "hard" else level)

    from engine.cpu import mahjong_view as mv
    with patched(mv, choose_claim=claim):
        yield


@variant("alwaysriichi")
def _alwaysriichi() -> Iterator[None]:
    """Riichi on every closed tenpai with a live wait, as the normal level."""
    from engine.cpu import mahjong_play as mp

    with patched(mp, declare_riichi=lambda *a: True):
        yield


@variant("pushless")
def _pushless() -> Iterator[None]:
    """Weigh the deal-in risk of later turns more: PUSHES (1.6, 2.0) instead of (1.2, 1.3)."""
    from engine.cpu import mahjong_play as mp

    with patched(mp, PUSHES=(1.6, 2.0)):
        yield


@variant("evfold")
def _evfold() -> Iterator[None]:
    """Hard weighs every discard in expected points whenever a seat threatens (as first built)."""
    from engine.cpu import mahjong_play as mp

    with patched(mp, WEIGH_ALL=frozenset({"normal", "hard"})):
        yield



@variant("wide")
def _wide() -> Iterator[None]:
    """Count effective tiles for up to 8 of the fastest discards (was 5), 80 draws (was 50)."""
    from engine.cpu import mahjong_play as mp

    with patched(mp, MAX_COUNTED=8, DRAW_BUDGET=80):
        yield


@variant("fivecalls")
def _fivecalls() -> Iterator[None]:
    """In Mahjong Five, hard calls as the normal level does (a call gives up Closed Hand and
    riichi, two han of a Five hand's usual three)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        return real(seat, options, rng, "normal" if level == "hard" and seat.variant == "five" else level)

    with patched(mv, choose_claim=claim):
        yield


@variant("yakulessriichi")
def _yakulessriichi() -> Iterator[None]:
    """A closed ready hand without a yaku always declares riichi (it cannot ron silently), even
    under threat; dama stays for hands with a yaku."""
    from engine.cpu import hand_value as hv
    from engine.cpu import mahjong_play as mp

    real = mp.declare_riichi

    def declare(seat: Any, counts: Any, kind: int, waits: int) -> bool:
        after = list(counts)
        after[kind] -= 1
        if seat.variant != "five" and not hv.closed_yaku(seat, tuple(after)):
            return True
        return real(seat, counts, kind, waits)

    with patched(mp, declare_riichi=declare):
        yield


@variant("strictcalls")
def _strictcalls() -> Iterator[None]:
    """A closed hand opens (other than a value-honor pon) only for two han or more (yaku and dora):
    the rule committed since; kept so the rows measured with it can be run again."""
    from engine.cpu import mahjong_claims as mc

    with patched(mc, RULE_CALLS={**mc.RULE_CALLS, "hard": 2.0}):
        yield


@variant("cheapfold")
def _cheapfold() -> Iterator[None]:
    """A ready hand not in riichi (open or dama) worth under 3,900 folds by rule against a riichi
    when its fastest discard is not safe."""
    from engine.cpu import mahjong_play as mp

    real = mp.pick_discard

    def pick(seat: Any, allowed: set[int], rng: Any, level: str = "normal", scored: Any = None) -> Any:
        if level != "hard" or seat.in_riichi or not any(o.riichi for o in seat.opponents):
            return real(seat, allowed, rng, level, scored)
        scored = mp.score_discards(seat, allowed) if scored is None else [s for s in scored if s.kind in allowed]
        best = real(seat, allowed, rng, level, scored)
        if best.shanten != 0 or best.danger < 2.0:
            return best
        if mp.push_value(seat, seat.counts, best.kind, level, False) >= 3900:
            return best
        return min(scored, key=lambda s: (s.danger, s.shanten, -s.utility, s.kind))

    with patched(mp, pick_discard=pick):
        yield


@variant("cheapfold1")
def _cheapfold1() -> Iterator[None]:
    """One step from ready against a riichi, a hand worth under 3,900 folds by rule instead of
    weighing its discards in points."""
    from engine.cpu import mahjong_play as mp

    real = mp.weighs_points

    real_fold = mp.should_fold

    def fold(seat: Any, best_shanten: int) -> bool:
        if best_shanten == 1 and not seat.in_riichi and any(o.riichi for o in seat.opponents):
            counts = seat.counts
            kinds = [k for k in range(34) if counts[k]]
            if max(mp.push_value(seat, counts, k, "hard") for k in kinds) < 3900:
                return True
        return real_fold(seat, best_shanten)

    def weighs2(seat: Any, best_shanten: int) -> bool:
        return real(seat, best_shanten) and not fold(seat, best_shanten)

    with patched(mp, should_fold=fold, weighs_points=weighs2):
        yield


@variant("loosecalls")
def _loosecalls() -> Iterator[None]:
    """A closed hand opens for any call that buys a step with a yaku (one han is enough), and a
    call that makes the hand ready against a threat needs one han, not two."""
    from engine.cpu import mahjong_claims as mc

    with patched(mc, RULE_CALLS={**mc.RULE_CALLS, "hard": 1.0}):
        yield


@variant("ruleone")
def _ruleone() -> Iterator[None]:
    """One step from ready, the fold rule of the old normal (late, against a strong threat)
    instead of weighing discards in points."""
    from engine.cpu import mahjong_play as mp

    with patched(mp, weighs_points=lambda seat, best: False):
        yield


@variant("pushmore")
def _pushmore() -> Iterator[None]:
    """Weigh the deal-in risk of later turns less: PUSHES (0.9, 1.0) instead of (1.2, 1.3)."""
    from engine.cpu import mahjong_play as mp

    with patched(mp, PUSHES=(0.9, 1.0)):
        yield


@variant("weigh2")
def _weigh2() -> Iterator[None]:
    """Two steps from ready against a strong threat, weigh discards in points too (early in the
    kyoku, with at least 40 tiles left) instead of folding by rule."""
    from engine.cpu import mahjong_play as mp

    real_fold = mp.should_fold

    def weighs(seat: Any, best: int) -> bool:
        return mp.max_threat(seat) >= 0.8 and (best == 1 or (best == 2 and seat.wall_left >= 40))

    def fold(seat: Any, best: int) -> bool:
        if best == 2 and seat.wall_left >= 40:
            return False
        return real_fold(seat, best)

    with patched(mp, weighs_points=weighs, should_fold=fold):
        yield


@variant("normal")
def _normal() -> Iterator[None]:
    """The tested seat plays the current normal level instead of hard (paired against hard, how
    much weaker normal is; its margin, normal against the old normal)."""
    from engine.cpu import match

    real = match.cpu_policy

    def policy(game: str, level: str = "normal") -> match.Policy:
        return real(game, "normal" if level == "hard" else level)

    with patched(match, cpu_policy=policy):
        yield


@variant("fivestrict")
def _fivestrict() -> Iterator[None]:
    """In Mahjong Five a closed hand opens, a value-honor pon included, only when the open hand
    then holds two han or more (VIP sets and dora): a closed VIP pair already scores its set, and
    opening gives up Closed Hand and riichi, two han of a Five hand's usual three."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level != "hard" or seat.variant != "five" or not seat.closed or choice.action in ("ron", "pass"):
            return choice
        k = options.kind
        if choice.action == "chi":
            assert choice.tiles is not None  # a chi names the two tiles it takes
            meld = sorted([k, *choice.tiles])
            take = list(choice.tiles)
            forbidden = mc._chi_forbidden(k, choice.tiles)
        else:
            meld, take, forbidden = [k, k, k], [k, k], {k}
        _, _, hand = mc._call_result(seat, take, meld, forbidden)
        return choice if mc.open_han(seat, hand, meld) >= 2.0 else mc.ClaimChoice("pass")

    with patched(mv, choose_claim=claim):
        yield


@variant("strictlate")
def _strictlate() -> Iterator[None]:
    """As strictcalls, but a one-han call is still made in the second half of the kyoku (under
    40 tiles left two or more steps away; under 24, one that makes the hand ready)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_play as mp

    def pays(seat: Any, standing: int, after: int, han: float, closed: bool, value_pon: bool,
             need: float | None = None) -> bool:
        if value_pon:
            return True
        if mp.max_threat(seat) >= 0.8:
            return after == 0 and han >= 2.0
        if not closed:
            return True
        if standing >= 2:
            return han >= 2.0 or (han >= 1.0 and seat.wall_left < 40)
        return after == 0 and (han >= 2.0 or (han >= 1.0 and seat.wall_left < 24))

    with patched(mc, call_pays=pays):
        yield


@variant("threatriichi")
def _threatriichi() -> Iterator[None]:
    """A threat no longer makes a ready hand stay silent: a ready hand that would push anyway
    declares riichi for the value (dama only for a mangan with a yaku, or a late bad wait)."""
    from engine.cpu import hand_value as hv
    from engine.cpu import mahjong_play as mp

    real = mp.declare_riichi

    def declare(seat: Any, counts: Any, kind: int, waits: int) -> bool:
        if seat.variant == "five":
            return real(seat, counts, kind, waits)
        after = list(counts)
        after[kind] -= 1
        hand = tuple(after)
        if hv.closed_yaku(seat, hand):
            if hv.estimate_han(seat, hand, riichi=False) >= 3.5:
                return False
            return not (waits <= 3 and seat.wall_left < 30)
        return True

    with patched(mp, declare_riichi=declare):
        yield


@variant("callfar")
def _callfar() -> Iterator[None]:
    """Hard's closed hand opens for one han three or more steps from ready (committed from
    2026-12-01 19:35 to 2026-12-02 as FAR_STEPS; the variant "nofar" measured taking it out)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu.mahjong_play import max_threat

    real = mc.call_pays

    def pays(seat: Any, standing: int, after: int, han: float, closed: bool, value_pon: bool,
             need: float | None = None) -> bool:
        if closed and not value_pon and standing >= 3 and max_threat(seat) < 0.8:
            return han >= min(mc.OPEN_HAN if need is None else need, 1.0)
        return real(seat, standing, after, han, closed, value_pon, need)

    with patched(mc, call_pays=pays):
        yield


@variant("noplan")
def _noplan() -> Iterator[None]:
    """An open honitsu counts only once no stray is left (as before HONITSU_PLAN_HAN); measured
    as "callplan" before it was committed."""
    from engine.cpu import mahjong_claims as mc

    with patched(mc, HONITSU_PLAN_HAN=0.0):
        yield

@variant("damagood")
def _damagood() -> Iterator[None]:
    """Dama for a closed ready hand with a yaku, three han or more without riichi and a good wait
    (five live winning tiles or more); was mangan only. Riichi adds least to such a hand."""
    from engine.cpu import hand_value as hv
    from engine.cpu import mahjong_play as mp

    real = mp.declare_riichi

    def declare(seat: Any, counts: Any, kind: int, waits: int) -> bool:
        if seat.variant != "five" and waits >= 5:
            after = list(counts)
            after[kind] -= 1
            hand = tuple(after)
            if hv.closed_yaku(seat, hand) and hv.estimate_han(seat, hand, riichi=False) >= 2.5:
                return False
        return real(seat, counts, kind, waits)

    with patched(mp, declare_riichi=declare):
        yield


@variant("normalloose")
def _normalloose() -> Iterator[None]:
    """The normal level calls by hard's rule with one han enough (any yaku opens a closed hand,
    the honitsu plan counted), as the committed normal does since 2026-12-01 19:35 (it was
    measured as this variant first); with ``normal`` the tested seat plays that normal."""
    from engine.cpu import mahjong_claims as mc

    with patched(mc, RULE_CALLS={**mc.RULE_CALLS, "normal": 1.0}):
        yield


@variant("noformal")
def _noformal() -> Iterator[None]:
    """Hard before its formal-tenpai play: no late yakuless call into tenpai, and an open ready
    hand without a yaku pushes against a riichi like any ready hand."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_play as mp

    with patched(mc, FORMAL_TENPAI_LEFT=-1), patched(mp, formal_hold=lambda seat, scored: None):
        yield


@variant("latetenpai8")
def _latetenpai8() -> Iterator[None]:
    """Formal-tenpai calls from 8 live tiles left (about two draws a seat) instead of 16."""
    from engine.cpu import mahjong_claims as mc

    with patched(mc, FORMAL_TENPAI_LEFT=8):
        yield


@variant("latetenpai16")
def _latetenpai16() -> Iterator[None]:
    """Formal-tenpai calls from 16 live tiles left (about four draws a seat), the threshold until
    2026-12-02, instead of 24."""
    from engine.cpu import mahjong_claims as mc

    with patched(mc, FORMAL_TENPAI_LEFT=16):
        yield


@variant("dora5")
def _dora5() -> Iterator[None]:
    """A dora kept at five effective tiles' worth instead of three (``lost_value``)."""
    from engine.cpu import mahjong_play as mp

    real = mp.lost_value

    def lost(seat: Any, counts: Counts, kind: int, is_open: bool) -> float:
        return real(seat, counts, kind, is_open) + 2.0 * float(seat.dora_count(kind))

    with patched(mp, lost_value=lost):
        yield


@variant("openweigh")
def _openweigh() -> Iterator[None]:
    """An open ready hand weighs its discards in expected points against a strong threat, as a
    hand one step from ready does (it pushes only for value and a live wait)."""
    from engine.cpu import mahjong_play as mp

    real = mp.weighs_points

    def weighs(seat: Any, best_shanten: int) -> bool:
        return real(seat, best_shanten) or (best_shanten == 0 and not seat.closed and mp.max_threat(seat) >= 0.8)

    with patched(mp, weighs_points=weighs):
        yield


def _ready_waits(counts: Counts, unseen: Counts, forms: Any) -> int:
    """The most live winning tiles any discard of a 3n+2 hand leaves it ready on (0: none)."""
    from engine.cpu.efficiency import discard_options

    return max((o.ukeire for o in discard_options(counts, unseen, forms) if o.shanten == 0), default=0)


@variant("shape2")
def _shape2() -> Iterator[None]:
    """One step from ready, a discard's effective tiles are weighed by the wait each leaves: a
    draw that makes the hand ready counts its copies times the best ready hand's live winning
    tiles over five (a two-sided wait about 1.5, a closed wait about 0.7)."""
    from engine.cpu import efficiency as ef
    from engine.cpu import mahjong_play as mp

    real = ef.ukeire_and_work

    def weighed(counts: Counts, unseen: Counts, forms: Any) -> tuple[int, int]:
        if ef.shanten(counts, forms) != 1:
            return real(counts, unseen, forms)
        kinds, tried = ef._improving(counts, forms, unseen)
        total = 0.0
        work = list(counts)
        left = list(unseen)
        for k in kinds:
            work[k] += 1
            left[k] -= 1
            total += unseen[k] * _ready_waits(tuple(work), tuple(left), forms) / 5.0
            work[k] -= 1
            left[k] += 1
        return round(total), tried  # the draw budget counts first-order draws, as before

    with patched(mp, ukeire_and_work=weighed):
        yield


def dama_values(seat: Any, counts: Counts, kind: int) -> tuple[float, float] | None:
    """A closed ready hand's ron value without riichi after discarding one ``kind``, scored by the
    rules' own scorer for each winning tile: (live winning tiles that give a yaku, over all live
    winning tiles; the average value of those that do). None when the hand holds a kan."""
    from engine.cpu.efficiency import improving_kinds
    from engine.riichi.scoring import WinContext, score_win
    from engine.tiles import RED_FIVES

    if seat.melds:
        return None
    hand = list(seat.hand)
    drop = [t for t in hand if t // 4 == kind]
    hand.remove(max(drop, key=lambda t: (t not in RED_FIVES, t)))
    after = list(counts)
    after[kind] -= 1
    unseen = seat.unseen()
    waits = improving_kinds(tuple(after), seat.hand_forms, unseen)
    live = sum(unseen[w] for w in waits)
    if not live:
        return None
    held = set(hand)
    yaku_live = 0
    value = 0.0
    for w in waits:
        tile = next(t for t in (w * 4 + 3, w * 4 + 2, w * 4 + 1, w * 4) if t not in held and t not in RED_FIVES)
        ctx = WinContext(tuple([*hand, tile]), (), tile, tsumo=False, seat_wind=seat.seat_wind - 27,
                         round_wind=seat.round_wind - 27,
                         dora_indicators=tuple(i * 4 for i in seat.dora_indicators), red_fives=seat.red_fives)
        score = score_win(ctx)
        if score is not None:
            yaku_live += unseen[w]
            value += unseen[w] * score.ron
    return yaku_live / live, (value / yaku_live if yaku_live else 0.0)


@variant("exactdama")
def _exactdama() -> Iterator[None]:
    """Riichi or dama from the hand's exact value without riichi (the rules' scorer on each
    winning tile): dama for 7,700 or more (dealer 11,600), or 2,600 or more under threat, or a
    yaku on a bad wait late; otherwise as before for a hand with no yaku on most of its waits."""
    from engine.cpu import hand_value as hv
    from engine.cpu import mahjong_play as mp

    real = mp.declare_riichi

    def declare(seat: Any, counts: Counts, kind: int, waits: int) -> bool:
        if seat.variant == "five":
            return real(seat, counts, kind, waits)
        found = dama_values(seat, counts, kind)
        if found is None:
            return real(seat, counts, kind, waits)
        share, value = found
        if share < 0.75:
            return True if hv.closed_yaku(seat, mp._without(counts, kind)) else real(seat, counts, kind, waits)
        scale = 1.5 if seat.dealer else 1.0
        if value >= 7700 * scale or (mp.max_threat(seat) >= 0.8 and value >= 2600 * scale):
            return False
        return not (waits <= 3 and seat.wall_left < 30)

    with patched(mp, declare_riichi=declare):
        yield


@variant("vipsmart")
def _vipsmart() -> Iterator[None]:
    """A closed hand pons a value honor only for two han (a dora or a second yaku with it), one
    step or less from ready after the call, or in the second half of the wall (40 live tiles or
    fewer): a lone one-han pon early trades riichi for a 1,000-point hand."""
    from engine.cpu import mahjong_claims as mc

    real = mc.call_pays

    def pays(seat: Any, standing: int, after: int, han: float, closed: bool, value_pon: bool,
             need: float | None = None) -> bool:
        if value_pon and closed and not (han >= 2.0 or after <= 1 or seat.wall_left <= 40):
            return False
        return real(seat, standing, after, han, closed, value_pon, need)

    with patched(mc, call_pays=pays):
        yield


@variant("yakulesshold")
def _yakulesshold() -> Iterator[None]:
    """A closed ready hand without a yaku that stays silent against a strong threat (it can win
    only by tsumo) keeps its wait only with a tile no threatening seat can ron, and otherwise
    discards the safest tile, as an open hand without a yaku does (``formal_hold``); before, every
    ready hand pushed its fastest tile."""
    from engine.cpu import hand_value as hv
    from engine.cpu import janpo_play as jp
    from engine.cpu import mahjong_play as mp
    from engine.cpu import mahjong_view as mv
    from engine.cpu.efficiency import shanten

    real = mp.choose_turn

    def choose(seat: Any, options: Any, rng: Any, level: str = "normal", scored: Any = None) -> Any:
        choice = real(seat, options, rng, level, scored)
        if level != "hard" or seat.variant == "five" or choice.action != "discard" or choice.kind is None \
                or not seat.closed or seat.in_riichi or mp.max_threat(seat) < 0.8:
            return choice
        after = list(seat.counts)
        after[choice.kind] -= 1
        if shanten(tuple(after), seat.hand_forms) != 0 or hv.closed_yaku(seat, tuple(after)):
            return choice
        scores = mp.score_discards(seat, set(options.discards))
        chosen = next((s for s in scores if s.kind == choice.kind), None)
        if chosen is None or chosen.danger <= 0.0:
            return choice
        safe_ready = [s for s in scores if s.shanten == 0 and s.danger <= 0.0]
        pick = min(safe_ready or scores, key=lambda s: (s.danger, s.shanten, -s.utility, s.kind))
        return mp.TurnChoice("discard", pick.kind)

    with patched(mv, choose_turn=choose), patched(jp, choose_turn=choose):
        yield
