"""The bot's Prometheus metrics, one registry per process, and the one-line hooks that feed them.

Named as Prometheus asks: a ``janpo_`` prefix, base units in the name (``_seconds``), ``_total``
on counters, labels only of small fixed sets (game, state, route kind, direction, logger). The
hooks are called at the existing points of the bot (a click answered, a CPU decision, an outbox
call, a save batch, a take-over, a forward, a logged error); each costs a lock and an addition,
so they are always on, and ``METRICS_PORT`` only decides whether anyone may read them
(:mod:`bot.ops.server`). Gauges of the whole bot (tables, the outbox's queue) are set by
:mod:`bot.ops.sampler` on the event loop, so a scrape, served in another thread, reads numbers
and never walks the bot's own structures.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)  # CPU seconds, memory, open files of this process
PlatformCollector(registry=REGISTRY)

# A click is answered in tens of milliseconds; a save batch in a few; a CPU choice up to a second.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

TABLES = Gauge("janpo_tables", "Tables served by this process, by game and state (lobby, playing, ending).",
               ["game", "state"], registry=REGISTRY)
MOVES = Counter("janpo_moves_total", "Moves played and queued for the store (human, CPU, timeouts).",
                ["game"], registry=REGISTRY)
CLICK_ANSWER = Histogram("janpo_click_answer_seconds",
                         "From a move click's arrival to its answer (stored, told) and what follows queued.",
                         buckets=FAST, registry=REGISTRY)
DECISION = Histogram("janpo_cpu_decision_seconds", "CPU time of one CPU seat's choice, where it ran.",
                     ["game"], buckets=FAST, registry=REGISTRY)
REST_CALLS = Counter("janpo_rest_requests_total", "Discord REST calls made by the outbox (retries included).",
                     ["route"], registry=REGISTRY)
REST_429 = Counter("janpo_rest_rate_limited_total", "429 answers the outbox met.", ["route"],
                   registry=REGISTRY)
REST_RATE = Gauge("janpo_rest_budget_requests_per_second", "The outbox's pace: this process's REST budget.",
                  registry=REGISTRY)
OUTBOX_DEPTH = Gauge("janpo_outbox_queued_jobs", "Outbox jobs waiting for their turn (not in flight).",
                     registry=REGISTRY)
OUTBOX_OLDEST = Gauge("janpo_outbox_oldest_wait_seconds", "How long the oldest waiting outbox job has waited.",
                      registry=REGISTRY)
SAVE = Histogram("janpo_save_batch_seconds", "One batch of table saves written and committed.",
                 buckets=FAST, registry=REGISTRY)
SAVES = Counter("janpo_saves_total", "Table saves written (a batch holds several).", registry=REGISTRY)
TAKEOVERS = Counter("janpo_lease_takeovers_total", "Tables this process took over from another.",
                    registry=REGISTRY)
HANDOFFS = Counter("janpo_handoffs_total", "Tables handed to another process on shutdown.",
                   registry=REGISTRY)
FORWARDED = Counter("janpo_forwarded_interactions_total",
                    "Interactions for a table held elsewhere: sent to its holder, or received from another.",
                    ["direction"], registry=REGISTRY)
ERRORS = Counter("janpo_errors_total", "Errors logged, by logger.", ["logger"], registry=REGISTRY)
READY = Gauge("janpo_ready", "1 while /readyz says ready.", registry=REGISTRY)
BUILD = Info("janpo_build", "Versions this process runs.", registry=REGISTRY)

NAMES = ("janpo_tables", "janpo_moves", "janpo_click_answer_seconds", "janpo_cpu_decision_seconds",
         "janpo_rest_requests", "janpo_rest_rate_limited", "janpo_rest_budget_requests_per_second",
         "janpo_outbox_queued_jobs", "janpo_outbox_oldest_wait_seconds", "janpo_save_batch_seconds",
         "janpo_saves", "janpo_lease_takeovers", "janpo_handoffs", "janpo_forwarded_interactions",
         "janpo_errors", "janpo_ready", "janpo_build_info")
"""Every family this module defines, as the text parser names them (counters lose ``_total``, an info gains ``_info``)."""


# ---- the hooks (one line at each call site) ---------------------------------------------------


# A labelled child looked up once per label value (``labels`` takes a lock and builds a key each
# call: a third of a hook's cost).
_moves = functools.cache(MOVES.labels)
_decisions = functools.cache(DECISION.labels)
_calls = functools.cache(REST_CALLS.labels)
_limited = functools.cache(REST_429.labels)
_forwards = functools.cache(FORWARDED.labels)
_errors = functools.cache(ERRORS.labels)


def moved(game: str) -> None:
    _moves(game).inc()


def decided(game: str, seconds: float) -> None:
    _decisions(game).observe(seconds)


@contextmanager
def click() -> Iterator[None]:
    """Times a move click's handling, from its arrival to its answer."""
    started = time.perf_counter()
    try:
        yield
    finally:
        CLICK_ANSWER.observe(time.perf_counter() - started)


def rest_call(route: str) -> None:
    _calls(route).inc()


def rest_limited(route: str) -> None:
    _limited(route).inc()


def saved(count: int, seconds: float) -> None:
    SAVE.observe(seconds)
    SAVES.inc(count)


def taken_over() -> None:
    TAKEOVERS.inc()


def handed_off() -> None:
    HANDOFFS.inc()


def forwarded(direction: str) -> None:
    """``sent`` to the table's holder, or ``received`` from the process a click reached."""
    _forwards(direction).inc()


def error(logger: str) -> None:
    _errors(logger).inc()


def prepare() -> None:
    """Create the labelled children a dashboard expects before anything happens, so every family
    is exported from the start (a rate over a series that appears late misses its first count)."""
    for route in ("channel", "dm"):
        REST_CALLS.labels(route)
        REST_429.labels(route)
    for direction in ("sent", "received"):
        FORWARDED.labels(direction)
