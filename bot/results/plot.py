"""The rating-over-time chart of ``/stats``, drawn with Pillow in the table pictures' palette.

One line per game mode: the rating before the first game, then after each game, against the number
of games played in that mode. Horizontal grid lines fall on round ratings so the axis reads at a
glance; the last value of each line is written at its end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.render import draw as dr
from bot.render.draw import to_png

WIDTH, HEIGHT = 800, 380
LEFT, RIGHT, TOP, BOTTOM = 64, 90, 56, 44
LINE_COLOURS = [(246, 196, 64), (120, 200, 255), (240, 92, 84), (170, 230, 140)]


def nice_step(span: float, lines: int = 5) -> int:
    """A round grid step (1, 2 or 5 times a power of ten) giving about ``lines`` grid lines.

    >>> nice_step(100), nice_step(37), nice_step(0)
    (20, 10, 10)
    """
    if span <= 0:
        return 10
    raw = span / lines
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, int(factor * power))
    return int(10 * power)


def rating_chart(series: Mapping[str, Sequence[float]], title: str, x_label: str) -> Image.Image:
    """``series``: a label (the game's name) to its ratings, the first being the starting rating."""
    img, d = dr.canvas(WIDTH, HEIGHT)
    dr.write(d, LEFT, TOP / 2, title, 20)
    shown = {k: list(v) for k, v in series.items() if v}
    values = [r for v in shown.values() for r in v] or [1500.0]
    step = nice_step(max(values) - min(values))
    low = math.floor(min(values) / step) * step - (step if max(values) == min(values) else 0)
    high = math.ceil(max(values) / step) * step + (step if max(values) == min(values) else 0)
    longest = max((len(v) for v in shown.values()), default=1)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM

    def xy(i: int, rating: float) -> tuple[float, float]:
        x = x0 + (x1 - x0) * (i / max(1, longest - 1))
        y = y1 - (y1 - y0) * ((rating - low) / (high - low))
        return x, y

    _grid(d, low, high, step, x0, x1, y0, y1)
    dr.write(d, (x0 + x1) / 2, HEIGHT - BOTTOM / 2 + 4, f"{x_label} → {longest - 1}", 13, dr.MUTED, anchor="mm")
    for n, (label, ratings) in enumerate(shown.items()):
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        points = [xy(i, r) for i, r in enumerate(ratings)]
        if len(points) > 1:
            d.line(points, fill=colour, width=3, joint="curve")
        for p in points if len(points) <= 40 else points[-1:]:
            d.ellipse((p[0] - 3, p[1] - 3, p[0] + 3, p[1] + 3), fill=colour)
        end = points[-1]
        dr.write(d, end[0] + 8, end[1], f"{round(ratings[-1])}", 14, colour)
        _legend(d, n, label, colour)
    return img


def _grid(d: ImageDraw.ImageDraw, low: float, high: float, step: int, x0: float, x1: float, y0: float,
          y1: float) -> None:
    value = low
    while value <= high + 1e-9:
        y = y1 - (y1 - y0) * ((value - low) / (high - low))
        d.line((x0, y, x1, y), fill=dr.PANEL_EDGE, width=1)
        dr.write(d, x0 - 8, y, f"{round(value)}", 13, dr.MUTED, anchor="rm")
        value += step
    d.line((x0, y0, x0, y1), fill=dr.MUTED, width=1)


def _legend(d: ImageDraw.ImageDraw, n: int, label: str, colour: tuple[int, int, int]) -> None:
    x = WIDTH - RIGHT - 170 * (n % 2 + 1) + 40
    y = TOP / 2 - 8 + 16 * (n // 2)
    d.rectangle((x, y - 4, x + 14, y + 4), fill=colour)
    dr.write(d, x + 20, y, dr.fit(label, 13, 130), 13, dr.TEXT)


def rating_png(series: Mapping[str, Sequence[float]], title: str, x_label: str) -> bytes:
    """The chart as PNG bytes (CPU work: call it in a worker thread)."""
    image: Image.Image = rating_chart(series, title, x_label)
    return to_png(image)
