"""No concealed tile or hole card reaches a public image (issue: the channel sees only what the
public view shows). The sprite loader is watched: a hidden tile that is never loaded is never drawn."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import fields
from typing import Any

import pytest

from bot.render import render_hand, render_holdem_table, render_table, sprites
from bot.render.adapt import hand_from_view, holdem_from_view, table_from_view
from bot.render.model import Discard, HoldemSeat, HoldemTable, MeldView, PokerSeat, Pot, SeatView, TableImage

TILE = re.compile(r"^[0-9][mpsz]$")
CARD = re.compile(r"[2-9TJQKA][shdc]")

# Every field of the public records, reviewed: none holds a concealed tile or a hole card, and the
# only card field on a seat is the one named for the showdown. A new field must be added here.
PUBLIC_FIELDS = {
    TableImage: {"game", "seats", "round_wind", "kyoku", "honba", "deposits", "turn", "dora_indicators", "wall",
                 "pots", "board", "finished", "pot_total"},
    SeatView: {"name", "wind", "points", "discards", "melds", "riichi", "dealer", "poker"},
    PokerSeat: {"bet", "status", "position", "showdown_cards"},
    HoldemTable: {"seats", "board", "pots", "small_blind", "big_blind", "hand_no", "finished", "pot_total"},
    HoldemSeat: {"name", "stack", "poker", "button", "in_hand"},
    Pot: {"amount", "eligible"},
    Discard: {"tile", "riichi", "called", "last"},
    MeldView: {"kind", "tiles", "called", "source", "added"},
}


@pytest.mark.parametrize("record", list(PUBLIC_FIELDS), ids=lambda r: r.__name__)
def test_public_records_have_no_private_field(record: type) -> None:
    assert {f.name for f in fields(record)} == PUBLIC_FIELDS[record]


def _public_view() -> dict[str, Any]:
    """A Janpo-style public view; its tiles are all of man and the winds, its cards hearts."""
    def seat(name: str, wind: str, discards: str) -> dict[str, Any]:
        return {"player": name, "wind": wind, "points": 25000, "riichi": False, "hand_count": 13,
                "discards": [{"tile": t, "riichi": False, "called": False} for t in discards.split()],
                "melds": []}
    seats = [seat("A", "E", "1m 2m"), seat("B", "S", "3m 1z"), seat("C", "W", "4m"), seat("D", "N", "2z")]
    seats[1]["melds"] = [{"type": "pon", "tiles": ["9m", "9m", "9m"], "called": "9m", "from": "A"}]
    return {"game": "janpo", "round": "E1", "round_wind": "E", "dealer": "A", "honba": 0, "deposits": 0,
            "tiles_left": 60, "dora_indicators": ["5m"], "turn": "C", "seats": seats,
            "poker": {"board": "2h3h4h", "pots": [{"amount": 2000, "eligible": ["A", "B"]}],
                      "bets": {"A": 500}, "seats": {"A": "in", "B": "all-in", "C": "folded", "D": "busted"},
                      "to_act": "A", "button": "B"}}


# Private data in every place a careless adapter might look: own hand, drawn tile, waits, kuikae,
# hole cards, and other players' hands. None of it is man, a wind or a heart.
SENTINEL_TILES = {"7p", "8p", "9p", "0p", "7s", "8s", "0s", "6z", "7z"}
SENTINEL_CARDS = {"cards/As", "cards/Ks", "cards/Qd", "cards/Jc"}


def _private_view() -> dict[str, Any]:
    view = _public_view()
    view.update({
        "player": "C", "seat": 2, "hand": ["7p", "8p", "9p", "0p", "7s", "8s", "0s", "6z", "6z", "7z"],
        "drawn": "7z", "waits": [{"tile": "9p", "left": 2}], "kuikae": ["8s"], "shanten": 0,
        "hole": "AsKs", "hands": {"D": "7p8p9p"}, "concealed": ["6z"],
    })
    view["poker"] = {**view["poker"], "hole": "QdJc", "cards": {"C": "AsKs"}}
    view["seats"][3]["hand"] = ["0s", "7s"]
    view["seats"][3]["hole"] = "QdJc"
    return view


def test_table_from_a_private_view_draws_no_private_tile_or_card() -> None:
    with sprites.watch() as seen:
        render_table(table_from_view(_private_view()))
    assert not set(seen) & (SENTINEL_TILES | SENTINEL_CARDS)
    assert {"1m", "9m", "5m", "cards/2h", "cards/4h"} <= set(seen)  # the public part is drawn


def test_the_private_hand_does_draw_them() -> None:
    """The same view in the owner's DM shows the hidden tiles: the watch would see a leak."""
    with sprites.watch() as seen:
        render_hand(hand_from_view(_private_view()))
    assert {"7p", "0p", "7z", "cards/As", "cards/Ks"} <= set(seen)


def _tile_strings(data: Any) -> Counter[str]:
    """Every tile notation string anywhere in a public view: the most a public image may draw."""
    out: Counter[str] = Counter()
    if isinstance(data, str):
        if TILE.match(data):
            out[data] += 1
    elif isinstance(data, dict):
        for v in data.values():
            out += _tile_strings(v)
    elif isinstance(data, list | tuple):
        for v in data:
            out += _tile_strings(v)
    return out


def _pick(moves: list[list[Any]], step: int) -> list[Any]:
    plain = [m for m in moves if not any(isinstance(x, list) for x in m)]
    return plain[step % len(plain)] if plain else moves[0]


@pytest.mark.parametrize("seed", [3, 11])
def test_riichi_engine_views_never_leak(seed: int) -> None:
    new_game = pytest.importorskip("engine.games").new_game
    game = new_game({"game": "riichi", "players": ["A", "B", "C", "D"], "seed": seed})
    for step in range(60):
        if game.finished or not game.waiting_on():
            break
        if step % 10 == 9:
            allowed = _tile_strings(game.public_view())
            for player in game.players:
                view = game.view(player)
                with sprites.watch() as seen:
                    render_table(table_from_view(view))
                drawn = Counter(t for t in seen if t != "back")
                assert not drawn - allowed, f"{player} at step {step}: {drawn - allowed}"
        player = game.waiting_on()[0]
        game.play(_pick(game.legal_moves(player), step))


def test_holdem_engine_views_never_leak() -> None:
    new_game = pytest.importorskip("engine.games").new_game
    game = new_game({"game": "holdem", "players": ["A", "B", "C"], "seed": 5})
    for step in range(12):
        if game.finished or not game.waiting_on():
            break
        public = game.public_view()
        board = {f"cards/{c}" for c in CARD.findall(public.get("board") or "")}
        shown = set()
        if public.get("street") is None and public.get("last_hand"):
            shown = {f"cards/{c}" for s in public["last_hand"]["shown"].values() for c in CARD.findall(s["cards"])}
        for player in game.players:
            view = game.view(player)
            assert view["hole"] or player not in public.get("seats", {})
            with sprites.watch() as seen:
                render_holdem_table(holdem_from_view(view))
            assert set(seen) <= board | shown | {"cards/card_back"}, f"{player} at step {step}"
        player = game.waiting_on()[0]
        legal = game.legal_moves(player)
        game.play(next((m for m in legal if m[1] in ("check", "call")), legal[0]))


def test_hole_cards_reach_the_table_only_as_showdown_cards() -> None:
    from dataclasses import replace

    from bot.render import samples

    with sprites.watch() as seen:
        render_table(samples.JANPO_TABLE)
    assert {c for c in seen if c.startswith("cards/")} == {"cards/Qh", "cards/7d", "cards/2c"}
    bob = samples.JANPO_TABLE.seats[1]
    assert bob.poker is not None
    shown = replace(bob, poker=replace(bob.poker, showdown_cards=("Qs", "Qd")))
    with sprites.watch() as seen:
        render_table(replace(samples.JANPO_TABLE, seats=(samples.JANPO_TABLE.seats[0], shown,
                                                         *samples.JANPO_TABLE.seats[2:])))
    assert {"cards/Qs", "cards/Qd"} <= set(seen)


def test_table_view_marks_the_last_discard_and_the_meld_side() -> None:
    view = _public_view()
    view["last_discard"] = {"player": "B", "tile": "1z"}
    table = table_from_view(view)
    assert [d.last for d in table.seats[1].discards] == [False, True]
    assert table.seats[1].melds[0].source == "left" and table.turn == 2 and table.seats[0].dealer
    assert table.pots == (Pot(2000, ("A", "B")),) and table.board == ("2h", "3h", "4h")
    assert [s.poker.status for s in table.seats if s.poker] == ["to_act", "all_in", "folded", "busted"]


def test_kuikae_greys_tiles_in_the_owners_hand_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """D32: the tiles kuikae bars (R3) are greyed in the owner's hand image; the public table
    drawn from that same view greys nothing, not even a barred kind lying in a pond (A's 1m)."""
    shades: list[tuple[str, str]] = []
    tile = sprites.tile

    def record(name: str, height: int = sprites.BASE_H, sideways: bool = False,
               shade: sprites.Shade = "none") -> Any:
        shades.append((name, shade))
        return tile(name, height, sideways, shade)

    view = _public_view()
    view.update({"player": "B", "seat": 1, "hand": ["1m", "4m", "5p", "6p", "7p", "2s", "3s", "4s", "6z", "6z"],
                 "kuikae": ["1m", "4m"]})
    monkeypatch.setattr(sprites, "tile", record)
    render_table(table_from_view(view))
    assert ("1m", "none") in shades and not [s for s in shades if s[1] == "grey"]
    shades.clear()
    render_hand(hand_from_view(view))
    assert sorted(name for name, shade in shades if shade == "grey") == ["1m", "4m"]
