"""Issue 39: large tiles keep a hand's corner numbers readable at a phone's width; the default
layout does not (which is why the switch exists)."""

from __future__ import annotations

from dataclasses import replace

from bot.render import samples, sprites
from bot.render.hand import render_hand
from bot.render.legibility import DISPLAY, FULL_HAND, MIN_DIGIT, digit_height, shown


def test_large_tiles_reach_the_minimum_at_360_px_and_the_default_does_not() -> None:
    default, large = shown(False), shown(True)
    assert DISPLAY == 360
    assert large["digit_seen"] >= MIN_DIGIT > default["digit_seen"]
    assert large["digit_seen"] >= 1.6 * default["digit_seen"]
    assert large["width"] < default["width"]


def test_the_measure_sees_the_digit() -> None:
    assert 8 <= digit_height(64) <= 12 and digit_height(96) > digit_height(64) > digit_height(32)


def test_the_large_hand_draws_every_tile_once_in_two_rows() -> None:
    with sprites.watch() as seen:
        img = render_hand(replace(FULL_HAND, large=True))
    assert FULL_HAND.drawn is not None
    assert sorted(seen) == sorted([*FULL_HAND.tiles, FULL_HAND.drawn])
    assert img.height > render_hand(FULL_HAND).height + 96  # two rows of 96 px tiles, not one of 64
    for hand in (samples.HAND_RIICHI, samples.HAND, samples.HAND_POKER):  # calls, waits, cards still fit
        assert render_hand(replace(hand, large=True)).width < render_hand(hand).width
