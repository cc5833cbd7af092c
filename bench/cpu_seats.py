"""Where a CPU level wins or loses points against the old normal, and paired tests of changes.

``python -m bench.cpu_seats GAME FIRST LAST [VARIANT ...]`` plays deals ``FIRST..LAST-1`` of
``GAME`` (riichi or five) as the head-to-head of :mod:`bench.cpu` does (one hard seat and three
seats of commit ``BASELINE``'s normal, every deal four times with the hard seat in each seat),
once with the hard level as it is and once per named variant (a change of play switched on by
patching the CPU's modules for this process only, defined in :mod:`bench.variants`; ``a+b``
applies two at once). It prints one JSON line per deal: each
run's margin and, per side (the hard seat, the old seats), kyoku, wins, points won, deal-ins,
points dealt in, tsumo paid, tenpai at exhaustive draws, draw payments, riichi and call counts, and wins and
points won by how the hand won (in riichi, open, or closed without riichi).
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
from typing import Any

from bench._timing import standard_error
from bench.cpu import PLAYERS, _recording, baseline_policy, spec
from bench.variants import VARIANTS
from engine.base import Move
from engine.cpu import match
from engine.cpu.efficiency import shanten
from engine.cpu.mahjong_view import seat_from_view
from engine.cpu.match import Policy, play_match
from engine.games import new_game

FIELDS = ("kyoku", "wins", "won", "deal_ins", "dealt", "tsumo_paid", "draws", "tenpai", "draw_pts",
          "riichi", "calls", "points", *(f"in_{s}" for s in ("riichi", "open", "ready", "one", "far")),
          *(f"{w}_{s}" for s in ("riichi", "open", "dama") for w in ("wins", "won")))

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
                how = "riichi" if (p, key) in riichi else "open" if (p, key) in called else "dama"
                out[f"wins_{how}"] += 1
                out[f"won_{how}"] += d
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
        policies = {p: _recorded(match.cpu_policy(game, "hard") if p == cpu else old, notes, game)
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


def _rate(rows: list[dict[str, int]], part: str, whole: str, scale: int) -> str:
    """``part`` per ``whole`` over games, with the standard error of that ratio across games."""
    num = sum(r[part] for r in rows)
    den = scale * sum(r[whole] for r in rows)
    rate = num / den
    n = len(rows)
    spread = sum((r[part] - rate * scale * r[whole]) ** 2 for r in rows)
    se = (spread * n / max(1, n - 1)) ** 0.5 / den
    return f"{rate:.1%} ± {100 * se:.1f}"


def stats_summary(paths: list[str]) -> None:
    """Four-seat rates per level from ``stats`` lines, each with its standard error over games."""
    levels: dict[str, list[dict[str, int]]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                levels.setdefault(r["level"], []).append(r["counts"])
    for level, rows in levels.items():
        seats = 4 * sum(r["kyoku"] for r in rows)
        rates = " ".join(f"{name} {_rate(rows, key, 'kyoku', 4)}" for name, key in
                         (("win", "wins"), ("deal-in", "deal_ins"), ("riichi", "riichi"), ("call", "calls")))
        print(f"{level}: {len(rows)} games, {seats} seat-kyoku: {rates} | exhaustive draws "
              f"{_rate(rows, 'draws', 'kyoku', 1)} of kyoku")


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
        print(f"{name}: {len(have)} deals, margin {statistics.mean(margins):+.0f} ± {standard_error(margins):.0f}")
        if name != "hard" and all("hard" in r["runs"] for r in have):
            diff = [r["runs"][name]["margin"] - r["runs"]["hard"]["margin"] for r in have]
            same = sum(1 for d in diff if d == 0)
            print(f"   paired vs hard: {statistics.mean(diff):+.0f} ± {standard_error(diff):.0f} ({same} deals unchanged)")
        for side in ("hard", "old"):
            t = {k: sum(r["runs"][name][side].get(k, 0) for r in have) for k in FIELDS}
            n = t["kyoku"]
            print(f"   {side:4}: win {t['wins'] / n:.1%} avg {t['won'] / max(1, t['wins']):.0f}"
                  f" | deal-in {t['deal_ins'] / n:.1%} avg {t['dealt'] / max(1, t['deal_ins']):.0f}"
                  f" | riichi {t['riichi'] / n:.1%} call {t['calls'] / n:.1%}"
                  f" | draw tenpai {t['tenpai'] / max(1, t['draws']):.1%}"
                  f" | per kyoku: won {t['won'] / n:+.0f} dealt {t['dealt'] / n:+.0f}"
                  f" tsumo {t['tsumo_paid'] / n:+.0f} draw {t['draw_pts'] / n:+.0f}"
                  f" | deal-ins by state " + " ".join(f"{x} {t['in_' + x] / n:.1%}" for x in STATES)
                  + " | wins " + " ".join(f"{x} {t['wins_' + x] / max(1, t['wins']):.0%} avg "
                                          f"{t['won_' + x] / max(1, t['wins_' + x]):.0f}"
                                          for x in ("riichi", "open", "dama")))


if __name__ == "__main__":
    main(sys.argv[1:])
