"""One no-limit hold'em hand (RULES.md P1–P5), driven by a plain table or by Janpo (J4–J11).

The caller gives the seats in action order, the button, the chips each seat has behind, the
blinds and the cards. Stacks are signed numbers that may change during the hand from outside
(:meth:`HoldemHand.adjust_stack`, Janpo's mahjong payments): a seat with nothing behind is all-in,
so J10 (taken to 0 or below: all-in with what is already in) and J11 (all-in and paid: live
again) follow from the stack alone. Pots are derived from contributions, never stored.

Action syntax is the scenario's: ``fold``, ``check``, ``call``, ``bet N``, ``raise N`` (raise to a
total of N this street), ``allin``. ``call`` is offered only when the seat keeps chips after
calling; when calling takes every chip, ``allin`` is the call. ``fold`` is offered only when
facing a bet (with nothing to call, check). ``allin`` is offered whenever it is a call or a
legal (possibly short) raise.

Positions: the small and big blind are the seats after the button in ``order`` (heads-up the
button posts the small blind). Preflop action starts after the big blind, later streets at the
first live seat after the button. A blind that takes a seat's last chip is an all-in; the amount
to call is the largest blind actually posted. A seat that has acted may raise again only if the
bet has grown by at least a full raise since (P2), whatever mix of raises and all-ins grew it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.base import IllegalMove, Move
from engine.holdem.cards import Deal, cards_str, class_name, strength

PREFLOP, FLOP, TURN, RIVER, SHOWDOWN = range(5)
STREETS = ("preflop", "flop", "turn", "river", "showdown")
BOARD_SHOWN = (0, 3, 4, 5, 5)
UNIT = 100  # P4: every amount is a multiple of this


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, the seats that may win it, and (once decided) who won it."""

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shown:
    cards: tuple[int, int]
    rank: int  # treys rank, lower is stronger

    @property
    def name(self) -> str:
        return class_name(self.rank)


@dataclass
class Result:
    """A finished hand: net chips per seat, pots with winners, the board dealt, showdown hands.

    ``shares[i]`` are the chips each winner of ``pots[i]`` took, in the order of its winners (D17:
    odd units to the first); ``won`` sums them per seat.
    """

    net: dict[str, int]
    pots: list[Pot]
    board: tuple[int, ...]
    shown: dict[str, Shown] = field(default_factory=dict)
    returned: dict[str, int] = field(default_factory=dict)
    shares: list[tuple[int, ...]] = field(default_factory=list)

    @property
    def won(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for pot, shares in zip(self.pots, self.shares, strict=True):
            for seat, amount in zip(pot.winners, shares, strict=True):
                out[seat] = out.get(seat, 0) + amount
        return out


class HoldemHand:
    """The state machine of one hand; see the module docstring for the rules it keeps."""

    def __init__(
        self,
        order: Sequence[str],
        button: str,
        stacks: Mapping[str, int],
        blinds: tuple[int, int],
        cards: Deal,
    ) -> None:
        self.order = tuple(order)
        n = len(self.order)
        if n < 2 or len(set(self.order)) != n:
            raise ValueError("a hand needs at least two distinct seats")
        if button not in self.order:
            raise ValueError(f"button {button!r} is not in the hand")
        small, big = blinds
        if not 0 < small <= big or small % UNIT or big % UNIT:
            raise ValueError(f"blinds {blinds}: 0 < small <= big, multiples of {UNIT}")
        for s in self.order:
            if stacks[s] <= 0 or stacks[s] % UNIT:
                raise ValueError(f"stack of {s}: must be a positive multiple of {UNIT}")
            if s not in cards.hole:
                raise ValueError(f"no hole cards for {s}")
        self.button = button
        self.blinds = (small, big)
        self.cards = cards
        self._index = {s: i for i, s in enumerate(self.order)}
        self._stack = {s: stacks[s] for s in self.order}
        self.committed = dict.fromkeys(self.order, 0)
        self.bets = dict.fromkeys(self.order, 0)
        self.folded: set[str] = set()
        self._acted_at: dict[str, int | None] = dict.fromkeys(self.order)
        self.street = PREFLOP
        self.current_bet = 0
        self.min_raise = big
        self.to_act: str | None = None
        self.result: Result | None = None
        self._returned = dict.fromkeys(self.order, 0)
        self.log: list[tuple[int, str, str, int]] = []
        b = self._index[button]
        self.small_blind_seat = self.order[b] if n == 2 else self.order[(b + 1) % n]
        self.big_blind_seat = self.order[(b + 1) % n] if n == 2 else self.order[(b + 2) % n]
        self._post(self.small_blind_seat, small, "small blind")
        self._post(self.big_blind_seat, big, "big blind")
        self._cursor = self._index[self.big_blind_seat] + 1
        self._advance()

    # ---- reading the state -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def board(self) -> tuple[int, ...]:
        """The board dealt so far."""
        return self.cards.board[: BOARD_SHOWN[self.street]]

    def stack(self, seat: str) -> int:
        """Chips outside the pot, signed (J10 lets it go below zero); winnings included at the end."""
        return self._stack[seat]

    def behind(self, seat: str) -> int:
        """Chips the seat can still put in this hand."""
        return max(self._stack[seat], 0)

    def status(self, seat: str) -> str:
        if seat in self.folded:
            return "folded"
        return "in" if self.behind(seat) > 0 else "all-in"

    @property
    def pot_total(self) -> int:
        """Chips in the middle now (0 once the hand is settled)."""
        return 0 if self.over else sum(self.committed.values())

    def pots(self) -> list[Pot]:
        """Main pot then side pots, layered by each seat's total contribution (P2). While a street
        is open its top layers are bets still being matched; settlement uses this at the end."""
        return self._layers(self.committed)

    def collected_pots(self) -> list[Pot]:
        """The pots as a table shows them mid-hand: earlier streets only; this street's chips are
        still the ``bets`` in front of each seat."""
        return self._layers({s: self.committed[s] - self.bets[s] for s in self.order})

    def _layers(self, paid: Mapping[str, int]) -> list[Pot]:
        levels = sorted({c for c in paid.values() if c > 0})
        live = [s for s in self.order if s not in self.folded]
        pots: list[Pot] = []
        prev = 0
        for level in levels:
            amount = sum(min(c, level) - min(c, prev) for c in paid.values())
            eligible = tuple(s for s in live if paid[s] >= level)
            prev = level
            # A layer no live seat has reached yet is shown with the pot below it; at the end it
            # goes back to those who paid it (D68), since a live seat can still match it mid-hand.
            if pots and (not eligible or pots[-1].eligible == eligible):
                pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            else:
                pots.append(Pot(amount, eligible))
        return pots

    # ---- the legal moves ---------------------------------------------------------------------

    def _may_raise(self, seat: str) -> bool:
        """Raising is open to a seat that has chips beyond the call, has not acted since the last
        full raise (P2: a short all-in does not reopen), and faces someone who could answer."""
        if self.behind(seat) <= self.current_bet - self.bets[seat]:
            return False
        acted = self._acted_at[seat]
        if acted is not None and self.current_bet - acted < self.min_raise:
            return False
        return any(
            o != seat and o not in self.folded and self.bets[o] + self.behind(o) > self.current_bet
            for o in self.order
        )

    def legal(self, seat: str) -> list[Move]:
        """Every move open to ``seat`` now, in the scenario syntax (ranges inclusive)."""
        if self.over or seat != self.to_act:
            return []
        to_call = self.current_bet - self.bets[seat]
        have = self.behind(seat)
        may_raise = self._may_raise(seat)
        moves: list[Move] = [[seat, "fold"]] if to_call > 0 else [[seat, "check"]]
        if 0 < to_call < have:
            moves.append([seat, "call"])
        if self.current_bet == 0:
            if may_raise and have >= self.blinds[1]:
                moves.append([seat, "bet", [self.blinds[1], have]])
        else:
            lo, hi = self.current_bet + self.min_raise, self.bets[seat] + have
            if may_raise and lo <= hi:
                moves.append([seat, "raise", [lo, hi]])
        if have > 0 and (have <= to_call or may_raise):
            moves.append([seat, "allin"])
        return moves

    def verify(self, seat: str, action: str, amount: int | None = None) -> None:
        """Raise :class:`IllegalMove` saying why unless ``seat`` may make this action now."""
        if self.over:
            raise IllegalMove("the hand is over", "not_your_turn")
        if seat != self.to_act:
            raise IllegalMove(f"it is {self.to_act}'s turn, not {seat}'s", "not_your_turn")
        legal = {m[1]: m[2] if len(m) > 2 else None for m in self.legal(seat)}
        if action not in legal:
            raise IllegalMove(self._why_not(seat, action))
        rng = legal[action]
        if rng is None:
            if amount is not None:
                raise IllegalMove(f"{action} takes no amount", "bad_amount")
        elif isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalMove(f"{action} needs an amount from {rng[0]} to {rng[1]}", "bad_amount")
        elif amount % UNIT or not rng[0] <= amount <= rng[1]:
            raise IllegalMove(
                f"{action} {amount}: must be a multiple of {UNIT} from {rng[0]} to {rng[1]}", "bad_amount"
            )

    def act(self, seat: str, action: str, amount: int | None = None) -> None:
        """Apply one action, or raise :class:`IllegalMove` saying why and change nothing."""
        self.verify(seat, action, amount)
        to_call = self.current_bet - self.bets[seat]
        if action == "fold":
            self.folded.add(seat)
        elif action == "check":
            self._acted_at[seat] = self.current_bet
        elif action == "call":
            self._put(seat, to_call)
            self._acted_at[seat] = self.current_bet
        elif action in ("bet", "raise"):
            assert amount is not None
            self._raise_to(seat, amount)
        else:  # allin
            total = self.bets[seat] + self.behind(seat)
            if total <= self.current_bet:
                self._put(seat, self.behind(seat))
                self._acted_at[seat] = self.current_bet
            else:
                self._raise_to(seat, total)
        self.log.append((self.street, seat, action, self.bets[seat]))
        self._cursor = self._index[seat] + 1
        self._advance()

    def _why_not(self, seat: str, action: str) -> str:
        to_call = self.current_bet - self.bets[seat]
        if action == "check":
            return f"cannot check: {to_call} to call"
        if action == "fold":
            return "nothing to call: check instead of folding"
        if action == "call":
            if to_call <= 0:
                return "nothing to call: check"
            return f"calling {to_call} takes every chip: that is allin"
        if action == "bet":
            return "there is already a bet: raise instead" if self.current_bet else "not enough chips to bet: allin"
        if action == "raise":
            if self.current_bet == 0:
                return "nothing to raise: bet instead"
            return "raising is not open: only call or fold (a short all-in does not reopen the betting)"
        if action == "allin":
            return "raising is not open: only call or fold"
        return f"{action!r} is not a poker action"

    # ---- changes from outside ----------------------------------------------------------------

    def adjust_stack(self, seat: str, delta: int) -> None:
        """Add ``delta`` (may be negative) to the seat's chips behind, e.g. a mahjong payment.

        J10: a seat still in the hand brought to 0 or below is all-in with what it has put in.
        J11: an all-in seat brought above 0 is live again; it acts when the action next reaches
        it if the bet is above its own (the action does not jump to it), or on the next street.
        """
        if seat not in self._stack:
            raise ValueError(f"{seat!r} is not in this hand")
        if delta % UNIT:
            raise ValueError(f"stack change {delta}: must be a multiple of {UNIT}")
        self._stack[seat] += delta
        if self.over:
            return
        assert self.to_act is not None
        at = self._index[self.to_act]
        self._cursor = at if self._needs_to_act(self.to_act) else at + 1
        self._advance()

    # ---- the machinery -----------------------------------------------------------------------

    def _put(self, seat: str, amount: int) -> None:
        self._stack[seat] -= amount
        self.bets[seat] += amount
        self.committed[seat] += amount

    def _post(self, seat: str, blind: int, name: str) -> None:
        self._put(seat, min(blind, self.behind(seat)))
        self.current_bet = max(self.current_bet, self.bets[seat])
        self.log.append((PREFLOP, seat, name, self.bets[seat]))

    def _raise_to(self, seat: str, total: int) -> None:
        increment = total - self.current_bet
        if increment >= self.min_raise:
            self.min_raise = increment
        self._put(seat, total - self.bets[seat])
        self.current_bet = total
        self._acted_at[seat] = total

    def _needs_to_act(self, seat: str) -> bool:
        if seat in self.folded or self.behind(seat) <= 0:
            return False
        if self.bets[seat] < self.current_bet:
            return True
        return self._acted_at[seat] is None and any(
            o != seat and o not in self.folded and self.behind(o) > 0 for o in self.order
        )

    def _next_to_act(self) -> str | None:
        n = len(self.order)
        for k in range(n):
            seat = self.order[(self._cursor + k) % n]
            if self._needs_to_act(seat):
                return seat
        return None

    def _advance(self) -> None:
        """Find who acts next; close rounds, deal streets (all at once under P3), settle."""
        while True:
            live = [s for s in self.order if s not in self.folded]
            if len(live) == 1:
                self._return_uncalled()
                self._settle({live[0]: 0})
                return
            seat = self._next_to_act()
            if seat is not None:
                self.to_act = seat
                self._cursor = self._index[seat]
                return
            self._return_uncalled()
            if self.street == RIVER:
                self.street = SHOWDOWN
                self._settle({s: strength(self.cards.hole[s], self.cards.board) for s in live})
                return
            self.street += 1
            self.bets = dict.fromkeys(self.order, 0)
            self._acted_at = dict.fromkeys(self.order)
            self.current_bet = 0
            self.min_raise = self.blinds[1]
            self._cursor = self._index[self.button] + 1

    def _return_uncalled(self) -> None:
        """P2: the part of the top contribution nobody else matched goes back."""
        top = max(self.order, key=lambda s: self.committed[s])
        excess = self.committed[top] - max(self.committed[s] for s in self.order if s != top)
        if excess > 0:
            self.committed[top] -= excess
            self.bets[top] -= excess
            self._stack[top] += excess
            self._returned[top] += excess

    def _return_dead(self) -> None:
        """D68: chips above the largest contribution of any seat still in are in a layer no live
        seat paid into, so nobody may win them: each folded seat gets its own part back. (Only
        outside stack changes make this possible: J11 lets a short seat bet again, and the big
        contributors may fold to it.)"""
        top = max((self.committed[s] for s in self.order if s not in self.folded), default=0)
        for s in self.order:
            excess = self.committed[s] - top
            if excess > 0:
                self.committed[s] -= excess
                self._stack[s] += excess
                self._returned[s] += excess

    def _settle(self, ranks: dict[str, int]) -> None:
        """Award every pot: best rank among its eligible seats; odd units to the first winner
        after the button (P2)."""
        self.to_act = None
        self._return_dead()
        n = len(self.order)
        after_button = [self.order[(self._index[self.button] + 1 + k) % n] for k in range(n)]
        won = dict.fromkeys(self.order, 0)
        pots = []
        shares = []
        for pot in self.pots():
            best = min(ranks[s] for s in pot.eligible)
            winners = tuple(s for s in after_button if s in pot.eligible and ranks[s] == best)
            units, odd = divmod(pot.amount // UNIT, len(winners))
            share = tuple((units + (odd if i == 0 else 0)) * UNIT for i in range(len(winners)))
            for s, amount in zip(winners, share, strict=True):
                won[s] += amount
            pots.append(Pot(pot.amount, pot.eligible, winners))
            shares.append(share)
        for s in self.order:
            self._stack[s] += won[s]
        shown = {}
        if self.street == SHOWDOWN:
            shown = {s: Shown(self.cards.hole[s], r) for s, r in ranks.items()}
        self.result = Result(
            net={s: won[s] - self.committed[s] for s in self.order},
            pots=pots,
            board=self.board,
            shown=shown,
            returned={s: r for s, r in self._returned.items() if r},
            shares=shares,
        )

    def public_fields(self) -> dict[str, Any]:
        """What the table shows of this hand (no hole cards): the part every poker view shares."""
        return {
            "street": STREETS[self.street],
            "board": cards_str(self.board),
            "pot": self.pot_total,
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.collected_pots()],
            "bets": {p: self.bets[p] for p in self.order},
            "current_bet": self.current_bet,
            "min_raise": self.min_raise,
            "button": self.button,
            "small_blind": self.small_blind_seat,
            "big_blind": self.big_blind_seat,
            "to_act": self.to_act,
        }

    def snapshot(self) -> dict[str, Any]:
        """Plain data for views and logs (no hole cards)."""
        return {
            "street": STREETS[self.street],
            "button": self.button,
            "small_blind": self.small_blind_seat,
            "big_blind": self.big_blind_seat,
            "to_act": self.to_act,
            "current_bet": self.current_bet,
            "min_raise": self.min_raise,
            "bets": dict(self.bets),
            "committed": dict(self.committed),
            "status": {s: self.status(s) for s in self.order},
        }
