"""Worker processes for the CPU-heavy work the event loop must never wait on: pictures
(``bot.render.pool``) and CPU players' decisions (``bot.play.cpu``).

Why processes: both are pure Python work that holds the interpreter lock nearly all the time, so
in a thread they still stall the event loop (a click waits for each hand-over of the lock) and
share one core with it; a process costs only the pickling of its arguments and of its answer.
``kind="thread"`` and ``"inline"`` exist for tests and single-core hosts.

    pool = WorkerPool(2, initializer=warm)
    await pool.start()                      # spawns every worker and runs ``warm`` in it
    answer = await pool.run(job, *args)     # ``job`` a top-level function, arguments picklable
    pool.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import threading
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any, Literal, TypeVar

PoolKind = Literal["process", "thread", "inline"]
log = logging.getLogger(__name__)
T = TypeVar("T")


def exit_with_parent() -> None:
    """End this worker when the process that spawned it is gone.

    A bot killed with SIGKILL cannot shut its pools down, and a spawned worker waiting for work
    never sees its queue close (it holds the queue's other end itself), so without this every
    kill -9 would leave the workers running for good beside the restarted bot.
    """
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _init(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    if multiprocessing.parent_process() is not None:
        exit_with_parent()
    if initializer is not None:
        initializer(*initargs)


def pid() -> int:
    """The worker's process id (a no-op job: each worker answers it once it is warm)."""
    return os.getpid()


def default_kind() -> PoolKind:
    """Processes where there is a second core for them; a thread on a single-core host."""
    return "process" if (os.cpu_count() or 1) > 1 else "thread"


class WorkerPool:
    """A small pool of workers, each warmed by ``initializer(*initargs)`` before its first job."""

    def __init__(self, workers: int | None = None, kind: PoolKind = "process", *,
                 initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = (),
                 name: str = "worker", start_method: str = "spawn") -> None:
        self.workers = max(1, workers or min(2, os.cpu_count() or 1))
        self.kind = kind
        self.name = name
        self._initializer = initializer
        self._initargs = initargs
        self._start_method = start_method
        self._executor: cf.Executor | None = None
        self._warm = False

    @property
    def pids(self) -> list[int]:
        """The worker processes now running (none for threads): for measuring their CPU time."""
        return list(getattr(self._executor, "_processes", None) or {})

    def _make(self) -> cf.Executor:
        init = (self._initializer, self._initargs)
        if self.kind == "process":
            # spawn, not fork: the bot has threads (aiosqlite, discord.py) a fork would copy mid-state.
            return cf.ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(self._start_method),
                                          initializer=_init, initargs=init)
        return cf.ThreadPoolExecutor(self.workers, thread_name_prefix=self.name, initializer=_init, initargs=init)

    def start_sync(self) -> None:
        """Start and warm every worker, blocking until all are ready."""
        if self.kind == "inline":
            if not self._warm and self._initializer is not None:
                self._initializer(*self._initargs)
            self._warm = True
            return
        if self._executor is None:
            self._executor = self._make()
        # As many concurrent no-ops as workers: each worker is spawned and runs its warm-up first.
        for f in [self._executor.submit(pid) for _ in range(self.workers)]:
            f.result()

    async def start(self) -> None:
        """Start and warm the workers without blocking the event loop."""
        await asyncio.get_running_loop().run_in_executor(None, self.start_sync)

    def submit(self, job: Callable[..., T], *args: Any) -> cf.Future[T]:
        """Run ``job(*args)`` in a worker; ``job`` must be picklable (a top-level function), as
        must its arguments and its answer."""
        if self.kind == "inline":
            done: cf.Future[T] = cf.Future()
            try:
                done.set_result(job(*args))
            except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
                done.set_exception(exc)
            return done
        if self._executor is None:
            self.start_sync()
        assert self._executor is not None
        return self._executor.submit(job, *args)

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` awaited without holding up the event loop. A pool whose worker died
        (killed, out of memory) is replaced once and the job run again."""
        if self.kind == "inline":
            return job(*args)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._executor is None:
                await self.start()
            try:
                return await loop.run_in_executor(self._executor, partial(job, *args))
            except cf.BrokenExecutor:
                if attempt == 2:
                    raise
                self._discard()
        raise AssertionError("unreachable")

    def _discard(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> WorkerPool:
        self.start_sync()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class WorkerDied(RuntimeError):
    """A worker process ended while it had a job (killed, out of memory)."""


def _serve(conn: multiprocessing.connection.Connection, initializer: Callable[..., None] | None,
           initargs: tuple[Any, ...], nice: int = 0) -> None:
    """A lane's worker: answer ``(job, args)`` with ``(True, answer)`` or ``(False, error)``."""
    if nice:
        os.nice(nice)  # when the cores are busy, the bot's event loop (clicks) is served first
    _init(initializer, initargs)
    conn.send((True, os.getpid()))  # warm: the first answer says so
    while True:
        try:
            job, args = conn.recv()
        except EOFError:
            return
        try:
            reply: tuple[bool, Any] = (True, job(*args))
        except Exception as exc:  # noqa: BLE001 - handed to the caller
            reply = (False, exc)
        try:
            conn.send(reply)
        except (BrokenPipeError, ConnectionResetError):
            return  # the pool closed (the bot stopped) while this job ran: nobody waits for it
        except (pickle.PicklingError, TypeError, AttributeError) as exc:  # an answer that cannot travel
            conn.send((False, RuntimeError(f"the worker's answer could not be sent back: {exc}")))


class _Lane:
    """One worker process and the pipe to it, read by the event loop itself (no helper thread)."""

    def __init__(self, pool: Lanes) -> None:
        self.pool = pool
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_serve, args=(child, pool.initializer, pool.initargs, pool.nice),
                                       name=f"{pool.name}-lane", daemon=True)
        self.process.start()
        child.close()
        self.job: asyncio.Future[Any] | None = None
        self.sent = 0.0  # when the job went down the pipe, on the pool's clock
        self.ready: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.dead = False
        asyncio.get_running_loop().add_reader(self.conn.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            ok, value = self.conn.recv()
        except (EOFError, OSError):
            self._died()
            return
        except Exception as exc:  # noqa: BLE001 - an answer that arrived but cannot be read here
            ok, value = False, RuntimeError(f"the worker's answer could not be read: {exc}")
        waiter = self.job if self.ready.done() else self.ready
        took = self.pool.clock() - self.sent if waiter is self.job and waiter is not None else None
        self.job = None
        if waiter is not None and not waiter.done():
            if ok:
                waiter.set_result(value)
            else:
                waiter.set_exception(value)
        self.pool._next(self)
        if took is not None:
            self.pool._worked(took)

    def _died(self) -> None:
        self.dead = True
        self.close()
        for waiter in (self.ready, self.job):
            if waiter is not None and not waiter.done():
                waiter.set_exception(WorkerDied(f"{self.pool.name} worker {self.process.pid} ended"))
        self.job = None
        self.pool._replace(self)

    def send(self, job: Callable[..., Any], args: tuple[Any, ...], waiter: asyncio.Future[Any]) -> None:
        try:
            message = pickle.dumps((job, args), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - a job that cannot travel fails alone; the lane stays free
            waiter.set_exception(exc)
            return
        self.job = waiter
        self.sent = self.pool.clock()
        try:
            self.conn.send_bytes(message)
        except (BrokenPipeError, OSError):
            self._died()

    def close(self) -> None:
        try:
            asyncio.get_running_loop().remove_reader(self.conn.fileno())
        except (RuntimeError, ValueError, OSError):
            pass
        self.conn.close()


GROW_WINDOW = 5.0  # seconds of work looked at before another worker is started
GROW_AT = 0.8  # the share of that time the workers must have been busy


class Lanes:
    """Worker processes fed by the event loop directly: a job goes down a free worker's pipe and
    its answer is read when the pipe is readable. Jobs marked ``urgent`` (a human is waiting)
    go before the others; each worker has one job at a time, so an urgent job waits for at most
    the jobs already running. Unlike ``ProcessPoolExecutor``, no thread of this process hands
    jobs and answers on, so no hand-over waits for the interpreter lock the event loop holds.

    ``start_with`` workers start; more, up to ``workers``, one at a time, once those were busy
    ``GROW_AT`` of the last ``GROW_WINDOW`` seconds: a worker is tens of megabytes, and one keeps
    up with a couple of hundred tables of CPUs. ``grown`` is called when one more is ready.
    """

    def __init__(self, workers: int, *, initializer: Callable[..., None] | None = None,
                 initargs: tuple[Any, ...] = (), name: str = "worker", nice: int = 0,
                 start_with: int | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.workers = workers
        self.start_with = workers if start_with is None else max(1, min(workers, start_with))
        self.nice = nice  # added to the workers' niceness: busy workers yield to the event loop
        self.initializer = initializer
        self.initargs = initargs
        self.name = name
        self.clock = clock
        self.grown: Callable[[], None] | None = None
        self._lanes: list[_Lane] = []
        self._urgent: deque[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any]]] = deque()
        self._later: deque[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any]]] = deque()
        self._closed = False
        self._busy = 0.0  # seconds of jobs answered since ``_since``
        self._since: float | None = None

    @property
    def ready_workers(self) -> int:
        """Workers started and warmed up."""
        return sum(1 for lane in self._lanes if lane.ready.done() and not lane.dead)

    def _worked(self, seconds: float) -> None:
        """A job took ``seconds``: start one more worker if those there were busy enough."""
        self._busy += seconds
        now = self.clock()
        if self._since is None or now - self._since < GROW_WINDOW:
            return
        busy = self._busy / ((now - self._since) * max(1, self.ready_workers))
        self._busy, self._since = 0.0, now
        if busy >= GROW_AT and not self._closed and len(self._lanes) < self.workers and \
                all(lane.ready.done() for lane in self._lanes):
            try:
                lane = _Lane(self)
            except OSError as exc:  # no process to be had: go on with those there
                log.warning("%s: one more worker could not start (%s)", self.name, exc)
                self.workers = len(self._lanes)
                return
            self._lanes.append(lane)
            lane.ready.add_done_callback(self._one_more)

    def _one_more(self, ready: asyncio.Future[Any]) -> None:
        self._feed()
        if self.grown is not None and not ready.cancelled() and ready.exception() is None:
            self.grown()

    @property
    def pids(self) -> list[int]:
        return [lane.process.pid for lane in self._lanes if lane.process.pid is not None]

    async def start(self) -> None:
        """Spawn the first ``start_with`` workers and wait until each has warmed up."""
        while len(self._lanes) < self.start_with:
            self._lanes.append(_Lane(self))
        await asyncio.gather(*(lane.ready for lane in self._lanes))
        self._since = self.clock()

    async def run(self, job: Callable[..., T], *args: Any, urgent: bool = False) -> T:
        """``job(*args)`` in a worker; a worker that dies under it is replaced and the job run
        once more (a job that kills its worker twice raises :class:`WorkerDied`)."""
        if self._closed:
            raise RuntimeError(f"{self.name} pool is closed")
        if not self._lanes:
            await self.start()
        for attempt in (1, 2):
            waiter: asyncio.Future[T] = asyncio.get_running_loop().create_future()
            (self._urgent if urgent else self._later).append((job, args, waiter))
            self._feed()
            try:
                return await waiter
            except WorkerDied:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _feed(self) -> None:
        for lane in self._lanes:
            if lane.job is None and lane.ready.done() and not lane.dead:
                self._next(lane)

    def _next(self, lane: _Lane) -> None:
        while lane.job is None and not lane.dead and (self._urgent or self._later):
            job, args, waiter = (self._urgent or self._later).popleft()
            if not waiter.done():  # a cancelled caller's job is skipped
                lane.send(job, args, waiter)

    def _replace(self, lane: _Lane) -> None:
        if lane in self._lanes:
            self._lanes.remove(lane)
        if self._closed:
            return
        fresh = _Lane(self)
        self._lanes.append(fresh)
        fresh.ready.add_done_callback(lambda _: self._feed())

    def close(self) -> None:
        """Stop every worker (those with a job are not waited for: their callers are told the
        pool closed)."""
        self._closed = True
        for lane in self._lanes:
            lane.close()
            if lane.job is not None and not lane.job.done():
                lane.job.set_exception(RuntimeError(f"{self.name} pool is closed"))
            lane.process.join(timeout=5)
            if lane.process.is_alive():
                lane.process.kill()
        self._lanes.clear()
        for queue in (self._urgent, self._later):
            while queue:
                _, _, waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_exception(RuntimeError(f"{self.name} pool is closed"))
