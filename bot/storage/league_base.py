"""What the store keeps of leagues (``bot/league``), and the methods both backends implement.

A league is its header (name, game, options, rounds, seating, status), its players, its rounds
(one row each: a round is seated at most once, the row's key is what makes two processes seating
the same round impossible), its tables (the seats, the live table's id once opened, the state of
Ready, and once over the league points of each human seat) and the organisers' corrections.
Every method is one unit of work, as everywhere in the store.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

DONE = ("finished", "settled")
"""A league table counts once it is in one of these states: finished (its game stored) or settled
at the deadline (D84)."""


@dataclass
class League:
    league_id: int
    guild_id: int
    channel_id: int
    name: str
    game: str
    organiser_id: int
    rounds: int
    seating: str = "no-repeat"
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)  # lang, deadline, timer, playoff, scoring, ...
    status: str = "signup"  # signup, running, ended
    seed: int = 0
    message_id: int | None = None
    created_at: datetime | None = None


@dataclass(frozen=True)
class LeaguePlayer:
    user_id: int
    name: str
    joined_at: datetime
    lang: str | None = None  # the language of their sign-up click (None: signed up before it was kept)


@dataclass(frozen=True)
class LeagueRound:
    round: int
    forced: bool  # seated before the previous round had finished (the organiser's force)
    playoff: bool
    seated_at: datetime


@dataclass
class LeagueTable:
    """One table of a round. ``seats``: user ids, None for a CPU seat (D80). ``results``: for each
    human seat (user id as a string) ``{"tenths": int, "place": int | None}`` once the table counts."""

    league_id: int
    round: int
    table_no: int
    seats: list[int | None]
    status: str = "seated"  # seated, playing, finished, settled
    table_id: str | None = None
    game_id: int | None = None
    state: dict[str, Any] = field(default_factory=dict)  # thread, ready ids, secret, message
    results: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class LeagueFix:
    fix_id: int
    league_id: int
    game_id: int
    by_user: int
    reason: str
    before: dict[str, dict[str, Any]]
    after: dict[str, dict[str, Any]]
    fixed_at: datetime


class LeagueStore(ABC):
    """The league half of :class:`bot.storage.base.Store`."""

    @abstractmethod
    async def create_league(self, league: League) -> int | None:
        """Store a new league; its id, or None when the server already has a league of that name."""

    @abstractmethod
    async def get_league(self, league_id: int) -> League | None: ...

    @abstractmethod
    async def find_league(self, guild_id: int, name: str) -> League | None:
        """The server's league of this name (names compare without regard to case)."""

    @abstractmethod
    async def open_leagues(self) -> list[League]:
        """Every league not ended, oldest first (start-up resumes them)."""

    @abstractmethod
    async def update_league(self, league_id: int, *, status: str | None = None, expect: str | None = None,
                            message_id: int | None = None, settings: dict[str, Any] | None = None) -> bool:
        """Change the header; with ``expect``, only if the status is still that (False otherwise)."""

    @abstractmethod
    async def join_league(self, league_id: int, user_id: int, name: str, lang: str | None = None) -> str:
        """``"ok"``, ``"twice"`` (already in) or ``"closed"`` (the league is past its sign-up). ``lang``:
        the player's own language (their click's locale), for their private messages at league tables."""

    @abstractmethod
    async def leave_league(self, league_id: int, user_id: int) -> str:
        """``"ok"``, ``"absent"`` (not in it) or ``"closed"`` (past its sign-up)."""

    @abstractmethod
    async def league_players(self, league_id: int) -> list[LeaguePlayer]:
        """In sign-up order."""

    @abstractmethod
    async def seat_league_round(self, league_id: int, round_no: int, tables: list[LeagueTable], *,
                                forced: bool = False, playoff: bool = False) -> bool:
        """Store round ``round_no`` and its tables at once; False (nothing written) if that round
        was already seated — by this process or another."""

    @abstractmethod
    async def league_rounds(self, league_id: int) -> list[LeagueRound]: ...

    @abstractmethod
    async def league_tables(self, league_id: int, round_no: int | None = None) -> list[LeagueTable]:
        """In round and table order."""

    @abstractmethod
    async def update_league_table(self, league_id: int, round_no: int, table_no: int, *,
                                  status: str | None = None, table_id: str | None = None,
                                  state: dict[str, Any] | None = None, expect: str | None = None) -> bool:
        """Change a table; with ``expect``, only if its status is still that."""

    @abstractmethod
    async def record_league_table(self, league_id: int, round_no: int, table_no: int, status: str,
                                  game_id: int | None, results: dict[str, dict[str, Any]]) -> bool:
        """The table counts: ``status`` (``finished`` or ``settled``), its game and results. Only
        once: False if it already counts (or a table counts with this game already)."""

    @abstractmethod
    async def fix_league_game(self, league_id: int, game_id: int, results: dict[str, dict[str, Any]],
                              by_user: int, reason: str) -> LeagueFix | None:
        """An organiser's correction of a counted game's results, kept with who and why; None
        when no table of the league counted that game."""

    @abstractmethod
    async def league_fixes(self, league_id: int) -> list[LeagueFix]: ...

    @abstractmethod
    async def league_game_in_channel(self, channel_id: int) -> int | None:
        """The newest finished game played in this channel (a league table's thread has one)."""

    @abstractmethod
    async def get_league_role(self, guild_id: int) -> int | None:
        """The role whose members may organise leagues (``/settings league-role``)."""

    @abstractmethod
    async def set_league_role(self, guild_id: int, role_id: int | None) -> None: ...
