"""Engine views (plain dicts) to render models.

Each builder reads only the keys it names, so a private view passed where a public one belongs
still yields a public picture: ``hand``, ``drawn``, ``hole`` and the like are never read by the
public builders. Keys follow ``engine/riichi/views.py`` and ``engine/holdem/table.py``; a Janpo
view carries its poker part under ``poker`` in the hold'em table's shape.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from bot.render.model import (
    Direction,
    Discard,
    HandImage,
    HoldemSeat,
    HoldemTable,
    MeldKind,
    MeldView,
    PokerSeat,
    PokerStatus,
    Pot,
    SeatView,
    TableImage,
    Wait,
)

_CARD = re.compile(r"[2-9TJQKA][shdc]")
_STATUS: dict[str, PokerStatus] = {"in": "in", "all-in": "all_in", "all_in": "all_in", "folded": "folded",
                                   "out": "busted", "busted": "busted"}
_DIRECTIONS: dict[int, Direction] = {3: "left", 2: "across", 1: "right"}


def cards(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """``'AsKd'`` or ``['As', 'Kd']`` to ``('As', 'Kd')``."""
    if not value:
        return ()
    if isinstance(value, str):
        return tuple(_CARD.findall(value))
    return tuple(value)


def meld(data: Mapping[str, Any], players: Sequence[str], owner: int) -> MeldView:
    """A meld dict (``type``, ``tiles``, ``called``, ``from``); the source seat becomes the side
    the called tile turns to: the previous seat in turn order is on the left."""
    source: Direction | None = None
    if data.get("from") in players:
        source = _DIRECTIONS.get((players.index(data["from"]) - owner) % 4)
    kind = cast(MeldKind, data.get("type", "pon"))
    called = data.get("called")
    return MeldView(kind=kind, tiles=tuple(data.get("tiles", ())), called=called, source=source,
                    added=called if kind == "kakan" else None)


def _poker_seats(poker: Mapping[str, Any], players: Sequence[str]) -> dict[str, PokerSeat]:
    status = poker.get("seats", {})
    bets = poker.get("bets", {})
    positions = dict(poker.get("positions", {}))
    for key, label in (("button", "BTN"), ("small_blind", "SB"), ("big_blind", "BB")):
        who = poker.get(key)
        if isinstance(who, str) and who not in positions:
            positions[who] = label
    shown = poker.get("shown", {})
    out = {}
    for p in players:
        st = _STATUS.get(str(status.get(p, "in")), "in")
        if poker.get("to_act") == p and st == "in":
            st = "to_act"
        revealed = shown.get(p, {})
        out[p] = PokerSeat(bet=int(bets.get(p, 0)), status=st, position=str(positions.get(p, "")),
                           showdown_cards=cards(revealed.get("cards") if isinstance(revealed, Mapping) else revealed))
    return out


def _pots(data: Mapping[str, Any]) -> tuple[Pot, ...]:
    pots = tuple(Pot(int(p["amount"]), tuple(p.get("eligible", ()))) for p in data.get("pots", ()))
    if not pots and data.get("pot"):
        return (Pot(int(data["pot"])),)
    return pots


def table_from_view(view: Mapping[str, Any]) -> TableImage:
    """A riichi, Mahjong Five or Janpo table from its public (or any player's) view."""
    seats_data = view.get("seats", ())
    players = [s.get("player", "") for s in seats_data]
    poker = view.get("poker")
    poker_seats = _poker_seats(poker, players) if isinstance(poker, Mapping) else {}
    last = view.get("last_discard") or {}
    seats = []
    for i, s in enumerate(seats_data):
        discards = [Discard(str(d["tile"]), bool(d.get("riichi")), bool(d.get("called")))
                    for d in s.get("discards", ())]
        if discards and last.get("player") == players[i] and last.get("tile") == discards[-1].tile:
            discards[-1] = Discard(discards[-1].tile, discards[-1].riichi, discards[-1].called, last=True)
        seats.append(SeatView(
            name=str(s.get("player", "")),
            wind=str(s.get("wind", "ESWN"[i % 4])),
            points=int(s.get("points", 0)),
            discards=tuple(discards),
            melds=tuple(meld(m, players, i) for m in s.get("melds", ())),
            riichi=bool(s.get("riichi")),
            dealer=s.get("player") == view.get("dealer"),
            poker=poker_seats.get(players[i]),
        ))
    label = str(view.get("round", "E1"))
    kyoku = int(label[1:]) if label[1:].isdigit() else 1
    turn = view.get("turn")
    game = str(view.get("game", "riichi"))
    return TableImage(
        game=cast(Any, game if game in ("riichi", "janpo", "five") else "riichi"),
        seats=tuple(seats),
        round_wind=str(view.get("round_wind", label[:1] or "E")),
        kyoku=kyoku,
        honba=int(view.get("honba", 0)),
        deposits=int(view.get("deposits", 0)),
        turn=players.index(turn) if turn in players else None,
        dora_indicators=tuple(view.get("dora_indicators", ())),
        wall=view.get("tiles_left"),
        pots=_pots(poker) if isinstance(poker, Mapping) else (),
        board=cards(poker.get("board")) if isinstance(poker, Mapping) else (),
    )


def holdem_from_view(view: Mapping[str, Any]) -> HoldemTable:
    """A hold'em table from its public view; seats in the order of ``stacks``."""
    stacks: Mapping[str, int] = view.get("stacks", {})
    players = list(stacks)
    poker = _poker_seats(view, players)
    last = view.get("last_hand") or {}
    shown = last.get("shown", {}) if view.get("street") is None else {}
    seats = []
    for p in players:
        seat = poker[p]
        if p in shown:
            seat = PokerSeat(seat.bet, seat.status, seat.position, cards(shown[p].get("cards")))
        in_hand = view.get("street") is not None and view.get("seats", {}).get(p) not in (None, "out")
        seats.append(HoldemSeat(name=p, stack=int(stacks[p]), poker=seat, button=view.get("button") == p,
                                in_hand=in_hand))
    blinds = list(view.get("blinds", (0, 0))) + [0, 0]
    return HoldemTable(seats=tuple(seats), board=cards(view.get("board")), pots=_pots(view),
                       small_blind=int(blinds[0]), big_blind=int(blinds[1]), hand_no=view.get("hand"))


def hand_from_view(view: Mapping[str, Any], title: str = "") -> HandImage:
    """A player's own hand from their private view."""
    players = [s.get("player", "") for s in view.get("seats", ())]
    seat = int(view.get("seat", players.index(view["player"]) if view.get("player") in players else 0))
    own = view.get("seats", [{}] * (seat + 1))[seat] if players else {}
    poker = view.get("poker") if isinstance(view.get("poker"), Mapping) else {}
    return HandImage(
        tiles=tuple(view.get("hand", ())),
        drawn=view.get("drawn"),
        melds=tuple(meld(m, players, seat) for m in own.get("melds", ())),
        riichi=bool(view.get("riichi_declared", own.get("riichi", False))),
        forbidden=frozenset(view.get("kuikae", ())),
        waits=tuple(Wait(w["tile"], int(w.get("left", 0))) for w in view.get("waits", ())),
        furiten=bool(view.get("furiten")),
        shanten=view.get("shanten"),
        hole_cards=cards(view.get("hole") or (poker or {}).get("hole")),
        board=cards((poker or {}).get("board")),
        dora_indicators=tuple(view.get("dora_indicators", ())),
        title=title,
    )
