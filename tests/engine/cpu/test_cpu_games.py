"""Whole games with CPUs in every seat through the real Game objects: every move legal, every
decision made from the seat's own view only. Size with CPU_GAMES (default keeps the file fast)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from engine.cpu import choose_move
from engine.cpu.match import cpu_policy, play_match
from engine.games import new_game
from engine.holdem.cards import cards_str

GAMES = int(os.environ.get("CPU_GAMES", "3"))


def _strings(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_holdem_cpus_play_legal_moves_from_their_own_view(level):  # P1-P5
    for seed in range(GAMES * 2):
        game = new_game({"game": "holdem", "players": ["A", "B", "C", "D", "E"], "seed": seed,
                         "options": {"hands": 12, "stacks": 5000}})

        def inspect(player: str, view: dict[str, Any], game=game) -> None:
            hand = game.hand
            assert view["player"] == player and view["hole"] == cards_str(hand.cards.hole[player])
            text = _strings({k: v for k, v in view.items() if k != "last_hand"})
            for other in hand.order:
                if other != player:
                    assert cards_str(hand.cards.hole[other]) not in text

        log = play_match(game, {p: cpu_policy("holdem", level) for p in game.players}, seed, inspect=inspect)
        assert game.finished and len(log.moves) > 12
        assert sum(game.summary()["points"].values()) == 25000


def test_choose_move_rejects_unknown_level_and_empty_legal():
    with pytest.raises(ValueError):
        choose_move("holdem", {}, [["A", "check"]], None, "hard")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        choose_move("holdem", {}, [], None)  # type: ignore[arg-type]
