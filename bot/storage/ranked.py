"""What ranked play keeps in the store (the queue, matches, the dan ladder) and its interface.

Both backends implement :class:`RankedStore` (``ranked_sqlite.py``, ``ranked_postgres.py``) with
the same contract (``tests/bot/storage/test_storage_ranked.py``). Times of the queue are the bot's
clock's seconds (``m.clock.now()``), passed in, so tests run on virtual time. The shared arithmetic
of counting a game is :func:`changes_for`, over :mod:`bot.ranked.ladder`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.ranked.ladder import Length, Standing, game_changes

WAITING, MATCHED = "waiting", "matched"
READY, OPENING, OPENED, EXPIRED, UNDONE = "ready", "opening", "opened", "expired", "undone"


@dataclass(frozen=True)
class RankedSettings:
    """A server's ranked play: the channel whose threads hold its tables (None: ranked play is off)
    and, for small servers, minutes of waiting after which CPUs fill a match (unranked)."""

    guild_id: int
    channel_id: int | None = None
    cpu_fill_minutes: int | None = None


@dataclass(frozen=True)
class QueueEntry:
    """One player waiting (or matched and asked to be ready) in one queue of one server."""

    user_id: int
    guild_id: int
    game: str
    length: str  # "east", "south" or "" for games without a length
    joined_at: float
    name: str
    level: int = 0
    lang: str = "en"
    channel_id: int = 0  # where they joined: a private message goes there if their DMs are closed
    status: str = WAITING
    match_id: str | None = None
    ready_id: int | None = None  # the interaction id of their Ready
    rating: float = 1500.0  # the hidden Elo rating of this game mode (read when matching)


@dataclass(frozen=True)
class Match:
    """Players chosen to play together; ``secret`` (hex) is the fair shuffle's, committed in the
    Ready message. ``ranked`` is False for a table CPUs fill."""

    match_id: str
    guild_id: int
    game: str
    length: str
    created_at: float
    ready_by: float
    secret: str
    state: str
    ranked: bool
    players: list[QueueEntry] = field(default_factory=list)
    table_id: str | None = None
    thread_id: int | None = None


@dataclass(frozen=True)
class RankedRow:
    """A player's place on a server's ladder of one game mode."""

    guild_id: int
    game: str
    user_id: int
    level: int = 0
    points: int = 0
    games: int = 0


@dataclass(frozen=True)
class RankChange:
    """One ranked game's effect on one player (kept for /stats and the final standings)."""

    game_id: int
    user_id: int
    place: int
    delta: int
    level_before: int
    points_before: int
    level_after: int
    points_after: int
    finished_at: float = 0.0


ReadyAnswer = tuple[str, Match | None]
"""("ready" | "again" | "late" | "all", the match): "all" hands the caller the opening."""

Pick = Callable[[list[QueueEntry], float], list[list[QueueEntry]]]


def changes_for(game_id: int, seats: list[tuple[int | None, int]], standings: dict[int, Standing],
                length: Length, finished_at: float) -> list[RankChange]:
    """The rank changes of a game from its seats' (user id, place), or none if a seat is a CPU."""
    if any(user is None for user, _ in seats):
        return []
    users = [int(user) for user, _ in seats if user is not None]
    places = [place for _, place in seats]
    before = [standings.get(u, Standing()) for u in users]
    return [RankChange(game_id, u, p, c.delta, c.before.level, c.before.points, c.after.level, c.after.points,
                       finished_at)
            for u, p, c in zip(users, places, game_changes(before, places, length), strict=True)]


def seated_users(metas: list[dict[str, Any]]) -> set[int]:
    """Human players of tables in play (dealt, not lobbies) from their stored meta."""
    return {int(s["user"]) for meta in metas if meta.get("status") == "playing"
            for s in meta.get("seats", []) if s.get("user") is not None}


class RankedStore(ABC):
    """The ranked part of :class:`bot.storage.base.Store`: each method is one transaction."""

    @abstractmethod
    async def get_ranked_settings(self, guild_id: int) -> RankedSettings: ...

    @abstractmethod
    async def set_ranked_settings(self, settings: RankedSettings) -> None: ...

    @abstractmethod
    async def queue_join(self, entry: QueueEntry) -> QueueEntry | None:
        """Put the player in the queue; the entry they already have instead (nothing changed):
        a player waits in one queue at a time."""

    @abstractmethod
    async def queue_leave(self, user_id: int) -> QueueEntry | None:
        """Take the player out (waiting or asked to be ready); the entry removed, if any."""

    @abstractmethod
    async def queue_entry(self, user_id: int) -> QueueEntry | None: ...

    @abstractmethod
    async def queue_of_guild(self, guild_id: int) -> list[QueueEntry]:
        """Everyone in the server's queues (waiting or matched), longest waiting first."""

    @abstractmethod
    async def queue_keys(self) -> list[tuple[int, str, str]]:
        """The (guild, game, length) queues where somebody waits or is asked to be ready."""

    @abstractmethod
    async def claim_matches(self, guild_id: int, game: str, length: str, now: float, ready_for: float,
                            pick: Pick, ranked: bool = True) -> list[Match]:
        """Take the queue's waiting players no other process has taken (PostgreSQL: ``FOR UPDATE
        SKIP LOCKED``), let ``pick(waiting, now)`` choose tables, and store each as a match whose
        players must be ready by ``now + ready_for``, all in one transaction: nobody is matched twice."""

    @abstractmethod
    async def get_match(self, match_id: str) -> Match | None: ...

    @abstractmethod
    async def mark_ready(self, match_id: str, user_id: int, interaction_id: int, now: float) -> ReadyAnswer:
        """Record a Ready. "again" if already recorded, "late" if the match is no longer waiting
        for it (or the player is not in it), "all" when it completes the match, which is then the
        caller's to open (state ``opening``); else "ready"."""

    @abstractmethod
    async def expire_matches(self, now: float, stale_opening: float = 300.0) -> list[tuple[Match, list[int]]]:
        """Matches past their Ready time: who did not answer leaves the queue, the others wait again
        at their old place; returns each match with the users dropped. Openings older than
        ``stale_opening`` seconds (their process died) are undone with nobody dropped."""

    @abstractmethod
    async def match_table(self, match_id: str, table_id: str) -> None:
        """Name the table a match is opening, before it is stored, so its game is found later."""

    @abstractmethod
    async def match_opened(self, match_id: str, thread_id: int) -> None:
        """The table is open: its players leave the queue."""

    @abstractmethod
    async def match_undo(self, match_id: str) -> list[QueueEntry]:
        """The table could not open: every player still queued waits again at their old place."""

    @abstractmethod
    async def recent_waits(self, guild_id: int, game: str, since: float) -> list[float]:
        """The waits (seconds from join to match) of the players of matches opened since ``since``."""

    @abstractmethod
    async def seated_in_guild(self, guild_id: int) -> set[int]:
        """Users seated at a dealt table of this server, whichever process serves it."""

    @abstractmethod
    async def ranked_standings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, RankedRow]:
        """Each user's ladder row (users never ranked are left out: 10 kyu, 0 points)."""

    @abstractmethod
    async def ranked_leaderboard(self, guild_id: int, game: str, offset: int = 0, limit: int = 10
                                 ) -> list[RankedRow]:
        """The ladder, highest rank and points first."""

    @abstractmethod
    async def apply_ranked_game(self, game_id: int) -> list[RankChange]:
        """Count a stored game on the ladder if it was a full-human ranked match; once only: a
        second call returns the changes stored by the first. Empty if the game is not ranked."""

    @abstractmethod
    async def unapplied_ranked_games(self) -> list[int]:
        """Stored games of ranked matches not yet counted (a crash between the two writes)."""

    @abstractmethod
    async def rank_changes(self, guild_id: int, user_id: int, game: str, limit: int = 10) -> list[RankChange]:
        """The player's latest ranked games, newest first."""

    @abstractmethod
    async def rank_changes_of_game(self, game_id: int) -> list[RankChange]: ...
