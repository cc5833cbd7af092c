"""Mahjong Five: scoring calls and tenpai checks per second over seeded random complete hands,
and whole games per second with random legal moves.

The hands are distinct (more of them than the hand divider's cache holds), and the tenpai cache is
emptied before each pass, so those figures are for fresh hands, as in play.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bench._timing import rate
from engine.five.scoring import score_five
from engine.five.tenpai import clear_cache, tenpai_waits
from engine.games import new_game
from engine.randomplay import play_out
from engine.tiles import Meld, MeldKind

Hand = tuple[list[int], list[Meld]]


def _hand(rng: random.Random) -> Hand:
    """Four sets and a pair; about one set in four is an open pon or chi."""
    while True:
        pools = {k: rng.sample(range(4 * k, 4 * k + 4), 4) for k in range(34)}
        concealed: list[int] = []
        melds: list[Meld] = []
        try:
            for _ in range(4):
                if rng.random() < 0.6:
                    low = 9 * rng.randrange(3) + rng.randrange(7)
                    tiles, kind = [pools[low + i].pop() for i in range(3)], MeldKind.CHI
                else:
                    k = rng.randrange(34)
                    tiles, kind = [pools[k].pop() for _ in range(3)], MeldKind.PON
                if rng.random() < 0.25:
                    melds.append(Meld(kind, tuple(tiles)))
                else:
                    concealed.extend(tiles)
            k = rng.randrange(34)
            concealed += [pools[k].pop(), pools[k].pop()]
        except IndexError:
            continue
        return concealed, melds


def run(quick: bool) -> list[tuple[str, str]]:
    rng = random.Random("bench-five")
    hands = [_hand(rng) for _ in range(100 if quick else 1000)]
    repeats = 1 if quick else 5

    def score_all() -> int:
        for concealed, melds in hands:
            score_five(concealed, melds, concealed[-1], tsumo=False, riichi=not melds, seat_wind=1)
        return len(hands)

    def waits_all() -> int:
        clear_cache()
        for concealed, melds in hands:
            tenpai_waits(concealed[:-1], melds, seven_pairs=True)
        return len(hands)

    seeds = iter(range(1_000_000))

    def games(count: int) -> Callable[[], int]:
        def work() -> int:
            for _ in range(count):
                seed = next(seeds)
                game = new_game({"game": "five", "players": ["A", "B", "C", "D"], "seed": seed})
                play_out(game, seed=seed)
            return count

        return work

    return [
        ("scoring calls per second (score_five, distinct hands)", f"{rate(score_all, repeats):,.0f}"),
        ("tenpai checks per second (tenpai_waits, 34 kinds tried)", f"{rate(waits_all, repeats):,.0f}"),
        ("five game: whole games per second (random legal moves)", f"{rate(games(2 if quick else 10), repeats):,.2f}"),
    ]
