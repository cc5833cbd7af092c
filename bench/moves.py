"""Engine cost per move of a CPU table, this tree against an earlier revision, in one run.

Games are first played by four normal CPUs (this tree's) and their moves recorded; then each
engine replays them through the calls the bot makes per CPU move (``bench/_moves_worker.py``:
``waiting_on``, the mover's ``view`` and ``legal_moves``, ``play``, ``summary``, ``waiting_on``),
with ``public_view`` timed apart (a table picture reads it; CPU-only tables coalesce pictures).
The earlier engine is exported from git (``MOVES_BENCH_REV``, default :data:`BASELINE`) into a
temporary folder; the two run as alternating fresh processes, so each starts with empty caches and
load on the machine falls on both alike. The CPU decisions themselves are not timed here.
Figures: median and mean CPU microseconds per move over every move of every round.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from engine.cpu.match import cpu_policy, play_match
from engine.games import new_game

BASELINE = "02f02f0"  # the engine before per-state caching of shapes, names and legal moves
ROOT = Path(__file__).resolve().parent.parent
KINDS = ("riichi", "five", "janpo")
CALLS = ("turn", "view", "legal_moves", "play", "summary", "waiting_on", "public_view")


def _spec(kind: str, seed: int) -> dict[str, Any]:
    spec: dict[str, Any] = {"game": kind, "players": ["A", "B", "C", "D"], "seed": seed}
    if kind == "riichi":
        spec["options"] = {"length": "east"}
    return spec


def record(games: int) -> dict[str, list[dict[str, Any]]]:
    """Seeded games of four normal CPUs, as scenario specs with the moves made."""
    out: dict[str, list[dict[str, Any]]] = {}
    for kind in KINDS:
        out[kind] = []
        for seed in range(games):
            spec = _spec(kind, 5000 + seed)
            log = play_match(new_game(spec), dict.fromkeys(spec["players"], cpu_policy(kind, "normal")), seed)
            out[kind].append({"spec": spec, "moves": log.moves})
    return out


def export(rev: str, into: Path) -> Path:
    """``engine/`` as committed at ``rev``, unpacked under ``into``; returns the folder to import from."""
    data = subprocess.run(["git", "archive", "--format=tar", rev, "engine"], cwd=ROOT, capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def _worker(root: Path, moves: Path) -> dict[str, dict[str, list[int]]]:
    script = ROOT / "bench" / "_moves_worker.py"
    done = subprocess.run([sys.executable, str(script), str(root), str(moves)], capture_output=True, text=True,
                          check=True)
    result: dict[str, dict[str, list[int]]] = json.loads(done.stdout)
    return result


def _us(xs: list[int]) -> str:
    return f"{statistics.median(xs) / 1000:.0f} / {statistics.mean(xs) / 1000:.0f}"


def run(quick: bool) -> list[tuple[str, str]]:
    rev = os.environ.get("MOVES_BENCH_REV", BASELINE)
    games, rounds = (1, 1) if quick else (3, 5)
    recorded = record(games)
    totals: dict[str, dict[str, dict[str, list[int]]]] = {kind: {tree: {call: [] for call in CALLS} for tree in ("before", "after")} for kind in KINDS}
    with tempfile.TemporaryDirectory() as tmp:
        moves = Path(tmp) / "moves.json"
        moves.write_text(json.dumps(recorded), encoding="utf-8")
        trees = {"before": export(rev, Path(tmp) / "before"), "after": ROOT}
        for _ in range(rounds):
            for tree, root in trees.items():
                for kind, calls in _worker(root, moves).items():
                    for call, times in calls.items():
                        totals[kind][tree][call] += times
    rows: list[tuple[str, str]] = []
    for kind in KINDS:
        count = sum(len(e["moves"]) for e in recorded[kind])
        before, after = totals[kind]["before"], totals[kind]["after"]
        rows.append((f"{kind}: engine per CPU move, {rev} → now, median / mean ({count} moves x {rounds})",
                     f"{_us(before['turn'])} → {_us(after['turn'])} µs "
                     f"({statistics.mean(before['turn']) / statistics.mean(after['turn']):.1f}x)"))
        for call in CALLS[1:]:
            rows.append((f"  {call}", f"{_us(before[call])} → {_us(after[call])} µs"))
    return rows
