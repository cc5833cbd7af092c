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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import IllegalMove, move_text
from engine.riichi.record import Event
from engine.riichi.scoring import DAISANGEN, DAISUUSHII, SUUKANTSU, WinContext, known_shanten, shanten
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
from engine.tiles import Meld, MeldKind, kind_name, parse_one, tile_name, tile_names, to_34
from engine.wall import Wall

__all__ = [
    "WINDS", "Discard", "Kyoku", "KyokuResult", "KyokuRules", "Phase", "Scored", "Scoring", "Seat",
    "TableState",
]

MAX_KANS = 4  # R5


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
        self._ron_eligible: list[int] = []
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
            self._update_waits(s)
        self._draw(dealer)

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
            return [s for s in self.claim_order if s not in self.claim_answers and self._answer_matters(s)]
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

    # ---- wall -----------------------------------------------------------------------------

    def _draw(self, seat: int, rinshan: bool = False) -> None:
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

    # ---- legal moves --------------------------------------------------------------------

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
            cached = self._legal_cache[seat] = self._compute_legal(seat)
        return [list(m) for m in cached]

    def touch(self) -> None:
        """Forget cached answers; call after changing a kyoku other than through :meth:`play`."""
        self.version += 1

    def _compute_legal(self, seat: int) -> list[list[str]]:
        if self.phase == Phase.ENDED:
            return []
        if self.phase in (Phase.CLAIMS, Phase.CHANKAN):
            if seat not in self.claim_options or seat in self.claim_answers or not self._answer_matters(seat):
                return []
            return [list(m) for m in self.claim_options[seat]] + [["pass"]]
        if seat != self.current:
            return []
        st = self.seats[seat]
        moves: list[list[str]] = []
        if self.phase == Phase.DRAW:
            if self._win_value(seat, st.drawn, tsumo=True) is not None:
                moves.append(["tsumo"])
            if st.riichi:
                moves.append(["tsumogiri"])
                moves += [["ankan", kind_name(k)] for k in self._riichi_ankans(seat)]
                return moves
            moves += [["discard", n] for n in self._discard_names(seat)]
            moves.append(["tsumogiri"])
            moves += [["riichi", n] for n in self._riichi_discards(seat)]
            if self._can_kan():
                counts = to_34(st.hand)
                moves += [["ankan", kind_name(k)] for k in range(34) if counts[k] == 4]
                pons = {m.kind34 for m in st.melds if m.kind == MeldKind.PON}
                moves += [["kakan", self.name(t)] for t in sorted(st.hand) if t // 4 in pons]
            return moves
        # CALLED: discard only, kuikae-forbidden kinds excluded (R3)
        return [["discard", n] for n in self._discard_names(seat)]

    def _discard_names(self, seat: int) -> list[str]:
        st = self.seats[seat]
        tiles = st.concealed_without_drawn() if self.phase == Phase.DRAW else st.hand
        names: list[str] = []
        for t in sorted(tiles):
            n = self.name(t)
            if t // 4 not in st.kuikae and n not in names:
                names.append(n)
        return names

    def _riichi_discards(self, seat: int) -> list[str]:
        """Discards that leave a closed hand in tenpai, when riichi may be declared (R9)."""
        st = self.seats[seat]
        if not st.closed or self.live_remaining < 1:
            return []
        minimum = self.rules.riichi_min_points
        if minimum and self.table.points[seat] < minimum:  # Janpo only; stand-alone points may be < 0 (R8)
            return []
        if shanten(st.hand) > 0:  # no discard can leave tenpai: skip the per-discard waits
            return []
        out: list[str] = []
        seen: set[str] = set()
        rest_melds = st.melds
        for t in sorted(st.hand, key=lambda x: (x != st.drawn, x)):
            n = "tsumogiri" if t == st.drawn else self.name(t)
            if n in seen:
                continue
            seen.add(n)
            hand = list(st.hand)
            hand.remove(t)
            waits = self.scoring.waits(hand, rest_melds)
            if waits and self.scoring.four_copies_noten:  # D37: a wait on one's own fourth copy is none
                held = to_34(hand + [x for m in rest_melds for x in m.tiles])
                waits = frozenset(k for k in waits if held[k] < 4)
            if waits:
                out.append(n)
        # list tedashi names in hand order, tsumogiri last, as the discard list does
        return [n for n in out if n != "tsumogiri"] + (["tsumogiri"] if "tsumogiri" in out else [])

    def _riichi_ankans(self, seat: int) -> list[int]:
        """After riichi, a closed kan of the drawn tile only if waits and decomposition stay (R9)."""
        st = self.seats[seat]
        if not self._can_kan() or st.drawn is None:
            return []
        k = st.drawn // 4
        if to_34(st.hand)[k] != 4:
            return []
        rest = [t for t in st.hand if t // 4 != k]
        kan = Meld(MeldKind.ANKAN, tuple(t for t in st.hand if t // 4 == k))
        new_waits = self.scoring.waits(rest, [*st.melds, kan])
        if new_waits != st.waits:
            return []
        before = st.concealed_without_drawn()
        for w in st.waits:
            if not _triplet_in_every_division(before, w, k):
                return []
        return [k]

    def _can_kan(self) -> bool:
        return self.kans < MAX_KANS and self.live_remaining > 0

    # ---- values -------------------------------------------------------------------------

    def _context(self, seat: int, win_tile: int, tsumo: bool, chankan: bool = False) -> WinContext:
        st = self.seats[seat]
        closed = list(st.hand) if tsumo else [*st.hand, win_tile]
        haitei = tsumo and not self.rinshan_draw and self.live_remaining == 0
        houtei = not tsumo and not chankan and self.live_remaining == 0
        first = self.uninterrupted and not self.first_discard_done[seat]
        return WinContext(
            closed=tuple(closed),
            melds=tuple(st.melds),
            win_tile=win_tile,
            tsumo=tsumo,
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
            dora_indicators=tuple(self.dora_indicators),
            ura_indicators=tuple(self.ura_indicators) if st.riichi else (),
            riichi=st.riichi,
            double_riichi=st.double_riichi,
            ippatsu=st.ippatsu,
            rinshan=tsumo and self.rinshan_draw,
            chankan=chankan,
            haitei=haitei,
            houtei=houtei,
            tenhou=tsumo and first and seat == self.dealer,
            chiihou=tsumo and first and seat != self.dealer,
            red_fives=self.rules.red_fives,
        )

    def _win_value(self, seat: int, tile: int | None, tsumo: bool, chankan: bool = False) -> Any:
        """The scored win, or None when the tile does not win (shape, furiten or no yaku).

        When the shape is complete but the win is refused, ``missed[seat]`` says why.
        """
        if tile is None or tile // 4 not in self.seats[seat].waits:
            return None
        if not tsumo and self.furiten(seat):
            self.missed[seat] = "furiten"
            return None
        scored = self.scoring.score(self._context(seat, tile, tsumo, chankan), self.honba)
        if isinstance(scored, str):
            self.missed[seat] = scored
            return None
        return scored

    def no_win_reason(self, seat: int) -> str | None:
        """Why a complete shape on the tile just drawn or discarded cannot be won (for the view)."""
        return self.missed.get(seat)

    # ---- playing ------------------------------------------------------------------------

    def play(self, seat: int, move: Sequence[Any]) -> None:
        """Apply a move (scenario syntax, no player) or raise IllegalMove and change nothing."""
        move = list(move)
        if self.phase == Phase.ENDED:
            raise IllegalMove("the kyoku is over", "game_over")
        legal = self.legal(seat)
        if not legal:
            raise self._not_your_turn(seat)
        if move not in legal:
            raise IllegalMove(self.why_not(seat, move, legal))
        self.log.append((seat, move))
        self.missed.pop(seat, None)  # a refused win is explained until the seat next moves
        self.version += 1
        action = move[0]
        if self.phase in (Phase.CLAIMS, Phase.CHANKAN):
            self._answer(seat, move)
        elif action == "tsumo":
            st = self.seats[seat]
            self._win(seat, st.drawn, None, self._win_value(seat, st.drawn, tsumo=True))
        elif action in ("discard", "tsumogiri"):
            self._discard(seat, move[1] if action == "discard" else None, riichi=False)
        elif action == "riichi":
            self._discard(seat, None if move[1] == "tsumogiri" else move[1], riichi=True)
        elif action == "ankan":
            self._ankan(seat, parse_one(move[1])[0])
        elif action == "kakan":
            self._kakan(seat, move[1])

    def _not_your_turn(self, seat: int) -> IllegalMove:
        """Say who must move instead, so a refused move explains itself."""
        who = self.waiting_on()
        names = ", ".join(self.names[s] for s in who)
        head = f"it is not {self.names[seat]}'s turn"
        if self.phase in (Phase.CLAIMS, Phase.CHANKAN):
            tile = self.kakan_tile if self.phase == Phase.CHANKAN else self.last_discard
            kinds = {o[0] for s in who for o in self.claim_options.get(s, [])}
            answers = " or ".join(k for k in ("ron", "pon", "kan", "chi") if k in kinds)
            what = "added kan" if self.phase == Phase.CHANKAN else "claim"
            tile_name = self.name(tile) if tile is not None else "the discard"
            return IllegalMove(
                f"{head}: {names} must first answer the {what} on {tile_name} ({answers} or pass)",
                "not_your_turn",
            )
        verb = "discard" if self.phase == Phase.CALLED else "play the drawn tile"
        return IllegalMove(f"{head}: {names} is to {verb}", "not_your_turn")

    def why_not(self, seat: int, move: list[Any], legal: list[list[str]]) -> str:
        """A plain-words reason for refusing ``move`` from a seat that does have legal moves."""
        text = move_text(move)
        if self.phase in (Phase.CLAIMS, Phase.CHANKAN):
            tile = self.kakan_tile if self.phase == Phase.CHANKAN else self.last_discard
            options = " / ".join(" ".join(m) for m in legal)
            what = "the discard" if tile is None else self.name(tile)
            return f"{text} is not allowed: first answer the claim on {what} ({options})"
        if move[:1] == ["discard"] and len(move) == 2:
            st = self.seats[seat]
            try:
                kind = parse_one(str(move[1]))[0]
            except ValueError:
                return f"{text}: not a tile"
            if kind in st.kuikae:
                return f"{text}: kuikae — the called tile (or the other end of the sequence) may not be discarded now"
            if st.riichi:
                return f"{text}: after riichi only tsumogiri (or tsumo / an allowed closed kan)"
            return f"{text}: no such tile in hand"
        if move[:1] in (["tsumo"], ["ron"]):
            reason = self.missed.get(seat)
            return f"{text} is not possible" + (f": {reason}" if reason else "")
        if move[:1] == ["riichi"]:
            return f"{text}: riichi needs a closed hand that is tenpai after the discard" + (
                f", {self.rules.riichi_min_points} points" if self.rules.riichi_min_points else ""
            ) + " and a tile left to draw"
        return f"{text} is not allowed now"

    def _tile_by_name(self, seat: int, name: str, exclude_drawn: bool) -> int:
        st = self.seats[seat]
        pool = st.concealed_without_drawn() if exclude_drawn else st.hand
        for t in sorted(pool):
            if self.name(t) == name:
                return t
        raise IllegalMove(f"no {name} in hand")

    def _discard(self, seat: int, name: str | None, riichi: bool) -> None:
        st = self.seats[seat]
        if name is None:
            tile = st.drawn
            assert tile is not None
        else:
            tile = self._tile_by_name(seat, name, exclude_drawn=self.phase == Phase.DRAW)
        # One shanten or worse before the discard means no wait after it, whatever goes; the
        # player's view has usually just worked that shanten out (it is kept), so it is free here.
        before = known_shanten(st.hand, st.melds)
        st.hand.remove(tile)
        tsumogiri = tile == st.drawn
        if riichi:
            self.record.append(Event("riichi", seat))
        self.record.append(Event("discard", seat, tile, tsumogiri=tsumogiri, riichi=riichi))
        st.drawn = None
        st.kuikae = frozenset()
        st.discards.append(Discard(tile, tsumogiri, riichi, sum(len(x.discards) for x in self.seats)))
        st.furiten_temp = False  # temporary furiten lasts one go-around (R12)
        if st.ippatsu:
            st.ippatsu = False  # the declarer's next discard ends ippatsu
        if riichi:
            st.riichi_pending = True
            st.double_riichi = self.uninterrupted and not self.first_discard_done[seat]
        self.first_discard_done[seat] = True
        if before is not None and before >= 1:
            st.waits = frozenset()
        else:
            self._update_waits(seat)
        self.last_discard = tile
        self._open_claims(seat, tile)

    def _update_waits(self, seat: int) -> None:
        st = self.seats[seat]
        st.waits = self.scoring.waits(st.concealed_without_drawn(), st.melds)

    # ---- claims -------------------------------------------------------------------------

    def _open_claims(self, discarder: int, tile: int) -> None:
        self.phase = Phase.CLAIMS
        self.current = discarder
        self.claim_options, self.claim_answers = {}, {}
        order = [(discarder + i) % 4 for i in (1, 2, 3)]
        ron = [s for s in order if self._win_value(s, tile, tsumo=False) is not None]
        for s in ron:
            self.claim_options[s] = [["ron"]]
        pon_kan: list[int] = []
        chi: list[int] = []
        if self.live_remaining > 0:  # no calls on the last discard
            k = tile // 4
            for s in order:
                st = self.seats[s]
                if st.riichi:
                    continue
                count = sum(1 for t in st.hand if t // 4 == k)
                opts: list[list[str]] = []
                if count >= 2 and self._call_leaves_discard(s, [t for t in st.hand if t // 4 == k][:2], k, None):
                    opts.append(["pon"])
                if count >= 3 and self._can_kan():
                    opts.append(["kan"])
                if opts:
                    self.claim_options.setdefault(s, []).extend(opts)
                    pon_kan.append(s)
            nxt = order[0]
            chis = self._chi_options(nxt, tile)
            if chis:
                self.claim_options.setdefault(nxt, []).extend(["chi", c] for c in chis)
                chi.append(nxt)
        self.claim_order = ron + [s for s in pon_kan if s not in ron] + [s for s in chi if s not in ron + pon_kan]
        self._ron_eligible = ron
        self._resolve_claims()

    def _chi_options(self, seat: int, tile: int) -> list[str]:
        st = self.seats[seat]
        if st.riichi or tile >= 108:
            return []
        k = tile // 4
        base = k - k % 9
        out: list[str] = []
        for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
            if a < base or b > base + 8:
                continue
            for ta in _distinct_names(st.hand, a, self.rules.red_fives):
                for tb in _distinct_names(st.hand, b, self.rules.red_fives):
                    if not self._call_leaves_discard(seat, [ta, tb], k, (a, b)):
                        continue
                    out.append(self.name(ta) + self.name(tb))
        return out

    def _call_leaves_discard(self, seat: int, used: list[int], k: int, chi: tuple[int, int] | None) -> bool:
        """A call is refused if kuikae (R3) would leave no tile to discard afterwards."""
        rest = list(self.seats[seat].hand)
        for t in used:
            rest.remove(t)
        banned = _kuikae_kinds(k, chi)
        return any(t // 4 not in banned for t in rest)

    def _answer_matters(self, seat: int) -> bool:
        """Whether this seat's answer can still change the outcome (else it is not asked)."""
        if seat not in self.claim_options or self._pending_resolution() is not None:
            return False
        rons = [s for s in self._ron_eligible if self.claim_answers.get(s) == ["ron"]]
        if rons:  # only an earlier ron-eligible seat can still take it (head bump, R4)
            return seat in self._ron_eligible and self._ron_eligible.index(seat) < self._ron_eligible.index(rons[0])
        if seat in self._ron_eligible:
            return True
        kinds = {o[0] for o in self.claim_options[seat]}
        if kinds & {"pon", "kan"}:
            return True
        return not any(a[0] in ("pon", "kan") for a in self.claim_answers.values())

    def _pending_resolution(self) -> tuple[int, list[str]] | None | str:
        """The decided claim, "none" when every answer that matters is a pass, None while open."""
        for s in self._ron_eligible:
            ans = self.claim_answers.get(s)
            if ans is None:
                return None
            if ans == ["ron"]:
                return (s, ans)
        if self.phase == Phase.CHANKAN:
            return "none"
        for kinds in (("pon", "kan"), ("chi",)):
            for s in self.claim_order:
                if not any(o[0] in kinds for o in self.claim_options[s]):
                    continue
                ans = self.claim_answers.get(s)
                if ans is None:
                    return None
                if ans[0] in kinds:
                    return (s, ans)
        return "none"

    def _answer(self, seat: int, move: list[str]) -> None:
        self.claim_answers[seat] = move
        self._resolve_claims()

    def _resolve_claims(self) -> None:
        decided = self._pending_resolution()
        if decided is None:
            return
        tile = self.kakan_tile if self.phase == Phase.CHANKAN else self.last_discard
        assert tile is not None
        winner = decided[0] if isinstance(decided, tuple) and decided[1] == ["ron"] else None
        # whoever let a winning tile go by is furiten (R12); passing after riichi is for good
        if winner is None:
            for s in range(4):
                if s != self.current and tile // 4 in self.seats[s].waits:
                    if self.seats[s].riichi:
                        self.seats[s].furiten_riichi = True
                    else:
                        self.seats[s].furiten_temp = True
        if winner is not None:
            chankan = self.phase == Phase.CHANKAN
            self._win(winner, tile, self.current, self._win_value(winner, tile, tsumo=False, chankan=chankan))
            return
        discarder = self.current
        if self.phase == Phase.CHANKAN:
            self._complete_kakan(discarder)
            return
        self._riichi_stands(discarder)
        if isinstance(decided, tuple):
            self._call(decided[0], discarder, tile, decided[1])
            return
        if self.live_remaining == 0:
            self._exhaustive_draw()
            return
        self._draw((discarder + 1) % 4)

    def _riichi_stands(self, seat: int) -> None:
        st = self.seats[seat]
        if not st.riichi_pending:
            return
        st.riichi_pending = False
        st.riichi = True
        st.ippatsu = True
        self.record.append(Event("riichi_accepted", seat))
        deposit = self.scoring.riichi_deposit
        if deposit:
            self.table.pay(seat, -deposit)
            self.table.deposits += 1

    def _break_ippatsu(self) -> None:
        self.uninterrupted = False
        for st in self.seats:
            st.ippatsu = False

    def _call(self, seat: int, discarder: int, tile: int, move: list[str]) -> None:
        st = self.seats[seat]
        k = tile // 4
        dst = self.seats[discarder]
        dst.called_away.add(len(dst.discards) - 1)
        self._break_ippatsu()
        if move[0] == "chi":
            names = [move[1][:2], move[1][2:]]
            used = [self._tile_by_name(seat, n, exclude_drawn=False) for n in names]
            kinds = sorted(t // 4 for t in used)
            meld = Meld(MeldKind.CHI, tuple(sorted([*used, tile])), tile, discarder)
            st.kuikae = frozenset(_kuikae_kinds(k, (kinds[0], kinds[1])))
        else:
            same = sorted(t for t in st.hand if t // 4 == k)
            if move[0] == "pon":
                used = same[:2]
                meld = Meld(MeldKind.PON, tuple(sorted([*used, tile])), tile, discarder)
                st.kuikae = frozenset({k})
            else:
                used = same[:3]
                meld = Meld(MeldKind.MINKAN, tuple(sorted([*used, tile])), tile, discarder)
        for t in used:
            st.hand.remove(t)
        st.melds.append(meld)
        self.record.append(Event({MeldKind.CHI: "chi", MeldKind.PON: "pon"}.get(meld.kind, "minkan"), seat, tile,
                                 tuple(used), discarder))
        self._note_liability(seat, discarder, meld)
        st.drawn = None
        self.current = seat
        if meld.kind == MeldKind.MINKAN:
            self.kans += 1
            self._record_dora()
            self._update_waits(seat)
            self._draw(seat, rinshan=True)
        else:
            self.phase = Phase.CALLED  # waits are recomputed after the discard

    def _note_liability(self, seat: int, discarder: int, meld: Meld) -> None:
        """Pao (R7): the discarder who fed the set completing daisangen/daisuushii, or a 4th open kan."""
        st = self.seats[seat]
        sets = [m.kind34 for m in st.melds if m.kind != MeldKind.CHI]
        if meld.kind34 >= 31 and sum(1 for k in sets if k >= 31) == 3:
            st.liable[DAISANGEN] = discarder
        if 27 <= meld.kind34 <= 30 and sum(1 for k in sets if 27 <= k <= 30) == 4:
            st.liable[DAISUUSHII] = discarder
        if meld.kind == MeldKind.MINKAN and sum(1 for m in st.melds if m.is_kan) == 4:
            st.liable[SUUKANTSU] = discarder

    # ---- kans ---------------------------------------------------------------------------

    def _ankan(self, seat: int, kind: int) -> None:
        st = self.seats[seat]
        tiles = tuple(sorted(t for t in st.hand if t // 4 == kind))
        for t in tiles:
            st.hand.remove(t)
        st.melds.append(Meld(MeldKind.ANKAN, tiles))
        st.drawn = None
        self.record.append(Event("ankan", seat, tiles=tiles))
        self._break_ippatsu()
        self.kans += 1  # kan dora at once (R9)
        self._record_dora()
        self._update_waits(seat)
        self._draw(seat, rinshan=True)

    def _kakan(self, seat: int, name: str) -> None:
        tile = self._tile_by_name(seat, name, exclude_drawn=False)
        self.kakan_tile = tile
        self.current = seat
        self.record.append(Event("kakan", seat, tile))
        # chankan (R12): others who wait on it may rob the added kan
        self.phase = Phase.CHANKAN
        self.claim_options, self.claim_answers = {}, {}
        order = [(seat + i) % 4 for i in (1, 2, 3)]
        ron = [s for s in order if self._win_value(s, tile, tsumo=False, chankan=True) is not None]
        for s in ron:
            self.claim_options[s] = [["ron"]]
        self.claim_order = ron
        self._ron_eligible = ron
        self._resolve_claims()

    def _complete_kakan(self, seat: int) -> None:
        st = self.seats[seat]
        tile = self.kakan_tile
        assert tile is not None
        st.hand.remove(tile)
        i = next(i for i, m in enumerate(st.melds) if m.kind == MeldKind.PON and m.kind34 == tile // 4)
        pon = st.melds[i]
        st.melds[i] = Meld(MeldKind.KAKAN, tuple(sorted([*pon.tiles, tile])), pon.called, pon.from_seat)
        st.drawn = None
        self.kakan_tile = None
        self._break_ippatsu()
        self.kans += 1
        self._record_dora()
        self._update_waits(seat)
        self._draw(seat, rinshan=True)

    def _record_dora(self) -> None:
        """Note the indicator a kan has just turned (R9: at once)."""
        self.record.append(Event("dora", tile=self.dora_indicators[-1]))

    # ---- endings ------------------------------------------------------------------------

    def _win(self, winner: int, tile: int | None, discarder: int | None, scored: Any) -> None:
        assert tile is not None and scored is not None
        st = self.seats[winner]
        if discarder is not None and self.phase == Phase.CLAIMS:
            self.seats[discarder].called_away.add(len(self.seats[discarder].discards) - 1)
            self.seats[discarder].riichi_pending = False  # a riichi discard that deals in does not stand
        liable = None
        yakuman = getattr(scored, "yakuman_parts", ())
        for name, seat in st.liable.items():
            if name in yakuman:
                liable = seat
                break
        deltas = self.scoring.win_deltas(
            scored, winner, discarder, self.dealer, self.honba, self.table.deposits, liable
        )
        detail = self.scoring.describe(scored)
        if liable is not None:
            detail["liable"] = liable
        detail["hand"] = sorted(st.hand if discarder is None else [*st.hand, tile])
        detail["win_tile"] = tile
        detail["ura_indicators"] = list(self.ura_indicators) if st.riichi else []
        self.table.deposits = 0
        self.record.append(Event("win", winner, tile, source=discarder))
        self._finish(KyokuResult("tsumo" if discarder is None else "ron", winner, discarder, deltas, detail))

    def _exhaustive_draw(self) -> None:
        tenpai = [self.tenpai(s) for s in range(4)]
        deltas = self.scoring.draw_deltas(tenpai)
        self.record.append(Event("exhaustive_draw"))
        self._finish(KyokuResult("draw", None, None, deltas, {}, tenpai))

    def _finish(self, result: KyokuResult) -> None:
        for s, d in enumerate(result.deltas):
            if d:
                self.table.pay(s, d)
        self.result = result
        self.phase = Phase.ENDED
        self.claim_options, self.claim_answers, self.claim_order = {}, {}, []


def _kuikae_kinds(k: int, chi: tuple[int, int] | None) -> set[int]:
    """Kinds that may not be discarded right after calling kind ``k`` (R3: no kuikae, incl. suji)."""
    if chi is None:
        return {k}
    a, b = chi
    banned = {k}
    base = k - k % 9
    if a == k + 1 and b == k + 2 and k + 3 <= base + 8:
        banned.add(k + 3)
    if a == k - 2 and b == k - 1 and k - 3 >= base:
        banned.add(k - 3)
    return banned


def _distinct_names(hand: list[int], kind: int, red_fives: bool) -> list[int]:
    """One tile per distinct name (a red and a plain five are different choices)."""
    out: dict[str, int] = {}
    for t in sorted(hand):
        if t // 4 == kind:
            out.setdefault(tile_name(t, red_fives), t)
    return list(out.values())


def _triplet_in_every_division(hand13: list[int], wait: int, kind: int) -> bool:
    from mahjong.hand_calculating.divider import HandDivider

    counts = to_34(hand13)
    counts[wait] += 1
    divisions = HandDivider.divide_hand(counts)
    if not divisions:
        return False
    return all(any(len(s) == 3 and s[0] == s[1] == s[2] == kind for s in div) for div in divisions)

