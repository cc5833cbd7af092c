"""Seeded whole games of Mahjong Five with random legal moves: they finish and keep 4 x 50 points.

The driver wins whenever a win is legal and otherwise plays at random, leaning towards discards
that keep the hand as close to ready as it is (so that wins, riichi and tenpai draws happen, not
only noten draws). Calls, riichi and kans are taken now and then; the table options vary with
the seed. Every step must leave 200 points on the table (F2, F6: no deposits), and every game must
end right after the North round passes (F3). ``JANPO_PROPERTY_GAMES`` sets how many games (the
full run is 1,000).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.base import Move
from engine.cpu.efficiency import Forms, counts_of, shanten
from engine.five.game import FiveGame
from engine.five.scoring import BASE_TABLE, base_score
from engine.games import new_game
from engine.tiles import parse_one

GAMES = int(os.environ.get("JANPO_PROPERTY_GAMES", "40"))
TOTAL = 200
MAX_MOVES = 20_000
BASES = {base for _, base in BASE_TABLE}
REGULAR = Forms(seven_pairs=False, thirteen_orphans=False)


def _after_discard(hand: list[int], kind: int) -> int:
    kinds = [t // 4 for t in hand]
    kinds.remove(kind)
    return shanten(counts_of(kinds), REGULAR)


def _discard_kind(game: FiveGame, move: Move) -> int:
    if move[1] == "tsumogiri":
        drawn = game.kyoku.seats[game.seat(move[0])].drawn
        assert drawn is not None
        return drawn // 4
    return parse_one(move[2])[0]


def choose(game: FiveGame, player: str, rng: random.Random) -> Move:
    """Win if possible; else a random claim, riichi or kan now and then; else a good discard."""
    legal = game.legal_moves(player)
    by_kind: dict[str, list[Move]] = {}
    for move in legal:
        by_kind.setdefault(move[1], []).append(move)
    for win in ("tsumo", "ron"):
        if win in by_kind:
            return by_kind[win][0]
    if "pass" in by_kind:
        calls = [m for m in legal if m[1] != "pass"]
        return rng.choice(calls) if rng.random() < 0.15 else by_kind["pass"][0]
    if "riichi" in by_kind and rng.random() < 0.6:
        return rng.choice(by_kind["riichi"])
    kans = by_kind.get("ankan", []) + by_kind.get("kakan", [])
    if kans and rng.random() < 0.5:
        return rng.choice(kans)
    discards = by_kind.get("discard", []) + by_kind.get("tsumogiri", [])
    if rng.random() < 0.15:
        return rng.choice(discards)
    hand = game.kyoku.seats[game.seat(player)].hand
    scored = [(_after_discard(hand, _discard_kind(game, m)), m) for m in discards]
    best = min(s for s, _ in scored)
    return rng.choice([m for s, m in scored if s == best])


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    results: Counter[str] = field(default_factory=Counter)
    riichi_wins: int = 0
    shapes: Counter[str] = field(default_factory=Counter)
    dealer_keeps: int = 0


def check_result(record: dict[str, Any], players: tuple[str, ...]) -> None:
    """A kyoku's payments follow F6/F7 exactly."""
    deltas = record["deltas"]
    assert sum(deltas.values()) == 0
    if record["result"] == "draw":
        ready = set(record["tenpai"])
        for p in players:  # F7: 5 from each noten seat to each tenpai seat
            n_other = len(players) - len(ready) if p in ready else len(ready)
            assert deltas[p] == (5 if p in ready else -5) * n_other
        return
    base = record["base"]
    assert record["fu"] is None and record["han"] >= 1
    # F5: the lines shown add up to the total, and the total gives the base
    assert sum(int(text.rsplit("+", 1)[1]) for text in record["yaku"]) == record["han"]
    assert base == base_score(record["han"]) and base in BASES
    winner = record["winner"]
    assert deltas[winner] == 3 * base
    if record["result"] == "ron":  # F6: the discarder pays for all three
        assert deltas[record["from"]] == -3 * base
    else:
        assert all(deltas[p] == -base for p in players if p != winner)


def options(seed: int) -> dict[str, bool]:
    """Every other game with red fives; some with seven pairs or thirteen orphans (F1, F4)."""
    return {"red_fives": seed % 2 == 1, "seven_pairs": seed % 3 == 0, "thirteen_orphans": seed % 5 == 0}


def _dealer_keeps(record: dict[str, Any]) -> bool:
    """F3: A (East) deals all game and keeps the round on a win or on tenpai at a draw."""
    if record["result"] == "draw":
        return "A" in record["tenpai"]
    return bool(record["winner"] == "A")


def play_game(seed: int, tally: Tally) -> None:
    game = new_game({"game": "five", "players": ["A", "B", "C", "D"], "seed": seed, "options": options(seed)})
    assert isinstance(game, FiveGame)
    rng = random.Random(seed)
    moves = 0
    while not game.finished:
        assert moves < MAX_MOVES, f"seed {seed}: no end after {moves} moves"
        waiting = game.waiting_on()
        assert waiting, f"seed {seed}: nobody to move"
        game.play(choose(game, rng.choice(waiting), rng))
        moves += 1
        assert sum(game.table.points) == TOTAL and game.table.deposits == 0, f"seed {seed} move {moves}"
    records = game.summary()["kyoku_results"]
    assert (records[0]["kyoku"], records[0]["honba"]) == ("E1", 0)
    for before, after in zip(records, records[1:], strict=False):
        # F3: the dealer keeps the round (honba + 1) or the round wind moves on with honba 0
        if _dealer_keeps(before):
            assert (after["kyoku"], after["honba"]) == (before["kyoku"], before["honba"] + 1)
            tally.dealer_keeps += 1
        else:
            assert after["kyoku"] == "ESWN"["ESWN".index(before["kyoku"][0]) + 1] + "1"
            assert after["honba"] == 0
    last = records[-1]
    assert last["kyoku"] == "N1", f"seed {seed}: ended in {last['kyoku']}"
    assert not _dealer_keeps(last), f"seed {seed}: the game ended although the dealer kept North"
    for record in records:
        check_result(record, game.players)
        tally.results[record["result"]] += 1
        tally.riichi_wins += "Riichi +1" in record.get("yaku", [])
        if "breakdown" in record:
            tally.shapes[record["breakdown"]["shape"]] += 1
    tally.games += 1
    tally.moves += moves


def test_f2_f3_f6_seeded_random_games_finish_and_conserve_points() -> None:
    tally = Tally()
    for seed in range(GAMES):
        play_game(seed, tally)
    print(f"\n{tally}")
    wins = tally.results["tsumo"] + tally.results["ron"]
    assert tally.games == GAMES
    assert wins >= GAMES // 3 and tally.results["draw"] > 0
