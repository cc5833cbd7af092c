"""A table's channel posts in the order the game made them: notices, results, then the end.

The outbox orders work between tables (a table with a human first, newest click first), which is
right for the table picture, coalesced and drawn at its turn, but would let a later result of one
table overtake an earlier one. So a table's posts do not go to the outbox as they come: each
transition that has something to say queues it here while it holds the table's lock (so the
queue's order is the game's), and the lane's one task hands them to the outbox one message at a
time, each once what its transition played is stored and the previous message is sent. The
channel takes one call at a time anyway, so this costs no pace; and posts that are ready while an
earlier one is on its way go out together (up to ``PER_MESSAGE`` results in one message), so a
burst of results (hold'em hands that run out with nobody to act) costs one call, not one each,
and the end of the game is not held behind them.

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


PER_MESSAGE = 10  # Discord takes up to 10 files in a message
Item = tuple[str, Any]  # ("notice", (key, params)), ("kyoku", record) or ("showdown", record)


@dataclass
class Entry:
    ready: Callable[[], Awaitable[bool]]  # what the transition played is stored (False: refused, tell nothing)
    settled: Callable[[], bool]  # ``ready`` would answer at once
    items: list[Item]  # what to post, in order
    reported: tuple[int, int]  # the game's kyoku and poker results counted once these are posted


@dataclass(eq=False)
class Lane:
    entries: deque[Entry] = field(default_factory=deque)
    told: tuple[int, int] = (0, 0)  # kyoku and poker results the channel has been told (or never will be)
    picture_due: bool = False  # a table picture waited for this lane: asked for again once it is through
    runner: asyncio.Task[Any] | None = None

    def add(self, entry: Entry, spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any] | None],
            post: Callable[[list[Item]], Awaitable[None]], caught_up: Callable[[], None]) -> None:
        """Queue a transition's posts (the table's lock held). ``post`` sends items in order,
        grouping them into as few messages as it may; ``caught_up`` asks for the table picture
        once the lane has nothing left, if one waited."""
        self.entries.append(entry)
        if self.runner is None or self.runner.done():
            self.runner = spawn(self._run(post, caught_up))

    def behind(self, kyoku: int, poker: int, locked: bool) -> bool:
        """The game holds results the channel has not been told yet, and they are queued here or
        about to be (a transition holds the table's lock): a picture of the game waits."""
        return (kyoku > self.told[0] or poker > self.told[1]) and (bool(self.entries) or locked)

    async def drained(self) -> None:
        """Every post queued so far is sent (or given up); never raises."""
        while self.runner is not None and not self.runner.done() and self.runner is not asyncio.current_task():
            await asyncio.wait([self.runner])

    async def _run(self, post: Callable[[list[Item]], Awaitable[None]], caught_up: Callable[[], None]) -> None:
        while self.entries:
            taken = 0
            try:
                items: list[Item] = []
                # the first entry when it is stored, then every one after it already stored
                while taken < len(self.entries) and (taken == 0 or self.entries[taken].settled()):
                    entry = self.entries[taken]
                    ok = await _ready(entry)
                    taken += 1
                    if ok:
                        items += entry.items
                if items:
                    await post(items)
            except Exception:  # a post that failed is the channel's loss, not the next post's
                log.exception("a table's channel post failed")
            finally:
                for _ in range(max(taken, 1)):
                    entry = self.entries.popleft()
                    self.told = max(self.told[0], entry.reported[0]), max(self.told[1], entry.reported[1])
            if not self.entries and self.picture_due:
                self.picture_due = False
                caught_up()


async def _ready(entry: Entry) -> bool:
    try:
        return await entry.ready()
    except Exception:  # not known to be stored: not told
        log.exception("a table's save failed; its posts are not made")
        return False
