"""One description per game mode: seats, the options a user may type and their check, which
pictures and words it uses. Adding a mode means adding one ``Mode`` here.

The options are checked by the engine itself (a game is built from them), so ``/table new``
refuses exactly what Start would refuse, with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.base import IllegalMove, ScenarioError
from engine.games import new_game
from engine.holdem.hand import UNIT

SEAT_LETTERS = "ABCDEFGHIJ"


@dataclass(frozen=True)
class Choices:
    """What ``/table new`` received; None where the user gave nothing."""

    red_fives: bool | None = None
    seven_pairs: bool | None = None
    length: str | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    stack: int | None = None


@dataclass(frozen=True)
class Mode:
    name: str  # the engine's game name
    title_key: str  # i18n key of its display name
    seats: int  # most seats
    min_seats: int  # Start fills up to this with CPU players
    options: Callable[[Choices], dict[str, Any]]  # the scenario ``options`` from the user's choices
    poker_only: bool = False  # a plain poker table: hold'em pictures and poker wording
    seating_key: str = "opt.seating_join"  # how join order seats players (Five names its own winds)
    five_results: bool = False  # hand results drawn with Five's score sheet (F-rules), not riichi's
    assist: bool = False  # assist on by default for every player (a player's /settings me decides otherwise)

    def check(self, options: dict[str, Any]) -> str | None:
        """The engine's objection to these options (None: a game can be dealt with them)."""
        spec = {"game": self.name, "options": options, "players": list(SEAT_LETTERS[: self.min_seats]), "seed": 0,
                "moves": []}
        try:
            new_game(spec)
        except (ScenarioError, IllegalMove, ValueError) as e:
            return str(e)
        return None


def _mahjong(choices: Choices, *, length: bool, seven_pairs: bool = False) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if choices.red_fives is not None:
        options["red_fives"] = choices.red_fives
    if seven_pairs and choices.seven_pairs is not None:  # one switch for both special shapes (F4)
        options["seven_pairs"] = options["thirteen_orphans"] = choices.seven_pairs
    if length and choices.length is not None:
        options["length"] = choices.length
    return options


def _holdem(choices: Choices) -> dict[str, Any]:
    """Blinds and stacks (D56): a big blind given alone gets half of it as the small blind, in
    whole 100s as every amount is (P4), so 500 gives 200/500 rather than a refused 250."""
    big = choices.big_blind or 200
    small = choices.small_blind or max(UNIT, big // 2 // UNIT * UNIT)
    return {"blinds": [small, big], "stacks": choices.stack or 100 * big}


MODES: dict[str, Mode] = {
    mode.name: mode
    for mode in (
        Mode("janpo", "game.janpo", 4, 4, lambda c: _mahjong(c, length=True)),
        Mode("five", "game.five", 4, 4, lambda c: _mahjong(c, length=False, seven_pairs=True),
             seating_key="opt.seating_join_five", five_results=True, assist=True),
        Mode("riichi", "game.riichi", 4, 4, lambda c: _mahjong(c, length=True)),
        Mode("holdem", "game.holdem", 10, 2, _holdem, poker_only=True),
    )
}


def mode(name: str) -> Mode:
    return MODES[name]
