"""Where a CPU level wins or loses points against the old normal, and paired tests of changes.

``python -m bench.cpu_seats GAME FIRST LAST [VARIANT ...]`` plays deals ``FIRST..LAST-1`` of
``GAME`` (riichi or five) as the head-to-head of :mod:`bench.cpu` does (one hard seat and three
seats of commit ``BASELINE``'s normal, every deal four times with the hard seat in each seat),
once with the hard level as it is and once per named variant (a change of play switched on by
patching the CPU's modules for this process only; ``a+b`` applies two at once). It prints one JSON line per deal: each
run's margin and, per side (the hard seat, the old seats), kyoku, wins, points won, deal-ins,
points dealt in, tsumo paid, tenpai at exhaustive draws, draw payments, riichi and call counts.
``--no-control`` skips the unchanged run (already in an earlier file).
``stats LEVEL FIRST LAST [VARIANT]`` plays four-seat games of one level instead, with a variant
if named (one line of counts per game; ``stats-summary FILE ...`` gives the rates of
:func:`bench.cpu.play_stats`).
``python -m bench.cpu_seats summary FILE ...`` reads such lines back (merging files by deal) and prints the per-seat table
and, per variant, the paired difference from the unchanged hard level with its standard error.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
from collections.abc import Callable, Iterator
from typing import Any

from bench.cpu import PLAYERS, _recording, baseline_policy, spec
from engine.base import Move
from engine.cpu.efficiency import shanten
from engine.cpu.mahjong_view import seat_from_view
from engine.cpu.match import Policy, cpu_policy, play_match
from engine.games import new_game

FIELDS = ("kyoku", "wins", "won", "deal_ins", "dealt", "tsumo_paid", "draws", "tenpai", "draw_pts",
          "riichi", "calls", "points", *(f"in_{s}" for s in ("riichi", "open", "ready", "one", "far")))

Patch = Callable[[], Iterator[None]]
VARIANTS: dict[str, Callable[[], contextlib.AbstractContextManager[None]]] = {}


def variant(name: str) -> Callable[[Patch], Patch]:
    def add(fn: Patch) -> Patch:
        VARIANTS[name] = contextlib.contextmanager(fn)
        return fn
    return add


@contextlib.contextmanager
def _set(module: Any, **values: Any) -> Iterator[None]:
    old = {k: getattr(module, k) for k in values}
    for k, v in values.items():
        setattr(module, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(module, k, v)


Note = tuple[str, tuple[str, int], str, str]
STATES = ("riichi", "open", "ready", "one", "far")


def _state(view: dict[str, Any], variant: str) -> str:
    """The deciding seat's state: in riichi, open, or closed at shanten 0 / 1 / 2+."""
    if view.get("riichi_declared"):
        return "riichi"
    seat = seat_from_view(view, variant)
    if not seat.closed:
        return "open"
    return STATES[2 + min(2, shanten(seat.counts, seat.hand_forms))]


def _recorded(policy: Policy, notes: list[Note], variant: str) -> Policy:
    def play(view: dict[str, Any], legal: list[Move], rng: Any) -> Move:
        move = policy(view, legal, rng)
        word = str(move[1]) if len(move) > 1 else ""
        state = _state(view, variant) if word in ("discard", "tsumogiri", "riichi") else ""
        notes.append((move[0], (str(view.get("round")), int(view.get("honba") or 0)), word, state))
        return move
    return play


def _side_stats(summary: dict[str, Any], notes: list[Note], players: list[str]) -> dict[str, float]:
    out = dict.fromkeys(FIELDS, 0.0)
    riichi = {(p, k) for p, k, w, _ in notes if w == "riichi"}
    called = {(p, k) for p, k, w, _ in notes if w in ("pon", "chi", "kan")}
    last_state = {(p, k): st for p, k, _, st in notes if st}
    for r in summary["kyoku_results"]:
        deltas = r.get("deltas", {})
        key = (str(r.get("kyoku")), int(r.get("honba") or 0))
        for p in players:
            out["kyoku"] += 1
            d = deltas.get(p, 0)
            if r.get("winner") == p:
                out["wins"] += 1
                out["won"] += d
            elif r.get("from") == p:
                out["deal_ins"] += 1
                out["dealt"] += d
                out[f"in_{last_state.get((p, key), 'far')}"] += 1
            elif r.get("result") == "tsumo":
                out["tsumo_paid"] += d
            elif r.get("result") == "draw":
                out["draws"] += 1
                out["tenpai"] += p in r.get("tenpai", [])
                out["draw_pts"] += d
            out["riichi"] += (p, key) in riichi
            out["calls"] += (p, key) in called
    for p in players:
        out["points"] += summary["points"][p]
    return out


def play_deal(game: str, seed: int, old: Policy) -> dict[str, Any]:
    """Four games of one deal, the hard seat rotated: margin and per-side stats."""
    margins = []
    hard = dict.fromkeys(FIELDS, 0.0)
    olds = dict.fromkeys(FIELDS, 0.0)
    for cpu in PLAYERS:
        g = new_game(spec(game, seed))
        notes: list[Note] = []
        policies = {p: _recorded(cpu_policy(game, "hard") if p == cpu else old, notes, game)
                    for p in PLAYERS}
        play_match(g, policies, seed)
        s = g.summary()
        points = s["points"]
        margins.append(points[cpu] - statistics.mean(points[p] for p in PLAYERS if p != cpu))
        for side, players in ((hard, [cpu]), (olds, [p for p in PLAYERS if p != cpu])):
            for k, v in _side_stats(s, notes, players).items():
                side[k] = side.get(k, 0.0) + v
    return {"margin": statistics.mean(margins), "hard": hard, "old": olds}


def four_seat_counts(level: str, seed: int) -> dict[str, int]:
    """One East-only riichi game of four ``level`` CPUs: the counts behind :func:`bench.cpu.play_stats`."""
    game = new_game(spec("riichi", seed))
    seen: list[tuple[str, tuple[str, int]]] = []
    log = play_match(game, dict.fromkeys(PLAYERS, _recording(level, seen)), seed)
    riichi = {(p, k) for move, (p, k) in zip(log.moves, seen, strict=True) if "riichi" in move[1:2]}
    called = {(p, k) for move, (p, k) in zip(log.moves, seen, strict=True) if move[1] in ("pon", "chi", "kan")}
    results = game.summary()["kyoku_results"]
    return {"kyoku": len(results), "wins": sum(bool(r.get("winner")) for r in results),
            "deal_ins": sum(bool(r.get("from")) for r in results),
            "draws": sum(r.get("result") == "draw" for r in results),
            "riichi": len(riichi), "calls": len(called)}


def stats_summary(paths: list[str]) -> None:
    totals: dict[str, dict[str, int]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                t = totals.setdefault(r["level"], {})
                t["games"] = t.get("games", 0) + 1
                for k, v in r["counts"].items():
                    t[k] = t.get(k, 0) + v
    for level, t in totals.items():
        seats = 4 * t["kyoku"]
        print(f"{level}: {t['games']} games, {seats} seat-kyoku: win {t['wins'] / seats:.1%} "
              f"deal-in {t['deal_ins'] / seats:.1%} riichi {t['riichi'] / seats:.1%} "
              f"call {t['calls'] / seats:.1%} | exhaustive draws {t['draws'] / t['kyoku']:.1%} of kyoku")


def main(argv: list[str]) -> None:
    if argv[0] == "summary":
        summary(*argv[1:])
        return
    if argv[0] == "stats":  # stats LEVEL FIRST LAST [VARIANT]: four-seat games, one JSON line each
        label = "+".join([argv[1], *argv[4:]])
        with contextlib.ExitStack() as stack:
            for part in "+".join(argv[4:]).split("+") if argv[4:] else []:
                stack.enter_context(VARIANTS[part]())
            for seed in range(int(argv[2]), int(argv[3])):
                print(json.dumps({"level": label, "seed": seed, "counts": four_seat_counts(argv[1], seed)}),
                      flush=True)
        return
    if argv[0] == "stats-summary":
        stats_summary(argv[1:])
        return
    game, first, last = argv[0], int(argv[1]), int(argv[2])
    names = [n for n in argv[3:] if n != "--no-control"]
    control = "--no-control" not in argv
    old = baseline_policy(game)
    for seed in range(first, last):
        row: dict[str, Any] = {"game": game, "seed": seed, "runs": {}}
        if control:
            row["runs"]["hard"] = play_deal(game, seed, old)
        for name in names:
            with contextlib.ExitStack() as stack:  # "a+b": both changes at once
                for part in name.split("+"):
                    stack.enter_context(VARIANTS[part]())
                row["runs"][name] = play_deal(game, seed, old)
        print(json.dumps(row), flush=True)


def _se(xs: list[float]) -> float:
    return statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0


def summary(*paths: str) -> None:
    """Rows of the same deal from several files (a control run and later variants) are merged."""
    merged: dict[tuple[str, int], dict[str, Any]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    merged.setdefault((r["game"], r["seed"]), {"runs": {}})["runs"].update(r["runs"])
    rows = list(merged.values())
    names = sorted({n for r in rows for n in r["runs"]})
    for name in names:
        have = [r for r in rows if name in r["runs"]]
        margins = [r["runs"][name]["margin"] for r in have]
        print(f"{name}: {len(have)} deals, margin {statistics.mean(margins):+.0f} ± {_se(margins):.0f}")
        if name != "hard" and all("hard" in r["runs"] for r in have):
            diff = [r["runs"][name]["margin"] - r["runs"]["hard"]["margin"] for r in have]
            same = sum(1 for d in diff if d == 0)
            print(f"   paired vs hard: {statistics.mean(diff):+.0f} ± {_se(diff):.0f} ({same} deals unchanged)")
        for side in ("hard", "old"):
            t = {k: sum(r["runs"][name][side].get(k, 0) for r in have) for k in FIELDS}
            n = t["kyoku"]
            print(f"   {side:4}: win {t['wins'] / n:.1%} avg {t['won'] / max(1, t['wins']):.0f}"
                  f" | deal-in {t['deal_ins'] / n:.1%} avg {t['dealt'] / max(1, t['deal_ins']):.0f}"
                  f" | riichi {t['riichi'] / n:.1%} call {t['calls'] / n:.1%}"
                  f" | draw tenpai {t['tenpai'] / max(1, t['draws']):.1%}"
                  f" | per kyoku: won {t['won'] / n:+.0f} dealt {t['dealt'] / n:+.0f}"
                  f" tsumo {t['tsumo_paid'] / n:+.0f} draw {t['draw_pts'] / n:+.0f}"
                  f" | deal-ins by state " + " ".join(f"{x} {t['in_' + x] / n:.1%}" for x in STATES))


# Changes of play measured against the hard level as committed (see docs/BENCHMARKS.md).

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

    with _set(mp, pick_discard=pick):
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
    with _set(mv, choose_claim=claim):
        yield


@variant("alwaysriichi")
def _alwaysriichi() -> Iterator[None]:
    """Riichi on every closed tenpai with a live wait, as the normal level."""
    from engine.cpu import mahjong_play as mp

    with _set(mp, declare_riichi=lambda *a: True):
        yield


@variant("pushless")
def _pushless() -> Iterator[None]:
    """Weigh the deal-in risk of later turns more: PUSHES (1.6, 2.0) instead of (1.2, 1.3)."""
    from engine.cpu import mahjong_play as mp

    with _set(mp, PUSHES=(1.6, 2.0)):
        yield


@variant("evfold")
def _evfold() -> Iterator[None]:
    """Hard weighs every discard in expected points whenever a seat threatens (as first built)."""
    from engine.cpu import mahjong_play as mp

    with _set(mp, WEIGH_ALL=frozenset({"normal", "hard"})):
        yield



@variant("wide")
def _wide() -> Iterator[None]:
    """Count effective tiles for up to 8 of the fastest discards (was 5), 80 draws (was 50)."""
    from engine.cpu import mahjong_play as mp

    with _set(mp, MAX_COUNTED=8, DRAW_BUDGET=80):
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

    with _set(mv, choose_claim=claim):
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

    with _set(mp, declare_riichi=declare):
        yield


@variant("strictcalls")
def _strictcalls() -> Iterator[None]:
    """A closed hand opens (other than a value-honor pon) only for two han or more (yaku and dora):
    the rule committed since; kept so the rows measured with it can be run again."""
    from engine.cpu import mahjong_claims as mc

    with _set(mc, RULE_CALLS={**mc.RULE_CALLS, "hard": 2.0}):
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

    with _set(mp, pick_discard=pick):
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

    with _set(mp, should_fold=fold, weighs_points=weighs2):
        yield


@variant("loosecalls")
def _loosecalls() -> Iterator[None]:
    """A closed hand opens for any call that buys a step with a yaku (one han is enough), and a
    call that makes the hand ready against a threat needs one han, not two."""
    from engine.cpu import mahjong_claims as mc

    with _set(mc, RULE_CALLS={**mc.RULE_CALLS, "hard": 1.0}):
        yield


@variant("ruleone")
def _ruleone() -> Iterator[None]:
    """One step from ready, the fold rule of the old normal (late, against a strong threat)
    instead of weighing discards in points."""
    from engine.cpu import mahjong_play as mp

    with _set(mp, weighs_points=lambda seat, best: False):
        yield


@variant("pushmore")
def _pushmore() -> Iterator[None]:
    """Weigh the deal-in risk of later turns less: PUSHES (0.9, 1.0) instead of (1.2, 1.3)."""
    from engine.cpu import mahjong_play as mp

    with _set(mp, PUSHES=(0.9, 1.0)):
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

    with _set(mp, weighs_points=weighs, should_fold=fold):
        yield


@variant("normal")
def _normal() -> Iterator[None]:
    """The tested seat plays the current normal level instead of hard (paired against hard, how
    much weaker normal is; its margin, normal against the old normal)."""
    here = sys.modules[__name__]
    real = here.cpu_policy

    def policy(game: str, level: str = "normal") -> Policy:
        return real(game, "normal" if level == "hard" else level)  # type: ignore[no-any-return]

    with _set(here, cpu_policy=policy):
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

    with _set(mv, choose_claim=claim):
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

    with _set(mc, call_pays=pays):
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

    with _set(mp, declare_riichi=declare):
        yield


@variant("nofar")
def _nofar() -> Iterator[None]:
    """Hard's closed hand needs two han however far from ready (as before FAR_STEPS); measured
    as "callfar" before it was committed."""
    from engine.cpu import mahjong_claims as mc

    with _set(mc, FAR_STEPS=99):
        yield


@variant("noplan")
def _noplan() -> Iterator[None]:
    """An open honitsu counts only once no stray is left (as before HONITSU_PLAN_HAN); measured
    as "callplan" before it was committed."""
    from engine.cpu import mahjong_claims as mc

    with _set(mc, HONITSU_PLAN_HAN=0.0):
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

    with _set(mp, declare_riichi=declare):
        yield


@variant("normalloose")
def _normalloose() -> Iterator[None]:
    """The normal level calls by hard's rule with one han enough (any yaku opens a closed hand,
    the honitsu plan counted), as the committed normal does since 2026-12-01 19:35 (it was
    measured as this variant first); with ``normal`` the tested seat plays that normal."""
    from engine.cpu import mahjong_claims as mc

    with _set(mc, RULE_CALLS={**mc.RULE_CALLS, "normal": 1.0}):
        yield



def _ready_after_call(seat: Any, take: list[int], forbidden: set[int]) -> bool:
    """Whether a call taking ``take`` from the hand leaves it ready after some allowed discard."""
    from engine.cpu.efficiency import Forms

    after = list(seat.counts)
    for k in take:
        after[k] -= 1
    for k, n in enumerate(after):
        if n and k not in forbidden:
            after[k] -= 1
            ready = shanten(tuple(after), Forms(False, False)) == 0
            after[k] += 1
            if ready:
                return True
    return False


@variant("fivetenpai")
def _fivetenpai() -> Iterator[None]:
    """In Mahjong Five, with 16 tiles or fewer left, a hand not ready calls any pon or chi that
    makes it ready, a yaku or not: formal tenpai takes 5 from each noten seat at the draw (F7),
    and a closed hand one step away seldom wins in its last four draws."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        if level == "hard" and seat.variant == "five" and not options.ron and seat.wall_left <= 16 \
                and shanten(seat.counts, seat.hand_forms) >= 1:
            k = options.kind
            tries = [(mc.ClaimChoice("pon"), [k, k], {k})] if options.pon else []
            tries += [(mc.ClaimChoice("chi", p), list(p), mc._chi_forbidden(k, p)) for p in options.chi]
            for choice, take, forbidden in tries:
                if _ready_after_call(seat, take, forbidden):
                    return choice
        return real(seat, options, rng, level)

    with _set(mv, choose_claim=claim):
        yield


@variant("fivedrawev")
def _fivedrawev() -> Iterator[None]:
    """In Mahjong Five, weighing a discard in points also counts being ready at an exhaustive
    draw (5 from each noten seat, F7, about a one-han ron: 1,000 on the CPU's scale), times the
    chance to be ready by then and that nobody wins first."""
    from engine.cpu import mahjong_play as mp
    from engine.cpu.hand_value import OTHERS_WIN

    real = mp.discard_ev

    def ev(seat: Any, s: Any, counts: Any, level: str) -> float:
        value = real(seat, s, counts, level)
        if seat.variant != "five" or s.shanten > 1:
            return value
        draws = max(0, seat.wall_left) // 4
        ready = 1.0 if s.shanten == 0 else 1.0 - (1.0 - min(0.6, s.ukeire / 100.0)) ** draws
        return float(value + 1000.0 * ready * (1.0 - OTHERS_WIN - 0.1) ** draws)

    with _set(mp, discard_ev=ev):
        yield


@variant("fivehan")
def _fivehan() -> Iterator[None]:
    """Mahjong Five's han without riichi's extras: riichi adds one han and some ura dora (1.3,
    not 1.8: no ippatsu), a closed hand without riichi nothing for menzen tsumo (no such yaku, F4)."""
    from engine.cpu import hand_value as hv
    from engine.cpu import mahjong_play as mp

    real = hv.estimate_han

    def est(seat: Any, counts: Any, riichi: bool) -> float:
        han = real(seat, counts, riichi)
        if seat.variant == "five" and seat.closed:
            han -= 0.5 if riichi else 0.4
        return han

    with _set(mp, estimate_han=est):
        yield


@variant("fiveriichi")
def _fiveriichi() -> Iterator[None]:
    """In Mahjong Five, riichi on every closed ready hand with a live wait (no dama at four han)."""
    from engine.cpu import mahjong_play as mp

    real = mp.declare_riichi

    def declare(seat: Any, counts: Any, kind: int, waits: int) -> bool:
        return True if seat.variant == "five" else real(seat, counts, kind, waits)

    with _set(mp, declare_riichi=declare):
        yield


@variant("fivehonba")
def _fivehonba() -> Iterator[None]:
    """In Mahjong Five a dealer's win gets one han per honba (F5): with honba on the table the
    dealer's threat counts half again (as a riichi dealer's does), and the hard dealer's own hand
    counts its honba han when it weighs a push."""
    from engine.cpu import mahjong_play as mp
    from engine.cpu import mahjong_view as mv

    real_seat = mv.seat_from_view
    real_push = mp.push_value
    honba = [0]

    def seat_of(view: dict[str, Any], variant: str) -> Any:
        seat = real_seat(view, variant)
        honba[0] = int(view.get("honba") or 0) if variant == "five" else 0
        if honba[0]:
            others = [x.get("player") for x in view.get("seats") or [] if x.get("player") != view["player"]]
            for opp, name in zip(seat.opponents, others, strict=True):
                opp.dealer = name == view.get("dealer")
        return seat

    def push(seat: Any, counts: Any, kind: int, level: str, ready: bool = False) -> float:
        value = real_push(seat, counts, kind, level, ready)
        if seat.variant == "five" and seat.seat_wind == 27 and honba[0] and value:
            value *= 1.5 ** min(2, honba[0])
        return value

    with _set(mv, seat_from_view=seat_of), _set(mp, push_value=push):
        yield


def _five_claims_as_riichi(level_for: str) -> Iterator[None]:
    """Hard's Five claims made by the riichi call rule at ``level_for``'s han (the seat's yaku
    read as riichi's: Closed Hand aside, which a call gives up anyway)."""
    import dataclasses

    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        if level == "hard" and seat.variant == "five" and not options.ron:
            return real(dataclasses.replace(seat, variant="riichi"), options, rng, level_for)
        return real(seat, options, rng, level)

    with _set(mv, choose_claim=claim):
        yield


@variant("fiveloose")
def _fiveloose() -> Iterator[None]:
    """In Mahjong Five, hard opens for any yaku plan (one han enough: Inside, Outside, One Suit,
    a VIP set), as riichi's normal level: fast cheap wins cut short the others' closed riichi hands."""
    yield from _five_claims_as_riichi("normal")


@variant("fiveriichicalls")
def _fiveriichicalls() -> Iterator[None]:
    """In Mahjong Five, hard calls by its riichi rule (two han, one when three steps away, an
    open one-suit plan counted, a VIP pon always)."""
    yield from _five_claims_as_riichi("hard")


@variant("fivenodora")
def _fivenodora() -> Iterator[None]:
    """In Mahjong Five a closed hand opens only for a VIP pon (not for speed with two dora)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level == "hard" and seat.variant == "five" and seat.closed and choice.action != "ron" \
                and not (choice.action == "pon" and options.kind in seat.value_honors()):
            return mc.ClaimChoice("pass")
        return choice

    with _set(mv, choose_claim=claim):
        yield


@variant("fiveclosed")
def _fiveclosed() -> Iterator[None]:
    """In Mahjong Five a closed hand never opens (ron only)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level == "hard" and seat.variant == "five" and seat.closed and choice.action != "ron":
            return mc.ClaimChoice("pass")
        return choice

    with _set(mv, choose_claim=claim):
        yield


@variant("fiveopen")
def _fiveopen() -> Iterator[None]:
    """In Mahjong Five an open hand's threat counts half when deciding to fold: a call leaves one
    han or two (a VIP set, a dora), 15-30 points, against a closed hand's three or so."""
    from engine.cpu import mahjong_play as mp
    from engine.cpu.safety import threat

    real = mp.max_threat

    def worst(seat: Any) -> float:
        if seat.variant != "five":
            return real(seat)
        dora = mp.dora_kinds(seat)
        return max((threat(o, dora) * (1.0 if o.riichi else 0.5) for o in seat.opponents), default=0.0)

    with _set(mp, max_threat=worst):
        yield


@variant("fivedealertenpai")
def _fivedealertenpai() -> Iterator[None]:
    """As fivetenpai, for the dealer only: a dealer ready at the draw also keeps the deal, and its
    next win gets one han more (F3, F5)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim
    with VARIANTS["fivetenpai"]():
        late = vars(mv)["choose_claim"]  # the name the view module calls, as patched

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        return (late if seat.seat_wind == 27 else real)(seat, options, rng, level)

    with _set(mv, choose_claim=claim):
        yield


@variant("fivevipfar")
def _fivevipfar() -> Iterator[None]:
    """In Mahjong Five a closed hand one step from ready or closer keeps riichi over a one-han VIP
    pon (the pon still made with a dora, or two or more steps away, where speed is short)."""
    from engine.cpu import mahjong_claims as mc
    from engine.cpu import mahjong_view as mv

    real = mc.choose_claim

    def claim(seat: Any, options: Any, rng: Any, level: str = "normal") -> Any:
        choice = real(seat, options, rng, level)
        if level != "hard" or seat.variant != "five" or not seat.closed or choice.action != "pon" \
                or shanten(seat.counts, seat.hand_forms) >= 2:
            return choice
        k = options.kind
        _, _, hand = mc._call_result(seat, [k, k], [k, k, k], {k})
        return choice if mc.open_han(seat, hand, [k, k, k]) >= 2.0 else mc.ClaimChoice("pass")

    with _set(mv, choose_claim=claim):
        yield

if __name__ == "__main__":
    main(sys.argv[1:])
