"""Colour-vision check of the pictures' colours: ``python -m bot.render.vision`` (issue 39).

About one man in twelve sees colours differently; the common deficiencies lose the red-green
axis (protanopia, deuteranopia) or the blue-yellow one (tritanopia). Each colour is seen through
the simulation of Machado, Oliveira and Fernandes (2009, severity 1: the full deficiency), in
linear RGB, and each pair a player must tell apart (a suit from another, a red five from a plain
one, one badge from another, a gain from a loss, a chip from the felt) is measured as the
CIE76 colour difference ΔE*ab in CIELAB: it must stay at least :data:`MIN_DELTA_E` for normal
vision and for each simulated deficiency.

The colours are the renderer's own constants (``bot.render.draw``, ``table``, ``holdem``,
``results``) and the tile art's (``make_assets``), from which the stored palettes are made.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass

RGB = tuple[int, int, int]
MIN_DELTA_E = 20.0
"""ΔE*ab 2.3 is a just noticeable difference side by side; small marks read at a glance need far
more. 20 keeps two colours apart as different categories, not shades of one."""

# Machado et al. 2009, severity 1.0, applied to linear RGB.
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MATRICES)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(colour: RGB, vision: str) -> RGB:
    """The colour as seen with ``vision`` (``normal`` or a key of :data:`MATRICES`)."""
    if vision == "normal":
        return colour
    lin = [_linear(c) for c in colour]
    m = MATRICES[vision]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return _encoded(r), _encoded(g), _encoded(b)


def lab(colour: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 ΔE*ab."""
    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


@dataclass(frozen=True)
class Pair:
    """Two colours a player must tell apart, and what telling them apart means."""

    what: str
    a: str
    b: str


def colours() -> dict[str, RGB]:
    """Every colour with a meaning, by name, read from the renderer and the tile art."""
    from bot.render import draw, holdem, make_assets, results

    return {
        "ivory": make_assets.IVORY, "ink": make_assets.INK, "red": make_assets.RED, "green": make_assets.GREEN,
        "blue": make_assets.BLUE, "back": make_assets.BACK_AMBER,
        "felt": draw.BG, "panel": draw.PANEL, "panel_edge": draw.PANEL_EDGE, "text": draw.TEXT,
        "muted": draw.MUTED, "gold": draw.GOLD, "alert": draw.ALERT, "greyed": draw.GREYED, "dark": draw.DARK,
        "plus": results.PLUS, "holdem_felt": holdem.FELT, "button": holdem.BUTTON,
        "medal_1": results.MEDALS[0], "medal_2": results.MEDALS[1], "medal_3": results.MEDALS[2],
    }


PAIRS: tuple[Pair, ...] = (
    # suits: the corner number's colour (characters ink, dots blue, bamboo green)
    Pair("suit: characters vs dots", "ink", "blue"),
    Pair("suit: characters vs bamboo", "ink", "green"),
    Pair("suit: dots vs bamboo", "blue", "green"),
    # red fives: the red number and pips against the plain five's
    Pair("red five vs plain 5 characters", "red", "ink"),
    Pair("red five vs plain 5 dots", "red", "blue"),
    Pair("red five vs plain 5 bamboo", "red", "green"),
    Pair("red on a tile", "red", "ivory"),
    Pair("green on a tile", "green", "ivory"),
    Pair("blue on a tile", "blue", "ivory"),
    # badges on the felt and against each other
    Pair("badge: to act vs all-in", "gold", "alert"),
    Pair("badge: to act vs folded", "gold", "greyed"),
    Pair("badge: all-in vs folded", "alert", "greyed"),
    Pair("badge: dealer wind vs other winds", "alert", "muted"),
    Pair("badge: folded vs busted", "greyed", "dark"),
    Pair("badge: to act on the felt", "gold", "felt"),
    Pair("badge: all-in on the felt", "alert", "felt"),
    Pair("badge: folded on the felt", "greyed", "felt"),
    # results: a gain against a loss, each on the panel
    Pair("result: gain vs loss", "plus", "alert"),
    Pair("result: gain on the panel", "plus", "panel"),
    Pair("result: loss on the panel", "alert", "panel"),
    Pair("standings: gold vs silver medal", "medal_1", "medal_2"),
    Pair("standings: silver vs bronze medal", "medal_2", "medal_3"),
    Pair("standings: gold vs bronze medal", "medal_1", "medal_3"),
    # chips and the dealer button on the poker felt
    Pair("chip on the bet chip's ground", "gold", "dark"),
    Pair("chip on the poker felt", "gold", "holdem_felt"),
    Pair("dealer button on the poker felt", "button", "holdem_felt"),
)


def check() -> Iterator[tuple[Pair, str, float]]:
    """Every pair under every vision, with its ΔE."""
    named = colours()
    for pair in PAIRS:
        for vision in VISIONS:
            yield pair, vision, delta_e(simulate(named[pair.a], vision), simulate(named[pair.b], vision))


def failures() -> list[tuple[Pair, str, float]]:
    return [row for row in check() if row[2] < MIN_DELTA_E]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render.vision", description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    rows: dict[str, dict[str, float]] = {}
    for pair, vision, de in check():
        rows.setdefault(pair.what, {})[vision] = de
    print("| pair | " + " | ".join(VISIONS) + " |")
    print("|---|" + "---:|" * len(VISIONS))
    for what, values in rows.items():
        cells = [f"{values[v]:.0f}" + ("" if values[v] >= MIN_DELTA_E else " ✗") for v in VISIONS]
        print(f"| {what} | " + " | ".join(cells) + " |")
    worst = min((de, pair.what, vision) for pair, vision, de in check())
    print(f"\nminimum ΔE*ab {worst[0]:.1f} ({worst[1]}, {worst[2]}); required {MIN_DELTA_E:.0f}")
    return 1 if failures() else 0


if __name__ == "__main__":
    raise SystemExit(main())
