"""One table's bot-side state, and its round trip to the stored record (scenario + meta)."""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any

from engine import fairness as fair
from engine.base import Game
from engine.rng import derive

SEAT_NAMES = tuple(string.ascii_uppercase[:10])
DEFAULT_TIMER = 30
DEFAULT_BANK = 60
AFK_AFTER = 3


@dataclass
class Seat:
    user_id: int | None  # None: a CPU player
    name: str
    level: str = "normal"
    lang: str = "en"  # the language of this player's private messages (their Discord locale)


@dataclass
class Table:
    table_id: str
    guild_id: int | None  # None only for a stored record of no guild (the store allows it)
    channel_id: int
    game_name: str
    host_id: int
    options: dict[str, Any] = field(default_factory=dict)
    timer: int = DEFAULT_TIMER
    level: str = "normal"
    seating: str = "random"  # random: drawn from the seed at Start (F9); join: join order, first to join is East
    assist: bool | None = None  # the host's /table new choice; None: the mode's and level's default
    seats: list[Seat] = field(default_factory=list)
    status: str = "lobby"  # lobby, playing, finished
    seed: int | None = None
    moves: list[list[Any]] = field(default_factory=list)
    message_id: int | None = None
    message_posted: float = 0.0
    started_at: float = 0.0
    lang: str = "en"
    bank: dict[str, float] = field(default_factory=dict)
    missed: dict[str, int] = field(default_factory=dict)
    afk: set[str] = field(default_factory=set)
    dm_closed: set[str] = field(default_factory=set)
    deadlines: dict[str, float] = field(default_factory=dict)
    prompts: dict[str, int] = field(default_factory=dict)  # player -> move number of their prompt (not stored)
    answered: dict[str, int] = field(default_factory=dict)  # player -> prompt they last answered
    # D69: {"commitment", "secret" (hex; stored, never shown before the end), "joins" ([user id,
    # interaction id] of each seated player, in join order), "rules_version", and from Start on
    # "entropy" (the join ids, then the Start id)}. None: a table dealt from a fixed seed (tests).
    fairness: dict[str, Any] | None = None
    # Why the table exists beyond a /table new: {"kind": "ranked", ...} or {"kind": "league", ...}
    # (bot.play.seated opens such tables); None for a table opened by hand. Stored, so the game's
    # end still counts for its queue or league after a restart or a take-over.
    purpose: dict[str, Any] | None = None
    game: Game | None = None

    @property
    def players(self) -> list[str]:
        return list(SEAT_NAMES[: len(self.seats)])

    @property
    def move_no(self) -> int:
        return len(self.moves)

    def draw_seats(self) -> None:
        """F9 (all games): with random seating, shuffle the seats by the table's seed, so the
        revealed seed also shows the seating was fair; join order keeps the first to join East."""
        if self.seating == "random" and self.seed is not None:
            derive(self.seed, "seats").shuffle(self.seats)

    def fair_open(self, secret: bytes, interaction_id: int) -> None:
        """Commit to ``secret`` when the lobby opens; the host's ``/table new`` is their Join."""
        self.fairness = {"commitment": fair.commitment(secret), "secret": secret.hex(),
                         "joins": [[self.host_id, interaction_id]], "rules_version": fair.RULES_VERSION}

    def fair_join(self, user_id: int, interaction_id: int | None) -> None:
        """Record (or, with None, forget) a player's Join interaction (lobby lock held)."""
        if self.fairness is not None:
            joins = [j for j in self.fairness["joins"] if j[0] != user_id]
            self.fairness["joins"] = joins + ([[user_id, interaction_id]] if interaction_id is not None else [])

    def fair_seed(self, start_id: int) -> int:
        """The seed D69 derives from the secret, the Join ids in join order, then the Start id."""
        assert self.fairness is not None
        entropy = [int(j[1]) for j in self.fairness["joins"]] + [start_id]
        self.fairness["entropy"] = entropy
        return fair.derive_seed(bytes.fromhex(self.fairness["secret"]), entropy, self.game_name, self.options,
                                self.fairness["rules_version"])

    def verify_file(self, points: dict[str, Any]) -> dict[str, Any]:
        """The finished game's scenario plus its fairness object: the file ``python -m
        engine.verify`` reads (SCENARIOS.md), with the final points the table announced."""
        spec = self.scenario()
        if self.fairness is not None and "entropy" in self.fairness:
            spec["fairness"] = {key: self.fairness[key] for key in fair.FIELDS}
            spec["fairness"]["outcome"] = {"finished": True, "points": dict(points)}
        return spec

    def seat_of(self, user_id: int) -> str | None:
        for name, seat in zip(self.players, self.seats, strict=True):
            if seat.user_id == user_id:
                return name
        return None

    def seat(self, player: str) -> Seat:
        return self.seats[SEAT_NAMES.index(player)]

    @property
    def has_human(self) -> bool:
        """A person holds a seat: their table's work goes before CPU-only tables'."""
        return any(seat.user_id is not None for seat in self.seats)

    def is_cpu(self, player: str) -> bool:
        return self.seat(player).user_id is None or player in self.afk

    def scenario(self) -> dict[str, Any]:
        """The SCENARIOS.md form of the game so far: replaying it rebuilds the table exactly."""
        return {
            "game": self.game_name,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "moves": self.moves,
        }

    def meta(self) -> dict[str, Any]:
        return {
            "host": self.host_id,
            "status": self.status,
            "seats": [{"user": s.user_id, "name": s.name, "level": s.level, "lang": s.lang} for s in self.seats],
            "timer": self.timer,
            "level": self.level,
            "seating": self.seating,
            "assist": self.assist,
            "message_id": self.message_id,
            "message_posted": self.message_posted,
            "started_at": self.started_at,
            "lang": self.lang,
            "bank": dict(self.bank),  # copies: the meta is written after the lock is let go
            "missed": dict(self.missed),
            "afk": sorted(self.afk),
            "dm_closed": sorted(self.dm_closed),
            "deadlines": dict(self.deadlines),
            "answered": dict(self.answered),
            "fairness": None if self.fairness is None else dict(self.fairness),  # its lists are replaced, not changed
            "purpose": None if self.purpose is None else dict(self.purpose),
        }

    @classmethod
    def from_record(cls, table_id: str, guild_id: int | None, channel_id: int, game_name: str,
                    scenario: dict[str, Any], meta: dict[str, Any]) -> Table:
        return cls(
            table_id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            game_name=game_name,
            host_id=int(meta["host"]),
            options=dict(scenario.get("options") or {}),
            timer=int(meta.get("timer", DEFAULT_TIMER)),
            level=meta.get("level", "normal"),
            seating=meta.get("seating", "random"),
            assist=meta.get("assist"),
            seats=[Seat(s["user"], s["name"], s.get("level", "normal"), s.get("lang", "en")) for s in meta.get("seats", [])],
            status=meta.get("status", "lobby"),
            seed=scenario.get("seed"),
            moves=[list(m) for m in scenario.get("moves", [])],
            message_id=meta.get("message_id"),
            message_posted=float(meta.get("message_posted", 0.0)),
            started_at=float(meta.get("started_at", 0.0)),
            lang=meta.get("lang", "en"),
            bank={k: float(v) for k, v in meta.get("bank", {}).items()},
            missed={k: int(v) for k, v in meta.get("missed", {}).items()},
            afk=set(meta.get("afk", [])),
            dm_closed=set(meta.get("dm_closed", [])),
            deadlines={k: float(v) for k, v in meta.get("deadlines", {}).items()},
            answered={k: int(v) for k, v in meta.get("answered", {}).items()},
            fairness=meta.get("fairness"),
            purpose=meta.get("purpose"),
        )
