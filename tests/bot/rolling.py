"""A rolling restart of three real bot processes over PostgreSQL while games are played
(``rolling_runner.py`` is one process): every process is stopped with SIGTERM and started again,
one after the other, and then the journal of what the players were told is checked against the
store. Used by ``test_rolling_restart.py`` (one small run) and ``python -m bench ops`` (ten runs
of twenty games)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from tests.bot.told import check, stored_games

RUNNER = Path(__file__).resolve().parent / "rolling_runner.py"
ROOT = Path(__file__).resolve().parents[2]
SHARDS = 3


@dataclass
class Figures:
    told: int = 0  # moves the players were told were played (all checked stored, once, in order)
    stops: list[float] = field(default_factory=list)  # SIGTERM to the process's exit, seconds
    drains: list[float] = field(default_factory=list)  # the hand-over itself, as the process timed it
    next_click: list[float] = field(default_factory=list)  # end of a drain to the next "Played" of a table it held
    handed: int = 0


class Process:
    def __init__(self, url: str, journal: Path, shard: int, tables: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, str(RUNNER), url, str(journal), str(shard), str(tables)],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    async def ready(self, limit: float = 60.0) -> None:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), limit)
        if line.strip() != "READY":
            raise AssertionError(f"runner did not start: {line!r} {self.stderr()}")

    def stderr(self) -> str:
        if self.proc.poll() is None or self.proc.stderr is None:
            return ""
        return self.proc.stderr.read()[-3000:]

    async def stop(self, limit: float = 60.0) -> float:
        started = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(asyncio.to_thread(self.proc.wait), limit)
        assert code == 0, f"runner exited {code}: {self.stderr()}"
        return time.monotonic() - started

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


async def rolling_restart(url: str, journal: Path, games: int, settle: float = 2.0) -> Figures:
    """Start three processes sharing ``games`` tables, restart each in turn (SIGTERM, then a new
    process) while they play, stop them all and check the journal against the store."""
    import asyncpg

    schema = f"roll_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(url)
    await admin.execute(f"CREATE SCHEMA {schema}")
    schema_url = url + ("&" if "?" in url else "?") + f"search_path={schema}"
    shares = [games // SHARDS + (1 if i < games % SHARDS else 0) for i in range(SHARDS)]
    processes: list[Process] = []
    figures = Figures()
    try:
        processes = [Process(schema_url, journal, i, shares[i]) for i in range(SHARDS)]
        for process in processes:
            await process.ready()
        await asyncio.sleep(settle + games * 0.15)  # the tables opened and under way
        for i in range(SHARDS):
            figures.stops.append(await processes[i].stop())
            processes[i] = Process(schema_url, journal, i, 0)
            await processes[i].ready()
            await asyncio.sleep(settle)
        for stopping in processes:
            figures.stops.append(await stopping.stop())
        entries = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
        figures.told = check(entries, await stored_games(schema_url))
        for drained in (e for e in entries if e.get("event") == "drained"):
            figures.drains.append(drained["took"])
            figures.handed += drained["handed"]
            later = [e["t"] for e in entries if e.get("table") in drained["tables"] and e["t"] > drained["t"]
                     and e["pid"] != drained["pid"]]
            if later and drained["handed"]:
                figures.next_click.append(min(later) - drained["t"])
    finally:
        for process in processes:
            process.kill()
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()
    return figures


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
