"""Chips are never made or lost (P2, P4, J10, J11): random hands, random outside stack changes.

``HOLDEM_RANDOM_HANDS`` sets how many random hands the seeded loop plays (default 400).
"""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import Move
from engine.holdem.cards import deal
from engine.holdem.hand import HoldemHand
from engine.holdem.table import HoldemTable

HANDS = int(os.environ.get("HOLDEM_RANDOM_HANDS", "400"))


def random_move(rng: random.Random, legal: list[Move]) -> tuple[str, int | None]:
    move = rng.choice(legal)
    if len(move) > 2:
        lo, hi = move[2]
        return move[1], rng.choice([lo, hi, rng.randrange(lo, hi + 1, 100)])
    return move[1], None


def check_invariants(hand: HoldemHand, total: int) -> None:
    assert sum(hand.stack(s) for s in hand.order) + hand.pot_total == total
    assert all(hand.committed[s] >= hand.bets[s] >= 0 for s in hand.order)
    if hand.over:
        assert hand.to_act is None and hand.result is not None
        assert sum(hand.result.net.values()) == 0
        assert sum(p.amount for p in hand.result.pots) == sum(hand.committed.values())
        for pot in hand.result.pots:
            assert pot.winners and set(pot.winners) <= set(pot.eligible)
            assert pot.amount > 0 and pot.amount % 100 == 0
        paid = hand.committed
        for s in hand.order:  # side pots: nobody wins more from a seat than they matched of it
            won = hand.result.net[s] + paid[s]
            assert won <= sum(min(paid[o], paid[s]) for o in hand.order)
            assert s not in hand.folded or won == 0
    else:
        seat = hand.to_act
        assert seat is not None and hand.status(seat) == "in" and hand.legal(seat)
        assert sum(p.amount for p in hand.pots()) == sum(hand.committed.values())


def play_random_hand(seed: int, outside_changes: bool) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    order = [f"s{i}" for i in range(n)]
    stacks = {s: 100 * rng.choice([rng.randint(1, 10), rng.randint(10, 300)]) for s in order}
    hand = HoldemHand(order, rng.choice(order), stacks, (200, 500), deal(order, seed, 0))
    total = sum(stacks.values())
    check_invariants(hand, total)
    while not hand.over:
        if outside_changes and rng.random() < 0.15:
            seat = rng.choice(order)
            delta = 100 * rng.randint(-150, 100)
            hand.adjust_stack(seat, delta)  # J10/J11: a mahjong payment in the middle of the hand
            total += delta
        else:
            assert hand.to_act is not None
            action, amount = random_move(rng, hand.legal(hand.to_act))
            hand.act(hand.to_act, action, amount)
        check_invariants(hand, total)


def test_random_hands_conserve_chips() -> None:
    for seed in range(HANDS):
        play_random_hand(seed, outside_changes=False)


def test_random_hands_with_outside_stack_changes_conserve_chips() -> None:
    for seed in range(HANDS):
        play_random_hand(seed, outside_changes=True)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    stack=st.integers(1, 60).map(lambda u: u * 100),
    choices=st.lists(st.integers(0, 1000), min_size=1, max_size=200),
)
def test_whole_table_keeps_its_chips(seed: int, players: int, stack: int, choices: list[int]) -> None:
    names = [chr(65 + i) for i in range(players)]
    game = HoldemTable.from_scenario(
        {"game": "holdem", "players": names, "seed": seed, "options": {"stacks": stack}}
    )
    for pick in choices:
        if game.finished:
            break
        player = game.waiting_on()[0]
        move = game.legal_moves(player)[pick % len(game.legal_moves(player))]
        if len(move) > 2:
            lo, hi = move[2]
            move = [*move[:2], lo + (pick * 100) % (hi - lo + 100)]
        game.play(move)
        summary = game.summary()
        assert sum(summary["points"].values()) + summary["pot"] == stack * players
        for result in summary["poker_results"]:
            assert sum(result["deltas"].values()) == 0
    if game.finished:
        assert game.summary()["pot"] == 0
