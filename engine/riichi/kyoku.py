"""One kyoku (hand) of riichi-style mahjong: draws, discards, calls, kans, riichi, furiten, wins.

Shared by riichi, Janpo and Mahjong Five: what differs between them (hand value, payments, riichi
deposit, noten payments, waits under table options) comes from a :class:`Scoring` object, so the
flow of play is written once. Seats are 0..3 in turn order (East first at the table); the kyoku's
dealer is one of them. Moves use the scenario syntax without the player: ``["discard", "5m"]``.

Points live outside (a shared list the game owns); the kyoku changes them only for riichi
deposits and its final payments, so a game can watch them.

``log`` keeps the moves in the order they were played; ``record`` keeps what took effect, in the
order it did (engine/riichi/record.py): game logs and replays read the record, since a claim
answered early only resolves once every answer that matters is in.

:class:`Kyoku` holds the state and answers questions about it; each part of the flow of play is
a module of functions on it: a seat's turn and its discard (turn.py), claims on a discard
(claims.py) and the calls they make (calls.py), kans (kans.py), wins and draws (wins.py). The
plain data and the :class:`Scoring` protocol are in state.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import IllegalMove
from engine.riichi import claims, kans, turn, wins
from engine.riichi.record import Event
from engine.riichi.state import (
    WINDS,
    Discard,
    KyokuResult,
    KyokuRules,
    Phase,
    Scored,
    Scoring,
    Seat,
    TableState,
)
from engine.tiles import parse_one, tile_names, to_34
from engine.wall import Wall

__all__ = [
    "WINDS", "Discard", "Kyoku", "KyokuResult", "KyokuRules", "Phase", "Scored", "Scoring", "Seat",
    "TableState",
]


class Kyoku:
    """The state machine of one kyoku. Use :meth:`legal` and :meth:`play`."""

    def __init__(
        self,
        wall: Wall,
        dealer: int,
        round_wind: int,
        honba: int,
        table: TableState,
        scoring: Scoring,
        rules: KyokuRules = KyokuRules(),
        label: str = "E1",
        names: Sequence[str] | None = None,
    ) -> None:
        self.wall = wall
        self.names = tuple(names) if names is not None else tuple(f"seat {s}" for s in range(4))
        self.dealer = dealer
        self.round_wind = round_wind
        self.honba = honba
        self.table = table
        self.scoring = scoring
        self.rules = rules
        self.tile_names = tile_names(rules.red_fives)  # by 136 id, as this table writes them
        self.label = label
        self.seats = [Seat(hand=list(h)) for h in wall.hands]
        self.live_pos = 0
        self.rinshan_pos = 0
        self.kans = 0
        self.uninterrupted = True  # no call yet: double riichi, tenhou, chiihou still possible
        self.first_discard_done = [False] * 4
        self.current = dealer
        self.phase = Phase.DRAW
        self.rinshan_draw = False  # the current draw came from the dead wall
        self.last_discard: int | None = None
        self.claim_options: dict[int, list[list[str]]] = {}
        self.claim_answers: dict[int, list[str]] = {}
        self.claim_order: list[int] = []
        self.ron_eligible: list[int] = []  # seats that may ron the open claim, in turn order
        self.missed: dict[int, str] = {}  # seat -> why its last winning tile could not be won
        self.kakan_tile: int | None = None
        self.result: KyokuResult | None = None
        self.log: list[tuple[int, list[str]]] = []  # moves in the order they were played
        self.record: list[Event] = []  # what took effect, in order (engine/riichi/record.py)
        self.start_points = tuple(table.points)  # the points as the kyoku was dealt
        self.start_deposits = table.deposits  # riichi sticks on the table as it was dealt
        self.version = 0  # bumped by every move; keys the cache of legal moves
        # views.py: each seat's river as views write it, kept by (discards, called away)
        self.river_views: dict[int, tuple[tuple[int, int], list[dict[str, Any]]]] = {}
        self._legal_key: tuple[int, tuple[int, ...]] | None = None
        self._legal_cache: dict[int, list[list[str]]] = {}
        for s in range(4):
            self.update_waits(s)
        self.draw_tile(dealer)

    # ---- small queries -------------------------------------------------------------------

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % 4

    @property
    def live_remaining(self) -> int:
        return len(self.wall.live) - self.live_pos - self.kans

    @property
    def dora_indicators(self) -> list[int]:
        return self.wall.dora[: 1 + self.kans]

    @property
    def ura_indicators(self) -> list[int]:
        return self.wall.ura[: 1 + self.kans]

    def name(self, tile: int) -> str:
        return self.tile_names[tile]

    def is_draw_turn(self, seat: int) -> bool:
        """A wall or rinshan draw turn of ``seat`` (Janpo's poker may ride on it, J7)."""
        return self.phase == Phase.DRAW and self.current == seat

    def waiting_on(self) -> list[int]:
        if self.phase in (Phase.DRAW, Phase.CALLED):
            return [self.current]
        if self.phase in (Phase.CLAIMS, Phase.CHANKAN):
            return [s for s in self.claim_order if s not in self.claim_answers and claims.answer_matters(self, s)]
        return []

    def furiten(self, seat: int) -> bool:
        st = self.seats[seat]
        if st.furiten_temp or st.furiten_riichi:
            return True
        own = {d.tile // 4 for d in st.discards}
        return bool(own & st.waits)

    def tenpai(self, seat: int) -> bool:
        """Formal tenpai (R10): a wait on a kind whose four copies the player holds does not count."""
        return bool(self.tenpai_waits(seat))

    def tenpai_waits(self, seat: int) -> frozenset[int]:
        st = self.seats[seat]
        if not self.scoring.four_copies_noten:
            return st.waits
        held = to_34(st.concealed_without_drawn() + [t for m in st.melds for t in m.tiles])
        return frozenset(k for k in st.waits if held[k] < 4)

    def no_win_reason(self, seat: int) -> str | None:
        """Why a complete shape on the tile just drawn or discarded cannot be won (for the view)."""
        return self.missed.get(seat)

    # ---- legal moves and playing ----------------------------------------------------------

    def legal(self, seat: int) -> list[list[str]]:
        """The moves ``seat`` may make now, in scenario syntax without the player.

        Cached until the next move (or a change of points, which riichi depends on): the bot, the
        CPU players and the runner ask for the same list many times per move.
        """
        key = (self.version, tuple(self.table.points))
        if key != self._legal_key:
            self._legal_key, self._legal_cache = key, {}
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = turn.legal_moves(self, seat)
        return [list(m) for m in cached]

    def touch(self) -> None:
        """Forget cached answers; call after changing a kyoku other than through :meth:`play`."""
        self.version += 1

    def play(self, seat: int, move: Sequence[Any]) -> None:
        """Apply a move (scenario syntax, no player) or raise IllegalMove and change nothing."""
        move = list(move)
        if self.phase == Phase.ENDED:
            raise IllegalMove("the kyoku is over", "game_over")
        legal = self.legal(seat)
        if not legal:
            raise turn.not_your_turn(self, seat)
        if move not in legal:
            raise IllegalMove(self.why_not(seat, move, legal))
        self.log.append((seat, move))
        self.missed.pop(seat, None)  # a refused win is explained until the seat next moves
        self.version += 1
        action = move[0]
        if self.phase in (Phase.CLAIMS, Phase.CHANKAN):
            claims.answer(self, seat, move)
        elif action == "tsumo":
            st = self.seats[seat]
            wins.win(self, seat, st.drawn, None, wins.win_value(self, seat, st.drawn, tsumo=True))
        elif action in ("discard", "tsumogiri"):
            turn.discard(self, seat, move[1] if action == "discard" else None, riichi=False)
        elif action == "riichi":
            turn.discard(self, seat, None if move[1] == "tsumogiri" else move[1], riichi=True)
        elif action == "ankan":
            kans.ankan(self, seat, parse_one(move[1])[0])
        elif action == "kakan":
            claims.declare_kakan(self, seat, move[1])

    def why_not(self, seat: int, move: list[Any], legal: list[list[str]]) -> str:
        """A plain-words reason for refusing ``move`` from a seat that does have legal moves."""
        return turn.why_not(self, seat, move, legal)

    # ---- steps the flow of play shares (turn.py, claims.py, calls.py, kans.py) ------------

    def draw_tile(self, seat: int, rinshan: bool = False) -> None:
        """``seat`` draws from the live wall, or from the dead wall after a kan, and must act."""
        st = self.seats[seat]
        if rinshan:
            tile = self.wall.rinshan[self.rinshan_pos]
            self.rinshan_pos += 1
        else:
            tile = self.wall.live[self.live_pos]
            self.live_pos += 1
        st.hand.append(tile)
        st.drawn = tile
        st.kuikae = frozenset()
        self.record.append(Event("draw", seat, tile, rinshan=rinshan))
        self.current = seat
        self.phase = Phase.DRAW
        self.rinshan_draw = rinshan

    def update_waits(self, seat: int) -> None:
        """Recompute the kinds that complete ``seat``'s hand, after its shape has changed."""
        st = self.seats[seat]
        st.waits = self.scoring.waits(st.concealed_without_drawn(), st.melds)

    def break_ippatsu(self) -> None:
        """A call or a kan: no more ippatsu, and no more double riichi, tenhou or chiihou."""
        self.uninterrupted = False
        for st in self.seats:
            st.ippatsu = False

    def tile_by_name(self, seat: int, name: str, exclude_drawn: bool) -> int:
        """The lowest id in ``seat``'s hand written ``name``, so a move names a tile, not a copy."""
        st = self.seats[seat]
        pool = st.concealed_without_drawn() if exclude_drawn else st.hand
        for t in sorted(pool):
            if self.name(t) == name:
                return t
        raise IllegalMove(f"no {name} in hand")
