"""The outbox: every REST call outside interaction responses, paced and ordered by priority.

A job is a callable that makes one Discord call (``lambda: channel.send(...)``), optionally fed
by a ``draw`` callable that makes its payload; the draw runs only when the job's turn has come,
so a picture shows the table as it is then. Jobs with the same ``key`` coalesce: while one is
queued, a newer one replaces its callables and joins its waiters, so one call answers both.
"""

from __future__ import annotations

import asyncio
import enum
import heapq
import itertools
import logging
import math
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, overload

from bot.config import DEFAULT_REST_RATE
from bot.ops import metrics as ops
from bot.outbox.clock import Clock, SystemClock
from bot.outbox.limits import Limit, Pace
from bot.outbox.outcome import Outcome, Reason, Status, Verdict, classify

T = TypeVar("T")
P = TypeVar("P")
log = logging.getLogger(__name__)

DEFAULT_RATE = DEFAULT_REST_RATE  # requests per second (setting DISCORD_REST_RATE); Discord allows ~50
# Discord allows 5 messages sent or edited per 5 s in one channel. A request reaches Discord a few
# milliseconds after it is made, and not always the same few, so the outbox keeps a margin: with
# exactly 5 s, two requests 5.0 s apart here were once seen 4.99 s apart there (a 429).
ROUTE_PERIOD = 5.25
CHANNEL_LIMIT = Limit(5, ROUTE_PERIOD)  # messages sent or edited in one channel, evenly spaced
DM_LIMIT = Limit(5, ROUTE_PERIOD)  # one user's DM channel, evenly spaced: a prompt never waits more than 1.05 s
# Deleting a message is a bucket of its own (Discord reports it apart from sending and editing:
# 5 per second for a message under 10 s old, 3 per 0.333 s for an older one, per channel); the
# outbox keeps 5 per 1.25 s, under both.
DELETE_LIMIT = Limit(5, 1.25, spread=False)


class Priority(enum.IntEnum):
    """Who waits for the call. Lower goes first."""

    PROMPT = 0  # a human's own prompt (hand DM, a notification to act): first come, first served
    HUMAN_TABLE = 1  # the picture of a table with a human seated: the newest ``stamp`` (click) first
    CLEANUP = 2  # removing a message nobody acts on any more (an old hand DM): only while its
    #              route keeps ROOM calls free, so a route shared with prompts never makes one wait
    CPU_TABLE = 3  # the picture of a table of CPUs only: the longest waiting first, coalesced


ROOM = 2  # calls a route keeps free for prompts before a CLEANUP call may take a place


@dataclass(frozen=True)
class Route:
    """A Discord rate-limit bucket the outbox paces: ``Route.channel(id)`` for a server channel's
    messages (sends and edits), ``Route.dm(id)`` for a user's DM channel, ``Route.delete(id)``
    for deleting messages in either (a bucket apart from sending: a deletion never takes a
    prompt's place)."""

    kind: str
    id: int

    @classmethod
    def channel(cls, channel_id: int) -> Route:
        return cls("channel", channel_id)

    @classmethod
    def dm(cls, channel_id: int) -> Route:
        return cls("dm", channel_id)

    @classmethod
    def delete(cls, channel_id: int) -> Route:
        return cls("delete", channel_id)


@dataclass
class Stats:
    submitted: int = 0
    coalesced: int = 0  # submissions absorbed by a queued job with the same key
    requests: int = 0  # Discord calls made (retries included)
    sent: int = 0
    failed: int = 0
    cancelled: int = 0
    skipped: int = 0  # jobs whose draw found nothing to send (no call made)
    retried: int = 0  # 5xx or network failures tried again
    rate_limited: int = 0  # 429s seen (zero in normal operation)


@dataclass(eq=False)
class _Job:
    seq: int
    priority: Priority
    route: Route
    key: Hashable | None
    stamp: float
    send: Callable[..., Awaitable[Any]]
    draw: Callable[[], Awaitable[Any]] | None
    waiters: list[asyncio.Future[Outcome[Any]]] = field(default_factory=list)
    attempts: int = 0  # Discord calls made for it
    limited: int = 0  # 429s it met
    token: int = 0  # which heap entry is current
    born: float = field(default_factory=time.monotonic)  # when it was submitted (its wait, for metrics)
    where: str = "new"  # heap, parked, delayed, flight, done

    def rank(self) -> tuple[int, float, float]:
        if self.priority is Priority.HUMAN_TABLE:
            return (self.priority, -self.stamp, self.seq)
        return (self.priority, self.seq, 0.0)


class _RouteState:
    __slots__ = ("pace", "busy", "timer_at")

    def __init__(self, limit: Limit) -> None:
        self.pace = Pace(limit)
        self.busy = False  # one call at a time per route: edits land in order
        self.timer_at = math.inf


class Outbox:
    """Paces calls under ``rate`` per second in total and each route's limit; see the package
    docstring for the policy. Use one per bot; ``await close()`` at shutdown."""

    def __init__(self, *, rate: int = DEFAULT_RATE, clock: Clock | None = None,
                 route_limits: dict[str, Limit] | None = None, max_in_flight: int = 32,
                 max_attempts: int = 3, backoff: float = 1.0, max_rate_limited: int = 5,
                 global_pause: float = 5.0) -> None:
        self._clock: Clock = clock or SystemClock()
        self.rate = rate
        self._global = Pace(Limit(rate, 1.0))
        self._limits = {"channel": CHANNEL_LIMIT, "dm": DM_LIMIT, "delete": DELETE_LIMIT, **(route_limits or {})}
        self._max_in_flight = max_in_flight
        self._max_attempts = max_attempts
        self._backoff = backoff
        self._max_rate_limited = max_rate_limited
        self._global_pause = global_pause
        self._routes: dict[Route, _RouteState] = {}
        self._heap: list[tuple[tuple[int, float, float], int, _Job]] = []
        self._queued: dict[Hashable, _Job] = {}  # key -> its job not yet in flight
        self._waiting: set[_Job] = set()  # queued, parked or delayed
        self._parked: dict[tuple[str, Hashable], list[_Job]] = {}
        self._timers: list[tuple[float, int, Route]] = []
        self._delayed: list[tuple[float, int, _Job]] = []
        self._flight_keys: set[Hashable] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._poked = False  # something changed since the dispatcher last looked
        self._waiter: asyncio.Future[None] | None = None  # the dispatcher's wait, while it waits
        self._idle_wait = False
        self._runner: asyncio.Task[None] | None = None
        self._closing = False
        self._order = itertools.count()
        self.stats = Stats()

    # ---- the owner's side ----------------------------------------------------------------------

    @overload
    def submit(self, send: Callable[[], Awaitable[T]], *, route: Route, priority: Priority,
               key: Hashable | None = None, stamp: float | None = None,
               draw: None = None) -> asyncio.Future[Outcome[T]]: ...

    @overload
    def submit(self, send: Callable[[P], Awaitable[T]], *, route: Route, priority: Priority,
               key: Hashable | None = None, stamp: float | None = None,
               draw: Callable[[], Awaitable[P]]) -> asyncio.Future[Outcome[T]]: ...

    def submit(self, send: Callable[..., Awaitable[Any]], *, route: Route, priority: Priority,
               key: Hashable | None = None, stamp: float | None = None,
               draw: Callable[[], Awaitable[Any]] | None = None) -> asyncio.Future[Outcome[Any]]:
        """Queue one call; the future resolves with its ``Outcome`` (never raises).

        ``route``: the rate-limit bucket (``Route.channel``/``Route.dm``). ``key``: jobs with the
        same key coalesce while queued (one key, one route). ``stamp``: for ``HUMAN_TABLE``, the
        clock time of the table's latest human click (default: now); newest goes first.
        ``draw``: if given, awaited when the job's turn comes; its result is ``send``'s argument,
        and ``None`` means there is nothing to send any more: no call is made, the job's place in
        the windows is given back, and it resolves ``SENT`` with the value ``None``.
        """
        future: asyncio.Future[Outcome[Any]] = asyncio.get_running_loop().create_future()
        self.stats.submitted += 1
        if self._closing:
            self.stats.cancelled += 1
            future.set_result(Outcome(Status.CANCELLED, reason=Reason.CLOSED, covered=1))
            return future
        if self._runner is None:
            self._runner = asyncio.ensure_future(self._run())
            self._runner.add_done_callback(_log_crash)
        stamp = self._clock.now() if stamp is None else stamp
        job = self._queued.get(key) if key is not None else None
        if job is not None:
            if job.route != route:
                raise ValueError(f"key {key!r} is queued for {job.route}, not {route}")
            self.stats.coalesced += 1
            job.send, job.draw = send, draw
            job.waiters.append(future)
            old_rank = job.rank()
            job.priority, job.stamp = priority, max(job.stamp, stamp)
            if job.where == "heap" and job.rank() != old_rank:
                self._push(job)
            return future
        job = _Job(next(self._order), priority, route, key, stamp, send, draw, [future])
        if key is not None:
            self._queued[key] = job
        self._waiting.add(job)
        self._push(job)
        if self._idle_wait:
            self._poke()
        return future

    def cancel(self, key: Hashable) -> bool:
        """Drop the queued job of ``key`` (a table that closed); its waiters get ``CANCELLED``."""
        job = self._queued.pop(key, None)
        if job is None:
            return False
        self._waiting.discard(job)
        self._finish(job, Outcome(Status.CANCELLED, reason=Reason.CANCELLED))
        return True

    @property
    def pending(self) -> int:
        """Jobs not finished: waiting their turn or in flight."""
        return len(self._waiting) + len(self._tasks)

    def waiting(self) -> tuple[int, float]:
        """Jobs waiting their turn (not in flight) and the oldest one's wait in seconds."""
        oldest = min((job.born for job in self._waiting), default=None)
        return len(self._waiting), 0.0 if oldest is None else time.monotonic() - oldest

    async def close(self, *, drain: bool = True, timeout: float | None = None) -> None:
        """Stop taking jobs. ``drain``: send what is queued first (still paced); otherwise the
        queued jobs end ``CANCELLED``. Calls in flight are awaited; after ``timeout`` seconds
        whatever is left is cancelled."""
        self._closing = True
        if not drain:
            self._cancel_waiting()
        self._poke()
        runner = self._runner
        if runner is None or runner.done():
            return
        if timeout is None:
            await asyncio.shield(runner)
            return
        timer = asyncio.ensure_future(self._clock.sleep(timeout))
        await asyncio.wait({runner, timer}, return_when=asyncio.FIRST_COMPLETED)
        timer.cancel()
        if not runner.done():
            self._cancel_waiting()
            runner.cancel()
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(runner, *self._tasks, return_exceptions=True)

    async def __aenter__(self) -> Outbox:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---- the dispatcher ------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            self._poked = False
            now = self._clock.now()
            self._release_due(now)
            if self._closing and not self._waiting and not self._tasks:
                return
            wake_at, idle = math.inf, False
            if len(self._tasks) < self._max_in_flight:
                ready = self._global.ready_at(now)
                if ready <= now:
                    job = self._pop_eligible(now)
                    if job is not None:
                        self._dispatch(job, now)
                        continue
                    wake_at, idle = self._next_due(), True
                else:
                    wake_at = ready  # nothing can go before then, whatever is submitted
            self._idle_wait = idle
            await self._wait(wake_at - now)
            self._idle_wait = False

    def _poke(self) -> None:
        self._poked = True
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def _wait(self, delay: float) -> None:
        """Until ``delay`` seconds pass or something is poked (one future, at most one task)."""
        if self._poked:
            return
        waiter = self._waiter = asyncio.get_running_loop().create_future()
        timer = None if delay == math.inf else asyncio.ensure_future(self._ring(delay, waiter))
        try:
            await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()

    async def _ring(self, delay: float, waiter: asyncio.Future[None]) -> None:
        await self._clock.sleep(delay)
        if not waiter.done():
            waiter.set_result(None)

    def _route(self, route: Route) -> _RouteState:
        state = self._routes.get(route)
        if state is None:
            state = self._routes[route] = _RouteState(self._limits.get(route.kind, CHANNEL_LIMIT))
        return state

    def _push(self, job: _Job) -> None:
        job.token += 1
        job.where = "heap"
        heapq.heappush(self._heap, (job.rank(), job.token, job))

    def _park(self, blocker: tuple[str, Hashable], job: _Job) -> None:
        job.where = "parked"
        self._parked.setdefault(blocker, []).append(job)

    def _release(self, blocker: tuple[str, Hashable]) -> None:
        for job in self._parked.pop(blocker, ()):
            if job.where == "parked":
                self._push(job)

    def _release_due(self, now: float) -> None:
        while self._timers and self._timers[0][0] <= now:
            route = heapq.heappop(self._timers)[2]
            self._route(route).timer_at = math.inf
            self._release(("route", route))
        while self._delayed and self._delayed[0][0] <= now:
            job = heapq.heappop(self._delayed)[2]
            if job.where == "delayed":
                self._push(job)

    def _next_due(self) -> float:
        return min(self._timers[0][0] if self._timers else math.inf,
                   self._delayed[0][0] if self._delayed else math.inf)

    def _pop_eligible(self, now: float) -> _Job | None:
        """The best job whose route and key are free; the others wait parked on what blocks them."""
        while self._heap:
            _, token, job = heapq.heappop(self._heap)
            if token != job.token or job.where != "heap":
                continue
            if job.key is not None and job.key in self._flight_keys:
                self._park(("key", job.key), job)
                continue
            state = self._route(job.route)
            if state.busy:
                self._park(("route", job.route), job)
                continue
            at = state.pace.ready_at(now, keep=ROOM if job.priority is Priority.CLEANUP else 0)
            if at > now:
                self._park(("route", job.route), job)
                if at < state.timer_at:
                    state.timer_at = at
                    heapq.heappush(self._timers, (at, next(self._order), job.route))
                continue
            return job
        return None

    def _dispatch(self, job: _Job, now: float) -> None:
        state = self._route(job.route)
        self._global.reserve(now)
        state.pace.reserve(now)
        state.busy = True
        self._waiting.discard(job)
        if job.key is not None:
            self._flight_keys.add(job.key)
            if self._queued.get(job.key) is job:
                del self._queued[job.key]
        job.where = "flight"
        task = asyncio.ensure_future(self._attempt(job, state))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _attempt(self, job: _Job, state: _RouteState) -> None:
        started = False
        try:
            try:
                payload = None if job.draw is None else await job.draw()
            except Exception as error:  # the owner's callable: reported to it
                log.exception("drawing the payload for %s failed", job.route)
                self._finish(job, Outcome(Status.FAILED, reason=Reason.DRAW, error=error, attempts=job.attempts))
                return
            if job.draw is not None and payload is None:  # nothing to send after all: no call, no place taken
                self.stats.skipped += 1
                self._finish(job, Outcome(Status.SENT, value=None, attempts=job.attempts))
                return
            args = () if job.draw is None else (payload,)
            now = self._clock.now()
            self._global.start(now)
            state.pace.start(now)
            started = True
            job.attempts += 1
            self.stats.requests += 1
            ops.rest_call(job.route.kind)
            try:
                value = await job.send(*args)
            except Exception as error:  # classified: retried or reported
                self._failed(job, error)
            else:
                self._finish(job, Outcome(Status.SENT, value=value, attempts=job.attempts))
        except asyncio.CancelledError:
            self._finish(job, Outcome(Status.CANCELLED, reason=Reason.CLOSED, attempts=job.attempts))
            raise
        finally:
            if not started:
                self._global.release()
                state.pace.release()
            state.busy = False
            task = asyncio.current_task()
            if task is not None:
                self._tasks.discard(task)  # now, not in a done callback after the wake-up below
            if job.key is not None:
                self._flight_keys.discard(job.key)
                self._release(("key", job.key))
            self._release(("route", job.route))
            self._poke()

    def _failed(self, job: _Job, error: Exception) -> None:
        failure = classify(error, global_pause=self._global_pause)
        now = self._clock.now()
        if failure.verdict in (Verdict.ROUTE_LIMITED, Verdict.GLOBAL_LIMITED):
            self.stats.rate_limited += 1
            ops.rest_limited(job.route.kind)
            job.limited += 1
            log.warning("429 on %s (%s): waiting %.2f s", job.route, failure.verdict.value, failure.retry_after)
            if job.limited <= self._max_rate_limited:
                pace = self._route(job.route).pace if failure.verdict is Verdict.ROUTE_LIMITED else self._global
                pace.pause(now + failure.retry_after)
                self._requeue(job, None)
                return
        elif failure.verdict is Verdict.TRANSIENT and job.attempts < self._max_attempts:
            self.stats.retried += 1
            self._requeue(job, now + self._backoff * 2 ** (job.attempts - 1))
            return
        log.info("%s: %s (status %s, code %s)", job.route, failure.reason.value, failure.http_status, failure.code)
        self._finish(job, Outcome(Status.FAILED, reason=failure.reason, error=error,
                                  http_status=failure.http_status, code=failure.code, attempts=job.attempts))

    def _requeue(self, job: _Job, at: float | None) -> None:
        if job.key is not None:
            newer = self._queued.get(job.key)
            if newer is not None:  # a later state is queued: its call answers this one too
                newer.waiters.extend(job.waiters)
                job.where = "done"
                return
            self._queued[job.key] = job
        self._waiting.add(job)
        if at is None:
            self._push(job)
        else:
            job.where = "delayed"
            heapq.heappush(self._delayed, (at, job.seq, job))

    def _cancel_waiting(self) -> None:
        for job in sorted(self._waiting, key=lambda j: j.seq):
            if job.key is not None and self._queued.get(job.key) is job:
                del self._queued[job.key]
            self._finish(job, Outcome(Status.CANCELLED, reason=Reason.CLOSED))
        self._waiting.clear()
        self._heap.clear()
        self._parked.clear()
        self._delayed.clear()

    def _finish(self, job: _Job, outcome: Outcome[Any]) -> None:
        job.where = "done"
        outcome = replace(outcome, covered=len(job.waiters))
        if outcome.status is Status.SENT:
            self.stats.sent += 1
        elif outcome.status is Status.FAILED:
            self.stats.failed += 1
        else:
            self.stats.cancelled += 1
        for future in job.waiters:
            if not future.done():
                future.set_result(outcome)


def _log_crash(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the outbox dispatcher stopped", exc_info=task.exception())
