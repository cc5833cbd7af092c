"""The moves a player's switches make for them, and the buttons they hide.

``auto_move(settings, view, legal)`` is the move to play at once for the player, or None to
prompt them. It reads only that player's own view and legal moves, and only ever returns one of
those legal moves, so the engine still validates it like any other. Each switch makes moves of
its own kind and no other:

- **auto-win** plays ``ron`` or ``tsumo`` when offered. The engine offers a win only when it
  scores with a yaku (R13), so a yakuless or furiten ron never reaches a switch. Two wins stay a
  choice the player did not give, and are prompted: any win in the game's last scheduled kyoku
  (the win fixes the final standings, and passing a small win there can be right), and a Janpo
  tsumo that comes with ``fold`` (facing a bet, the win gives up the chips already in the pot;
  J7c). A Janpo tsumo with ``check`` is played: checking commits nothing and is the timeout's own
  poker move (J15).
- **no calls** answers ``pass`` to a chi, pon or open kan offer. It never passes a ron: with a
  ron on offer the player is prompted, and :func:`visible_moves` leaves only ron and pass.
- **auto-tsumogiri** lets the drawn tile go when that is the only discard (after riichi), or
  when nothing else would change: no win, riichi, kan or poker action is on offer, no other
  discard would lower the shanten, and the drawn tile is neither a dora nor a red five. A Janpo
  draw turn that carries a poker part is always prompted: the switch never picks a poker action.

When a win is offered and auto-win does not play it, no other switch acts either: a switch never
answers a turn in which the player could have won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.comfort.settings import UserSettings
from engine.assist import draw_lowers_shanten, mahjong_words
from engine.base import Move
from engine.tiles import dora_of, parse_kinds

WINS = frozenset({"ron", "tsumo"})
CALLS = frozenset({"chi", "pon", "kan"})
CHOICES = frozenset({"riichi", "ankan", "kakan"})
WINDS = "ESWN"
LAST_HAND = {"five": "1"}  # the last kyoku's number in its round; Five's dealer never moves (F3)


def final_kyoku(view: dict[str, Any]) -> bool:
    """Whether this is the game's last scheduled kyoku (or Janpo's last by J13). Unknown: True."""
    label = str(view.get("round") or "")
    rounds = (view.get("options") or {}).get("rounds")
    if len(label) < 2 or label[0] not in WINDS or not isinstance(rounds, int):
        return True
    wind, last = WINDS.index(label[0]), rounds - 1
    if view.get("game") == "janpo":
        broke = sum(1 for s in view.get("seats") or [] if int(s.get("points", 1)) <= 0)
        if broke >= 3:
            return True
    return wind > last or (wind == last and label[1:] == LAST_HAND.get(str(view.get("game")), "4"))


def _parts(view: dict[str, Any], legal: Sequence[Move]) -> list[tuple[list[Any], list[Any]]]:
    """(mahjong words, poker words) of each legal move."""
    game = str(view.get("game") or "")
    out = []
    for move, words in zip(legal, mahjong_words(game, legal), strict=True):
        out.append((words, list(move[1 + len(words):])))
    return out


def _auto_win(view: dict[str, Any], player: str, parts: list[tuple[list[Any], list[Any]]]) -> Move | None:
    if final_kyoku(view):
        return None
    for words, poker in parts:
        if words[:1] == ["ron"] and not poker:
            return [player, "ron"]
        if words[:1] == ["tsumo"] and poker in ([], ["check"]):
            return [player, "tsumo", *poker]
    return None


def _is_dora(view: dict[str, Any], tile: str) -> bool:
    kind = parse_kinds(tile)[0]
    return any(dora_of(k) == kind for name in view.get("dora_indicators") or [] for k in parse_kinds(name))


def _auto_tsumogiri(view: dict[str, Any], player: str, parts: list[tuple[list[Any], list[Any]]]) -> Move | None:
    if any(poker for _, poker in parts) or ([], []) in parts:
        return None
    words = [w for w, _ in parts]
    if ["tsumogiri"] not in words or any(w[0] not in ("discard", "tsumogiri") for w in words):
        return None
    if words == [["tsumogiri"]]:
        return [player, "tsumogiri"]
    drawn = str(view.get("drawn") or "")
    if not drawn or drawn.startswith("0") or _is_dora(view, drawn):
        return None
    if draw_lowers_shanten(view, words):
        return None
    return [player, "tsumogiri"]


def auto_move(settings: UserSettings, view: dict[str, Any], legal: Sequence[Move]) -> Move | None:
    """The move the player's switches make now, or None to prompt the player (see the module)."""
    if not legal or view.get("game") not in ("riichi", "five", "janpo"):
        return None
    player = str(legal[0][0])
    parts = _parts(view, legal)
    if any(words[:1] and words[0] in WINS for words, _ in parts):
        return _auto_win(view, player, parts) if settings.auto_win else None
    heads = {words[0] for words, _ in parts if words}
    if settings.no_calls and "pass" in heads and heads - {"pass"} and heads <= CALLS | {"pass"}:
        return [player, "pass"]
    if settings.auto_tsumogiri and not heads & CHOICES:
        return _auto_tsumogiri(view, player, parts)
    return None


def visible_moves(settings: UserSettings, legal: Sequence[Move]) -> list[Move]:
    """The legal moves to show as buttons: with no calls on and a ron on offer, only ron and pass
    (the calls the player asked not to see are hidden; nothing else ever is)."""
    moves = [list(m) for m in legal]
    if not settings.no_calls or not any(m[1:2] == ["ron"] for m in moves):
        return moves
    return [m for m in moves if m[1:2] in (["ron"], ["pass"])]
