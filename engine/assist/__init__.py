"""Assist mode: hints a beginner reads beside their own hand, computed from their view alone.

``assist(view, legal)`` is the one entry point. It takes only ``game.view(player)`` and
``game.legal_moves(player)`` — never the game object — so it cannot see the wall, ura dora, or
another seat's concealed tiles or hole cards; it is pure and deterministic given the view. The
record says, for a mahjong turn, the discards that keep the hand closest to a win (shanten, then
tile acceptance over the tiles this player has not seen) and the yaku or Five categories it
leans to; for a hold'em or Janpo poker hand, what the hand is, its equity against one random hand
and the price of a call. CPUs never read it (they have their own reasoning in :mod:`engine.cpu`).

>>> from engine.games import new_game
>>> g = new_game({"game": "riichi", "players": ["A", "B", "C", "D"], "seed": 3})
>>> hint = assist(g.view("A"), g.legal_moves("A"))
>>> hint.mahjong.shanten, [d.tile for d in hint.mahjong.best], hint.poker
(3, ['1z', '4z'], None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.assist.mahjong import Discard, MahjongAssist, draw_lowers_shanten, mahjong_assist
from engine.assist.poker import PokerAssist, poker_assist
from engine.cpu.janpo_view import split

__all__ = ["Assist", "Discard", "MahjongAssist", "PokerAssist", "assist", "draw_lowers_shanten", "mahjong_words"]


@dataclass(frozen=True, slots=True)
class Assist:
    """``mahjong`` is None in hold'em and on a Janpo turn that is poker only (J9); ``poker`` is
    None in riichi and Five and whenever the player holds no live poker hand."""

    game: str
    mahjong: MahjongAssist | None
    poker: PokerAssist | None


def mahjong_words(game: str, legal: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """The mahjong part of each legal move, player dropped (Janpo's poker words cut off)."""
    if game == "janpo":
        return [split(m[1:])[0] for m in legal]
    return [list(m[1:]) for m in legal]


def assist(view: dict[str, Any], legal: Sequence[Sequence[Any]]) -> Assist:
    """The assist record for one player: ``view`` is their own view, ``legal`` their moves now
    (possibly empty: the hints then describe the hand without ranking discards)."""
    game = str(view.get("game") or "")
    mahjong: MahjongAssist | None = None
    if game in ("riichi", "five", "janpo") and view.get("hand") is not None:
        words = [w for w in mahjong_words(game, legal) if w]
        if words or not legal:
            mahjong = mahjong_assist(view, words)
    poker = poker_assist(view) if game in ("holdem", "janpo") else None
    return Assist(game, mahjong, poker)
