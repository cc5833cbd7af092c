"""The memoised shanten is the library's: whatever forms are asked for, in whatever order."""

from __future__ import annotations

import random

from mahjong.shanten import Shanten

from engine.cpu.efficiency import Forms, clear_cache, shanten


def test_cached_shanten_equals_the_library_for_every_form_and_size() -> None:
    """2,000 seeded hands of every size a hand can have, each asked for under the four forms in a
    random order (the regular part is searched once and shared): each answer is the library's."""
    rng = random.Random(17)
    wall = [k for k in range(34) for _ in range(4)]
    forms = [Forms(a, b) for a in (False, True) for b in (False, True)]
    clear_cache()
    for _ in range(2000):
        counts = [0] * 34
        for k in rng.sample(wall, rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])):
            counts[k] += 1
        rng.shuffle(forms)
        for form in forms:
            expected = Shanten.calculate_shanten(counts, use_chiitoitsu=form.seven_pairs,
                                                 use_kokushi=form.thirteen_orphans)
            assert shanten(tuple(counts), form) == expected, (counts, form)


def test_seven_pairs_and_thirteen_orphans_count_only_at_thirteen_tiles_or_more() -> None:
    pairs = [0] * 34
    for k in (0, 4, 8, 12, 16, 20):
        pairs[k] = 2  # six pairs and a lone tile: seven pairs is one away, the regular shape far
    pairs[30] = 1
    clear_cache()
    assert shanten(tuple(pairs), Forms(False, False)) == 3
    assert shanten(tuple(pairs), Forms(True, False)) == 0
    small = [0] * 34
    small[0] = small[9] = 2  # four tiles: no special shape counts
    assert shanten(tuple(small), Forms(True, True)) == shanten(tuple(small), Forms(False, False))
