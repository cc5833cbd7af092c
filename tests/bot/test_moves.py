"""Legal moves to buttons (J7): every legal move stays one or two clicks away, within Discord's limits."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from bot.i18n import LANGUAGES
from bot.play.messages import button_labels
from bot.play.moves import MAX_BUTTONS, default_part, layout, poker_parts, split
from engine.base import Move
from engine.cpu import choose_move
from engine.games import new_game

STATES = int(os.environ.get("BOT_MOVE_STATES", "800"))  # game states checked, over the four games

JANPO_TURN: list[Move] = [
    ["A", "discard", "2m", "check"], ["A", "discard", "2m", "fold"], ["A", "tsumogiri", "check"],
    ["A", "tsumogiri", "fold"], ["A", "tsumogiri", "bet", [500, 24000]], ["A", "tsumogiri", "allin"],
    ["A", "riichi", "2m", "check"], ["A", "riichi", "2m", "fold"], ["A", "riichi", "tsumogiri", "check"],
    ["A", "riichi", "tsumogiri", "bet", [500, 24000]], ["A", "ankan", "1z"], ["A", "tsumo", "check"],
    ["A", "tsumo", "fold"],
]


def reachable(legal: list[Move]) -> set[int]:
    """Every move index some choice of poker part and riichi toggle shows as a button."""
    parts = poker_parts(legal) or [""]
    return {b.index for part in parts for riichi in (False, True) for b in layout(legal, part, riichi)
            if b.kind == "move"}


def test_janpo_turn_defaults_to_check_and_hides_fold_and_riichi_behind_a_click() -> None:
    """D55: check is pre-selected when legal; no chip action is the default."""
    shown = layout(JANPO_TURN)
    assert [b.arg for b in shown if b.kind == "part"] == ["check", "bet", "allin", "fold"]
    assert [b.arg for b in shown if b.kind == "part" and b.style == "primary"] == ["check"]
    moves = [JANPO_TURN[b.index] for b in shown if b.kind == "move"]
    assert moves == [["A", "discard", "2m", "check"], ["A", "tsumogiri", "check"], ["A", "ankan", "1z"],
                     ["A", "tsumo", "check"]]  # a closed kan takes no poker part (J7)
    assert shown[-1].kind == "riichi"


def test_a_chip_action_offers_only_tsumogiri_and_asks_the_amount() -> None:
    """D55: a chip action goes with tsumogiri, or riichi with tsumogiri, and nothing else."""
    bet = [b for b in layout(JANPO_TURN, "bet") if b.kind == "move"]
    assert [JANPO_TURN[b.index][1] for b in bet] == ["tsumogiri", "ankan"]  # J7a: chips go with tsumogiri
    assert bet[0].amount == (500, 24000)
    riichi = [JANPO_TURN[b.index] for b in layout(JANPO_TURN, "bet", riichi=True) if b.kind == "move"]
    assert riichi == [["A", "riichi", "tsumogiri", "bet", [500, 24000]]]


def test_facing_a_bet_the_default_is_fold_never_a_chip_action() -> None:
    """D55: facing a bet the pre-selected poker part is fold."""
    assert default_part(["call", "raise", "allin", "fold"]) == "fold"
    assert default_part(["check", "bet", "fold"]) == "check"
    assert split(["riichi", "tsumogiri", "raise", [1000, 2000]]) == (["riichi", "tsumogiri"], ["raise", [1000, 2000]])


def test_claims_and_plain_poker_are_one_click() -> None:
    claim = [["B", "ron"], ["B", "pon"], ["B", "chi", "4m6m"], ["B", "pass"]]
    assert [b.key for b in layout(claim)] == ["move.ron", "move.pon", "move.chi", "move.pass"]
    poker: list[Move] = [["C", "fold"], ["C", "call"], ["C", "raise", [400, 2000]], ["C", "allin"]]
    shown = layout(poker)
    assert [b.kind for b in shown] == ["move"] * 4 and shown[2].amount == (400, 2000)


@pytest.mark.parametrize("game", ["janpo", "riichi", "five", "holdem"])
def test_every_legal_move_of_real_games_is_reachable(game: str) -> None:
    rng = random.Random(7)
    players = ["A", "B", "C", "D"]
    spec: dict[str, Any] = {"game": game, "players": players, "seed": 11, "options": {}}
    state, checked = new_game(spec), 0
    while checked < STATES // 4:
        if state.finished:
            spec["seed"] += 1
            state = new_game(spec)
        player = state.waiting_on()[0]
        legal = state.legal_moves(player)
        assert reachable(legal) == set(range(len(legal))), legal
        for part in poker_parts(legal) or [""]:
            for riichi in (False, True):
                buttons = layout(legal, part, riichi)
                assert len(buttons) <= MAX_BUTTONS
                for lang in LANGUAGES:
                    assert all(0 < len(label) <= 80 for label in button_labels(lang, buttons))
        state.play(choose_move(game, state.view(player), legal, rng, "easy"))
        checked += 1
