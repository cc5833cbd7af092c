"""The global request budget under load, on virtual time (no network, no wall-clock waits).

10 tables with one human and three CPUs, plus N tables of four CPUs, all moving once a second
(the CPU pacing), through ``bot.outbox.Outbox`` at 45 calls/s into a fake Discord answering each
call in 150 ms and counting every call that would have been a 429 (50/s in any second, 5 per 5 s
in one channel). Each move asks for a new table picture (drawn in 20 ms when its turn comes);
each human turn sends the human a hand DM and the human answers 1.5–4 s later.

Figures per load: REST calls per second (mean and the most in any one second), 429s, the
human's prompt delay (asked -> call made), click -> table picture showing it, a CPU table's
staleness (move -> first picture showing it; moves still unseen at the end count with their age)
and pictures drawn per update asked (coalescing), plus the real time the simulation took.
"""

from __future__ import annotations

import asyncio
import bisect
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

from bot.outbox import Outbox, Priority, Route, SystemClock, VirtualClock
from bot.outbox.fake import FakeDiscord

HUMAN_TABLES = 10
LATENCY = 0.150
DRAW = 0.020
PACE = 1.0


@dataclass
class _Table:
    route: Route
    priority: Priority
    version: int = 0
    last_click: float = 0.0  # a human table's order among human tables: its latest click
    changed: list[float] = field(default_factory=list)  # when version i+1 came to be

    def update(self, box: Outbox, fake: FakeDiscord, clock: VirtualClock, stamp: float | None = None) -> None:
        self.version += 1
        self.changed.append(clock.now())

        async def draw() -> int:
            shown = self.version  # the state at the job's turn
            await clock.sleep(DRAW)
            return shown

        box.submit(lambda version: fake.call(self.route, version), route=self.route, priority=self.priority,
                   key=("table-picture", self.route.id), stamp=stamp, draw=draw)


@dataclass
class _Run:
    updates: int
    direct_over: int
    calls: list[float]
    over: int
    prompt_delays: list[float]
    click_delays: list[float]
    cpu_staleness: list[float]
    draws_per_update: float
    seconds: float


async def _simulate(cpu_tables: int, duration: float, seed: int) -> _Run:
    clock, rng = VirtualClock(), random.Random(seed)
    fake = FakeDiscord(clock, latency=LATENCY)
    box = Outbox(clock=clock)
    prompts: list[float] = []
    humans = [_Table(Route.channel(i), Priority.HUMAN_TABLE) for i in range(HUMAN_TABLES)]
    cpus = [_Table(Route.channel(1000 + i), Priority.CPU_TABLE) for i in range(cpu_tables)]
    clicks: dict[int, list[int]] = defaultdict(list)  # table -> versions made by the human's click

    async def prompt(table: int) -> None:
        route = Route.dm(10_000 + table)
        asked_at = clock.now()

        async def draw() -> float:
            await clock.sleep(DRAW)
            return asked_at

        outcome = await box.submit(lambda at: fake.call(route, at), route=route, priority=Priority.PROMPT, draw=draw)
        prompts.append(fake.on(route)[-1].at - asked_at if outcome.ok else float("inf"))

    async def human_table(index: int) -> None:
        table = humans[index]
        await clock.sleep(rng.random())
        while clock.now() < duration:
            for _ in range(3):  # three CPU moves, a second apart
                table.update(box, fake, clock, stamp=table.last_click)
                await clock.sleep(PACE)
            await prompt(index)
            await clock.sleep(rng.uniform(1.5, 4.0))  # the human thinks, then clicks
            table.last_click = clock.now()
            table.update(box, fake, clock, stamp=table.last_click)
            clicks[index].append(table.version)
            await clock.sleep(PACE)

    async def cpu_table(table: _Table) -> None:
        await clock.sleep(rng.random())
        while clock.now() < duration:
            table.update(box, fake, clock)
            await clock.sleep(PACE)

    async def main() -> None:
        await asyncio.gather(*(human_table(i) for i in range(HUMAN_TABLES)), *(cpu_table(t) for t in cpus))
        await box.close(drain=False)

    start = time.perf_counter()
    await clock.run(main())
    seconds = time.perf_counter() - start
    click_delays = [d for i, t in enumerate(humans) for v, d in _delays(t, fake, clock.now()) if v in clicks[i]]
    staleness = [d for t in cpus for _, d in _delays(t, fake, clock.now())]
    updates = sum(t.version for t in humans + cpus)
    drawn = sum(len(fake.on(t.route)) for t in humans + cpus)
    direct = FakeDiscord(clock)  # the same updates, each sent the moment it happened
    moves = sorted((at, t.route) for t in humans + cpus for at in t.changed)
    direct_over = sum(not direct.admit(route, at) for at, route in moves)
    return _Run(len(moves), direct_over, [c.at for c in fake.calls], fake.over, prompts, click_delays, staleness, drawn / updates, seconds)


async def _own_cost(tables: int, updates: int) -> tuple[float, float]:
    """Real seconds per ``submit`` that coalesces, and per call made, of the outbox alone: the
    system clock, a budget too large to wait on, calls that return at once."""
    box = Outbox(rate=1_000_000, clock=SystemClock())
    routes = [Route.channel(i) for i in range(tables)]

    async def noop() -> None:
        return None

    start = time.perf_counter()
    for i in range(updates):  # all queued at once: every submit after the first per key coalesces
        box.submit(noop, route=routes[i % tables], priority=Priority.CPU_TABLE, key=i % tables)
    submitted = time.perf_counter()
    await box.close()
    return (submitted - start) / updates, (time.perf_counter() - submitted) / tables


def _delays(table: _Table, fake: FakeDiscord, end: float) -> list[tuple[int, float]]:
    """(version, seconds from its move to the first picture showing it, or its age at the end)."""
    calls = fake.on(table.route)
    shown_at = [c.at for c in calls]
    versions = [int(c.payload) for c in calls]
    out = []
    for version, changed in enumerate(table.changed, start=1):
        i = bisect.bisect_left(versions, version)
        out.append((version, (shown_at[i] if i < len(calls) else end) - changed))
    return out


def _most_in_a_second(times: list[float]) -> int:
    times = sorted(times)
    return max((bisect.bisect_left(times, t + 1.0) - i for i, t in enumerate(times)), default=0)


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1e3:,.0f} / {_pct(values, 0.95) * 1e3:,.0f} / {max(values) * 1e3:,.0f} ms"


def _s(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {_pct(values, 0.95):.1f} / {max(values):.1f} s"


def run(quick: bool) -> list[tuple[str, str]]:
    duration = 20.0 if quick else 120.0
    loads = (50, 200) if quick else (50, 200, 500, 1000)
    rows = [(f"{HUMAN_TABLES} human tables + N CPU tables, each load", f"{duration:.0f} virtual s, budget 45/s")]
    for cpu_tables in loads:
        r = asyncio.run(_simulate(cpu_tables, duration, seed=cpu_tables))
        head = f"N={cpu_tables:,}:"
        rows += [
            (f"{head} REST calls/s mean / most in 1 s; 429s", f"{sum(at < duration for at in r.calls) / duration:.1f}"
             f" / {_most_in_a_second(r.calls)}; {r.over}"),
            (f"{head} each update sent at once instead: calls/s; 429s",
             f"{r.updates / duration:.0f}; {r.direct_over:,}"),
            (f"{head} prompt delay p50 / p95 / max", _ms(r.prompt_delays)),
            (f"{head} click -> picture p50 / p95 / max", _ms(r.click_delays)),
            (f"{head} CPU picture staleness p50 / p95 / max", _s(r.cpu_staleness)),
            (f"{head} pictures drawn per update; real time", f"{r.draws_per_update:.2f}; {r.seconds:.1f} s"),
        ]
    per_submit, per_call = asyncio.run(_own_cost(2_000, 200_000))
    rows.append(("outbox's own CPU: per coalesced submit / per call made", f"{per_submit * 1e6:.1f} / "
                 f"{per_call * 1e6:.0f} µs"))
    return rows
