"""Kill -9 a real bot process at random instants: every move a player was told was played is in
the stored game, and after each restart the table goes on.

``CRASH_KILLS`` sets the number of kills (default 6 here; 50 or more for the full check). Where
the kills land depends on the machine's speed; what is asserted after each one does not.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.bot.told import check, stored_games

RUNNER = Path(__file__).resolve().parent / "crash_runner.py"
ROOT = Path(__file__).resolve().parents[2]


def test_kill_9_at_random_instants_loses_no_told_move(tmp_path: Path) -> None:
    kills = int(os.environ.get("CRASH_KILLS", "6"))
    database, journal = str(tmp_path / "crash.sqlite3"), tmp_path / "told.jsonl"
    journal.touch()
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    total_moves = []
    for _ in range(kills):
        process = subprocess.Popen([sys.executable, str(RUNNER), database, str(journal)], cwd=ROOT, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            told_before = len(journal.read_text().splitlines())
            deadline = time.monotonic() + 120
            while len(journal.read_text().splitlines()) <= told_before and time.monotonic() < deadline:
                assert process.poll() is None, process.stderr.read().decode() if process.stderr else "runner exited"
                time.sleep(0.05)  # until this run has told its first move: the table goes on after a restart
            if len(journal.read_text().splitlines()) <= told_before:
                process.send_signal(signal.SIGKILL)
                process.wait()
                log = process.stderr.read().decode(errors="replace")[-4000:] if process.stderr else ""
                raise AssertionError(f"no move was played after the restart; the runner's log ends:\n{log}")
            time.sleep(rng.uniform(0.0, 1.5))  # then a random instant
        finally:  # a failed check must not leave the runner (and its workers) behind
            process.send_signal(signal.SIGKILL)
            process.wait()
        games = asyncio.run(stored_games(database))
        told = check([json.loads(line) for line in journal.read_text().splitlines() if line.strip()], games)
        total_moves.append(sum(len(m) for m in games.values()))
    assert total_moves == sorted(total_moves)  # nothing stored was lost either
    print(f"{kills} kills: {told} told moves all stored, {len(games)} tables, {total_moves[-1]} moves stored")
