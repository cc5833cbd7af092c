"""Differential test (P1–P5): random hands played on HoldemHand and on pokerkit side by side.

Seat ``s{i}`` of our hand is pokerkit's player ``i``: our order is s0..s{n-1} with the button on
s{n-1}, pokerkit's fixed layout (player 0 small blind; heads-up, player 0 big blind). Amounts go
to pokerkit in units of 100 (P4), so an odd 100-chip unit is an odd chip there. Both must agree
on who acts, whether raising is open and its minimum, the pots with their winners, and the final
stacks. ``HOLDEM_DIFF_HANDS`` sets how many hands (default 300).
"""

from __future__ import annotations

import os
import random

import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem, StandardHighHand, State

from engine.base import Move
from engine.holdem.cards import cards_str, deal
from engine.holdem.hand import HoldemHand

HANDS = int(os.environ.get("HOLDEM_DIFF_HANDS", "300"))
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
WEIGHTS = {"fold": 2, "check": 5, "call": 5, "bet": 3, "raise": 2, "allin": 1}


def random_units(rng: random.Random, n: int) -> list[int]:
    """Stacks in units of 100: mostly deep, sometimes shorter than a blind."""
    return [rng.choice([rng.randint(1, 4), rng.randint(5, 60), rng.randint(50, 400)]) for _ in range(n)]


def choose(rng: random.Random, legal: list[Move]) -> Move:
    move = rng.choices(legal, [WEIGHTS[m[1]] for m in legal])[0]
    if len(move) > 2:
        lo, hi = move[2]
        move = [move[0], move[1], rng.choice([lo, hi, rng.randrange(lo, hi + 1, 100), min(hi, 2 * lo)])]
    return move


def allin_raises(hand: HoldemHand, seat: str) -> bool:
    return hand.bets[seat] + hand.behind(seat) > hand.current_bet


def feed_cards(state: State, hand: HoldemHand, pots: list[tuple[int, tuple[int, ...]]]) -> None:
    """Deal our cards to pokerkit and show every hand (no muck), recording its pots at showdown."""
    while True:
        if state.can_show_or_muck_hole_cards():
            if not pots:
                pots.extend((100 * p.amount, p.player_indices) for p in state.pots)
            state.show_or_muck_hole_cards(True)
        elif state.can_deal_hole():
            i = state.hole_dealee_index
            assert i is not None
            k = len(state.hole_cards[i])
            state.deal_hole(cards_str(hand.cards.hole[hand.order[i]][k : k + 1]))
        elif state.can_deal_board():
            count, have = state.board_dealing_count, len(state.board_cards)
            assert count is not None
            state.deal_board(cards_str(hand.cards.board[have : have + count]))
        else:
            return


def play_both(seed: int) -> int:
    """Play one random hand on both; return how often the one known rule difference came up."""
    rng = random.Random(seed)
    n = rng.choice([2, 2, 3, 3, 4, 5, 6, 9, 10])
    units = random_units(rng, n)
    order = [f"s{i}" for i in range(n)]
    stacks = {s: u * 100 for s, u in zip(order, units, strict=True)}
    hand = HoldemHand(order, order[-1], stacks, (100, 200), deal(order, seed, 0))
    state = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, tuple(units), n, mode=Mode.TOURNAMENT)
    divergences = 0
    showdown_pots: list[tuple[int, tuple[int, ...]]] = []
    while True:
        feed_cards(state, hand, showdown_pots)
        if not state.status:
            break
        assert state.actor_index is not None
        seat = order[state.actor_index]
        if hand.to_act != seat and state.checking_or_calling_amount == 0 and not state.can_complete_bet_or_raise_to():
            state.check_or_call()  # pokerkit asks for a check nobody can answer; P3 skips it
            continue
        assert hand.to_act == seat, f"to act: ours {hand.to_act}, pokerkit {seat}"
        legal = hand.legal(seat)
        kinds = {m[1]: m for m in legal}
        ours_can = "raise" in kinds or "bet" in kinds or ("allin" in kinds and allin_raises(hand, seat))
        if ours_can != state.can_complete_bet_or_raise_to():
            divergences += 1
            if ours_can:
                # A seat that has not acted yet (a blind) facing a short all-in may raise under
                # P2; pokerkit refuses when the call is below the last raise. Do not raise here.
                assert hand._acted_at[seat] is None and hand.bets[seat] > 0, legal
                legal = [m for m in legal if m[1] in ("fold", "call", "check") or
                         (m[1] == "allin" and not allin_raises(hand, seat))]
            else:
                # pokerkit counts the street's first raise as full however small (its raise size
                # starts at 0, not the big blind), so a short all-in there reopens the betting.
                assert state.completion_betting_or_raising_amount < 2, legal
        elif "raise" in kinds or "bet" in kinds:
            lo = (kinds.get("raise") or kinds["bet"])[2][0]
            assert state.min_completion_betting_or_raising_to_amount is not None, legal
            assert lo == 100 * state.min_completion_betting_or_raising_to_amount, legal
        move = choose(rng, legal)
        action, amount = move[1], (move[2] if len(move) > 2 else None)
        if action == "fold":
            state.fold()
        elif action in ("bet", "raise"):
            assert amount is not None
            state.complete_bet_or_raise_to(amount // 100)
        elif action == "allin" and allin_raises(hand, seat):
            state.complete_bet_or_raise_to((hand.bets[seat] + hand.behind(seat)) // 100)
        else:
            state.check_or_call()
        hand.act(seat, action, amount)
    assert hand.result is not None, "pokerkit finished the hand, ours did not"
    ours = [hand.stack(s) for s in order]
    theirs = [u * 100 for u in state.stacks]
    if not hand.result.shown:
        assert ours == theirs, "final stacks"
        return divergences
    assert [(p.amount, tuple(order.index(s) for s in p.eligible)) for p in hand.result.pots] == showdown_pots
    best = {s: StandardHighHand.from_game(cards_str(hand.cards.hole[s]), cards_str(hand.cards.board))
            for s in hand.result.shown}
    for pot in hand.result.pots:
        top = max(best[s] for s in pot.eligible)
        assert set(pot.winners) == {s for s in pot.eligible if best[s] == top}, "pot winners"
    if ours != theirs:
        # pokerkit merges pots whose contenders are the same once losing hands are killed, and so
        # splits fewer odd units; P2 splits each pot on its own. Only split winners may differ.
        divergences += 1
        split = {s for p in hand.result.pots if len(p.winners) > 1 for s in p.winners}
        diff = {s: a - b for s, a, b in zip(order, ours, theirs, strict=True) if a != b}
        assert sum(diff.values()) == 0 and set(diff) <= split, f"final stacks {diff}"
        assert all(abs(d) < 100 * len(hand.result.pots) for d in diff.values()), f"final stacks {diff}"
    return divergences


@pytest.mark.filterwarnings("ignore:A card being dealt")
@pytest.mark.parametrize("block", range(10))
def test_random_hands_agree_with_pokerkit(block: int) -> None:
    for seed in range(block, HANDS, 10):
        try:
            play_both(seed)
        except AssertionError as e:
            raise AssertionError(f"seed {seed}: {e}") from e
