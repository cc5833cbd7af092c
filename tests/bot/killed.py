"""A bot killed with SIGKILL must leave none of its worker processes running: the check the
picture workers' and the CPU decision workers' tests share."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def workers_left_after_kill_9(holder_script: str) -> tuple[list[int], list[int]]:
    """Run ``holder_script`` (it starts workers, prints their process ids on one line, then waits
    on stdin), kill it with SIGKILL, and return (the ids it printed, those still running once
    the workers have had time to notice). The workers must all be running before the kill."""
    holder = subprocess.Popen([sys.executable, "-c", holder_script], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout is not None
        pids = [int(p) for p in holder.stdout.readline().split()]
        assert pids and all(alive(p) for p in pids)
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    # Each worker reacts to its parent's end at once; the bound is only a hang guard.
    deadline = time.monotonic() + 60
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return pids, [p for p in pids if alive(p)]
