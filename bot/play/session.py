"""One table in memory: its state, its one lock, its timers and background work, closed in one call.

Every transition (join, leave, CPU, start, cancel, move, timeout, "I'm back", abort) runs under
``lock`` and re-checks there the state it needs. Discord is never called while the lock is held:
transitions return what happened and the caller talks to Discord afterwards.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.comfort import UserSettings
from bot.play.lane import Lane
from bot.play.table import Table
from engine.base import Move

if TYPE_CHECKING:
    from bot.play.cpu import Decisions

log = logging.getLogger(__name__)


@dataclass
class HandRef:
    """A private message that carries a player's move buttons: a DM, or a "My hand" copy (an
    ephemeral follow-up, edited through its interaction)."""

    no: int  # the prompt it belongs to
    channel_id: int | None = None
    message_id: int | None = None
    followup: Any = None  # the interaction whose follow-up it is


@dataclass
class Picture:
    no: int
    at: float
    png: bytes
    words: str = ""  # what the picture shows, in words (its alt text, bot.render.alt)


@dataclass(eq=False)  # one per table: compared and hashed by identity
class TableSession:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    legal: dict[str, list[Move]] = field(default_factory=dict)  # per prompted player
    started: dict[str, float] = field(default_factory=dict)  # when their clock started
    hand_ui: dict[str, tuple[str, bool]] = field(default_factory=dict)  # poker part shown, riichi toggle
    timers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    hands: dict[str, list[HandRef]] = field(default_factory=dict)  # messages with buttons, to withdraw
    dm_hand: dict[str, HandRef] = field(default_factory=dict)  # each player's one hand DM, deleted for the next
    pictures: dict[str, Picture] = field(default_factory=dict)  # last "My hand" picture, reused briefly
    reported: tuple[int, int] = (0, 0)  # kyoku and poker results already posted
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)  # background work (CPU turns, edits, posts)
    work: set[asyncio.Task[Any]] = field(default_factory=set)  # transitions under way: close() waits
    cpu_task: asyncio.Task[None] | None = None
    dirty: bool = False
    last_click: float | None = None  # the clock time of the latest human move: orders picture edits
    played_at: float = 0.0  # when the latest transition began: the next CPU move is due a pause after it
    closed: bool = False
    expiry: asyncio.Task[None] | None = None
    settings: dict[str, UserSettings] = field(default_factory=dict)  # human seats' own switches, loaded once
    load_settings: Callable[[int], Awaitable[UserSettings]] | None = None  # how (None: every switch off)
    auto_played: dict[str, list[Move]] = field(default_factory=dict)  # played by a switch, told in the next hand
    assisted: set[str] = field(default_factory=set)  # seats shown an assist picture this game
    saved: tuple[int, str] | None = None  # moves and scenario header the store holds (persist)
    saved_meta: dict[str, Any] | None = None  # the meta last queued for the store (persist)
    pending: asyncio.Future[Any] | None = None  # the newest save queued for the table (persist)
    decisions: Decisions | None = None  # where its CPU seats' choices run (None: a thread)
    told: Any = None  # the public record of the table picture last described: its discards are not told again
    buttons: tuple[int, str] | None = None  # the table message and language its buttons were sent with
    lane: Lane = field(default_factory=Lane)  # its channel posts, in the game's order (bot.play.lane)
    closing_lines: list[str] = field(default_factory=list)  # said under the final standings (rank changes)

    @property
    def table_id(self) -> str:
        return self.table.table_id

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any] | None:
        """Run background work that ``close`` cancels and awaits (nothing once closed)."""
        if self.closed:
            coro.close()
            return None
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: background work failed", self.table_id, exc_info=task.exception())

    def clear_prompt(self, player: str) -> list[HandRef]:
        """Forget the player's prompt and stop its clock; returns the messages to strip of buttons."""
        self.table.prompts.pop(player, None)
        self.table.deadlines.pop(player, None)
        self.legal.pop(player, None)
        self.hand_ui.pop(player, None)
        self.started.pop(player, None)
        task = self.timers.pop(player, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        return self.hands.pop(player, [])

    async def settled(self) -> None:
        """Every background task started so far has ended (the caller's own aside)."""
        current = asyncio.current_task()
        pending = [task for task in self.tasks if task is not current]
        if pending:
            await asyncio.wait(pending)

    def idle(self) -> bool:
        """Nothing of the table runs or is scheduled but turn timers (and lobby expiry)."""
        return not self.work and not any(not task.done() for task in self.tasks)

    async def close(self) -> None:
        """Stop the table's timers and background work and wait until they have stopped; a
        transition under way is waited for, so what it played is stored."""
        self.closed = True
        current = asyncio.current_task()
        moving = [task for task in self.work if task is not current]
        if moving:
            await asyncio.gather(*moving, return_exceptions=True)
        stop = [*self.timers.values(), *self.tasks]
        if self.expiry is not None:
            stop.append(self.expiry)
        stop = [task for task in stop if task is not current and not task.done()]
        for task in stop:
            task.cancel()
        await asyncio.gather(*stop, return_exceptions=True)
        self.timers.clear()
        self.tasks.clear()
        self.legal.clear()
        self.hands.clear()
        self.pictures.clear()
        self.hand_ui.clear()
        self.started.clear()
