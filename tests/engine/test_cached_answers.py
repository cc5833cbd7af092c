"""What the engine keeps between calls (shanten and waits by counts, legal moves per state, Janpo's
combined moves, each seat's river as views write it, the discard's skipped waits) never changes an
answer.

Each game is played twice. Live: as the bot plays it, the mover's view and legal moves, then the
move, with every cache warm, and after each move every seat's view and legal moves asked in a
mixed order and twice. Fresh: the same moves replayed with all of that turned off (each question
goes to the `mahjong` library, each answer is worked out anew) and each state asked once. Every answer at every step
must be the same. ``CACHED_ANSWER_GAMES`` sets the random-move games per game kind (default 6;
two more per kind are played by normal CPUs, which riichi, call and win more).
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.base import Game, Move
from engine.cpu import choose_move
from engine.five import tenpai as five_tenpai
from engine.games import new_game
from engine.janpo.game import JanpoGame
from engine.memo import Memo
from engine.randomplay import concrete
from engine.riichi import scoring, turn, views
from engine.riichi.kyoku import Kyoku

GAMES = int(os.environ.get("CACHED_ANSWER_GAMES", "6"))
KINDS: dict[str, dict[str, Any]] = {
    "riichi": {"length": "east"},
    "five": {"seven_pairs": True, "thirteen_orphans": True},
    "janpo": {},
}
Chooser = Callable[[Game, str, random.Random], Move]


def spec(kind: str, seed: int) -> dict[str, Any]:
    return {"game": kind, "players": ["A", "B", "C", "D"], "seed": seed, "options": dict(KINDS[kind])}


def random_chooser(game: Game, player: str, rng: random.Random) -> Move:
    game.view(player)  # the bot asks for the view first, then the legal moves
    return concrete(rng.choice(game.legal_moves(player)), rng)


def cpu_chooser(kind: str) -> Chooser:
    def choose(game: Game, player: str, rng: random.Random) -> Move:
        return list(choose_move(kind, game.view(player), game.legal_moves(player), rng, "normal"))

    return choose


def digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def snapshot(game: Game, mixed: bool) -> str:
    """Every answer the protocol gives in this state; ``mixed`` asks in another order, twice."""
    players = list(game.players)
    if mixed:
        views = {p: game.view(p) for p in reversed(players)}
        legal = {p: game.legal_moves(p) for p in players}
        assert legal == {p: game.legal_moves(p) for p in reversed(players)}
        assert views == {p: game.view(p) for p in players}
        public, summary, waiting = game.public_view(), game.summary(), game.waiting_on()
    else:
        waiting, summary, public = game.waiting_on(), game.summary(), game.public_view()
        legal = {p: game.legal_moves(p) for p in players}
        views = {p: game.view(p) for p in players}
    return digest(waiting, legal, [views[p] for p in players], public, summary)


def live(kind: str, seed: int, choose: Chooser) -> tuple[list[Move], list[str]]:
    game = new_game(spec(kind, seed))
    rng = random.Random(seed)
    moves: list[Move] = []
    seen = [snapshot(game, mixed=True)]
    while not game.finished:
        assert len(moves) < 20_000
        player = rng.choice(game.waiting_on())
        move = choose(game, player, rng)
        game.play(move)
        moves.append(move)
        seen.append(snapshot(game, mixed=True))
    return moves, seen


def fresh(kind: str, seed: int, moves: list[Move]) -> Iterator[str]:
    game = new_game(spec(kind, seed))
    yield snapshot(game, mixed=False)
    for move in moves:
        game.play(move)
        yield snapshot(game, mixed=False)


def river_afresh(k: Kyoku, seat: int) -> list[dict[str, Any]]:
    st = k.seats[seat]
    return [{"tile": k.name(d.tile), "tsumogiri": d.tsumogiri, "riichi": d.riichi, "called": i in st.called_away,
             "order": d.order} for i, d in enumerate(st.discards)]


@pytest.fixture
def no_memo(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Turn every kept answer off: shape memos, legal moves per state, Janpo's moves, rivers."""
    def off() -> None:
        monkeypatch.setattr(Memo, "get", lambda self, key, compute: compute())
        monkeypatch.setattr(Memo, "peek", lambda self, key: None)
        monkeypatch.setattr(Kyoku, "legal", turn.legal_moves)
        monkeypatch.setattr(JanpoGame, "legal_moves", JanpoGame._legal_moves)
        monkeypatch.setattr(views, "_river", river_afresh)

    return off


@pytest.mark.parametrize("kind", list(KINDS))
def test_cached_answers_equal_fresh_ones(kind: str, no_memo: Callable[[], None]) -> None:
    games: list[tuple[int, list[Move], list[str]]] = []
    for seed in range(GAMES):
        games.append((seed, *live(kind, seed, random_chooser)))
    for seed in (100, 101):
        games.append((seed, *live(kind, seed, cpu_chooser(kind))))
    assert sum(len(moves) for _, moves, _ in games) > 100 * len(games)
    no_memo()
    for seed, moves, seen in games:
        for step, (want, got) in enumerate(zip(seen, fresh(kind, seed, moves), strict=True)):
            assert got == want, f"{kind} seed {seed}: answers differ after move {step}: {moves[step - 1:step]}"


def test_shape_memos_hold_nothing_the_collector_walks() -> None:
    game = new_game(spec("riichi", 7))
    rng = random.Random(7)
    while not game.finished:
        game.play(random_chooser(game, game.waiting_on()[0], rng))
    five = new_game(spec("five", 7))
    while not five.finished:
        five.play(random_chooser(five, five.waiting_on()[0], rng))
    gc.collect()  # tuples of ints are untracked by the first collection that sees them
    for memo in (scoring._SHANTEN, scoring._WAITS, five_tenpai._MEMO):
        items = memo._items
        assert len(items) > 10
        assert not any(gc.is_tracked(k) or gc.is_tracked(v) for k, v in items.items())
