"""The guide's example hands show what it says they show: each is scored by the engine (R6, F4, P1)."""

from __future__ import annotations

import pytest
from treys import Card, Evaluator

from bot.learn.examples import FIVE_CATEGORIES, POKER_RANKS, RIICHI_YAKU, SHAPES, Hand, cards, tiles
from engine.five.hand_text import ids_of
from engine.five.scoring import score_five
from engine.riichi.scoring import WinContext, score_win, shanten, waits
from engine.tiles import Meld, MeldKind, kind_name

KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "kan": MeldKind.MINKAN, "ankan": MeldKind.ANKAN}


def _build(hand: Hand) -> tuple[list[int], tuple[Meld, ...], int]:
    taken: set[int] = set()
    melds = []
    for kind, text in hand.melds:
        ids = ids_of(text, taken)
        melds.append(Meld(KINDS[kind], tuple(ids), None if kind == "ankan" else ids[0], 0))
    closed = ids_of(hand.closed, taken)
    win = next(i for i, code in zip(closed, tiles(hand.closed), strict=True) if code == hand.win)
    return closed, tuple(melds), win


@pytest.mark.parametrize("hand", RIICHI_YAKU, ids=lambda h: h.slug)
def test_each_yaku_example_scores_that_yaku(hand: Hand) -> None:
    closed, melds, win = _build(hand)
    assert hand.win in tiles(hand.closed)
    f = hand.flags
    ctx = WinContext(closed=tuple(closed), melds=melds, win_tile=win, tsumo=hand.tsumo, seat_wind=hand.seat_wind,
                     round_wind=0, riichi="riichi" in f, double_riichi="double_riichi" in f,
                     ippatsu="ippatsu" in f, rinshan="rinshan" in f, chankan="chankan" in f, haitei="haitei" in f,
                     houtei="houtei" in f, tenhou="tenhou" in f, chiihou="chiihou" in f)
    scored = score_win(ctx)
    assert scored is not None, hand.name
    assert hand.name in scored.yaku, (hand.name, scored.yaku)


@pytest.mark.parametrize("hand", FIVE_CATEGORIES, ids=lambda h: h.slug)
def test_each_five_example_scores_its_category(hand: Hand) -> None:
    closed, melds, win = _build(hand)
    scored = score_five(closed, melds, win, tsumo=hand.tsumo, seat_wind=hand.seat_wind)
    assert scored is not None and scored.is_win, hand.name
    assert hand.name in [line.key for line in scored.lines], (hand.name, scored.texts())


def test_poker_examples_rank_as_named_and_in_order() -> None:
    evaluator = Evaluator()
    scores = []
    for name, text in POKER_RANKS:
        five = [Card.new(c) for c in cards(text)]
        score = evaluator.evaluate(five[:2], five[2:])
        assert evaluator.class_to_string(evaluator.get_rank_class(score)) == name
        scores.append(score)
    assert scores == sorted(scores)  # treys: lower is better; the list is best first
    assert len(POKER_RANKS) == 10 and scores[0] == 1  # the royal flush, the best hand there is


@pytest.mark.parametrize("stem", sorted(SHAPES))
def test_shape_pictures_caption_the_engines_shanten_and_waits(stem: str) -> None:
    shape = SHAPES[stem]
    held = ids_of(shape.tiles + (shape.drawn or ""))
    assert shanten(held) == shape.shanten
    if shape.waits:
        assert {kind_name(k) for k in waits(held)} == {code for code, _ in shape.waits}
        for code, left in shape.waits:
            assert left == 4 - tiles(shape.tiles).count(code)
