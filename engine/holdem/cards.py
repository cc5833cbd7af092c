"""Cards: treys-style notation, the seeded deck, and hand strength through treys.

A card in play is the treys integer (``treys.Card.new("As")``), so strength needs no conversion.
Notation (RULES.md): rank ``23456789TJQKA`` then suit ``shdc``; ``"AsKs"`` and ``"As Ks"`` are
the same two cards.

>>> cards_str(parse_cards("As Td2c"))
'AsTd2c'
>>> class_name(strength(parse_cards("AsKs"), parse_cards("QsJsTs2c3d")))
'Royal Flush'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from treys import Card, Evaluator

from engine.base import ScenarioError
from engine.rng import derive

RANKS = "23456789TJQKA"
SUITS = "shdc"
DECK: tuple[int, ...] = tuple(Card.new(r + s) for s in SUITS for r in RANKS)
_NAMES: dict[int, str] = {Card.new(r + s): r + s for s in SUITS for r in RANKS}
_BY_NAME: dict[str, int] = {v: k for k, v in _NAMES.items()}
_EVALUATOR = Evaluator()


class CardError(ValueError):
    """Card text that does not follow the notation, or a card dealt twice; names the field."""


def parse_cards(text: str, field: str = "cards") -> list[int]:
    """``"AsKd"`` -> two treys ints; spaces are ignored."""
    compact = "".join(text.split()) if isinstance(text, str) else None
    if compact is None or len(compact) % 2:
        raise CardError(f"{field}: {text!r} is not a list of cards like 'AsKd'")
    out = []
    for i in range(0, len(compact), 2):
        name = compact[i].upper() + compact[i + 1].lower()
        if name not in _BY_NAME:
            raise CardError(f"{field}: {compact[i:i + 2]!r} is not a card (rank 23456789TJQKA, suit shdc)")
        out.append(_BY_NAME[name])
    return out


def card_str(card: int) -> str:
    return _NAMES[card]


def cards_str(cards: Iterable[int]) -> str:
    return "".join(_NAMES[c] for c in cards)


def strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """treys rank of the best five of hole + board: 1 (royal flush) .. 7462; lower is stronger."""
    return int(_EVALUATOR.evaluate(list(hole), list(board)))


def class_name(rank: int) -> str:
    """``'Flush'``, ``'Two Pair'``, ... for a rank from :func:`strength`."""
    return str(_EVALUATOR.class_to_string(_EVALUATOR.get_rank_class(rank)))


@dataclass(frozen=True)
class Deal:
    """Every card of one hand, fixed before the first action: two per seat and five for the board."""

    hole: dict[str, tuple[int, int]]
    board: tuple[int, ...]


def deal(
    seats: Sequence[str],
    seed: int | str,
    hand_index: int,
    hole: Mapping[str, str] | None = None,
    board: str | None = None,
    field: str = "poker",
) -> Deal:
    """Deal one hand: given cards first, the rest from the deck of ``derive(seed, "poker", hand_index)``.

    ``hole`` maps a seat to its two cards, ``board`` gives up to five cards in dealing order.
    A card given twice raises :class:`CardError` naming the field.
    """
    used: dict[int, str] = {}

    def take(text: str, where: str) -> list[int]:
        got = parse_cards(text, where)
        for c in got:
            if c in used:
                raise CardError(f"{where}: {card_str(c)} is already dealt in {used[c]}")
            used[c] = where
        return got

    fixed: dict[str, list[int]] = {}
    for seat, text in (hole or {}).items():
        if seat not in seats:
            raise CardError(f"{field}.hole: {seat!r} is not in this hand")
        cards = take(text, f"{field}.hole.{seat}")
        if len(cards) != 2:
            raise CardError(f"{field}.hole.{seat}: needs exactly two cards, got {len(cards)}")
        fixed[seat] = cards
    top = take(board, f"{field}.board") if board else []
    if len(top) > 5:
        raise CardError(f"{field}.board: at most five cards, got {len(top)}")
    rest = [c for c in DECK if c not in used]
    derive(seed, "poker", hand_index).shuffle(rest)
    for seat in seats:
        if seat not in fixed:
            fixed[seat] = [rest.pop(), rest.pop()]
    while len(top) < 5:
        top.append(rest.pop())
    return Deal({s: (fixed[s][0], fixed[s][1]) for s in seats}, tuple(top))


def poker_entries(spec: Mapping[str, Any], players: Sequence[str]) -> list[dict[str, Any]]:
    """The scenario's ``poker`` list, checked now (not when its hand comes): the shape of every
    entry, the players it names, and every card it fixes (raises ScenarioError naming the field)."""
    poker = spec.get("poker", [])
    if not isinstance(poker, list) or not all(isinstance(e, dict) or e is None for e in poker):
        raise ScenarioError("poker: must be a list of objects")
    entries = [e or {} for e in poker]
    for i, entry in enumerate(entries):
        hole = entry.get("hole", {})
        if not isinstance(hole, dict) or not all(isinstance(v, str) for v in hole.values()):
            raise ScenarioError(f"poker[{i}].hole: must map players to cards like 'AsKs'")
        if not isinstance(entry.get("board", ""), str):
            raise ScenarioError(f"poker[{i}].board: must be cards like '2h3d4hTs9c'")
        unknown = set(hole) - set(players)
        if unknown:
            raise ScenarioError(f"poker[{i}].hole: {sorted(unknown)[0]!r} is not a player")
        try:
            deal(players, spec.get("seed", 0), i, hole, entry.get("board"), f"poker[{i}]")
        except CardError as e:
            raise ScenarioError(str(e)) from None
    return entries
