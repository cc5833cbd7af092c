"""Moves for CPU seats and for seats whose player is away, from ``engine.cpu``.

The CPU sees only the seat's own view and legal moves. Both are worked out here, while the caller
holds the table's lock (the game does not change meanwhile); the choice itself runs in a
:class:`Decisions` pool: worker processes in production, so decisions use the other core and the
event loop never shares the interpreter lock with them, or a thread (tests, single-core hosts).
``rng`` is derived from the table's seed and move number (the stream, or the number that seeds it),
so a replayed table makes the same CPU moves wherever the choice ran.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from typing import Any

from bot.ops import metrics as ops
from bot.play.steps import CPU_AT_ONCE
from bot.workers import Lanes, PoolKind, WorkerDied, WorkerPool, default_kind
from engine.base import Game, Move
from engine.cpu import LEVELS, choose_move

log = logging.getLogger(__name__)
CPU_NICE = 6  # niceness added to the decision workers (pictures: bot.render.pool.RENDER_NICE)


def _warm() -> None:
    """Load the CPU players and the library's tables before the first decision; in a worker
    process, keep the collector off what start-up made (as the bot does after its start-up)."""
    from engine.riichi.scoring import shanten

    shanten([k * 4 for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 29, 31)])
    if multiprocessing.parent_process() is not None:
        gc.collect()
        gc.freeze()


def decide(game_name: str, view: dict[str, Any], legal: list[Move], rng: random.Random | int,
           level: str) -> tuple[Move, float]:
    """The move, and the CPU seconds the choice took in the thread that made it. ``rng`` may be
    the number a stream is seeded with (``engine.rng.derive_seed``): 3.8 KB less to pickle."""
    start = time.thread_time()
    move = choose_move(game_name, view, legal, random.Random(rng) if isinstance(rng, int) else rng, level)
    return list(move), time.thread_time() - start


class Decisions:
    """Where CPU choices run: :class:`Lanes` of worker processes, or a thread or inline
    :class:`WorkerPool`. ``cpu_seconds`` adds up what the choices took, wherever they ran.

    A table must never stop because of where its CPU thinks: workers that cannot be started, or a
    choice whose worker died twice under it, fall back to a thread of this process."""

    def __init__(self, workers: int | None = None, kind: PoolKind | None = None, start_with: int = 1) -> None:
        self.kind: PoolKind = kind or default_kind()
        self.workers = max(1, workers or min(2, os.cpu_count() or 1))
        # CPU players think at a lower priority than the event loop and the picture workers:
        # on busy cores a click and a hand picture are served before the next CPU decision.
        # One worker starts; the second when the first is kept busy (``Lanes``).
        self._lanes = Lanes(self.workers, initializer=_warm, name="cpu", nice=CPU_NICE, start_with=start_with) \
            if self.kind == "process" else None
        self.on_grow: Callable[[], None] | None = None  # one more worker is ready: more turns may be let in
        if self._lanes is not None:
            self._lanes.grown = lambda: self.on_grow() if self.on_grow is not None else None
        # the way for thread and inline kinds, and the fallback of the process kind
        self._pool = WorkerPool(self.workers, "thread" if self.kind == "process" else self.kind,
                                initializer=_warm, name="cpu")
        self.cpu_seconds = 0.0
        self.made = 0

    @property
    def turns_at_once(self) -> int:
        """CPU-only turns worth letting in at once (``bot.play.steps``): one more than there are
        workers ready, so none idles while the loop hands an answer on; one in a thread, which
        shares the interpreter lock with the event loop."""
        if self._lanes is None:
            return CPU_AT_ONCE
        return max(1, self._lanes.ready_workers) + 1

    @property
    def pids(self) -> list[int]:
        return self._lanes.pids if self._lanes is not None else []

    async def start(self) -> None:
        if self._lanes is not None:
            try:
                await self._lanes.start()
                return
            except (OSError, WorkerDied) as exc:
                log.warning("CPU decision workers could not start (%s); deciding in a thread", exc)
                self._lanes.close()
                self._lanes, self.kind = None, "thread"
        await self._pool.start()

    async def choose(self, game_name: str, game: Game, player: str, rng: random.Random | int, level: str,
                     urgent: bool = False) -> Move:
        """``urgent``: a human waits on this table, so the choice goes before CPU-only tables'."""
        level = level if level in LEVELS else "normal"
        args = (game_name, game.view(player), game.legal_moves(player), rng, level)
        answer: tuple[Move, float] | None = None
        if self._lanes is not None:
            try:
                answer = await self._lanes.run(decide, *args, urgent=urgent)
            except WorkerDied as exc:
                log.warning("a CPU decision's worker died twice (%s); deciding in a thread", exc)
        if answer is None:
            answer = await self._pool.run(decide, *args)
        move, spent = answer
        ops.decided(game_name, spent)
        self.cpu_seconds += spent
        self.made += 1
        return move

    async def close(self) -> None:
        if self._lanes is not None:
            self._lanes.close()
        await asyncio.to_thread(self._pool.close)


_THREAD = Decisions(kind="thread")  # for a caller that names no pool


async def choose(game_name: str, game: Game, player: str, rng: random.Random | int, level: str,
                 pool: Decisions | None = None, urgent: bool = False) -> Move:
    """``player``'s CPU move in ``game``, chosen in ``pool`` (a thread when none is given)."""
    return await (pool or _THREAD).choose(game_name, game, player, rng, level, urgent)
