"""Hold'em engine speed: random-action hands per second, treys showdown evaluations per second."""

from __future__ import annotations

import random
import time

from engine.holdem.cards import DECK, deal, strength
from engine.holdem.hand import HoldemHand
from engine.holdem.table import HoldemTable


def _random_hands(count: int, players: int) -> tuple[float, int]:
    """Play ``count`` hands on HoldemHand with uniformly random legal actions; (seconds, actions)."""
    rng = random.Random(1)
    order = [f"s{i}" for i in range(players)]
    actions = 0
    start = time.process_time()
    for i in range(count):
        stacks = {s: 100 * rng.randint(10, 300) for s in order}
        hand = HoldemHand(order, order[i % players], stacks, (100, 200), deal(order, 1, i))
        while hand.to_act is not None:
            move = rng.choice(hand.legal(hand.to_act))
            amount = None
            if len(move) > 2:
                lo, hi = move[2]
                amount = rng.randrange(lo, hi + 1, 100)
            hand.act(hand.to_act, move[1], amount)
            actions += 1
    return time.process_time() - start, actions


def _table_hands(hands: int) -> tuple[float, int]:
    """A six-player table through the Game protocol (validated moves), passive random play."""
    rng = random.Random(2)
    game = HoldemTable.from_scenario(
        {"game": "holdem", "players": list("ABCDEF"), "seed": 2, "options": {"hands": hands, "stacks": 1_000_000}}
    )
    moves = 0
    start = time.process_time()
    while not game.finished:
        player = game.waiting_on()[0]
        legal = [m for m in game.legal_moves(player) if m[1] in ("check", "call", "fold")]
        game.play(rng.choice(legal))
        moves += 1
    return time.process_time() - start, moves


def _evaluations(count: int) -> float:
    rng = random.Random(3)
    deals = [rng.sample(DECK, 7) for _ in range(min(count, 5000))]
    start = time.process_time()
    for i in range(count):
        cards = deals[i % len(deals)]
        strength(cards[:2], cards[2:])
    return time.process_time() - start


def run(quick: bool) -> list[tuple[str, str]]:
    n = 300 if quick else 3000
    out = []
    for players in (2, 6, 10):
        seconds, actions = _random_hands(n, players)
        out.append((f"HoldemHand, {players} players, random legal actions: hands/s",
                    f"{n / seconds:,.0f} ({actions / seconds:,.0f} actions/s)"))
    table_hands = 100 if quick else 1000
    seconds, moves = _table_hands(table_hands)
    out.append(("HoldemTable, 6 players, validated moves: hands/s",
                f"{table_hands / seconds:,.0f} ({moves / seconds:,.0f} moves/s)"))
    evals = 20_000 if quick else 200_000
    out.append(("treys showdown evaluations (7 cards)/s", f"{evals / _evaluations(evals):,.0f}"))
    return out
