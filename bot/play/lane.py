"""A table's channel posts in the order the game made them: notices, results, then the standings.

The outbox orders work between tables (a table with a human first, newest click first), which is
right for the table picture, coalesced and drawn at its turn, but would let a later result of one
table overtake an earlier one. So a table's posts do not go to the outbox as they come: each
transition that has something to say queues it here while it holds the table's lock (so the
queue's order is the game's), and the lane's one task sends them one message at a time, the
first once what its transition played is stored. The channel takes one call at a time anyway, so
this costs no pace. Like a table picture, the message is made up when its call's turn has come
(``take``): everything queued and stored by then goes in it (up to ``PER_MESSAGE`` pictures), so
a burst of results (hold'em hands that run out with nobody to act) costs one call, and the end of
the game (the standings, queued last) comes with the last results instead of behind them.

The table picture is drawn at its turn from the game as it is then, which may be past a result
still waiting here: it waits (``behind``), and the lane asks for it again once it has caught up,
so every kyoku's result is in the channel before the next kyoku's first picture.
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
Item = tuple[str, Any]  # ("notice", (key, params)), ("kyoku"|"showdown", record) or ("standings", summary)


@dataclass
class Post:
    item: Item
    stored: asyncio.Future[Any] | None  # the save of what its transition played (None: stored already)
    reported: tuple[int, int] | None = None  # on a transition's last post: the results counted once told

    def settled(self) -> bool:
        return self.stored is None or self.stored.done()

    def ok(self) -> bool:
        """Stored: it may be told (a refused save, another process's move first, tells nothing)."""
        future = self.stored
        return future is None or (future.done() and not future.cancelled() and future.exception() is None)


Take = Callable[[], list[Item]]  # the items of the next message, taken at its turn


class _Take:
    """The posts one message takes when its call's turn has come: the first and every later one
    stored by now, up to a message's pictures (the same again if the call is tried again)."""

    def __init__(self, posts: deque[Post]) -> None:
        self.posts = posts
        self.taken = 0
        self.items: list[Item] | None = None

    def __call__(self) -> list[Item]:
        if self.items is not None:
            return self.items
        items: list[Item] = []
        pictures = 0
        posts = self.posts
        while self.taken < len(posts) and (self.taken == 0 or posts[self.taken].settled()):
            post = posts[self.taken]
            if post.item[0] != "notice" and post.ok():
                if pictures == PER_MESSAGE:
                    break
                pictures += 1
            self.taken += 1
            if post.ok():
                items.append(post.item)
        self.items = items
        return items


@dataclass(eq=False)
class Lane:
    posts: deque[Post] = field(default_factory=deque)
    told: tuple[int, int] = (0, 0)  # kyoku and poker results the channel has been told (or never will be)
    picture_due: bool = False  # a table picture waited for this lane: asked for again once it is through
    runner: asyncio.Task[Any] | None = None

    def add(self, items: list[Item], stored: asyncio.Future[Any] | None, reported: tuple[int, int] | None,
            spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any] | None],
            send: Callable[[Take], Awaitable[None]], caught_up: Callable[[], None]) -> None:
        """Queue a transition's posts (the table's lock held), told once ``stored`` resolves.
        ``send`` makes one message of what its ``Take`` gives when the call's turn has come;
        ``caught_up`` asks for the table picture once the lane is through, if one waited."""
        posts = [Post(item, stored) for item in items]
        posts[-1].reported = reported
        self.posts.extend(posts)
        if self.runner is None or self.runner.done():
            self.runner = spawn(self._run(send, caught_up))

    def behind(self, kyoku: int, poker: int, locked: bool) -> bool:
        """The game holds results the channel has not been told yet, and they are queued here or
        about to be (a transition holds the table's lock): a picture of the game waits."""
        return (kyoku > self.told[0] or poker > self.told[1]) and (bool(self.posts) or locked)

    async def drained(self) -> None:
        """Every post queued so far is sent (or given up); never raises."""
        while self.runner is not None and not self.runner.done() and self.runner is not asyncio.current_task():
            await asyncio.wait([self.runner])

    async def _run(self, send: Callable[[Take], Awaitable[None]], caught_up: Callable[[], None]) -> None:
        while self.posts:
            first = self.posts[0].stored
            if first is not None:
                await asyncio.wait([first])
            take = _Take(self.posts)
            try:
                await send(take)
            except Exception:  # a message that failed is the channel's loss, not the next one's
                log.exception("a table's channel post failed")
            finally:
                for _ in range(max(take.taken, 1)):  # nothing taken (the outbox closed): let the first go
                    if self.posts:
                        self._told(self.posts.popleft())
            if not self.posts and self.picture_due:
                self.picture_due = False
                caught_up()

    def _told(self, post: Post) -> None:
        if post.reported is not None:
            self.told = max(self.told[0], post.reported[0]), max(self.told[1], post.reported[1])
