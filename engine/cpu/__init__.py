"""CPU players: one legal move from one seat's view, for every game mode.

``choose_move(game, view, legal, rng, level)`` is the one entry point. It is handed only
``game.view(player)`` and ``game.legal_moves(player)`` (never the game object), so a CPU cannot
look at the wall or at another player's concealed tiles or hole cards. It is pure and
deterministic given ``rng`` (a table derives one stream per seat: ``engine.rng.derive(seed,
"cpu", player)``, as :func:`engine.cpu.match.play_match` does).

Levels: ``"easy"`` is a friendly learner: it plays for speed alone (one of its three fastest
discards at random, value-honor pons only, riichi on any tenpai, poker by hand class, no defence,
no chips that cost a mahjong tile in Janpo). ``"normal"`` adds effective-tile counts, hand value,
calls for any yaku when the call buys a step (in Five only far hands with dora), push/fold by
expected points against each threat (genbutsu, suji, honors), the preflop equity table and pot
odds, and the Janpo trade-off between the two games. ``"hard"`` weighs points only for a hand
one step from ready against a strong threat (with kabe and one-chance in the tile's danger),
folds by rule further away and pushes a ready hand, chooses dama or riichi by wait, value and
threat, opens a closed hand only for two han (an honitsu plan counted) or a value-honor pon,
calls a hand into formal tenpai late in a riichi wall, narrows poker ranges by post-flop bets
and calls closer to the pot odds, and reads each poker opponent from what earlier hands at the
table showed of it (the view's public ``tendencies``, D51, D96, D97): a maniac's shove is called
wider, a player who never folds is not bluffed and is value-bet thinner.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.base import Move, matches
from engine.cpu.baselines import passive_player
from engine.cpu.janpo_view import janpo_move
from engine.cpu.mahjong_view import mahjong_move
from engine.cpu.poker_play import choose_poker
from engine.cpu.poker_view import holdem_spot, poker_options, poker_tail

LEVELS = ("easy", "normal", "hard")


def _holdem(view: dict[str, Any], legal: list[Move], rng: random.Random, level: str) -> Move:
    player = legal[0][0]
    choice = choose_poker(holdem_spot(view), poker_options([m[1:] for m in legal]), rng, level)
    return [player, *poker_tail(choice)]


def _dispatch(game: str) -> Callable[[dict[str, Any], list[Move], random.Random, str], Move]:
    if game == "holdem":
        return _holdem
    if game in ("riichi", "five"):
        return mahjong_move
    if game == "janpo":
        return janpo_move
    raise ValueError(f"no CPU for game {game!r}")


def choose_move(game: str, view: dict[str, Any], legal: list[Move], rng: random.Random,
                level: str = "normal", strict: bool = False) -> Move:
    """One of ``legal``, filled in (a bet or raise range becomes a multiple of 100 inside it).

    Should a decision ever fall outside ``legal`` (a view or legal list in a shape the CPU does
    not know), the passive baseline move is made instead; ``strict`` raises there (tests).
    """
    if not legal:
        raise ValueError("no legal move to choose from")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    try:
        move = _dispatch(game)(view, legal, rng, level)
    except (ValueError, KeyError, IndexError, AssertionError, StopIteration):
        if strict:
            raise
        move = []
    if any(matches(move, m) for m in legal):
        return move
    if strict:
        raise ValueError(f"CPU chose {move!r}, not in the legal list")
    return passive_player(view, legal, rng)
