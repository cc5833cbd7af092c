"""D98: the gauntlet's simple players do what their names say, and its table starts every hand
from the same stacks (so each hand is one deal, comparable between two players of a seat)."""

from __future__ import annotations

import random
from typing import Any

from bench._gauntlet_bots import (
    always_min_raise,
    best_response_to_shove,
    holdem_bot,
    shove_top30,
    tight_passive,
)
from bench.gauntlet import CashTable

FACING_SHOVE: list[list[Any]] = [["fold"], ["allin"]]
FACING_BET: list[list[Any]] = [["fold"], ["call"], ["raise", [800, 9800]], ["allin"]]
FREE: list[list[Any]] = [["check"], ["bet", [200, 10000]], ["allin"]]


def test_best_response_to_always_shove_calls_exactly_the_hands_ahead_of_a_random_hand() -> None:
    assert best_response_to_shove("As5d", FACING_SHOVE) == ["allin"]  # 57 % against a random hand
    assert best_response_to_shove("Ks8d", FACING_SHOVE) == ["allin"]
    assert best_response_to_shove("Qs5d", FACING_SHOVE) == ["fold"]  # 48 %
    assert best_response_to_shove("7s2d", FREE) == ["check"]


def test_tight_passive_only_calls_and_only_with_the_top_ten_percent() -> None:
    assert tight_passive("AsAd", FACING_BET) == ["call"]
    assert tight_passive("AsAd", FREE) == ["check"]
    assert tight_passive("AsAd", FACING_SHOVE) == ["allin"]  # calling takes every chip
    assert tight_passive("Ts9s", FACING_BET) == ["fold"]


def test_shove_top30_and_min_raise() -> None:
    assert shove_top30("KsTd", FACING_BET) == ["allin"]
    assert shove_top30("8s3d", FACING_BET) == ["fold"] and shove_top30("8s3d", FREE) == ["check"]
    assert always_min_raise("8s3d", FACING_BET) == ["raise", 800]
    assert always_min_raise("8s3d", FREE) == ["bet", 200]


def test_cash_table_tops_up_every_hand() -> None:
    table = CashTable(["H", "B"], 20_000, 3, "test")
    bot = holdem_bot(always_min_raise)
    stacks = []
    while not table.finished:
        if table.hand is not None and not table.hand.log[2:]:  # blinds just posted: a new hand
            stacks.append(tuple(table.hand.committed[p] + table.hand.stack(p) for p in "HB"))
        player = table.waiting_on()[0]
        table.play(bot(table.view(player), table.legal_moves(player), random.Random(0)))
    assert stacks == [(20_000, 20_000)] * 3
    assert len(table.results) == 3 and any(r["deltas"]["H"] != 0 for r in table.results)
