"""Information sets: the channel's view and each player's view hold nothing they may not see.

Cards are unique, so a hole card is found by its name anywhere in a view. Tiles repeat, so for
tiles the check counts: no view may mention more copies of a kind than that viewer can see
(public: discards, melds, dora indicators and revealed winning hands; a player: that plus their
own concealed tiles).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.games import new_game
from engine.randomplay import concrete

TILE = re.compile(r"^[0-9][mpsz]$")
CARD = re.compile(r"^[2-9TJQKA][shdc]$")
STEPS = 400


def _strings(value: Any) -> list[str]:
    """Every string in a view, each tile once: a discard called away is counted in the meld that
    took it, and a meld's ``called`` names one of its own tiles."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        if value.get("called") is True and "tile" in value:
            return []
        return [s for k, v in value.items() if k != "called" for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def _cards(value: Any) -> set[str]:
    """Every card named in a view, whether alone or in a run like 'AsKd'."""
    out: set[str] = set()
    for s in _strings(value):
        if re.fullmatch(r"(?:[2-9TJQKA][shdc])+", s):
            out |= {s[i : i + 2] for i in range(0, len(s), 2)}
    return out


def _kind(name: str) -> str:
    return "5" + name[1] if name[0] == "0" else name


def _tile_counts(view: dict[str, Any]) -> Counter[str]:
    """Tiles a mahjong view shows of the live kyoku (results of earlier kyoku are left out)."""
    skip = ("kyoku_results", "poker_results", "legal", "poker", "last_hand", "last_discard", "result",
            "kuikae", "waits")  # the last two name kinds, not tiles
    live = {k: v for k, v in view.items() if k not in skip}
    result = view.get("result") or {}
    shown = _strings(live) + _strings(result.get("hand", [])) + _strings(result.get("ura_indicators", []))
    return Counter(_kind(s) for s in shown if TILE.match(s))


def _hidden_hole_cards(game: Any, viewer: str | None) -> set[str]:
    hand = getattr(game, "hand", None)
    if hand is None or hand.over:
        return set()
    from engine.holdem.cards import card_str

    return {card_str(c) for p, cards in hand.cards.hole.items() if p != viewer for c in cards}


def _visible_kinds(game: Any, viewer: int | None) -> Counter[str]:
    kyoku = game.mj.kyoku if hasattr(game, "mj") else game.kyoku
    names: Counter[str] = Counter()
    for s, st in enumerate(kyoku.seats):
        for d in st.discards:
            names[_kind(kyoku.name(d.tile))] += 1
        for m in st.melds:
            for t in m.tiles:
                names[_kind(kyoku.name(t))] += 1
        if viewer == s:
            for t in st.hand:
                names[_kind(kyoku.name(t))] += 1
    for t in kyoku.dora_indicators:
        names[_kind(kyoku.name(t))] += 1
    if kyoku.result is not None and kyoku.result.winner is not None:
        for t in kyoku.seats[kyoku.result.winner].hand:  # shown when the hand is won
            names[_kind(kyoku.name(t))] += 1
        detail = kyoku.result.detail
        for t in detail.get("ura_indicators", []):
            names[_kind(kyoku.name(t))] += 1
        if kyoku.result.discarder is not None:  # the ronned tile joins the shown hand
            names[_kind(kyoku.name(detail["win_tile"]))] += 1
    return names


def _only_shown_hands_remembered(game: Any, view: dict[str, Any]) -> None:
    """D51: the summary of earlier hands every poker view carries names no card but hands shown
    at a showdown, each by the player who showed it, and is the same in every view."""
    public = game.public_view()
    tendencies = view.get("tendencies", (view.get("poker") or {}).get("tendencies"))
    if tendencies is None:
        assert "tendencies" not in public and "poker" not in public  # riichi and Five: no poker
        return
    assert tendencies == public.get("tendencies", (public.get("poker") or {}).get("tendencies"))
    results = game.summary()["poker_results"]
    showed = {(p, s["cards"]) for r in results for p, s in r["shown"].items()}
    for player, entry in tendencies.items():
        assert entry["hands"] <= len(results)
        for cards, _ in entry["shown"]:
            assert (player, cards) in showed, f"{player} remembered with {cards}, never shown"


@pytest.mark.parametrize("game_name", ["riichi", "janpo", "five", "holdem"])
@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_holds_what_its_viewer_may_not_see(game_name: str, seed: int) -> None:
    players = ["A", "B", "C", "D"]
    spec: dict[str, Any] = {"game": game_name, "players": players, "seed": seed}
    if game_name == "holdem":
        spec["options"] = {"hands": 30}
    game = new_game(spec)
    rng = random.Random(seed)
    for _ in range(STEPS):
        if game.finished:
            break
        viewers: list[str | None] = [None, *players]
        for viewer in viewers:
            view = game.public_view() if viewer is None else game.view(viewer)
            json.dumps(view)  # views are plain data
            earlier = ("last_hand", "poker_results", "tendencies")  # finished hands: cards reused since
            current = {k: v for k, v in view.items() if k not in earlier}
            if isinstance(current.get("poker"), dict):  # Janpo: tile names look like cards ("7s")
                poker = {k: v for k, v in current["poker"].items() if k not in earlier}
                current = {"poker": poker, "hole": current.get("hole", "")}
            _only_shown_hands_remembered(game, view)
            leaked = _cards(current) & _hidden_hole_cards(game, viewer)
            assert not leaked, f"{viewer or 'public'} view shows hidden cards {leaked}"
            if game_name != "holdem":
                seat = None if viewer is None else players.index(viewer)
                shown = _tile_counts(view)
                allowed = _visible_kinds(game, seat)
                over = {k: n for k, n in shown.items() if n > allowed[k]}
                assert not over, f"{viewer or 'public'} view shows more tiles than it may see: {over}"
        player = rng.choice(game.waiting_on())
        game.play(concrete(rng.choice(game.legal_moves(player)), rng))
