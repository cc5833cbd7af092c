"""Result pictures from the engine's result records (``kyoku_results`` / ``poker_results`` entries):
shared by the bot's result posts and the offline demo, so both draw a result the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.adapt import cards, meld
from bot.render.model import (
    FiveResult,
    KyokuResult,
    PotResult,
    ScoreChange,
    ScoreLine,
    ShowdownHand,
    ShowdownImage,
)

FIVE_BONUS_LINES = {"closed_riichi", "closed_all_sequences", "closed_twin_sequences", "all_triplets_closed",
                    "one_suit_straight", "one_suit_no_honors", "vip_all_dragons", "vip_all_winds"}


def _changes(deltas: Mapping[str, int]) -> tuple[ScoreChange, ...]:
    return tuple(ScoreChange(p, int(d)) for p, d in sorted(deltas.items(), key=lambda kv: -kv[1]))


def _winning_hand(result: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """Hand without the winning tile (drawn apart), and the winner's melds."""
    hand = list(result.get("hand") or [])
    win = result.get("win_tile")
    if win in hand:
        hand.remove(win)
    owner = players.index(result["winner"]) if result.get("winner") in players else 0
    return {"hand": tuple(hand), "win_tile": win,
            "melds": tuple(meld(m, players, owner) for m in result.get("melds") or ()),
            "dora_indicators": tuple(result.get("dora_indicators") or ()),
            "ura_indicators": tuple(result.get("ura_indicators") or ())}


def _library_han() -> dict[str, tuple[int, int]]:
    from mahjong.hand_calculating.yaku_config import YakuConfig

    return {y.name: (y.han_open, y.han_closed) for y in vars(YakuConfig()).values() if hasattr(y, "han_closed")}


def yaku_lines(result: Mapping[str, Any]) -> tuple[ScoreLine, ...]:
    """Each yaku with its han: the library's value (open or closed hand), a dora line's count.
    ``romaji`` keeps the library's name, so the picture shows it beside a translated label."""
    names, given = list(result.get("yaku") or ()), list(result.get("yaku_han") or ())
    if names and len(given) == len(names):  # the engine records each yaku's han
        out = []
        for n, h in zip(names, given, strict=True):
            name = n.rpartition(" ")[0] if "Dora" in n and n.rpartition(" ")[2].isdigit() else n
            out.append(ScoreLine(name, int(h), romaji=name))
        return tuple(out)
    table = _library_han()  # older stored records: the library's value for an open or closed hand
    closed = all(m.get("type") == "ankan" for m in result.get("melds") or ())
    lines = []
    for name in result.get("yaku") or ():
        head, _, count = str(name).rpartition(" ")
        if "Dora" in name and count.isdigit():
            lines.append(ScoreLine(head, int(count), romaji=head))
            continue
        han_open, han_closed = table.get(name, (0, 0))
        lines.append(ScoreLine(name, han_closed if closed or not han_open else han_open, romaji=name))
    return tuple(lines)


def _title(result: Mapping[str, Any]) -> str:
    honba = int(result.get("honba") or 0)
    return str(result.get("kyoku", "")) + (f" · {honba} honba" if honba else "")


def kyoku_image(result: Mapping[str, Any], players: Sequence[str]) -> KyokuResult:
    """A riichi or Janpo kyoku result record to its picture; the value is what the losers paid."""
    common: dict[str, Any] = {"title": _title(result), "changes": _changes(result.get("deltas", {}))}
    if result.get("result") == "draw":
        return KyokuResult(tenpai=tuple(result.get("tenpai") or ()), **common)
    paid = -sum(int(d) for d in result.get("deltas", {}).values() if d < 0)
    limit = str(result.get("limit") or "").title()
    value = f"{limit} · {paid:,}" if limit else f"{paid:,}"
    return KyokuResult(winner=result["winner"], loser=result.get("from", ""), lines=yaku_lines(result),
                       han=int(result.get("han") or 0), fu=int(result.get("fu") or 0), value=value,
                       **_winning_hand(result, players), **common)


def five_image(result: Mapping[str, Any], players: Sequence[str]) -> FiveResult:
    """A Mahjong Five result record to its line-by-line breakdown (F5, F6, F9)."""
    common: dict[str, Any] = {"title": _title(result), "changes": _changes(result.get("deltas", {}))}
    if result.get("result") == "draw":
        return FiveResult(tenpai=tuple(result.get("tenpai") or ()), **common)
    breakdown = result.get("breakdown") or {}
    lines = tuple(ScoreLine(f"{x['label']} {x.get('tiles', '')}".strip(), int(x["han"]), x["key"] in FIVE_BONUS_LINES)
                  for x in breakdown.get("lines", ()))
    return FiveResult(winner=result["winner"], loser=result.get("from", ""), lines=lines,
                      total_han=int(breakdown.get("total_han", result.get("han") or 0)),
                      base_score=int(breakdown.get("base", result.get("base") or 0)),
                      **_winning_hand(result, players), **common)


def showdown_image(result: Mapping[str, Any], title: str) -> ShowdownImage:
    """A poker result record to its picture. The engine's record says everything: each shown
    hand's cards, class and winnings (``engine.holdem.record``); nothing is re-ranked or re-split
    here. A record stored before classes were recorded shows the cards without them."""
    board = cards(result.get("board"))
    shown_hands = result.get("shown") or {}
    hands = []
    for name, shown in shown_hands.items():
        entry = shown if isinstance(shown, Mapping) else {"cards": shown}
        hands.append(ShowdownHand(name, cards(entry.get("cards")), str(entry.get("class") or ""),
                                  int(entry.get("won") or 0)))
    for name, delta in (result.get("deltas") or {}).items():
        if delta < 0 and name not in shown_hands:
            hands.append(ShowdownHand(name, (), folded=True))
    pots = tuple(PotResult(int(p["amount"]), tuple(p.get("winners") or ())) for p in result.get("pots", ()))
    return ShowdownImage(board=board, hands=tuple(hands), pots=pots, title=title)
