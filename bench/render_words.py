"""The words of a picture against the picture (issue 39): each sample record's alt text
(``bot.render.alt.describe``) and its PNG as the bot's picture job makes it, CPU time of this
process, medians over rounds taken in turn; the goal is words at <= 10 % of the picture's time.
Then the legibility of the hand's corner numbers at a phone's width (``bot.render.legibility``).
Also run by ``python -m bench render``."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from bot.render import jobs, samples
from bot.render.alt import describe
from bot.render.legibility import DISPLAY, MIN_DIGIT, shown

GOAL = 0.10
SCENES: dict[str, tuple[Any, Callable[[], bytes]]] = {
    "hand (Janpo, after a chi)": (samples.HAND, partial(jobs.hand_png, samples.HAND)),
    "hand (riichi, waits)": (samples.HAND_RIICHI, partial(jobs.hand_png, samples.HAND_RIICHI, kind="riichi")),
    "hand, large tiles": (replace(samples.HAND_RIICHI, large=True),
                          partial(jobs.hand_png, replace(samples.HAND_RIICHI, large=True), kind="riichi")),
    "table (riichi, busy)": (samples.TABLE, partial(jobs.table_png, samples.TABLE)),
    "table (Janpo, side pots)": (samples.JANPO_TABLE, partial(jobs.table_png, samples.JANPO_TABLE)),
    "hold'em table (9 seats)": (samples.HOLDEM_TABLE, partial(jobs.holdem_table_png, samples.HOLDEM_TABLE)),
    "kyoku result": (samples.KYOKU_RESULT, partial(jobs.kyoku_result_png, samples.KYOKU_RESULT)),
    "Five result": (samples.FIVE_RESULT, partial(jobs.five_result_png, samples.FIVE_RESULT)),
    "showdown": (samples.SHOWDOWN, partial(jobs.showdown_png, samples.SHOWDOWN)),
    "standings": (samples.STANDINGS, partial(jobs.standings_png, samples.STANDINGS)),
}


def _ms(f: Callable[[], object], calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        f()
    return (time.process_time() - start) * 1000 / calls


def _both(record: Any) -> tuple[str, str]:
    """The words in both languages: a table's go out in one, a hand's in its player's."""
    return describe(record, "en"), describe(record, "ko")


def words_and_pictures(rounds: int) -> list[tuple[str, str]]:
    out = []
    worst = 0.0
    for label, (record, picture) in SCENES.items():
        picture()  # warm: sprites, fonts and palettes loaded, as in a running picture worker
        describe(record, "en")
        words: list[float] = []
        pictures: list[float] = []
        for _ in range(rounds):  # in turn, so the machine's load hits both alike
            words.append(_ms(partial(_both, record), 20) / 2)
            pictures.append(_ms(picture, 1))
        w, p = statistics.median(words), statistics.median(pictures)
        worst = max(worst, w / p)
        out.append((f"{label}: words | picture", f"{w:.3f} ms | {p:.2f} ms ({100 * w / p:.1f} %)"))
    out.append(("words / picture, worst scene", f"{100 * worst:.1f} % (goal <= {100 * GOAL:.0f} %)"))
    return out


def legibility() -> list[tuple[str, str]]:
    out = []
    for name, large in (("default", False), ("large tiles", True)):
        s = shown(large)
        out.append((f"corner number at {DISPLAY} px, {name}",
                    f"{s['digit_seen']:.1f} px ({s['digit_drawn']:.0f} px drawn, picture {s['width']:.0f} px wide, "
                    f"shown at {100 * s['scale']:.0f} %; minimum {MIN_DIGIT:.0f} px)"))
    return out


def run(quick: bool) -> list[tuple[str, str]]:
    return words_and_pictures(15 if quick else 60) + legibility()
