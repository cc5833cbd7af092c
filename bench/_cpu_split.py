"""Where a process's CPU goes, by part of the bot: a sampling profiler for the benchmarks.

The event loop's thread: every millisecond of the process's CPU (``ITIMER_PROF``) a signal
handler, which Python runs in the main thread between two bytecodes, gives the main thread's CPU
used since the last sample (``thread_time``) to the part its stack is in: unbiased, unlike a
sampler thread, which gets the interpreter lock mostly when the loop lets it go for a system call.
Other threads (SQLite's, executors'): their CPU from ``/proc/self/task/<tid>/stat``, split by
where a sampler thread finds their stacks (each does one kind of work). A stack's part is that of
its innermost frame in the project (or in a library the bot calls); frames of the event loop
alone are the loop's own machinery.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections import Counter, defaultdict
from types import FrameType

HZ = 250
PARTS = ("CPU seats' views and legal moves", "CPU decisions in this process", "engine (moves, waits, humans' legal moves)",
         "CPU decisions' hand-off", "pictures' hand-off", "saving", "Discord work",
         "tables' turns and sessions", "event loop machinery", "benchmark and fake Discord", "other")


def _part(frame: FrameType | None) -> str | None:
    """The part a busy stack belongs to (None: the thread is waiting)."""
    files: list[tuple[str, str]] = []
    while frame is not None:
        files.append((frame.f_code.co_filename, frame.f_code.co_name))
        frame = frame.f_back
    if not files:
        return None
    inner, name = files[0]
    if inner.endswith("selectors.py") or (inner.endswith("threading.py") and name == "wait") or \
            (inner.endswith("queue.py") and name == "get") or \
            (inner.endswith("concurrent/futures/thread.py") and name == "_worker"):  # a pool thread waiting
        return None
    stack = [f for f, _ in files]
    if any("/engine/cpu/" in p for p in stack):
        return PARTS[1]
    for path in stack:  # innermost first
        if "/bench/" in path or "/tests/bot/" in path or "bot/outbox/fake" in path:
            return "benchmark and fake Discord"
        if "/engine/" in path:
            return PARTS[0] if any("bot/play/cpu.py" in p for p in stack) else PARTS[2]
        if "bot/render/" in path or "bot/play/images.py" in path:
            return "pictures' hand-off"
        if "bot/workers.py" in path or "bot/play/cpu.py" in path:
            return "pictures' hand-off" if any("bot/render/" in p for p in stack) else PARTS[3]
        if "bot/storage/" in path or "bot/play/persist.py" in path or "aiosqlite" in path or "asyncpg" in path:
            return "saving"
        if "bot/outbox/" in path or "/discord/" in path or "bot/play/effects.py" in path or \
                "bot/play/messages.py" in path or "bot/i18n/" in path or "bot/comfort/" in path:
            return "Discord work"
        if "/bot/" in path:
            return "tables' turns and sessions"
    if any("asyncio" in p for p in stack):
        return "event loop machinery"
    return "other"


def _thread_cpu() -> dict[int, float]:
    out: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[int(tid)] = (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            continue
    return out


class CpuSplit:
    """``start()`` … ``stop()`` in the main thread: then ``seconds`` holds the CPU seconds of
    each part (the main thread's and the others' together)."""

    def __init__(self) -> None:
        self.samples: dict[int, Counter[str]] = {}  # other threads: native id -> part -> busy samples
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, name="cpu-split", daemon=True)
        self._cpu0: dict[int, float] = {}
        self._main = threading.main_thread()
        self._last = 0.0
        self._old: object = None

    def start(self) -> None:
        self._cpu0 = _thread_cpu()
        self._last = time.thread_time()
        self._old = signal.signal(signal.SIGPROF, self._tick)
        signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
        self._thread.start()

    def _tick(self, _signum: int, frame: FrameType | None) -> None:
        now = time.thread_time()
        self.seconds[_part(frame) or "event loop machinery"] += now - self._last
        self._last = now

    def _sample(self) -> None:
        me, main = threading.get_ident(), self._main.ident
        while not self._stop.wait(1 / HZ):
            natives = {t.ident: t.native_id for t in threading.enumerate()}
            for ident, frame in sys._current_frames().items():
                if ident in (me, main):
                    continue
                part = _part(frame)
                native = natives.get(ident)
                if part is not None and native is not None:
                    self.samples.setdefault(native, Counter())[part] += 1

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, self._old)  # type: ignore[arg-type]
        self._tick(signal.SIGPROF, sys._getframe())
        self._stop.set()
        self._thread.join()
        cpu = _thread_cpu()
        skip = {self._thread.native_id, self._main.native_id}
        for tid, seconds in cpu.items():
            used = seconds - self._cpu0.get(tid, 0.0)
            if tid in skip or used <= 0:
                continue
            counts = self.samples.get(tid)
            if not counts:
                self.seconds["other"] += used
                continue
            busy = sum(counts.values())
            for part, n in counts.items():
                self.seconds[part] += used * n / busy

