"""Issue 39: the colours that carry meaning stay apart for the common colour-vision deficiencies
(``python -m bot.render.vision`` prints the table docs/PLAYING.md shows)."""

from __future__ import annotations

from PIL import Image

from bot.render import make_assets, sprites
from bot.render.vision import MIN_DELTA_E, PAIRS, VISIONS, colours, delta_e, failures, simulate


def test_every_pair_stays_apart_in_every_vision() -> None:
    assert failures() == []
    assert len(PAIRS) * len(VISIONS) >= 100


def test_the_simulation_keeps_greys_and_merges_red_and_green() -> None:
    for vision in VISIONS:
        assert simulate((255, 255, 255), vision) == (255, 255, 255)
        assert simulate((0, 0, 0), vision) == (0, 0, 0)
    red, green = (200, 40, 40), (80, 140, 40)
    assert delta_e(red, green) > 60  # far apart to normal vision
    assert delta_e(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < 15  # the classic confusion
    assert delta_e(simulate(red, "tritanopia"), simulate(green, "tritanopia")) > 40  # not a tritan one


def test_the_old_bamboo_green_was_caught() -> None:
    """The check can fail: the bamboo green before issue 39 sat too close to the red five."""
    old_green, red = (20, 130, 60), make_assets.RED
    assert delta_e(simulate(old_green, "protanopia"), simulate(red, "protanopia")) < MIN_DELTA_E


def test_the_colours_checked_are_the_ones_drawn() -> None:
    """The bamboo tiles are painted with the checked green, the 5 bamboo's red five with the red."""
    def near(name: str, colour: tuple[int, int, int]) -> bool:
        img: Image.Image = sprites.tile(name).convert("RGB")
        raw = img.tobytes()
        pixels = {(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)}
        return any(delta_e(pixel, colour) < 3 for pixel in pixels)

    named = colours()
    assert near("2s", named["green"]) and near("0s", named["red"]) and near("8p", named["blue"])
    assert not near("0s", named["green"])  # every stick of the red five is red
