"""The storage interface the bot codes against, and the records that cross it.

One small abstract class, :class:`Store`, with SQLite as the embedded default
(:mod:`bot.storage.sqlite`) and PostgreSQL for several processes sharing one database
(:mod:`bot.storage.postgres`); nothing outside this package names a backend. Every method is one
unit of work: it commits before it returns.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from bot.storage.league_base import LeagueStore
from bot.storage.ranked import RankedStore

if TYPE_CHECKING:
    from bot.storage.writer import Write, Writer

Period = Literal["all", "month", "week"]
PERIOD_DAYS: dict[str, int | None] = {"all": None, "month": 30, "week": 7}
"""Leaderboard periods are rolling windows ending now, so no time zone is involved."""

Stats = dict[str, Any]
"""Per-seat counters: names to ints, or to a dict of names to ints (``{"yaku": {"Riichi": 2}}``)."""


@dataclass
class TableRecord:
    """A table in play: enough to rebuild it after a restart.

    ``scenario`` is the SCENARIOS.md JSON (seed, options, players, moves so far); ``meta`` is the
    bot's own state (seats to user ids or CPUs, host, message ids, deadlines, language).
    """

    table_id: str
    guild_id: int | None
    channel_id: int
    game: str
    scenario: dict[str, Any]
    meta: dict[str, Any]


@dataclass
class SeatResult:
    """One seat of a finished game. ``user_id`` None marks a CPU seat.

    ``player`` is the seat's name in the scenario (the name its results use). ``rank`` None lets
    the store rank by points, ties sharing the better rank; give it for games ranked otherwise
    (hold'em: busted players by elimination order).
    """

    player: str
    user_id: int | None
    name: str
    points: int
    rank: int | None = None
    cpu_level: str | None = None
    stats: Stats = field(default_factory=dict)

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None


@dataclass
class FinishedGame:
    """Everything kept of a game once it ends; ``kyoku_results``/``poker_results`` as in SCENARIOS.md."""

    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    started_at: datetime
    finished_at: datetime
    seed: int | str
    scenario: dict[str, Any]
    seats: list[SeatResult]
    kyoku_results: list[dict[str, Any]] = field(default_factory=list)
    poker_results: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of a leaderboard. ``rating`` is the current one; the rest cover the period."""

    rank: int
    user_id: int
    rating: float
    games: int
    average_rank: float
    win_rate: float
    average_points: float


@dataclass(frozen=True)
class SeatSummary:
    player: str
    user_id: int | None
    name: str
    points: int
    rank: int
    rating_before: float | None = None
    rating_after: float | None = None

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class GameSummary:
    """A line of game history."""

    game_id: int
    guild_id: int | None
    channel_id: int
    game: str
    started_at: datetime
    finished_at: datetime
    seats: list[SeatSummary]


@dataclass(frozen=True)
class StoredGame(GameSummary):
    """A finished game in full: what a replay or an export needs."""

    options: dict[str, Any] = field(default_factory=dict)
    seed: str = ""
    scenario: dict[str, Any] = field(default_factory=dict)
    kyoku_results: list[dict[str, Any]] = field(default_factory=list)
    poker_results: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class AbortedGame:
    """A game stopped before its end (``/table abort``, its channel or server gone): kept as it
    was stored, never rated, in none of the history, leaderboard or statistics.

    ``scenario`` is the SCENARIOS.md JSON with every move stored, ``meta`` the table's own state
    as last saved, ``reason`` the bot's word for why it stopped (``"aborted"``, ``"gone"``),
    ``opened_at`` when the table was first stored (its lobby).
    """

    aborted_id: int
    table_id: str
    guild_id: int | None
    channel_id: int
    game: str
    scenario: dict[str, Any]
    meta: dict[str, Any]
    reason: str
    opened_at: datetime
    aborted_at: datetime


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one game, for a rating-over-time plot."""

    game_id: int
    finished_at: datetime
    rating_before: float
    rating: float


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in one guild, for one game mode or (``game`` None) all of them.

    Rates are None where their denominator is zero (no kyoku played, no poker hand, ...).
    ``first_rate`` is the share of games finished first (the leaderboard's "win rate");
    ``win_rate`` is mahjong wins per kyoku played. ``counters`` holds the summed raw counters
    (see :mod:`bot.storage.counters`) for anything the fields below do not cover.
    """

    guild_id: int
    user_id: int
    game: str | None
    games: int
    ratings: dict[str, float]
    average_rank: float | None
    first_rate: float | None
    average_points: float | None
    kyoku_played: int
    win_rate: float | None
    deal_in_rate: float | None
    riichi_rate: float | None
    average_win_value: float | None
    top_yaku: list[tuple[str, int]]
    poker_hands: int
    vpip: float | None
    showdown_win_rate: float | None
    net_chips: int
    poker_choice_rate: float | None
    counters: dict[str, Any]


@dataclass(frozen=True)
class Deadline:
    """A timer of a table in play: if the table still has ``move_no`` moves at ``due_at``, the
    ``kind`` of timeout (the bot's name: ``"turn"``, ``"claim"``, ...) is due."""

    table_id: str
    kind: str
    move_no: int
    due_at: datetime


Forwarded = Callable[[str, dict[str, Any]], Awaitable[None] | None]
"""Called with (table_id, payload) for each interaction another process forwarded to this one."""
HandedOff = Callable[[str, str], Awaitable[None] | None]
"""Called with (table_id, the holder that gave it up) for each table handed off by a process."""


class StoreError(RuntimeError):
    """The database cannot be used as it is (for instance, written by a newer version)."""


class MoveConflict(StoreError):
    """Another writer stored this table's moves first: the caller's copy of the table is stale.

    Raised instead of forking the game; reload the table (:meth:`Store.load_table`) and carry on
    from what is stored. ``stored`` is the number of moves stored (None: no such table).
    """

    def __init__(self, table_id: str, expected: int, stored: int | None) -> None:
        self.table_id, self.expected, self.stored = table_id, expected, stored
        have = "no such table" if stored is None else f"{stored} moves are stored"
        super().__init__(f"table {table_id!r}: a write expected {expected} moves stored, but {have}")


class Store(RankedStore, LeagueStore, ABC):
    """What the bot needs from storage. ``await Store.open(path)`` gives the default backend.

    Ranked play's part (the queue, matches, the dan ladder) is :class:`bot.storage.ranked.RankedStore`;
    leagues' is :class:`bot.storage.league_base.LeagueStore`.
    """

    @classmethod
    async def open(cls, path: str) -> Store:
        """Open (creating and migrating as needed) the store at ``path``.

        Called on :class:`Store` itself it picks the backend: PostgreSQL for a
        ``postgresql://`` (or ``postgres://``) URL, otherwise SQLite, where ``path`` is a file name
        or ``:memory:``.
        """
        if cls is Store:
            if path.startswith(("postgresql://", "postgres://")):
                from bot.storage.postgres import PostgresStore

                return await PostgresStore.open(path)
            from bot.storage.sqlite import SQLiteStore

            return await SQLiteStore.open(path)
        raise NotImplementedError(f"{cls.__name__} must define open()")

    @abstractmethod
    async def close(self) -> None:
        """Writes what the writer has queued (:meth:`close_writer`), then lets the database go."""

    @property
    def writer(self) -> Writer:
        """The store's one batching writer of tables in play (:mod:`bot.storage.writer`)."""
        from bot.storage.writer import Writer

        found: Writer | None = self.__dict__.get("_writer")
        if found is None:
            found = self.__dict__["_writer"] = Writer(self)
        return found

    async def close_writer(self) -> None:
        found = self.__dict__.pop("_writer", None)
        if found is not None:
            await found.close()

    async def write_batch(self, writes: list[Write]) -> list[Any]:
        """Each write's result (``append_moves``'s count, None for a whole table) or the exception
        it raised, in order. This default writes them one by one; a backend writes them in one
        transaction, each in its own savepoint, so one refused write changes nothing else."""
        results: list[Any] = []
        for w in writes:
            try:
                if w.record is not None:
                    await self.save_table(w.record)
                    results.append(None)
                else:
                    results.append(await self.append_moves(w.table_id, w.first, w.moves, w.meta))
            except Exception as e:
                results.append(e)
        return results

    # live tables: a header row plus one row per move (bot.storage.live)
    @abstractmethod
    async def save_table(self, rec: TableRecord) -> None:
        """Insert or update a table in play from its whole record, writing only the moves not yet
        stored: the stored moves are taken to be a prefix of ``rec``'s (checked on the last one; a
        record that differs there, or is shorter, replaces them all). Last writer wins; prefer
        :meth:`create_table` and :meth:`append_moves`, which refuse a conflicting writer."""

    @abstractmethod
    async def create_table(self, rec: TableRecord) -> None:
        """Store a new table with the moves its scenario already has; :class:`MoveConflict` if the
        table id is taken."""

    @abstractmethod
    async def append_moves(
        self,
        table_id: str,
        first_move_no: int,
        moves: list[Any],
        meta: dict[str, Any] | None = None,
    ) -> int:
        """Store ``moves`` as moves ``first_move_no``, ``first_move_no + 1``, ... (0-based) and, if
        given, the new ``meta``, in one transaction; return the number of moves now stored.

        The cost does not grow with the game. ``first_move_no`` must equal the number of moves
        stored: otherwise another writer got there first (or the caller skipped some) and
        :class:`MoveConflict` is raised with nothing written. Pending turn deadlines of the table
        for earlier moves are dropped in the same transaction (the turn they timed has been played).
        """

    @abstractmethod
    async def load_table(self, table_id: str) -> TableRecord | None:
        """One table in play, its scenario rebuilt from the move rows; None if there is none."""

    @abstractmethod
    async def load_unfinished(self, shard: tuple[int, int] | None = None) -> list[TableRecord]:
        """Every table in play, oldest first; ``shard`` = (shard_id, shard_count) keeps one shard's
        guilds (Discord's ``(guild_id >> 22) % shard_count``; tables outside a guild go to shard 0)."""

    @abstractmethod
    async def table_in_channel(self, channel_id: int) -> str | None:
        """The id of the table in play in this channel (lobby or game), if one is stored: with
        several processes, the channel's table may be served by another one than the asker."""

    @abstractmethod
    async def tables_in_guild(self, guild_id: int) -> int:
        """How many tables (lobbies and games) of this server are stored in play, whichever
        process serves them."""

    @abstractmethod
    async def delete_table(self, table_id: str) -> None: ...

    @abstractmethod
    async def abort_table(self, table_id: str, reason: str) -> int | None:
        """Stop a table in play for good, in one transaction: a table that was dealt (its stored
        scenario has a seed) moves with its moves to the aborted games (:class:`AbortedGame`) and
        its new id is returned; one never dealt (a lobby) is just deleted. Either way the live row,
        its moves and its timers are gone. Nothing is rated. None if no table was dealt."""

    @abstractmethod
    async def aborted_games(self, guild_id: int | None, limit: int = 10, offset: int = 0) -> list[AbortedGame]:
        """A guild's aborted games (None: those outside any guild), newest first."""

    # results
    @abstractmethod
    async def finish_game(self, table_id: str | None, game: FinishedGame) -> int:
        """Record a finished game, update ratings and drop the live table, all or nothing.

        Returns the new game id.
        """

    @abstractmethod
    async def get_game(self, game_id: int, guild_id: int | None) -> StoredGame | None:
        """The game if it was played in ``guild_id`` (None: outside any guild), else None."""

    @abstractmethod
    async def history(
        self, guild_id: int, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[GameSummary]:
        """A guild's finished games, newest first; only those ``user_id`` sat in, if given."""

    # rankings and stats
    @abstractmethod
    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        period: Period = "all",
        offset: int = 0,
        limit: int = 10,
        now: datetime | None = None,
    ) -> list[LeaderboardRow]:
        """Rated players of a guild and game mode with a game in the period, best rating first."""

    @abstractmethod
    async def leaderboard_size(
        self, guild_id: int, game: str, period: Period = "all", now: datetime | None = None
    ) -> int:
        """How many rows :meth:`leaderboard` has in all, for paging."""

    @abstractmethod
    async def player_stats(self, guild_id: int, user_id: int, game: str | None = None) -> PlayerStats: ...

    @abstractmethod
    async def rating_history(self, guild_id: int, user_id: int, game: str) -> list[RatingPoint]:
        """The player's rating after each rated game, in the order the games were recorded (the
        order ratings were updated in, so each point starts where the one before ended)."""

    # settings
    @abstractmethod
    async def get_guild_language(self, guild_id: int) -> str | None: ...

    @abstractmethod
    async def set_guild_language(self, guild_id: int, lang: str | None) -> None:
        """Set the guild's table language; None goes back to the guild's own locale."""

    @abstractmethod
    async def get_user_settings(self, user_id: int) -> dict[str, Any] | None:
        """A player's own settings (``/settings me``) as last stored, or None if never set. The
        object is stored as given: ``bot.comfort.UserSettings.from_json`` reads it leniently."""

    @abstractmethod
    async def set_user_settings(self, user_id: int, data: dict[str, Any]) -> None:
        """Store a player's settings, replacing what was there (one row per player, every guild)."""

    # several processes serving tables (docs/ARCHITECTURE.md, "Several processes")
    @abstractmethod
    async def acquire_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Take the table's lease for ``seconds`` if it is free, expired or already ``holder``'s
        (then it is extended). True if ``holder`` now holds it; only one holder at a time."""

    @abstractmethod
    async def renew_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Extend ``holder``'s lease to ``seconds`` from now; False if another process took it."""

    @abstractmethod
    async def release_lease(self, table_id: str, holder: str) -> None:
        """Give the lease up (nothing happens if ``holder`` does not hold it)."""

    @abstractmethod
    async def lease_holder(self, table_id: str) -> str | None:
        """Who holds the table's unexpired lease, if anyone."""

    @abstractmethod
    async def set_deadline(self, table_id: str, kind: str, move_no: int, due_at: datetime) -> None:
        """Set (or replace) the table's timer of this kind; :meth:`append_moves` drops it once the
        table has more than ``move_no`` moves, in the transaction that stores them."""

    @abstractmethod
    async def clear_deadline(self, table_id: str, kind: str) -> None: ...

    @abstractmethod
    async def claim_deadlines(self, holder: str, limit: int = 100, hold_for: float = 30.0) -> list[Deadline]:
        """Claim up to ``limit`` due timers, soonest first, for ``hold_for`` seconds: no other call
        gets them meanwhile. The claimant plays the timeout move with :meth:`append_moves` (which
        drops the timer); if it dies first, the claim runs out and another process claims the timer
        again, and the move number makes sure the timeout is played once."""

    @abstractmethod
    async def forward(self, table_id: str, payload: dict[str, Any]) -> str | None:
        """Send ``payload`` (JSON, under 7,000 bytes: say an interaction's id, token and custom id)
        to the process holding the table's lease; returns that holder, or None when no one holds it
        (then take the lease and load the table yourself)."""

    @abstractmethod
    async def listen(self, holder: str, callback: Forwarded) -> None:
        """Deliver what :meth:`forward` sends to ``holder`` to ``callback`` until :meth:`close`."""

    @abstractmethod
    async def hand_off(self, table_id: str, holder: str) -> bool:
        """Give ``holder``'s lease of the table up and, in the same step, tell every process
        listening with :meth:`listen_handoffs` (a process shutting down hands its tables on at once,
        instead of letting their leases run out). False, and nobody told, if it did not hold it."""

    @abstractmethod
    async def listen_handoffs(self, callback: HandedOff) -> None:
        """Deliver each table :meth:`hand_off` gives up, by any process, to ``callback`` until
        :meth:`close` (this process's own hand-offs included: the callback tells them apart)."""

    @abstractmethod
    async def lease_counts(self) -> dict[str, int]:
        """Every holder of an unexpired lease and how many tables it holds (``/admin status``)."""
