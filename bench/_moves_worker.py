"""Replay recorded games through the engine calls a CPU table makes per move; print the times.

Run as a script (``python bench/_moves_worker.py ENGINE_ROOT MOVES_JSON``) so that ``engine`` is
imported from ENGINE_ROOT: this tree, or an older revision exported by :mod:`bench.moves`. It
imports nothing else of the project, so it runs against either.

Per move, as the bot does for a CPU seat (bot/play/turns.py and bot/play/cpu.py): ``waiting_on()``,
then the mover's ``view`` and ``legal_moves``, ``play``, then ``summary()`` and ``waiting_on()``
again; and, as a table picture does, ``public_view()`` after the move (timed apart, since CPU-only
tables draw it far less often than once a move). Prints one JSON object: CPU nanoseconds of
this thread per call (so other work on the machine does not count), per game kind, in move order.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any


def replay(spec: dict[str, Any], moves: list[list[Any]]) -> dict[str, list[int]]:
    from engine.games import new_game

    clock = time.thread_time_ns  # CPU time: the load of a shared machine does not count
    game = new_game(spec)
    out: dict[str, list[int]] = {k: [] for k in ("turn", "waiting_on", "view", "legal_moves", "play", "summary", "public_view")}
    for move in moves:
        player = move[0]
        t0 = clock()
        game.waiting_on()
        t1 = clock()
        game.view(player)
        t2 = clock()
        game.legal_moves(player)
        t3 = clock()
        game.play(move)
        t4 = clock()
        game.summary()
        t5 = clock()
        game.waiting_on()
        t6 = clock()
        game.public_view()
        t7 = clock()
        out["waiting_on"].append(t1 - t0 + t6 - t5)
        out["view"].append(t2 - t1)
        out["legal_moves"].append(t3 - t2)
        out["play"].append(t4 - t3)
        out["summary"].append(t5 - t4)
        out["turn"].append(t6 - t0)
        out["public_view"].append(t7 - t6)
    return out


def main() -> None:
    root, path = sys.argv[1], sys.argv[2]
    sys.path.insert(0, root)
    with open(path, encoding="utf-8") as f:
        games: dict[str, list[dict[str, Any]]] = json.load(f)
    result: dict[str, dict[str, list[int]]] = {}
    for kind, entries in games.items():
        merged: dict[str, list[int]] = {}
        for entry in entries:
            for call, times in replay(entry["spec"], entry["moves"]).items():
                merged.setdefault(call, []).extend(times)
        result[kind] = merged
    print(json.dumps(result))


if __name__ == "__main__":
    main()
