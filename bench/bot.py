"""The bot at scale, over the offline Discord of the tests (no network, no token), real time.

One run measures each load side by side: 10 tables of one human + three CPUs, plus 50, 200, 500
and 1,000 tables of four CPUs (Janpo), in one process with the production set-up (outbox at the
configured rate, one picture worker, decision workers as the bot starts them (one, and a second
once the first is kept busy), CPU moves 1 s apart, ``gc.freeze`` after start-up).
A simulated human clicks its preferred button ``THINK`` seconds after each prompt arrives.

Per load, over a window of ``WINDOW`` seconds that starts ``SETTLE`` seconds after every table has
started (the opening's burst of first moves is not the steady state measured); only clicks made
inside the window count:
- moves/s (all tables) and REST calls/s outside interaction responses, the most in any 1 s, and
  how many calls Discord would have answered 429 (50/s global, 5 sends or edits per 5 s per channel,
  its deletions apart at 5 per s);
- click answered: from the click to the interaction's answer (``Played: ...`` once the move is
  stored; a click on a prompt withdrawn meanwhile gets its private refusal);
  next prompt after a played click: from the click to the player's next hand DM, less the CPU
  pacing of the CPU moves made in between (``cpu_pause`` each): the bot's own delay;
- save latency (from the save being asked for to its being stored), saves per batch, resident
  memory per table;
- CPU: the bot process's CPU time (``time.process_time``), the part spent in CPU decisions
  (``thread_time`` around ``choose_move``, wherever it ran) and the render and decision workers'
  CPU time (``/proc``), so the share outside decisions does not depend on how loaded the machine is.

``python -m bench bot`` measures CPU decisions in worker processes (production) and, at 200 CPU
tables, also in a thread of the bot process (as before they had processes), side by side;
``BENCH_BOT_LOADS=200,1000`` picks the loads, ``BENCH_BOT_DECIDE=thread`` the other way only.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import tempfile
import time
from collections import deque
from typing import Any

from bench._cpu_split import PARTS, CpuSplit
from bench._offline import Patch, harness

HUMANS = 10
LOADS = (50, 200, 500, 1000)
WINDOW = 20.0  # seconds measured per load (about 70 clicks of the simulated humans)
SETTLE = 3.0  # seconds between the last table opened and the window
THINK = 0.3  # a simulated human's time to click after the prompt arrives
PREFERENCE = ("Tsumo", "Ron", "Call", "Check", "Tsumogiri", "Pass")
HUMAN_ID = 500_000_000_000_000_001


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _cpu_of(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def _rss_of(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def _pss_of(pid: int) -> float:
    """Proportional memory (MB): pages shared with other processes (the interpreter, libraries)
    counted in part, as they cost the machine once."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _q(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _ms3(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (f"{statistics.median(values) * 1000:.0f} / {_q(values, 0.95) * 1000:.0f} / "
            f"{max(values) * 1000:.0f} ms (n={len(values)})")


class _Watch:
    """Wraps the fake Discord's request handler: times REST calls, drives the simulated humans."""

    def __init__(self, h: Any, fake: Any, bot: Any) -> None:
        self.h, self.fake, self.bot = h, fake, bot
        self.rest: list[tuple[float, str]] = []  # (time, route) outside interactions
        self.clicks: dict[str, tuple[float, Any, int]] = {}  # token -> (clicked at, table, moves then)
        self.last_click: dict[int, tuple[float, Any, int]] = {}  # user -> the same, awaiting a prompt
        self.answered: list[float] = []
        self.next_prompt: list[float] = []
        self.humans: dict[int, Any] = {}  # user id -> table
        self.measuring = False
        self.since = float("inf")  # clicks made before this are not measured

    def install(self, patch: Patch) -> None:
        handle = self.fake.handle

        async def watched(method: str, path: str, payload: Any, files: Any, *rest: Any) -> Any:
            if path.startswith("/channels/"):  # counted as the request starts, as Discord counts
                # Discord's bucket: a channel's sends and edits, or its deletions (a bucket apart)
                bucket = path.split("/")[2] + (":delete" if method == "DELETE" else "")
                self.rest.append((time.perf_counter(), bucket))
            elif path == "/users/@me/channels":
                self.rest.append((time.perf_counter(), ""))  # opening a DM: no channel's limit
            result = await handle(method, path, payload, files, *rest)
            self.seen(method, path, result, payload)
            return result

        patch.setattr(self.fake, "handle", watched)

    def seen(self, method: str, path: str, result: Any, payload: Any = None) -> None:
        now = time.perf_counter()
        if path.startswith("/webhooks/"):
            token = path.split("/")[3]
            click = self.clicks.pop(token, None) if "/messages/@original" in path and method == "PATCH" else None
            if click is not None and self.measuring and click[0] >= self.since:
                self.answered.append(now - click[0])
            user = next((u for u, c in self.last_click.items() if c is click), None) if click else None
            if click is not None and not str((payload or {}).get("content") or "").startswith("Played"):
                self.last_click.pop(user or 0, None)  # refused (stale): no next prompt is owed for it
            elif user is not None and (payload or {}).get("components"):  # the next prompt, in the answer
                self.prompted(user, self.fake.messages[self.fake.hits[token].message_id], now)
            return
        if path.startswith("/interactions/"):
            return
        if method == "POST" and isinstance(result, dict) and result.get("components"):
            channel = int(result["channel_id"])
            user = next((u for u, c in self.fake.dm_of.items() if c == channel), None)
            if user in self.humans:
                self.prompted(user, self.fake.messages[int(result["id"])], now)

    def prompted(self, user: int, message: Any, now: float) -> None:
        table = self.humans[user]
        last = self.last_click.pop(user, None)
        if last is not None and self.measuring and last[0] >= self.since:
            cpu_moves = max(0, len(table.moves) - last[2] - 1)
            pause = self.bot.tables.cpu_pause * self.bot.tables.time_scale
            self.next_prompt.append(now - last[0] - cpu_moves * pause)
        asyncio.get_running_loop().call_later(THINK, self.click, user, message)

    def click(self, user: int, message: Any) -> None:
        buttons = [b for b in message.buttons() if b["custom_id"].startswith("jp:m:")]
        if not buttons or message.id not in self.fake.messages:
            return  # withdrawn meanwhile
        words = [b["label"].split(" ")[0] for b in buttons]
        word = next((w for w in PREFERENCE if w in words), words[0])
        button = buttons[words.index(word)]
        table = self.humans[user]
        clicked = (time.perf_counter(), table, len(table.moves))
        token = self.fake.click(self.bot, user, message, button["custom_id"])
        self.clicks[token] = clicked
        self.last_click[user] = clicked


def _time_saves(patch: Patch, store: Any, saves: list[float]) -> None:
    """Save latency: from the save being asked for (queued) to its being stored."""
    from bot.play import persist

    queue = getattr(persist, "queue_save", None)
    if queue is None:  # the code before the writer: saves were awaited in place
        for name in ("save_table", "append_moves"):
            call = getattr(store, name)

            async def timed(*args: Any, _call: Any = call, **kw: Any) -> Any:
                start = time.perf_counter()
                try:
                    return await _call(*args, **kw)
                finally:
                    saves.append(time.perf_counter() - start)

            patch.setattr(store, name, timed)
        return

    def timed_queue(*args: Any) -> Any:
        start = time.perf_counter()
        future = queue(*args)
        future.add_done_callback(lambda _: saves.append(time.perf_counter() - start))
        return future

    patch.setattr(persist, "queue_save", timed_queue)


def _over(calls: list[tuple[float, str]]) -> tuple[int, int]:
    """(the most calls in any 1 s, calls Discord would have answered 429)."""
    window: deque[float] = deque()
    routes: dict[str, deque[float]] = {}
    most = over = 0
    for at, route in calls:
        while window and window[0] <= at - 1.0:
            window.popleft()
        window.append(at)
        most = max(most, len(window))
        mine = routes.setdefault(route, deque())
        period = 1.0 if route.endswith(":delete") else 5.0  # deletions: 5 per s; sends and edits: 5 per 5 s
        while mine and mine[0] <= at - period:
            mine.popleft()
        mine.append(at)
        over += len(window) > 50 or (route != "" and len(mine) > 5)
    return most, over


Grown = list[tuple[int, float, float]]  # per load with decision workers: tables, bot MB grown, workers' Pss


async def _load(cpu_tables: int, db: str, decide: str = "process",
                grown: Grown | None = None) -> list[tuple[str, str]]:
    from bot.client import JanpoBot
    from bot.config import Config
    from bot.play import lobby
    from bot.play.table import Seat, Table
    from bot.storage import Store

    h = harness()
    patch = Patch()
    fake = h.FakeDiscord()
    fake.install(patch)
    saves: list[float] = []
    try:
        store = await Store.open(db)
        _time_saves(patch, store, saves)
        seeds = iter(range(1, 10**9))
        bot = JanpoBot(Config(token="bench"), store=store, seeds=lambda: next(seeds), decide=decide)  # type: ignore[arg-type]
        watch = _Watch(h, fake, bot)
        watch.install(patch)
        await h.log_in(bot)
        fake.keep_history = False  # Discord keeps the pictures, not the bot: measure the bot alone
        manager = bot.tables
        gc.collect()
        before = _rss_mb()

        async def open_one(i: int, human: bool) -> None:
            seats = [Seat(None, f"CPU {n}") for n in range(1, 5)]
            if human:
                user = HUMAN_ID + i
                fake.add_user(user, f"Human {i}")
                seats[0] = Seat(user, f"Human {i}")
            table = Table(f"b{i:05d}", h.GUILD_ID, 10_000 + i, "janpo", 1, seats=seats)
            if human:
                watch.humans[seats[0].user_id or 0] = table
            session = manager.register(table)
            async with session.lock:
                out = await lobby.start(manager, session)
            await manager.effects.run(session, out)

        opening = time.perf_counter()
        await asyncio.gather(*(open_one(i, True) for i in range(HUMANS)))
        await asyncio.gather(*(open_one(HUMANS + i, False) for i in range(cpu_tables)))
        opened = time.perf_counter() - opening
        await asyncio.sleep(SETTLE)
        decisions = manager.decisions
        workers, deciders = bot.render_pool.pids, decisions.pids
        saves.clear()
        if "_writer" in store.__dict__:
            store.writer.sizes.clear()
        moves0, rest0 = len(manager.move_times), len(watch.rest)
        cpu0, dec0 = time.process_time(), decisions.cpu_seconds
        work0, decw0 = sum(_cpu_of(p) for p in workers), {p: _cpu_of(p) for p in deciders}
        split = CpuSplit()
        split.start()
        watch.measuring = True
        start = watch.since = time.perf_counter()
        await asyncio.sleep(WINDOW)
        elapsed = time.perf_counter() - start
        watch.measuring = False
        split.stop()
        process = time.process_time() - cpu0
        decided = decisions.cpu_seconds - dec0
        rendered = sum(_cpu_of(p) for p in workers) - work0
        deciders = decisions.pids  # a decision worker started inside the window counts whole
        deciders_cpu = sum(_cpu_of(p) - decw0.get(p, 0.0) for p in deciders)
        workers_mb = sum(_rss_of(p) for p in workers + deciders)
        workers_pss = sum(_pss_of(p) for p in workers + deciders)
        moves = len(manager.move_times) - moves0
        calls = [c for c in watch.rest[rest0:] if c[0] >= start]
        most, over = _over(watch.rest)
        after = _rss_mb()
        batches = _batches(store)
        tables = HUMANS + cpu_tables
        await bot.close()
        await store.close()  # the bot closes only a store it opened itself
    finally:
        patch.restore()
    if grown is not None and decisions.kind == "process":
        grown.append((tables, after - before, workers_pss))
    total = process + rendered + deciders_cpu
    outside = 1 - decided / total if total else float("nan")
    parts = split.seconds
    ours = total - parts["benchmark and fake Discord"]  # the bot's CPU, without the measuring
    overhead = rendered + parts["pictures' hand-off"] + parts["saving"] + parts["Discord work"]
    where = "SQLite in memory" if db == ":memory:" else "SQLite on disk"
    where += f", decisions in {'worker processes' if decisions.kind == 'process' else 'a thread'}"
    return [
        (f"[{cpu_tables} CPU + {HUMANS} human tables, {where}] opened in", f"{opened:.1f} s"),
        ("  moves/s (wanted: one per table per s)", f"{moves / elapsed:.0f} ({tables})"),
        ("  REST calls/s; most in any 1 s; 429s", f"{len(calls) / elapsed:.1f}; {most}; {over}"),
        ("  click answered p50 / p95 / max", _ms3(watch.answered)),
        ("  next prompt after a click, less CPU pacing", _ms3(watch.next_prompt)),
        ("  save latency p50 / p95 / max", _ms3(saves)),
        ("  saves per batch written: median / most", batches),
        ("  resident memory per table (bot process); workers in all, resident / proportional",
         f"{(after - before) / tables * 1024:.0f} KB; {workers_mb:.0f} / {workers_pss:.0f} MB"),
        ("  CPU s: bot process / render workers / decision workers; of it in CPU decisions",
         f"{process:.1f} / {rendered:.1f} / {deciders_cpu:.1f}; {decided:.1f} over {elapsed:.1f} s"),
        ("  decision workers running at the end (one starts; the second once it is kept busy)", str(len(deciders))),
        ("  share of all CPU outside CPU decisions", f"{outside:.0%}"),
        ("  bot process CPU s by part (sampled)",
         "; ".join(f"{name} {parts[name]:.2f}" for name in PARTS if parts[name] >= 0.005)),
        ("  pictures (workers and hand-off) + saving + Discord work, of the bot's CPU",
         f"{overhead:.1f} s = {overhead / ours:.0%} (decisions {decided / ours:.0%}, "
         f"views and legal moves {parts[PARTS[0]] / ours:.0%}, without the benchmark's "
         f"{parts['benchmark and fake Discord']:.1f} s)" if ours > 0 else "n/a"),
        ("  moves per CPU second: of the bot process / of all processes",
         f"{moves / process:.0f} / {moves / total:.0f}" if process else "n/a"),
        ("  machine load average while measured (2 cores)", f"{os.getloadavg()[0]:.1f}"),
    ]


def _batches(store: Any) -> str:
    sizes = list(getattr(store.__dict__.get("_writer"), "sizes", []) or [])
    return f"{statistics.median(sizes):.0f} / {max(sizes)}" if sizes else "n/a (one save a transaction)"


def run(quick: bool) -> list[tuple[str, str]]:
    figures: list[tuple[str, str]] = []
    grown: Grown = []
    loads = tuple(int(x) for x in os.environ.get("BENCH_BOT_LOADS", "").split(",") if x) or LOADS
    only = os.environ.get("BENCH_BOT_DECIDE")
    with tempfile.TemporaryDirectory() as tmp:
        for load in loads[:2] if quick else loads:
            for decide in (only,) if only else ("process", "thread") if load == 200 else ("process",):
                figures += asyncio.run(_load(load, f"{tmp}/load{load}{decide}.sqlite3", decide, grown))
        if not quick and not only:
            figures += asyncio.run(_load(200, ":memory:"))  # the same without the disk's waits
    return figures + _marginal(grown)


def _marginal(grown: Grown) -> list[tuple[str, str]]:
    """Memory a table more costs, between two loads of this run: the bot process's growth and the
    workers' proportional memory at the larger, less both at the smaller, over the tables added.
    A fixed cost (caches warmed, the workers themselves) cancels out; what is left grows with tables."""
    rows = []
    for (a, grown_a, pss_a), (b, grown_b, pss_b) in zip(grown, grown[1:], strict=False):
        if b > a:
            per = ((grown_b + pss_b) - (grown_a + pss_a)) / (b - a) * 1024
            rows.append((f"memory a table more, {a} → {b} tables (bot process and workers)",
                         f"{per:.0f} KB (workers {(pss_b - pss_a) / (b - a) * 1024:.0f} KB of it)"))
    return rows
