"""Janpo head-to-head with per-seat diagnostics: where the hard seat's points come from.

The same rotated duplicate play as ``bench/cpu.py``'s ``h2h`` part (one ``hard`` seat against
three seats of commit ``BASELINE``'s normal, each deal four times with the hard seat in each
seat), plus, per seat kind (the hard seat, and the average old seat), what it did and what it
got: poker and mahjong net, poker results by pot size, chips it put in with a big call or an
all-in of its own and what those hands returned, folds, mahjong wins and deal-ins.

``CPU_BENCH_PARTS`` picks parts: ``h2h`` (the default), ``time`` (``bench/cpu.py``'s decision
times for Janpo and hold'em only, warm and cold) and ``holdem`` (its heads-up baselines,
``10 * CPU_BENCH_GAMES`` games each). ``CPU_BENCH_GAMES`` deals from ``CPU_BENCH_SEED0``; ``CPU_JANPO_OUT`` names a JSON-lines file
that gets one line per deal (the margin and the diagnostics), so that two runs of different
code on the same deals can be compared deal by deal::

    python -m bench.cpu_janpo merge RUN.jsonl ...          # the figures of one run (its files)
    python -m bench.cpu_janpo paired NEW.jsonl -- OLD.jsonl  # new less old, deal by deal
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
from collections import Counter
from typing import Any

from bench._timing import standard_error
from bench.cpu import (
    BASELINE,
    PLAYERS,
    always_call,
    always_shove,
    baseline_policy,
    decision_times,
    holdem_vs,
    spec,
)
from engine.base import Move
from engine.cpu.baselines import random_player
from engine.cpu.janpo_view import POKER_WORDS, janpo_spot
from engine.cpu.match import Policy, cpu_policy, play_match
from engine.games import new_game

BIG_POT = 10_000  # a pot this large decides a Janpo game more than most mahjong hands
BIG_CALL = 0.4  # a call of this share of the stack or more counts as a big call


def _watch(policy: Policy, player: str, notes: list[dict[str, Any]]) -> Policy:
    """``policy`` that notes each poker action it takes: hand number, action, call and stack."""

    def play(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        move = policy(view, legal, rng)
        words = [w for w in move[1:] if isinstance(w, str) and w in POKER_WORDS]
        if words and view.get("hole"):
            s = janpo_spot(view)
            notes.append({"player": player, "hand": int((view.get("poker") or {}).get("hand") or 0),
                          "action": words[0], "to_call": s.to_call, "stack": s.stack,
                          "postflop": bool(s.board), "tsumogiri": move[1] == "tsumogiri"})
        return move

    return play


def _seat_figures(player: str, summary: dict[str, Any], notes: list[dict[str, Any]]) -> dict[str, float]:
    mine = [n for n in notes if n["player"] == player]
    acts = Counter(n["action"] for n in mine)
    deltas = {int(r["hand"]): int(r["deltas"].get(player, 0)) for r in summary["poker_results"]}
    pots = {int(r["hand"]): sum(int(p["amount"]) for p in r["pots"]) for r in summary["poker_results"]}
    big_calls = {n["hand"] for n in mine if n["action"] in ("call", "allin") and n["to_call"] > 0
                 and n["to_call"] >= BIG_CALL * max(1, n["stack"])}
    shoves = {n["hand"] for n in mine if n["action"] == "allin" and n["to_call"] < n["stack"]}
    out: dict[str, float] = {
        "poker": sum(deltas.values()),
        "mahjong": sum(int(r.get("deltas", {}).get(player, 0)) for r in summary["kyoku_results"]),
        "big_pot_net": sum(d for h, d in deltas.items() if pots.get(h, 0) >= BIG_POT),
        "big_pots": sum(1 for h, d in deltas.items() if pots.get(h, 0) >= BIG_POT and d != 0),
        "big_pots_won": sum(1 for h, d in deltas.items() if pots.get(h, 0) >= BIG_POT and d > 0),
        "small_pot_net": sum(d for h, d in deltas.items() if pots.get(h, 0) < BIG_POT),
        "big_calls": len(big_calls),
        "big_call_net": sum(deltas.get(h, 0) for h in big_calls),
        "shoves": len(shoves),
        "shove_net": sum(deltas.get(h, 0) for h in shoves),
        "hands_in": sum(1 for d in deltas.values() if d != 0),
        "wins": sum(1 for r in summary["kyoku_results"] if r.get("winner") == player),
        "deal_ins": sum(1 for r in summary["kyoku_results"] if r.get("from") == player),
        "win_points": sum(int(r["deltas"][player]) for r in summary["kyoku_results"] if r.get("winner") == player),
        "deal_in_points": sum(int(r["deltas"][player]) for r in summary["kyoku_results"] if r.get("from") == player),
        "chip_tsumogiri": sum(1 for n in mine if n["tsumogiri"] and n["action"] in ("call", "bet", "raise", "allin")),
    }
    for word in ("fold", "check", "call", "bet", "raise", "allin"):
        out[word] = acts[word]
    return out


def play_deal(seed: int) -> dict[str, Any]:
    """One deal, four games: the margin and the hard and old seats' figures (old seats averaged)."""
    old = baseline_policy("janpo")
    margins, hard_rows, old_rows = [], [], []
    for cpu in PLAYERS:
        notes: list[dict[str, Any]] = []
        game = new_game(spec("janpo", seed))
        policies = {p: _watch(cpu_policy("janpo", "hard") if p == cpu else old, p, notes) for p in PLAYERS}
        play_match(game, policies, seed)
        summary = game.summary()
        points = summary["points"]
        margins.append(points[cpu] - statistics.mean(points[p] for p in PLAYERS if p != cpu))
        hard_rows.append(_seat_figures(cpu, summary, notes))
        old_rows += [_seat_figures(p, summary, notes) for p in PLAYERS if p != cpu]
    return {"seed": seed, "margin": statistics.mean(margins), "margins": margins,
            "hard": _mean_rows(hard_rows), "old": _mean_rows(old_rows)}


def _mean_rows(rows: list[dict[str, float]]) -> dict[str, float]:
    return {k: statistics.mean(r[k] for r in rows) for k in rows[0]}


def figures(deals: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The margin ± se and, per seat kind, the diagnostics per game (means over the deals)."""
    margins = [d["margin"] for d in deals]
    out = [(f"janpo: hard vs three {BASELINE} normal ({len(deals)} deals x 4 seats): margin",
            f"{statistics.mean(margins):+.0f} ± {standard_error(margins):.0f} se")]
    for key in deals[0]["hard"]:
        hard = [d["hard"][key] for d in deals]
        old = [d["old"][key] for d in deals]
        diff = [h - o for h, o in zip(hard, old, strict=True)]
        out.append((f"  per game, hard / old seat: {key}",
                    f"{statistics.mean(hard):.2f} / {statistics.mean(old):.2f}  "
                    f"(diff {statistics.mean(diff):+.2f} ± {standard_error(diff):.2f})"))
    return out


def paired(new: list[dict[str, Any]], old: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """New less old on the deals both runs played: the paired margin difference ± se."""
    before = {d["seed"]: d for d in old}
    both = [(d, before[d["seed"]]) for d in new if d["seed"] in before]
    diff = [a["margin"] - b["margin"] for a, b in both]
    same = sum(1 for a, b in both if a["margins"] == b["margins"])
    return [(f"paired: new - old margin ({len(both)} deals, {same} unchanged)",
             f"{statistics.mean(diff):+.0f} ± {standard_error(diff):.0f} se"),
            ("  new margin / old margin",
             f"{statistics.mean(a['margin'] for a, _ in both):+.0f} / {statistics.mean(b['margin'] for _, b in both):+.0f}")]


def _load(paths: list[str]) -> list[dict[str, Any]]:
    rows: dict[int, dict[str, Any]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    rows[int(d["seed"])] = d
    return [rows[s] for s in sorted(rows)]


def run(quick: bool) -> list[tuple[str, str]]:
    n = int(os.environ.get("CPU_BENCH_GAMES", "2" if quick else "100"))
    seed0 = int(os.environ.get("CPU_BENCH_SEED0", "0"))
    parts = os.environ.get("CPU_BENCH_PARTS", "h2h").split(",")
    out_path = os.environ.get("CPU_JANPO_OUT")
    out: list[tuple[str, str]] = []
    if "h2h" in parts:
        deals = []
        for seed in range(seed0, seed0 + n):
            deal = play_deal(seed)
            deals.append(deal)
            if out_path:
                with open(out_path, "a") as f:
                    f.write(json.dumps(deal) + "\n")
        out += figures(deals)
    if "holdem" in parts:
        out += [holdem_vs(name, policy, "hard", 10 * n) for name, policy in
                (("always-call", always_call), ("always-shove", always_shove), ("random", random_player))]
    if "time" in parts:
        decisions = int(os.environ.get("CPU_BENCH_DECISIONS", "100" if quick else "1000"))
        out += [decision_times(g, "hard", decisions, cold) for g in ("janpo", "holdem") for cold in (False, True)]
    return out


def main(argv: list[str]) -> int:
    if argv and argv[0] == "merge":
        lines = figures(_load(argv[1:]))
    elif argv and argv[0] == "paired" and "--" in argv:
        cut = argv.index("--")
        lines = paired(_load(argv[1:cut]), _load(argv[cut + 1:]))
    else:
        print(__doc__)
        return 2
    for label, figure in lines:
        print(f"  {label:<58} {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
