"""D32: a discard that was ronned stays in the river marked ``called`` in the ended kyoku's public
view (the table picture shades it, as after a chi, pon or open kan); a robbed added kan marks no
river tile. The wins themselves are R4 (ron) and R12 (chankan).

A stand-alone riichi game deals the next kyoku at once, so the kyoku is held before the last move
and its public view is read after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.riichi.game import RiichiGame
from engine.riichi.kyoku import Kyoku, Phase
from engine.riichi.views import public_view
from engine.scenario import replay
from tests.engine.riichi.scenario_check import load

SCENARIOS = Path(__file__).parent / "scenarios"


def _river_around_the_last_move(name: str, seat: int) -> tuple[Kyoku, list[dict[str, Any]], list[dict[str, Any]]]:
    """Replay the scenario but its last move; the seat's river before and after that move."""
    spec = load(SCENARIOS / f"{name}.json")
    last = spec["moves"][-1]
    game = replay({**spec, "moves": spec["moves"][:-1]})
    assert isinstance(game, RiichiGame)
    kyoku = game.kyoku
    before = public_view(kyoku, game.players)["seats"][seat]["discards"]
    game.play(last)
    assert kyoku.phase == Phase.ENDED and game.kyoku is not kyoku
    return kyoku, before, public_view(kyoku, game.players)["seats"][seat]["discards"]


def test_ronned_discard_is_marked_called() -> None:
    """A discards 5p and C rons it (r4-head-bump-first-wins): A's 5p is marked called."""
    kyoku, before, after = _river_around_the_last_move("r4-head-bump-first-wins", 0)
    assert kyoku.result is not None and kyoku.result.kind == "ron"
    assert [(d["tile"], d["called"]) for d in before] == [("5p", False)]
    assert [(d["tile"], d["called"]) for d in after] == [("5p", True)]


def test_robbed_added_kan_marks_no_discard() -> None:
    """B robs C's added kan of 6m (r12-chankan-added-kan): the 6m was never discarded, so C's
    river (its 1m) stays unmarked."""
    kyoku, before, after = _river_around_the_last_move("r12-chankan-added-kan", 2)
    assert kyoku.result is not None and kyoku.result.kind == "ron"
    assert [(d["tile"], d["called"]) for d in before] == [("1m", False)]
    assert after == before
