"""From a Janpo view and legal list to a move: plain poker after a kyoku (J9), plain mahjong on
tada-jan turns and claims, and the combined draw turn (J7) weighed by :mod:`janpo_play`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.base import Move, matches
from engine.cpu.janpo_play import choose_janpo_turn, janpo_poker
from engine.cpu.mahjong_view import mahjong_words, seat_from_view, turn_options, turn_words
from engine.cpu.poker_play import PokerChoice, PokerSpot
from engine.cpu.poker_view import poker_options, poker_tail, spot_from_table

POKER_WORDS = frozenset({"fold", "check", "call", "bet", "raise", "allin"})


def janpo_spot(view: dict[str, Any]) -> PokerSpot:
    """The poker side of a Janpo view: chips behind are the seat's points (J1)."""
    poker = dict(view.get("poker") or {})
    seats = view.get("seats") or []
    order = [s["player"] for s in seats]
    poker["seats"] = poker.get("status") or poker.get("seats") or {}
    poker["stacks"] = {s["player"]: s.get("points", 0) for s in seats}
    return spot_from_table(poker, view["player"], view.get("hole") or "", order)


def split(tail: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """``["tsumogiri", "raise", [lo, hi]]`` -> (mahjong words, poker words)."""
    for i, word in enumerate(tail):
        if isinstance(word, str) and word in POKER_WORDS:
            return list(tail[:i]), list(tail[i:])
    return list(tail), []


def _legal(move: Move, legal: list[Move]) -> bool:
    return any(matches(move, m) for m in legal)


def _passive(options_tails: list[list[Any]]) -> list[Any]:
    return ["check"] if ["check"] in options_tails else ["fold"]


def combined_move(view: dict[str, Any], legal: list[Move], rng: random.Random, level: str) -> Move:
    player = legal[0][0]
    parts = [split(m[1:]) for m in legal]
    mahjong = [m for m, _ in parts]
    words = [list(w) for i, w in enumerate(mahjong) if w not in mahjong[:i]]
    poker_tails = [p for _, p in parts if p]
    seat = seat_from_view(view, "riichi")
    options = turn_options(words, seat)
    spot = janpo_spot(view)
    popts = poker_options([p for m, p in parts if m == ["tsumogiri"] and p] or poker_tails)
    riichi_chip = any(m == ["riichi", "tsumogiri"] and p and p[0] not in ("check", "fold") for m, p in parts)
    choice = choose_janpo_turn(seat, options, spot, popts, rng, level, chip_with_riichi=riichi_chip)
    mj = turn_words(choice.turn, words, seat, tsumogiri=True if choice.tsumogiri else None)
    if choice.poker is None:
        return [player, *mj]
    tail = poker_tail(choice.poker)
    move = [player, *mj, *tail]
    if _legal(move, legal):
        return move
    if mj[0] == "riichi":  # a riichi that cannot also carry these chips (deposit): plain tsumogiri
        move = [player, "tsumogiri", *tail]
        if _legal(move, legal):
            return move
    return [player, *mj, *_passive(poker_tails)]


def janpo_move(view: dict[str, Any], legal: list[Move], rng: random.Random, level: str) -> Move:
    player = legal[0][0]
    tails = [m[1:] for m in legal]
    if all(t and t[0] in POKER_WORDS for t in tails):  # the kyoku is over: plain poker (J9)
        choice: PokerChoice = janpo_poker(janpo_spot(view), poker_options(tails), rng, level)[0]
        return [player, *poker_tail(choice)]
    if any(split(t)[1] for t in tails):
        return combined_move(view, legal, rng, level)
    return [player, *mahjong_words(view, tails, rng, level, "riichi")]
