"""The kyoku record (engine/riichi/record.py): what took effect, in order, whatever the answer order.

Claims may be answered in any order (SCENARIOS.md) and a chi or pon takes effect only when every
answer that matters is in (R4); the record must tell the same story either way, and replaying it
must rebuild each seat's discards and melds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cpu import choose_move
from engine.games import new_game
from engine.randomplay import random_move
from engine.riichi.kyoku import Kyoku
from engine.riichi.record import KINDS, Event
from engine.tiles import MeldKind

PLAYERS = ["A", "B", "C", "D"]


def _spec(seed: int) -> dict[str, Any]:
    return {"game": "riichi", "players": PLAYERS, "seed": seed, "options": {"length": "east"}}


def _eager(game: Any, player: str, rng: random.Random) -> list[Any]:
    """The CPU's move, but a riichi whenever one is legal (so riichi actually occurs)."""
    legal = game.legal_moves(player)
    keen = [m for m in legal if m[1] == "riichi"]
    return rng.choice(keen) if keen else choose_move("riichi", game.view(player), legal, rng, "easy")


def _play(seed: int, pick: Any, answers: dict[tuple[int, int, str], list[Any]] | None = None,
          mover: Any = random_move) -> tuple[list[Kyoku], list[list[Any]], dict[tuple[int, int, str], list[Any]]]:
    """Play a game; ``pick`` chooses who moves among those waiting. With ``answers`` (from an
    earlier game), each seat plays the move it made at the same point of that game."""
    game: Any = new_game(_spec(seed))
    rng = random.Random(seed)
    kyokus: list[Kyoku] = []
    moves: list[list[Any]] = []
    made: dict[tuple[int, int, str], list[Any]] = {}
    while not game.finished:
        k = game.kyoku
        if not kyokus or kyokus[-1] is not k:
            kyokus.append(k)
        player = pick(game.waiting_on(), rng)
        key = (len(kyokus), len(k.record), player)
        if answers is None:
            move = mover(game, player, rng)
        else:
            move = answers.get(key, [player, "pass"])
        made[key] = move
        game.play(move)
        moves.append(move)
    return kyokus, moves, made


def _first(waiting: list[str], rng: random.Random) -> str:
    return rng.choice(waiting)


def _last(waiting: list[str], rng: random.Random) -> str:
    return waiting[-1]


@pytest.mark.parametrize("seed", range(8))
def test_the_record_does_not_depend_on_the_order_claims_are_answered_in(seed: int) -> None:
    first, moves, made = _play(seed, _first)
    second, moves2, _ = _play(seed, _last, made)
    assert [k.record for k in first] == [k.record for k in second]
    assert [k.result.deltas for k in first if k.result] == [k.result.deltas for k in second if k.result]
    assert any(e.kind in ("chi", "pon", "minkan") for k in first for e in k.record), "the seed makes no call"
    if seed == 0:
        assert moves != moves2  # the answers really came in another order


def _rebuild(k: Kyoku) -> None:
    """Replay the record and compare with the seats at the end of the kyoku."""
    discards: list[list[tuple[int, bool, bool]]] = [[] for _ in range(4)]
    melds: list[list[tuple[str, tuple[int, ...]]]] = [[] for _ in range(4)]
    drawn: list[int | None] = [None] * 4
    dora = 1
    for i, e in enumerate(k.record):
        assert e.kind in KINDS
        if e.kind == "draw":
            assert e.seat is not None and e.tile is not None
            drawn[e.seat] = e.tile
        elif e.kind == "discard":
            assert e.seat is not None and e.tile is not None
            assert e.tsumogiri == (e.tile == drawn[e.seat])
            assert e.riichi == (k.record[i - 1] == Event("riichi", e.seat))
            discards[e.seat].append((e.tile, e.tsumogiri, e.riichi))
            drawn[e.seat] = None
        elif e.kind in ("chi", "pon", "minkan"):
            assert e.seat is not None and e.source is not None and e.tile is not None
            before = [x for x in k.record[:i] if x.kind != "riichi_accepted"][-1]
            assert before.kind == "discard" and before.seat == e.source and before.tile == e.tile
            melds[e.seat].append((e.kind, tuple(sorted((*e.tiles, e.tile)))))
        elif e.kind == "ankan":
            assert e.seat is not None
            melds[e.seat].append(("ankan", e.tiles))
            drawn[e.seat] = None
        elif e.kind == "kakan":
            assert e.seat is not None and e.tile is not None
            j = next(j for j, m in enumerate(melds[e.seat]) if m[0] == "pon" and m[1][0] // 4 == e.tile // 4)
            melds[e.seat][j] = ("kakan", tuple(sorted((*melds[e.seat][j][1], e.tile))))
        elif e.kind == "dora":
            assert e.tile == k.wall.dora[dora]
            dora += 1
    kinds = {MeldKind.CHI: "chi", MeldKind.PON: "pon", MeldKind.MINKAN: "minkan", MeldKind.ANKAN: "ankan",
             MeldKind.KAKAN: "kakan"}
    for s, st in enumerate(k.seats):
        assert discards[s] == [(d.tile, d.tsumogiri, d.riichi) for d in st.discards]
        assert melds[s] == [(kinds[m.kind], tuple(m.tiles)) for m in st.melds]
    assert dora == len(k.dora_indicators)
    last = k.record[-1]
    assert k.result is not None
    if k.result.kind == "draw":
        assert last == Event("exhaustive_draw")
    else:
        assert (last.kind, last.seat, last.source) == ("win", k.result.winner, k.result.discarder)


@pytest.mark.parametrize("seed", range(8, 14))
def test_replaying_the_record_rebuilds_discards_melds_and_dora(seed: int) -> None:
    kyokus, _, _ = _play(seed, _first)
    for k in kyokus:
        _rebuild(k)


def test_a_riichi_stands_in_the_record_only_when_nobody_wins_on_its_tile() -> None:
    seen = 0
    for seed in range(4):
        if seen >= 2:
            break
        kyokus, _, _ = _play(seed, _first, mover=_eager)
        for k in kyokus:
            for i, e in enumerate(k.record):
                if e.kind != "riichi":
                    continue
                seen += 1
                rest = k.record[i + 2:]
                won = bool(rest) and rest[0].kind == "win"
                assert won != any(x == Event("riichi_accepted", e.seat) for x in rest)
    assert seen
