"""Rendered images against committed references, by a tolerant pixel difference.

``UPDATE_GOLDEN=1 pytest tests/bot/render`` rewrites the references and the README copies in
docs/images after a deliberate change; look at them before committing.
"""

from __future__ import annotations

import io
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.i18n import CAPTIONS
from bot.render import (
    render_five_result,
    render_hand,
    render_holdem_table,
    render_kyoku_result,
    render_legend,
    render_showdown,
    render_standings,
    render_table,
    render_tile_chart,
    to_png,
)
from bot.render import samples as cases

GOLDEN = Path(__file__).parent / "golden"
DOCS = Path(__file__).resolve().parents[3] / "docs" / "images"
# Loose enough for a glyph edge hinted a pixel apart, tight enough that one wrong tile fails.
MAX_MEAN = 0.15  # mean absolute difference per channel, 0..255
MAX_CHANGED = 0.0008  # share of pixels allowed to differ by more than 40 in some channel
MAX_BYTES = 300_000

SCENES = {
    "hand": lambda: render_hand(cases.HAND),
    "hand_riichi": lambda: render_hand(cases.HAND_RIICHI),
    "hand_poker": lambda: render_hand(cases.HAND_POKER),
    # Assist marks and switch badges (issue 20): only the drawing, the choice is tested in test_assist*.
    "hand_assist": lambda: render_hand(replace(
        cases.HAND_POKER, suggested=("1s", "9s"), suggest_drawn=False,
        assist_lines=("Assist: near Riichi", "Assist: Pair, wins 78% against one random hand",
                      "Assist: a call costs 3,900 into a pot of 9,000; it needs 30% to pay"),
        switches=("Auto-win", "No calls"))),
    # Large tiles (issue 39): two rows of bigger tiles, the calls on a row of their own.
    "hand_large": lambda: render_hand(replace(cases.HAND_RIICHI, large=True)),
    "hand_large_poker": lambda: render_hand(replace(cases.HAND_POKER, large=True)),
    "table": lambda: render_table(cases.TABLE),
    "janpo_table": lambda: render_table(cases.JANPO_TABLE),
    "five_result": lambda: render_five_result(cases.FIVE_RESULT),
    "kyoku_result": lambda: render_kyoku_result(cases.KYOKU_RESULT),
    "standings": lambda: render_standings(cases.STANDINGS),
    "holdem_table": lambda: render_holdem_table(cases.HOLDEM_TABLE),
    "showdown": lambda: render_showdown(cases.SHOWDOWN),
    "legend_riichi": lambda: render_legend("riichi"),
    "legend_janpo": lambda: render_legend("janpo"),
    "legend_holdem": lambda: render_legend("holdem"),
    "legend_janpo_ko": lambda: render_legend("janpo", CAPTIONS["ko"]),
    "tiles": lambda: render_tile_chart(),
}


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean absolute difference over channels, and the share of pixels changed by more than 40."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    channels = diff.split()
    total = a.width * a.height
    mean = sum(v * n for ch in channels for v, n in enumerate(ch.histogram())) / (3 * total)
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    changed = sum(worst.point(lambda v: 255 if v > 40 else 0).histogram()[255:]) / total
    return mean, changed


@pytest.mark.parametrize("name", sorted(SCENES))
def test_matches_golden(name: str) -> None:
    png = to_png(SCENES[name]())
    assert len(png) <= MAX_BYTES
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_bytes(png)
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOCS / f"{name}.png")
        return
    got = Image.open(io.BytesIO(png))
    want = Image.open(path)
    assert got.size == want.size, f"{name}: size {got.size} != reference {want.size}"
    mean, changed = difference(got, want)
    assert mean < MAX_MEAN and changed < MAX_CHANGED, f"{name}: mean diff {mean:.2f}, changed {changed:.2%}"


def test_difference_catches_a_wrong_tile() -> None:
    """The tolerance is loose enough for font hinting, not for one tile drawn wrong."""
    right = render_hand(cases.HAND)
    wrong = render_hand(replace(cases.HAND, tiles=("5m",) + cases.HAND.tiles[1:]))
    mean, changed = difference(right, wrong)
    assert changed >= MAX_CHANGED or mean >= MAX_MEAN
    assert difference(right, render_hand(cases.HAND)) == (0.0, 0.0)
