"""Running the bot as a service: what a rolling restart costs the games, and what the metrics
cost the bot.

- Rolling restart (needs PostgreSQL, ``JANPO_TEST_POSTGRES_URL``): three real bot processes
  (``tests/bot/rolling_runner.py``) share twenty riichi games (a simulated human each, clicking
  every hand at once); each process is stopped with SIGTERM and started again in turn, then all
  stop; ten runs (two with ``--quick``). Every move a player was told was played is checked in the
  store (``tests/bot/rolling.py``). Figures: the moves told and checked, SIGTERM to exit, the
  hand-over itself, and from its end to the next click answered on a handed table, by another
  process.
- Metrics cost: the 200-CPU-table load of ``bench.bot`` with the sampler running and ``/metrics``
  scraped once a second (fifteen times Prometheus's default): the scrapes' CPU (their threads),
  the samples' CPU and the hooks' (their calls counted, each priced by the CPU time of 100,000
  calls), as a share of the bot process's CPU over the same run; and the same with the scrapes of
  a 15 s interval (compose's Prometheus).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get("JANPO_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


def _s(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered) * 1000:.0f} / {p95 * 1000:.0f} / {ordered[-1] * 1000:.0f} ms"


def rolling(runs: int, games: int) -> list[tuple[str, str]]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.bot.rolling import Figures, rolling_restart

    total = Figures()
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            got = asyncio.run(rolling_restart(PG_URL, Path(tmp) / "journal.jsonl", games))
        total.told += got.told
        total.handed += got.handed
        total.stops += got.stops
        total.drains += got.drains
        total.next_click += got.next_click
    return [
        (f"[rolling restart: 3 processes, {games} games, {runs} runs] moves told, all stored once",
         f"{total.told} (lost 0)"),
        ("  tables handed on (3 restarts and a last stop a run)", str(total.handed)),
        ("  SIGTERM to exit p50 / p95 / max", _s(total.stops)),
        ("  hand-over (drain) p50 / p95 / max", _s(total.drains)),
        ("  drain's end to the next click answered elsewhere p50 / p95 / max", _s(total.next_click)),
    ]


def _click(metrics: Any) -> None:
    with metrics.click():
        pass


def _hook_costs() -> dict[str, float]:
    """CPU seconds per call of each hook (this thread's CPU time, so other work on the machine
    does not count), over 100,000 calls."""
    from bot.ops import metrics

    calls: dict[str, Callable[[], None]] = {
        "moved": lambda: metrics.moved("bench"),
        "decided": lambda: metrics.decided("bench", 0.01),
        "click": lambda: _click(metrics),
        "rest_call": lambda: metrics.rest_call("channel"),
        "saved": lambda: metrics.saved(3, 0.002),
    }
    costs = {}
    for name, call in calls.items():
        start = time.thread_time()
        for _ in range(100_000):
            call()
        costs[name] = (time.thread_time() - start) / 100_000
    return costs


def metrics_cost() -> list[tuple[str, str]]:
    from bench import bot as bench_bot
    from bot.client import JanpoBot
    from bot.ops import metrics, sampler, server
    from bot.ops.health import Readiness

    scrape_cpu = [0.0]
    sample_cpu = [0.0]
    scrapes = [0]
    app = server.application

    def timed_app(readiness: Readiness) -> Any:
        inner = app(readiness)

        def wrapped(environ: Any, start_response: Any) -> Any:
            start = time.thread_time()
            body = list(inner(environ, start_response))
            scrape_cpu[0] += time.thread_time() - start
            scrapes[0] += 1
            return body
        return wrapped

    server.application = timed_app
    readiness = Readiness()
    ops = server.OpsServer(readiness, 0, "127.0.0.1")
    sample = sampler.Sampler.sample

    async def timed_sample(self: sampler.Sampler) -> None:
        start = time.thread_time()
        self.tables()  # the walk over the sessions and the queue: the part that grows with tables
        self.bot.outbox.waiting()
        sample_cpu[0] += time.thread_time() - start
        await sample(self)

    sampler.Sampler.sample = timed_sample  # type: ignore[method-assign]
    setup = JanpoBot.setup_hook

    async def with_sampler(self: JanpoBot) -> None:
        await setup(self)
        self.sampler = sampler.Sampler(self, readiness)
        self.sampler.start()

    JanpoBot.setup_hook = with_sampler  # type: ignore[method-assign]
    stop = threading.Event()

    def scrape() -> None:
        while not stop.wait(1.0):
            with urllib.request.urlopen(f"http://127.0.0.1:{ops.port}/metrics", timeout=10) as reply:
                reply.read()

    before = {name: _count(metrics, name) for name in COUNTED}
    scraper = threading.Thread(target=scrape, daemon=True)
    scraper.start()
    cpu0 = time.process_time()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            rows = asyncio.run(bench_bot._load(200, f"{tmp}/ops.sqlite3"))
    finally:
        stop.set()
        scraper.join()
        ops.close()
        JanpoBot.setup_hook = setup  # type: ignore[method-assign]
        sampler.Sampler.sample = sample  # type: ignore[method-assign]
        server.application = app
    process = time.process_time() - cpu0
    counts = {name: _count(metrics, name) - before[name] for name in COUNTED}
    costs = _hook_costs()
    hooks = sum(counts[name] * costs[COUNTED[name]] for name in COUNTED)
    spent = hooks + scrape_cpu[0] + sample_cpu[0]
    at_15 = hooks + scrape_cpu[0] / 15 + sample_cpu[0]  # Prometheus's default interval, compose's
    moves = next((figure for label, figure in rows if "moves/s" in label), "?")
    return [
        ("[metrics at 200 CPU + 10 human tables, /metrics scraped every 1 s] moves/s", moves),
        ("  hook calls; CPU per call (moves, decisions, clicks, REST, saves)",
         f"{sum(counts.values()):.0f}; " + ", ".join(f"{costs[n] * 1e6:.1f}" for n in
                                                       ("moved", "decided", "click", "rest_call", "saved")) + " µs"),
        ("  CPU s: hooks / scrapes / samples (walks)", f"{hooks:.3f} / {scrape_cpu[0]:.3f} ({scrapes[0]} scrapes) / "
                                                         f"{sample_cpu[0]:.3f}"),
        ("  metrics' share of the bot process's CPU: scraped every 1 s / every 15 s (compose)",
         f"{spent / process:.2%} / {at_15 / process:.2%} of {process:.1f} s"),
    ]


COUNTED = {  # a sample name whose count is the number of calls of a hook -> that hook
    "janpo_moves_total": "moved",
    "janpo_cpu_decision_seconds_count": "decided",
    "janpo_click_answer_seconds_count": "click",
    "janpo_rest_requests_total": "rest_call",
    "janpo_save_batch_seconds_count": "saved",
}


def _count(metrics: Any, name: str) -> float:
    return float(sum(s.value for family in metrics.REGISTRY.collect() for s in family.samples if s.name == name))


def run(quick: bool) -> list[tuple[str, str]]:
    figures = metrics_cost()
    return figures + rolling(2 if quick else 10, 6 if quick else 20)
