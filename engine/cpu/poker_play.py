"""Hold'em decisions: preflop from the committed equity table, postflop by Monte Carlo equity.

Preflop, the equity of the hand class against each opponent's read range (see
:mod:`engine.cpu.poker_range`) is looked up, not sampled, and compared with the pot odds. After
the flop, equity is estimated with treys over a fixed number of sampled deals (not a time
budget), so the same seed always gives the same decision; each opponent's hand is sampled from
its preflop range and, at the hard level, must fit the bets it made since.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from treys import Card, Evaluator

from engine.cpu.poker_memory import PRIOR_FOLD, PRIOR_PF_FOLD, PRIOR_RERAISE
from engine.cpu.poker_range import Read, class_share, hand_class, multiway, preflop_equity
from engine.cpu.preflop import chen

SAMPLES = {"hard": 250, "normal": 200, "easy": 0}
CALL_MARGIN = {"hard": 0.02, "normal": 0.04}  # equity needed above the pot odds to call
BLUFF_RATE = 0.07
SETTLE_FIRST, SETTLE_STEP, SETTLE_SE = 80, 20, 3.0  # early stop of equity sampling (see ranged_equity)
BET_EQUITY = {1: 0.62, 2: 0.5}  # three or more opponents: 0.42
THIN = 0.1  # the bet threshold comes down by up to this much against players who do not fold
NO_BLUFF_FOLD = 0.3  # no bluff at a player who folds to a bet less often than this
RERAISED_OFF = 0.25  # see _raised_off
STEAL_FROM = 0.55  # preflop, players folding to a raise more often than this are raised wider
RAISE_EQUITY = {1: 0.8, 2: 0.68}  # three or more opponents: 0.58


@dataclass(frozen=True, slots=True)
class PokerOptions:
    """The poker part of the legal moves: amounts are totals for this street (P4 multiples of 100)."""

    fold: bool = False
    check: bool = False
    call: bool = False
    bet: tuple[int, int] | None = None
    raise_to: tuple[int, int] | None = None
    allin: bool = False


@dataclass(frozen=True, slots=True)
class PokerSpot:
    """One seat's poker situation, from its own view only."""

    hole: tuple[str, str]
    board: tuple[str, ...]
    pot: int  # every chip in the middle, this street's bets included
    to_call: int
    stack: int  # chips behind
    big_blind: int
    opponents: int  # live opponents still in the hand
    position: float = 0.5  # 0 first to act, 1 last
    street_bet: int = 0  # what this seat already put in this street
    raised: bool = False  # someone bet or raised beyond the blinds this street
    reads: tuple[Read, ...] = ()  # what the betting history says of each live opponent
    memory: tuple[Read, ...] = ()  # the same, read with what earlier hands showed (hard, D51)
    owed: tuple[int, ...] = ()  # per live opponent, the chips it has yet to put in to call
    remembered: bool = False  # ``reads`` are ``memory``


@dataclass(frozen=True, slots=True)
class PokerChoice:
    action: str  # fold, check, call, bet, raise, allin
    amount: int | None = None


@lru_cache(maxsize=1)
def _evaluator() -> Evaluator:
    return Evaluator()


@lru_cache(maxsize=1)
def _deck() -> tuple[int, ...]:
    return tuple(Card.new(r + s) for r in "23456789TJQKA" for s in "shdc")


def equity(hole: tuple[str, str], board: tuple[str, ...], opponents: int, rng: random.Random,
           samples: int) -> float:
    """Share of the pot this hand wins against ``opponents`` random hands (ties split)."""
    return ranged_equity(hole, board, tuple(Read() for _ in range(max(1, opponents))), rng, samples)


def _round100(x: float) -> int:
    return int(round(x / 100.0)) * 100


def sized(options: PokerOptions, spot: PokerSpot, fraction: float) -> PokerChoice:
    """A bet or raise of about ``fraction`` of the pot, kept inside the legal range."""
    if options.bet:
        lo, hi = options.bet
        return PokerChoice("bet", min(hi, max(lo, _round100(fraction * spot.pot))))
    if options.raise_to:
        lo, hi = options.raise_to
        target = spot.street_bet + spot.to_call + fraction * (spot.pot + spot.to_call)
        return PokerChoice("raise", min(hi, max(lo, _round100(target))))
    if options.allin:
        return PokerChoice("allin")
    return _passive(options, call_ok=True)


def _passive(options: PokerOptions, call_ok: bool) -> PokerChoice:
    if options.check:
        return PokerChoice("check")
    if call_ok and options.call:
        return PokerChoice("call")
    if call_ok and options.allin:
        return PokerChoice("allin")  # no plain call listed: calling takes every chip
    if options.fold:
        return PokerChoice("fold")
    return PokerChoice("allin") if options.allin else PokerChoice("call")


def _threshold(table: dict[int, float], opponents: int, default: float) -> float:
    return table.get(opponents, default)


def _class_strength(hole: tuple[str, str]) -> float:
    """Preflop strength from the hand class alone: 0 for 72o, 1 for aces."""
    return min(1.0, max(0.0, (chen(*hole) + 1) / 21))


def postflop(spot: PokerSpot, options: PokerOptions, rng: random.Random, eq: float) -> PokerChoice:
    """Act on ``eq``, the equity against the opponents' estimated range."""
    n = spot.opponents
    bet_at = _threshold(BET_EQUITY, n, 0.42)
    raise_at = _threshold(RAISE_EQUITY, n, 0.58)
    if spot.to_call <= 0:
        fold = min((r.fold for r in spot.reads), default=PRIOR_FOLD)
        bet_at -= THIN * min(1.0, max(0.0, (PRIOR_FOLD - fold) / 0.25))  # value-bet thinner at callers
        if eq >= bet_at:
            return sized(options, spot, 0.5 + min(0.5, (eq - bet_at) * 2))
        if n <= 2 and rng.random() < bluff_rate(fold):
            return sized(options, spot, 0.5)
        return _passive(options, call_ok=False)
    pot_odds = spot.to_call / (spot.pot + spot.to_call)
    if eq >= raise_at:
        return sized(options, spot, 0.75 + min(0.25, eq - raise_at))
    if eq >= pot_odds + 0.04:
        return _passive(options, call_ok=True)
    return _passive(options, call_ok=False)


def bluff_rate(fold: float) -> float:
    """How often to bet with nothing at players who fold to a bet ``fold`` of the time: never at
    a player who calls every bet, every time at one who folds to nearly every bet."""
    if fold < NO_BLUFF_FOLD:
        return 0.0
    return BLUFF_RATE + (1.0 - BLUFF_RATE) * min(1.0, max(0.0, (fold - 0.55) / 0.25))


def by_class(spot: PokerSpot, options: PokerOptions, rng: random.Random) -> tuple[PokerChoice, float]:
    """Easy level: the hand class alone (Chen score preflop, made-hand class after)."""
    if not spot.board:
        score = chen(*spot.hole)
        power = _class_strength(spot.hole)
        if score >= 10:
            return sized(options, spot, 0.75), power
        return _passive(options, call_ok=score >= 6), power
    ev = _evaluator()
    rank = ev.evaluate([Card.new(c) for c in spot.hole], [Card.new(c) for c in spot.board])
    klass = ev.get_rank_class(rank)  # 1 straight flush .. 9 high card
    power = (10 - klass) / 9
    if klass <= 3:
        return sized(options, spot, 0.75), power
    return _passive(options, call_ok=klass <= 8), power


def poker_decision(spot: PokerSpot, options: PokerOptions, rng: random.Random,
                   level: str = "normal", settle: tuple[float, ...] | None = None,
                   ) -> tuple[PokerChoice, float]:
    """One poker action, filled in with a legal amount, and the hand's strength (0..1) behind it:
    the equity against the opponents' read ranges (the hand class alone at the easy level).

    ``settle`` (Janpo, where a combined turn must stay quick): post-flop sampling may stop early
    once the equity is clearly on one side of each of these equities and of the action
    thresholds of :func:`postflop` (see :func:`ranged_equity`); None samples in full.
    """
    if level == "easy":
        return by_class(spot, options, rng)
    if level == "hard" and spot.memory:
        spot = replace(spot, reads=spot.memory, remembered=True)  # what earlier hands showed (D51)
    reads = spot.reads or tuple(Read() for _ in range(spot.opponents))
    if not spot.board:
        eq = multiway([preflop_equity("".join(spot.hole), r.width) for r in reads])
        return ranged_preflop(spot, options, level), eq
    if level != "hard":
        reads = tuple(Read(r.width) for r in reads)  # normal reads the preflop betting only
        spot = replace(spot, reads=reads)
    marks = None if settle is None else (*settle, *action_thresholds(spot))
    eq = ranged_equity(spot.hole, spot.board, reads, rng, SAMPLES[level], marks or ())
    return postflop(spot, options, rng, eq), eq


def action_thresholds(spot: PokerSpot) -> tuple[float, ...]:
    """The equities at which :func:`postflop` changes its action in this spot."""
    n = spot.opponents
    if spot.to_call <= 0:
        return (_threshold(BET_EQUITY, n, 0.42),)
    pot_odds = spot.to_call / (spot.pot + spot.to_call)
    return _threshold(RAISE_EQUITY, n, 0.58), pot_odds + 0.04


def choose_poker(spot: PokerSpot, options: PokerOptions, rng: random.Random,
                 level: str = "normal") -> PokerChoice:
    return poker_decision(spot, options, rng, level)[0]


@cache
def _share_of_cards(c1: int, c2: int) -> float:
    """:func:`class_share` of two treys cards."""
    return class_share(hand_class(Card.int_to_str(c1), Card.int_to_str(c2)))


def _fits(ev: Evaluator, hand: list[int], board: list[int], read: Read, rng: random.Random) -> bool:
    """Whether a sampled hand fits what the opponent's betting said (preflop width, then bets)."""
    if _share_of_cards(hand[0], hand[1]) > read.width:
        return False
    if not read.bets or len(board) < 3:
        return True
    klass = ev.get_rank_class(ev.evaluate(hand, board))  # 9 high card, 8 pair, 7 two pair...
    if read.raises and klass >= 8:
        return rng.random() < read.loose * 4 / 7  # a raise with one pair or less: a bluff or a draw
    return klass <= 8 or rng.random() < read.loose


def ranged_equity(hole: tuple[str, str], board: tuple[str, ...], reads: tuple[Read, ...],
                  rng: random.Random, samples: int, settle: tuple[float, ...] = ()) -> float:
    """Share of the pot against opponents whose hands are sampled from their read ranges.

    Drawing the cards and seven-card evaluation are the whole cost, so a sample draws only the
    cards it can look at, this hand's rank is kept per run-out (on the turn and river few
    differ), and a sample stops at the first opponent who beats it. With ``settle`` given,
    sampling stops after ``SETTLE_FIRST`` samples (then after each further ``SETTLE_STEP``)
    once the estimate is more than ``SETTLE_SE`` standard errors from every one of those
    equities: the decision it feeds would come out the same.
    """
    ev = _evaluator()
    mine = [Card.new(c) for c in hole]
    known = [Card.new(c) for c in board]
    rest = [c for c in _deck() if c not in mine and c not in known]
    missing = 5 - len(known)
    reads = reads or (Read(),)
    # A sample looks at no more cards than the last opponent's tenth try and the run-out reach,
    # so only that many are drawn (in random order), not the whole deck shuffled.
    reach = min(len(rest), max(2 * len(reads) + missing, 2 * len(reads) + 18))
    my_ranks: dict[tuple[int, ...], int] = {}
    total = 0.0
    done = 0
    for done in range(1, samples + 1):
        deck = rng.sample(rest, reach)
        pos = 0
        hands = []
        for read in reads:
            hand = deck[pos:pos + 2]
            for attempt in range(10):
                cand = deck[pos + 2 * attempt:pos + 2 * attempt + 2]
                if _fits(ev, cand, known, read, rng):
                    hand = cand
                    deck[pos:pos + 2], deck[pos + 2 * attempt:pos + 2 * attempt + 2] = cand, deck[pos:pos + 2]
                    break
            hands.append(hand)
            pos += 2
        run_out = deck[pos:pos + missing]
        full = known + run_out
        key = tuple(sorted(run_out))
        my_rank = my_ranks.get(key)
        if my_rank is None:
            my_rank = my_ranks[key] = ev.evaluate(mine, full)
        ties = 0
        for h in hands:
            rank = ev.evaluate(h, full)
            if rank < my_rank:
                break
            ties += rank == my_rank
        else:
            total += 1.0 / (1 + ties)
        if settle and done >= SETTLE_FIRST and done % SETTLE_STEP == 0 and _settled(total / done, done, settle):
            break
    return total / done if done else 0.0


def _settled(mean: float, n: int, marks: tuple[float, ...]) -> bool:
    """Whether ``mean`` of ``n`` samples lies clearly away from every mark."""
    se = max(mean * (1.0 - mean), 0.05) ** 0.5 / n ** 0.5
    return all(abs(mean - m) > SETTLE_SE * se for m in marks)


def _raise_total(options: PokerOptions, total: int) -> PokerChoice:
    if options.raise_to:
        lo, hi = options.raise_to
        return PokerChoice("raise", min(hi, max(lo, _round100(total))))
    if options.bet:
        lo, hi = options.bet
        return PokerChoice("bet", min(hi, max(lo, _round100(total))))
    if options.allin:
        return PokerChoice("allin")
    return _passive(options, call_ok=True)


def overcalls(spot: PokerSpot) -> float:
    """With memory, the chips the players yet to act are expected to add by calling, each as often
    as it has not folded to a raise (a table of players who call every shove makes the price of
    calling one small)."""
    if not spot.remembered:
        return 0.0
    return sum(r.overcall * owed for r, owed in zip(spot.reads, spot.owed, strict=False))


def _raised_off(spot: PokerSpot, hole: str) -> bool:
    """With memory: the players yet to act re-raise so much more often than strangers (together a
    quarter of a re-raise more per raise) that an open raise with a hand that could not call the
    re-raise (and the players expected to join it) throws the raise away."""
    behind = sorted((r for r, owed in zip(spot.reads, spot.owed, strict=False) if owed > 0),
                    key=lambda r: -max(r.reraise, r.overcall))
    if sum(r.reraise - PRIOR_RERAISE for r in behind) < RERAISED_OFF:
        return False
    callers = max(1, round(sum(max(r.reraise, r.overcall) for r in behind)))
    eq = multiway([preflop_equity(hole, max(r.shove, 1.0)) for r in behind[:callers]])
    return eq < 1.0 / (1 + callers) + CALL_MARGIN["hard"]


def _facing_raise_equity(spot: PokerSpot, hole: str) -> float:
    """With memory, the equity of calling a raise: against the players who have matched it and,
    of the players yet to act, those more likely to call than not (on their calling ranges) and
    those who fold to a raise no more often than a stranger (as a stranger is read); players
    shown to fold more are left out, their calls counted in chips by :func:`overcalls`. Without
    evidence this is the equity against every live opponent, as for a stranger."""
    widths = []
    for r, owed in zip(spot.reads, spot.owed, strict=True):
        if owed <= 0:
            widths.append(r.width)
        elif r.overcall >= 0.5:
            widths.append(min(r.width, r.calls))
        elif r.steal <= PRIOR_PF_FOLD:
            widths.append(r.width)
    return multiway([preflop_equity(hole, w) for w in widths or [min(r.width for r in spot.reads)]])


def ranged_preflop(spot: PokerSpot, options: PokerOptions, level: str) -> PokerChoice:
    """Preflop from the equity table: open by position, defend and re-raise by equity against the
    raisers' ranges, call when that equity beats the pot odds (so an all-in cannot push it off
    a hand that is ahead of the all-in player's range)."""
    hole = "".join(spot.hole)
    share = class_share(hand_class(*spot.hole))
    reads = spot.reads or tuple(Read() for _ in range(spot.opponents))
    eq = multiway([preflop_equity(hole, r.width) for r in reads])
    bb = spot.big_blind
    if not spot.raised:
        open_width = (15.0 + 40.0 * spot.position) / (1.0 + 0.25 * max(0, spot.opponents - 1))
        steal = min((r.steal for r in reads), default=0.0)
        if max((r.reraise for r in reads), default=1.0) > 2 * PRIOR_RERAISE:
            steal = 0.0  # a player who folds most hands but shoves the rest punishes a wide raise
        if steal > STEAL_FROM:  # the players left fold to a raise: raise wider, up to any two cards
            open_width += (100.0 - open_width) * min(1.0, (steal - STEAL_FROM) / 0.15)
        if spot.remembered and share <= open_width and _raised_off(spot, hole):
            return _passive(options, call_ok=False)
        if share <= open_width:
            return _raise_total(options, spot.street_bet + spot.to_call + 2 * bb + bb * min(2, spot.opponents - 1))
        if spot.to_call <= 0:
            return _passive(options, call_ok=False)
        return _passive(options, call_ok=spot.to_call <= bb // 2 and share <= 70.0)
    pot_odds = spot.to_call / (spot.pot + spot.to_call + overcalls(spot))
    if spot.remembered and len(spot.owed) == len(reads):
        eq = _facing_raise_equity(spot, hole)
    narrowest = min(r.width for r in reads)
    all_in_call = spot.to_call >= spot.stack
    if not all_in_call and eq >= 0.6 and share <= narrowest * 0.3:
        current = spot.street_bet + spot.to_call
        return _raise_total(options, 3 * current if spot.stack > 6 * current else current + spot.stack)
    return _passive(options, call_ok=eq >= pot_odds + CALL_MARGIN[level])
