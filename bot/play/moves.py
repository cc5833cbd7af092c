"""Which buttons a player's legal moves become: pure, no Discord objects.

Janpo's draw-turn move joins a mahjong part and a poker part (J7). Rather than one button per
combination (too many for Discord's 25 components), the player picks the poker part in the first
row (check is pre-selected when it is legal, else fold) and the mahjong buttons below play the move
with it. Riichi discards sit behind a "Riichi…" toggle. Every legal move stays reachable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.play.modes import mode
from engine.janpo.moves import split_move

POKER_VERBS = ("check", "call", "bet", "raise", "allin", "fold")
MAX_BUTTONS = 25

# One catalog key per move shape; labels are whole phrases, never glued from parts.
MOVE_KEYS: dict[str, str] = {
    "discard": "move.discard",
    "tsumogiri": "move.tsumogiri",
    "riichi": "move.riichi",
    "tsumo": "move.tsumo",
    "ron": "move.ron",
    "chi": "move.chi",
    "pon": "move.pon",
    "kan": "move.kan",
    "ankan": "move.ankan",
    "kakan": "move.kakan",
    "pass": "move.pass",
    "fold": "move.fold",
    "check": "move.check",
    "call": "move.call",
    "bet": "move.bet",
    "raise": "move.raise",
    "allin": "move.allin",
}
RIICHI_TSUMOGIRI_KEY = "move.riichi_tsumogiri"
STYLES = {"tsumo": "success", "ron": "success", "riichi": "danger", "fold": "danger", "allin": "danger"}


@dataclass(frozen=True)
class Button:
    """One button: ``kind`` is ``move`` (play legal[index]), ``part`` (pick a poker part) or
    ``riichi`` (show or hide riichi discards)."""

    kind: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    index: int = -1
    arg: str = ""
    style: str = "secondary"
    amount: tuple[int, int] | None = None


def split(body: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """``["discard", "5m", "check"]`` -> (mahjong part, poker part), as the engine reads it."""
    return split_move(body)


def poker_parts(legal: Sequence[Sequence[Any]]) -> list[str]:
    """The poker verbs offered together with a mahjong part, in a fixed order."""
    found = {split(m[1:])[1][0] for m in legal if split(m[1:])[0] and split(m[1:])[1]}
    return [v for v in POKER_VERBS if v in found]


def default_part(parts: Sequence[str]) -> str:
    """Check when it is legal (it costs nothing), else fold; never a chip action by default."""
    for verb in ("check", "fold"):
        if verb in parts:
            return verb
    return parts[0] if parts else ""


def _amount(part: Sequence[Any]) -> tuple[int, int] | None:
    if len(part) == 2 and isinstance(part[1], list):
        return (int(part[1][0]), int(part[1][1]))
    return None


def _label(body: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    verb = body[0]
    if verb == "riichi" and len(body) > 1 and body[1] == "tsumogiri":
        return RIICHI_TSUMOGIRI_KEY, {}
    params: dict[str, Any] = {"verb": verb}
    if len(body) > 1 and isinstance(body[1], str):
        params["tile"] = body[1]
    return MOVE_KEYS.get(verb, "move.other"), params


def layout(legal: Sequence[Sequence[Any]], part: str = "", riichi: bool = False) -> list[Button]:
    """The buttons for ``legal`` (moves with the player first) given the chosen poker part."""
    parts = poker_parts(legal)
    part = part if part in parts else default_part(parts)
    out: list[Button] = []
    if len(parts) > 1:
        out += [
            Button("part", MOVE_KEYS[v], arg=v, style="primary" if v == part else "secondary") for v in parts
        ]
    has_riichi = False
    for index, move in enumerate(legal):
        mahjong, poker = split(move[1:])
        if mahjong and poker and poker[0] != part:
            continue
        body = mahjong or poker
        if body[0] == "riichi":
            has_riichi = True
            if not riichi:
                continue
        elif riichi:
            continue
        key, params = _label(body)
        out.append(
            Button("move", key, params, index=index, style=STYLES.get(body[0], "secondary"), amount=_amount(poker))
        )
    if has_riichi:
        out.append(Button("riichi", "move.riichi_back" if riichi else "move.riichi_mode", arg="0" if riichi else "1",
                          style="danger"))
    return out[:MAX_BUTTONS]


@dataclass(frozen=True)
class PokerNumbers:
    """What a player weighs when the poker action is on them: the amount a call costs (capped at
    what they have), everything in the middle, and their points (chips) behind."""

    to_call: int
    pot: int
    behind: int


def poker_numbers(game: str, view: Mapping[str, Any], player: str) -> PokerNumbers | None:
    """From the player's own view, while they are the one to act in poker (hold'em or Janpo)."""
    if mode(game).poker_only:
        poker: Any = view
        behind = int((view.get("stacks") or {}).get(player, 0))
    else:
        poker = view.get("poker")
        own: Mapping[str, Any] = next((s for s in view.get("seats", ()) if s.get("player") == player), {})
        behind = int(own.get("points", 0) or 0)
    if not isinstance(poker, Mapping) or poker.get("to_act") != player:
        return None
    bets = poker.get("bets") or {}
    to_call = max(0, int(poker.get("current_bet") or 0) - int(bets.get(player, 0)))
    return PokerNumbers(min(to_call, max(behind, 0)), int(poker.get("pot") or 0), behind)


# One sentence per shape of move, for the answer to a click (never glued from parts).
PLAYED_MAHJONG = ("discard", "tsumogiri", "riichi", "riichi_tsumogiri", "tsumo", "ron", "chi", "pon", "kan", "ankan",
                  "kakan", "pass")


def played(move: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """The catalog key and parameters saying what ``move`` (a concrete move) did.

    >>> played(["A", "tsumogiri", "raise", 1000])
    ('played.tsumogiri_raise', {'amount': 1000})
    >>> played(["B", "discard", "5m", "check"])
    ('played.discard_check', {'tile': '5m'})
    """
    mahjong, poker = split(move[1:])
    params: dict[str, Any] = {}
    kind = ""
    if mahjong:
        kind = mahjong[0]
        if kind == "riichi" and mahjong[1:2] == ["tsumogiri"]:
            kind = "riichi_tsumogiri"
        elif len(mahjong) > 1 and isinstance(mahjong[1], str):
            params["tile"] = mahjong[1]
    verb = poker[0] if poker else ""
    if len(poker) > 1 and isinstance(poker[1], int):
        params["amount"] = poker[1]
    if kind not in PLAYED_MAHJONG + ("",) or verb not in POKER_VERBS + ("",) or not (kind or verb):
        return "hand.played", {"move": " ".join(map(str, move[1:]))}
    key = PLAYED_KEYS.get(f"{kind}_{verb}" if kind and verb else kind or verb)
    if key is None:
        return "hand.played", {"move": " ".join(map(str, move[1:]))}
    return key, params


PLAYED_KEYS: dict[str, str] = {
    "discard": "played.discard",
    "tsumogiri": "played.tsumogiri",
    "riichi": "played.riichi",
    "riichi_tsumogiri": "played.riichi_tsumogiri",
    "tsumo": "played.tsumo",
    "ron": "played.ron",
    "chi": "played.chi",
    "pon": "played.pon",
    "kan": "played.kan",
    "ankan": "played.ankan",
    "kakan": "played.kakan",
    "pass": "played.pass",
    "fold": "played.fold",
    "check": "played.check",
    "call": "played.call",
    "bet": "played.bet",
    "raise": "played.raise",
    "allin": "played.allin",
    "discard_check": "played.discard_check",
    "discard_fold": "played.discard_fold",
    "riichi_check": "played.riichi_check",
    "riichi_fold": "played.riichi_fold",
    "tsumo_check": "played.tsumo_check",
    "tsumo_fold": "played.tsumo_fold",
    "tsumogiri_check": "played.tsumogiri_check",
    "tsumogiri_fold": "played.tsumogiri_fold",
    "tsumogiri_call": "played.tsumogiri_call",
    "tsumogiri_bet": "played.tsumogiri_bet",
    "tsumogiri_raise": "played.tsumogiri_raise",
    "tsumogiri_allin": "played.tsumogiri_allin",
    "riichi_tsumogiri_check": "played.riichi_tsumogiri_check",
    "riichi_tsumogiri_fold": "played.riichi_tsumogiri_fold",
    "riichi_tsumogiri_call": "played.riichi_tsumogiri_call",
    "riichi_tsumogiri_bet": "played.riichi_tsumogiri_bet",
    "riichi_tsumogiri_raise": "played.riichi_tsumogiri_raise",
    "riichi_tsumogiri_allin": "played.riichi_tsumogiri_allin",
}
