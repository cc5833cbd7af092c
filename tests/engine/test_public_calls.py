"""D67: the channel never learns who may claim a discard; each claimer's own view says it may.

Whole seeded random games are played and every public view is checked at every step. At a claim
state the public view must not change when a different set of seats is the one holding call
options: it may say only that calls are pending. Set ``PUBLIC_CALL_GAMES`` for a longer run.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from engine.base import Game
from engine.games import new_game
from engine.randomplay import play_out
from engine.riichi.kyoku import Kyoku, Phase

GAMES = int(os.environ.get("PUBLIC_CALL_GAMES", "4"))
PLAYERS = ["A", "B", "C", "D"]
OPTIONS: dict[str, dict[str, Any]] = {"riichi": {"length": "east"}, "five": {}, "janpo": {}}


def _kyoku(game: Any) -> Kyoku:
    kyoku = game.mj.kyoku if hasattr(game, "mj") else game.kyoku
    assert isinstance(kyoku, Kyoku)
    return kyoku


def _public_with_claimers(game: Game, kyoku: Kyoku, seats: list[int]) -> dict[str, Any]:
    """The public view as it would read if ``seats`` were the ones still to answer the claim."""
    kyoku.waiting_on = lambda: list(seats)  # type: ignore[method-assign]
    try:
        return game.public_view()
    finally:
        del kyoku.waiting_on


def check_state(game: Game, counts: dict[str, int]) -> None:
    kyoku = _kyoku(game)
    public = game.public_view()
    counts["states"] += 1
    claims = kyoku.phase in (Phase.CLAIMS, Phase.CHANKAN) and not game.finished and bool(game.waiting_on())
    assert public["calls_pending"] is claims
    if not claims:
        assert public["waiting_on"] == game.waiting_on()
        return
    counts["claim_states"] += 1
    claimers = game.waiting_on()
    assert public["waiting_on"] == [], f"the public view names {claimers} at a claim"
    others = [s for s in range(4) if s != kyoku.current]
    for alternative in ([others[0]], [others[-1]], others):
        assert _public_with_claimers(game, kyoku, alternative) == public, "public view depends on who may claim"
    for player in PLAYERS:
        own = game.view(player)
        assert own["waiting_on"] == [] and own["calls_pending"] is True
        assert own["may_call"] is (player in claimers)
        if player in claimers:
            assert [player, "pass"] in own["legal"]
        else:
            assert own["legal"] == []


@pytest.mark.parametrize("game_name", ["riichi", "five", "janpo"])
def test_no_public_view_names_who_may_claim(game_name: str) -> None:
    counts = {"states": 0, "claim_states": 0}
    for seed in range(GAMES):
        game = new_game({"game": game_name, "players": PLAYERS, "seed": seed, "options": OPTIONS[game_name]})
        check_state(game, counts)
        play_out(game, seed=seed, on_move=lambda g, _move: check_state(g, counts))
        assert game.finished
    print(f"{game_name}: {GAMES} games, {counts['states']} states, {counts['claim_states']} claim states")
    assert counts["claim_states"] > 0
