"""Engine views (plain dicts) to render models.

Each builder reads only the keys it names, so a private view passed where a public one belongs
still yields a public picture: ``hand``, ``drawn``, ``hole`` and the like are never read by the
public builders. Keys follow ``engine/riichi/views.py`` and ``engine/holdem/table.py``; a Janpo
view carries its poker part under ``poker`` in the hold'em table's shape.

Views speak of engine player ids; ``names`` maps them to the names drawn (an id without an entry
is drawn as it is). Seats are still told apart by id, so a meld's source seat is found either way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from bot.render.model import (
    Direction,
    Discard,
    FiveResult,
    HandImage,
    HoldemSeat,
    HoldemTable,
    KyokuResult,
    MeldKind,
    MeldView,
    PokerSeat,
    PokerStatus,
    PokerTurn,
    Pot,
    PotResult,
    ScoreChange,
    SeatView,
    ShowdownImage,
    StandingsImage,
    TableImage,
    Wait,
)

Names = Mapping[str, str]
Result = TypeVar("Result", KyokuResult, FiveResult, ShowdownImage, StandingsImage)

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


def _positions(poker: Mapping[str, Any], dealt: Sequence[str]) -> dict[str, str]:
    """BTN, SB and BB from the view, for seats dealt into the hand only (a Janpo seat left out, or
    the last hand's button when no hand is running, shows none: D60); with four dealt in, the
    fourth seat is the CO, first to act preflop (J4, J5)."""
    positions = {str(k): str(v) for k, v in dict(poker.get("positions", {})).items() if str(k) in dealt}
    for key, label in (("button", "BTN"), ("small_blind", "SB"), ("big_blind", "BB")):
        who = poker.get(key)
        if isinstance(who, str) and who in dealt and who not in positions:
            positions[who] = label
    if len(dealt) == 4 and {"BTN", "SB", "BB"} <= set(positions.values()):
        rest = [p for p in dealt if p not in positions]
        if len(rest) == 1:
            positions[rest[0]] = "CO"
    return positions


def _poker_seats(poker: Mapping[str, Any], players: Sequence[str], janpo: bool = False,
                 finished: bool = False) -> dict[str, PokerSeat]:
    """Each seat's public poker state. In Janpo ``out`` means only "not dealt in this hand"
    (``busted`` is said apart), so it draws no badge. A finished game names no positions and
    nobody to act."""
    status = poker.get("seats", {})
    bets = poker.get("bets", {})
    statuses: dict[str, PokerStatus] = {}
    for p in players:
        raw = str(status.get(p, "in"))
        statuses[p] = "in" if janpo and raw == "out" else _STATUS.get(raw, "in")
    dealt = [p for p in players if str(status.get(p, "in")) in ("in", "all-in", "all_in", "folded")]
    positions = {} if finished else _positions(poker, dealt)
    shown = poker.get("shown", {})
    out = {}
    for p in players:
        st = statuses[p]
        if poker.get("to_act") == p and st == "in" and not finished:
            st = "to_act"
        revealed = shown.get(p, {})
        out[p] = PokerSeat(bet=int(bets.get(p, 0)), status=st, position=positions.get(p, ""),
                           showdown_cards=cards(revealed.get("cards") if isinstance(revealed, Mapping) else revealed))
    return out


def _pots(data: Mapping[str, Any], names: Names) -> tuple[Pot, ...]:
    """The pots collected from earlier betting rounds (this round's bets are still the seats')."""
    return tuple(Pot(int(p["amount"]), tuple(names.get(e, e) for e in p.get("eligible", ())))
                 for p in data.get("pots", ()))


def _pot_total(data: Mapping[str, Any]) -> int | None:
    """Every chip in the middle, bets included: the engine's ``pot`` (``pot_total``)."""
    return int(data["pot"]) if data.get("pot") is not None else None


def table_from_view(view: Mapping[str, Any], names: Names | None = None) -> TableImage:
    """A riichi, Mahjong Five or Janpo table from its public (or any player's) view."""
    names = names or {}
    seats_data = view.get("seats", ())
    players = [s.get("player", "") for s in seats_data]
    poker = view.get("poker")
    finished = bool(view.get("finished"))
    poker_seats = (_poker_seats(poker, players, janpo=True, finished=finished)
                   if isinstance(poker, Mapping) else {})
    last = view.get("last_discard") or {}
    seats = []
    for i, s in enumerate(seats_data):
        discards = [Discard(str(d["tile"]), bool(d.get("riichi")), bool(d.get("called")))
                    for d in s.get("discards", ())]
        if discards and last.get("player") == players[i] and last.get("tile") == discards[-1].tile:
            discards[-1] = Discard(discards[-1].tile, discards[-1].riichi, discards[-1].called, last=True)
        seats.append(SeatView(
            name=names.get(players[i], str(players[i])),
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
        turn=players.index(turn) if turn in players and not finished else None,
        dora_indicators=tuple(view.get("dora_indicators", ())),
        wall=view.get("tiles_left"),
        pots=_pots(poker, names) if isinstance(poker, Mapping) else (),
        board=cards(poker.get("board")) if isinstance(poker, Mapping) else (),
        finished=finished,
        pot_total=_pot_total(poker) if isinstance(poker, Mapping) else None,
    )


def holdem_from_view(view: Mapping[str, Any], names: Names | None = None) -> HoldemTable:
    """A hold'em table from its public view; seats in the order of ``stacks``.

    With no hand running (the game is over) the table shows the last hand: its shown cards over
    its own board and number. The view's ``board`` is the running hand's, empty by then, so the
    two shown hands used to lie over an empty board."""
    names = names or {}
    stacks: Mapping[str, int] = view.get("stacks", {})
    players = list(stacks)
    finished = bool(view.get("finished"))
    poker = _poker_seats(view, players, finished=finished)
    running = view.get("street") is not None
    last = {} if running else (view.get("last_hand") or {})
    shown = last.get("shown", {})
    seats = []
    for p in players:
        seat = poker[p]
        if p in shown:
            revealed = shown[p]
            seat = PokerSeat(seat.bet, seat.status, seat.position,
                             cards(revealed.get("cards") if isinstance(revealed, Mapping) else revealed))
        in_hand = running and view.get("seats", {}).get(p) not in (None, "out")
        seats.append(HoldemSeat(name=names.get(p, p), stack=int(stacks[p]), poker=seat,
                                button=view.get("button") == p and not finished, in_hand=in_hand))
    blinds = list(view.get("blinds", (0, 0))) + [0, 0]
    board = cards(view.get("board")) if running or not last else cards(last.get("board"))
    hand_no = view.get("hand") if running or not last else last.get("hand", view.get("hand"))
    return HoldemTable(seats=tuple(seats), board=board, pots=_pots(view, names),
                       small_blind=int(blinds[0]), big_blind=int(blinds[1]), hand_no=hand_no,
                       finished=finished, pot_total=_pot_total(view) if running else None)


def _poker_turn(view: Mapping[str, Any], own: Mapping[str, Any]) -> PokerTurn | None:
    """The call, pot and points behind, only while this player is the one to act in poker."""
    poker = view.get("poker")
    player = view.get("player")
    if not isinstance(poker, Mapping) or player is None or poker.get("to_act") != player:
        return None
    behind = int(own.get("points", view.get("points", 0)) or 0)
    bets = poker.get("bets") or {}
    to_call = max(0, int(poker.get("current_bet", 0) or 0) - int(bets.get(player, 0)))
    collected = sum(int(p["amount"]) for p in poker.get("pots", ()))
    pot = int(poker.get("pot") or collected + sum(int(b) for b in bets.values()))
    return PokerTurn(to_call=min(to_call, behind), pot=pot, behind=behind)


def hand_from_view(view: Mapping[str, Any], title: str = "", names: Names | None = None) -> HandImage:
    """A player's own hand from their private view. ``names`` is accepted like the other
    builders' but draws nothing: the hand image names no player (a meld's source is a side)."""
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
        poker_turn=_poker_turn(view, own),
    )


def with_names(image: Result, names: Names) -> Result:
    """A result picture (kyoku, Five, showdown, standings) with every player id it draws turned
    into that player's name: winner, discarder, score changes, tenpai list, hands and pot winners."""
    def n(p: str) -> str:
        return names.get(p, p)

    if isinstance(image, KyokuResult | FiveResult):
        return replace(image, winner=n(image.winner), loser=n(image.loser), tenpai=tuple(map(n, image.tenpai)),
                       changes=tuple(ScoreChange(n(c.name), c.delta) for c in image.changes))
    if isinstance(image, ShowdownImage):
        return replace(image, hands=tuple(replace(h, name=n(h.name)) for h in image.hands),
                       pots=tuple(PotResult(p.amount, tuple(map(n, p.winners))) for p in image.pots))
    return replace(image, rows=tuple(replace(r, name=n(r.name)) for r in image.rows))
