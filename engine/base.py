"""What every game offers: the protocol the scenario runner, the CPU players and the bot use.

A move is a list in the scenario syntax of SCENARIOS.md, player first: ``["A", "discard", "5m"]``,
``["A", "tsumogiri", "raise", 3000]``. ``legal_moves`` lists moves in the same syntax; a bet or
raise is listed once with its range: ``["A", "raise", [1000, 25000]]`` (multiples of 100).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

Move = list[Any]


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why, in plain words.

    ``code`` is a stable key (``not_your_turn``, ``game_over``, ``not_seated``, ``not_allowed``,
    ``bad_amount``) that the bot turns into a translated answer.
    """

    def __init__(self, message: str, code: str = "not_allowed") -> None:
        super().__init__(message)
        self.code = code


class ScenarioError(ValueError):
    """A malformed scenario; the message names the field."""


@runtime_checkable
class Game(Protocol):
    players: tuple[str, ...]

    @property
    def finished(self) -> bool: ...

    def waiting_on(self) -> list[str]:
        """Everyone who must move now, in the order SCENARIOS.md gives for ``to_act``."""
        ...

    def legal_moves(self, player: str) -> list[Move]: ...

    def play(self, move: Sequence[Any]) -> None:
        """Apply one move or raise :class:`IllegalMove` and change nothing."""
        ...

    def view(self, player: str) -> dict[str, Any]:
        """What ``player`` may see: the public view plus their own private part."""
        ...

    def public_view(self) -> dict[str, Any]:
        """What the channel may see: no concealed tile, no hole card before showdown, and never
        who may claim a discard: ``waiting_on`` names whose turn it is, or is empty while
        ``calls_pending`` (D67)."""
        ...

    def default_move(self, player: str) -> Move:
        """The move made for a seat that runs out of time (J15)."""
        ...

    def summary(self) -> dict[str, Any]:
        """points, deposits, pot, kyoku_results, poker_results, standings, finished."""
        ...


def move_text(parts: Sequence[Any]) -> str:
    """A move (or part of one) as a player would write it: ``tsumogiri raise 1000``."""
    return " ".join(p if isinstance(p, str) else json.dumps(p) for p in parts)


def to_act(game: Game) -> str | None:
    waiting = game.waiting_on()
    return waiting[0] if waiting else None


def matches(move: Sequence[Any], legal: Sequence[Any]) -> bool:
    """Whether a concrete move is one of the listed legal moves (ranges included)."""
    if len(move) != len(legal):
        return False
    for got, want in zip(move, legal, strict=True):
        if isinstance(want, list) and len(want) == 2 and all(isinstance(x, int) for x in want):
            if isinstance(got, bool) or not isinstance(got, int):
                return False
            if not want[0] <= got <= want[1] or got % 100:
                return False
        elif got != want:
            return False
    return True


def check_turn(game: Game, move: Sequence[Any], waiting: Callable[[str], str] | None = None) -> list[Move]:
    """The mover's legal moves, after refusing a malformed move, a stranger, a finished game or a
    player who is not to move (``waiting`` words that last refusal)."""
    if not move or not isinstance(move[0], str):
        raise IllegalMove("a move starts with the player's name")
    player = move[0]
    if player not in game.players:
        raise IllegalMove(f"{player!r} is not seated at this table", "not_seated")
    if game.finished:
        raise IllegalMove("the game is over", "game_over")
    legal = game.legal_moves(player)
    if not legal:
        text = waiting(player) if waiting else f"it is not {player}'s turn to move"
        raise IllegalMove(text, "not_your_turn")
    return legal


def check_legal(game: Game, move: Sequence[Any]) -> None:
    """Raise IllegalMove unless ``move`` is in its player's legal list."""
    legal = check_turn(game, move)
    if not any(matches(move, m) for m in legal):
        raise IllegalMove(f"{move_text(move)} is not allowed now")
