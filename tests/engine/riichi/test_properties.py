"""Seeded random riichi games: every step conserves the 136 tiles and the 100,000 points, and a
move that is not listed as legal is refused without changing anything.

The driver plays like a weak player on purpose (wins when it can, discards toward tenpai, often
calls, declares riichi and kans) so that wins, calls, kans, riichi and furiten actually occur.
``JANPO_PROPERTY_GAMES`` sets how many games (default 50; the full run is 1,000).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

from engine.base import IllegalMove, Move, matches
from engine.games import new_game
from engine.riichi.game import RiichiGame
from engine.riichi.kyoku import Kyoku, Phase
from engine.riichi.scoring import shanten
from engine.scenario import outcome, run
from engine.tiles import kind_name

GAMES = int(os.environ.get("JANPO_PROPERTY_GAMES", "50"))
TOTAL = 100_000
MAX_MOVES = 20_000

# moves of every shape, most of them illegal at any given moment
_TILES = [kind_name(k) for k in range(34)] + ["0m", "0p", "0s"]
_SHAPES: list[list[str]] = (
    [["discard", t] for t in _TILES] + [["riichi", t] for t in _TILES] + [["ankan", t] for t in _TILES]
    + [["kakan", t] for t in _TILES] + [["chi", "1m2m"], ["chi", "4p6p"], ["chi", "0s6s"]]
    + [["tsumo"], ["ron"], ["pon"], ["kan"], ["pass"], ["tsumogiri"], ["riichi", "tsumogiri"],
       ["discard"], ["discard", "9x"], ["fold"]]
)


def tiles_in_play(k: Kyoku) -> list[int]:
    """Every tile of the kyoku where it is now: hands, melds, discards still in the river, walls."""
    out: list[int] = []
    for st in k.seats:
        out += st.hand
        out += [t for m in st.melds for t in m.tiles]
        out += [d.tile for i, d in enumerate(st.discards) if i not in st.called_away]
    out += k.wall.live[k.live_pos:] + k.wall.dora + k.wall.ura + k.wall.rinshan[k.rinshan_pos:]
    return out


def fingerprint(g: RiichiGame) -> Any:
    k = g.kyoku
    seats = tuple((tuple(st.hand), st.drawn, tuple(st.melds), tuple(st.discards), frozenset(st.called_away),
                   st.riichi, st.riichi_pending, st.ippatsu, st.furiten_temp, st.furiten_riichi, st.kuikae)
                  for st in k.seats)
    return (repr(g.summary()), k.phase, k.current, k.live_pos, k.rinshan_pos, k.kans, seats,
            repr(k.claim_answers), g.kyoku_index)


def check_invariants(g: RiichiGame) -> None:
    summary = g.summary()
    assert sum(summary["points"].values()) + summary["deposits"] == TOTAL
    if not g.finished:
        k = g.kyoku
        tiles = tiles_in_play(k)
        assert len(tiles) == 136 and set(tiles) == set(range(136)), "tiles not conserved"
        if k.phase is not Phase.ENDED:
            waiting = g.waiting_on()
            assert waiting, "nobody to act"
            for player in g.players:  # exactly those asked have moves (nobody waits on a seat with none)
                legal = g.legal_moves(player)
                assert bool(legal) == (player in waiting), player
                assert len({repr(m) for m in legal}) == len(legal), f"a move listed twice: {legal}"


def try_illegal(g: RiichiGame, rng: random.Random) -> None:
    """A move that is not in the player's legal list is refused and leaves the game untouched."""
    player = rng.choice(g.players)
    legal = g.legal_moves(player)
    for _ in range(5):
        move: Move = [player, *rng.choice(_SHAPES)]
        if not any(matches(move, m) for m in legal):
            break
    else:
        return
    before = fingerprint(g)
    try:
        g.play(move)
    except IllegalMove:
        pass
    else:
        raise AssertionError(f"illegal move {move} was accepted (legal: {legal})")
    assert fingerprint(g) == before, f"refused move {move} changed the state"


def best_discards(g: RiichiGame, player: str, moves: list[Move]) -> list[Move]:
    """The discards (tsumogiri included) that leave the lowest shanten."""
    k = g.kyoku
    st = k.seats[g.seat(player)]
    scored: list[tuple[int, Move]] = []
    for m in moves:
        if m[1] == "tsumogiri":
            tile = st.drawn
        else:
            pool = st.concealed_without_drawn() if st.drawn is not None else st.hand
            tile = next(t for t in sorted(pool) if k.name(t) == m[2])
        rest = list(st.hand)
        assert tile is not None
        rest.remove(tile)
        scored.append((shanten(rest, st.melds), m))
    low = min(s for s, _ in scored)
    return [m for s, m in scored if s == low]


def isolated(g: RiichiGame, player: str, moves: list[Move]) -> list[Move]:
    """Discards of tiles with no copy and no neighbour within two in the hand (cheap, no shanten)."""
    k = g.kyoku
    st = k.seats[g.seat(player)]
    counts = [0] * 34
    for t in st.hand:
        counts[t // 4] += 1

    def alone(kind: int) -> bool:
        if counts[kind] > 1:
            return False
        if kind >= 27:
            return True
        lo, hi = max(kind - 2, kind - kind % 9), min(kind + 2, kind - kind % 9 + 8)
        return all(counts[n] == 0 for n in range(lo, hi + 1) if n != kind)

    out = []
    for m in moves:
        tile = st.drawn if m[1] == "tsumogiri" else next(t for t in st.hand if k.name(t) == m[2])
        if tile is not None and alone(tile // 4):
            out.append(m)
    return out


def choose(g: RiichiGame, player: str, rng: random.Random) -> Move:
    legal = g.legal_moves(player)
    if rng.random() < 0.03:  # the timeout move (J15) is always one of the legal ones
        move = g.default_move(player)
        assert move in legal, (move, legal)
        return move
    kinds = {m[1] for m in legal}
    for win in ("ron", "tsumo"):
        if win in kinds and rng.random() < 0.9:
            return [player, win]
    calls = [m for m in legal if m[1] in ("pon", "chi", "kan")]
    if calls and rng.random() < 0.35:
        return rng.choice(calls)
    if "pass" in kinds:
        return [player, "pass"]
    kans = [m for m in legal if m[1] in ("ankan", "kakan")]
    if kans and rng.random() < 0.6:
        return rng.choice(kans)
    riichi = [m for m in legal if m[1] == "riichi"]
    if riichi and rng.random() < 0.7:
        return rng.choice(riichi)
    discards = [m for m in legal if m[1] in ("discard", "tsumogiri")]
    r = rng.random()
    if r < 0.15:
        return rng.choice(discards)
    if r < 0.6:
        loose = isolated(g, player, discards)
        if loose:
            return rng.choice(loose)
    return rng.choice(best_discards(g, player, discards))


def play_game(seed: int, events: Counter[str]) -> RiichiGame:
    rng = random.Random(seed)
    length = "south" if seed % 10 == 0 else "east"
    spec: dict[str, Any] = {"game": "riichi", "players": ["A", "B", "C", "D"], "seed": seed,
                            "options": {"length": length, "red_fives": seed % 7 != 3}, "moves": []}
    g = new_game(spec)
    assert isinstance(g, RiichiGame)
    check_invariants(g)
    for _ in range(MAX_MOVES):
        if g.finished:
            break
        try_illegal(g, rng)
        player = g.waiting_on()[0] if rng.random() < 0.7 else rng.choice(g.waiting_on())
        move = choose(g, player, rng)
        results = len(g.results)
        g.play(move)
        spec["moves"].append(move)
        events[move[1]] += 1
        for r in g.results[results:]:
            events["result " + r["result"]] += 1
            events["yakuman"] += r.get("limit") == "yakuman"
        check_invariants(g)
    assert g.finished, f"seed {seed}: not finished after {MAX_MOVES} moves"
    try_illegal(g, rng)
    # the moves, as a scenario file, replay the same game (the replay and persistence format)
    assert run(json.loads(json.dumps(spec))) == outcome(g)
    return g


def test_random_games_keep_tiles_points_and_legality() -> None:
    events: Counter[str] = Counter()
    for seed in range(GAMES):
        g = play_game(seed, events)
        summary = g.summary()
        assert summary["deposits"] == 0  # leftover deposits went to first place (R11)
        assert abs(sum(summary["mleague"].values())) < 0.05
        assert [p for p, _ in summary["standings"]] == sorted(g.players, key=lambda p: -summary["points"][p])
    print(dict(events))
    for event in ("result ron", "result tsumo", "result draw", "pon", "chi", "riichi"):
        assert events[event] > 0, f"no {event} in {GAMES} games: the driver does not exercise the rules"
    assert events["ankan"] + events["kakan"] + events["kan"] > 0, "no kan at all"
