"""A table's channel posts in the order the game made them: notices, results, then the end.

The outbox orders work between tables (a table with a human first, newest click first), which is
right for the table picture, coalesced and drawn at its turn, but would let a later result of one
table overtake an earlier one. So a table's posts do not go to the outbox as they come: each
transition that has something to say queues it here while it holds the table's lock (so the
queue's order is the game's), and the lane's one task hands them to the outbox one at a time,
each once what its transition played is stored and the previous post is sent. The channel takes
one call at a time anyway, so this costs no pace.

The table picture is drawn at its turn from the game as it is then, which may be past a result
still waiting here; ``behind`` tells the picture to wait, and the lane asks for it again once it
has caught up, so every kyoku's result is in the channel before the next kyoku's first picture.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class Entry:
    ready: Callable[[], Awaitable[bool]]  # what the transition played is stored (False: refused, tell nothing)
    posts: list[Callable[[], Awaitable[Any]]]  # each one channel message, sent once the previous one is
    reported: tuple[int, int]  # the game's kyoku and poker results counted once these are posted


@dataclass(eq=False)
class Lane:
    entries: deque[Entry] = field(default_factory=deque)
    told: tuple[int, int] = (0, 0)  # kyoku and poker results the channel has been told (or never will be)
    picture_due: bool = False  # a table picture waited for this lane: asked for again once it is through
    runner: asyncio.Task[Any] | None = None

    def add(self, entry: Entry, spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any] | None],
            caught_up: Callable[[], None]) -> None:
        """Queue a transition's posts (the table's lock held); ``caught_up`` asks for the table
        picture once the lane has nothing left, if one waited."""
        self.entries.append(entry)
        if self.runner is None or self.runner.done():
            self.runner = spawn(self._run(caught_up))

    def behind(self, kyoku: int, poker: int, locked: bool) -> bool:
        """The game holds results the channel has not been told yet, and they are queued here or
        about to be (a transition holds the table's lock): a picture of the game waits."""
        return (kyoku > self.told[0] or poker > self.told[1]) and (bool(self.entries) or locked)

    async def drained(self) -> None:
        """Every post queued so far is sent (or given up); never raises."""
        while self.runner is not None and not self.runner.done() and self.runner is not asyncio.current_task():
            await asyncio.wait([self.runner])

    async def _run(self, caught_up: Callable[[], None]) -> None:
        while self.entries:
            entry = self.entries[0]
            try:
                if await entry.ready():
                    for post in entry.posts:
                        await post()
            except Exception:  # a post that failed is the channel's loss, not the next post's
                log.exception("a table's channel post failed")
            finally:
                self.entries.popleft()
                self.told = max(self.told[0], entry.reported[0]), max(self.told[1], entry.reported[1])
            if not self.entries and self.picture_due:
                self.picture_due = False
                caught_up()
