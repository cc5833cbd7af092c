"""The memoised shanten is the library's: whatever forms are asked for, in whatever order."""

from __future__ import annotations

import random

from mahjong.shanten import Shanten

from engine.cpu.efficiency import Forms, clear_cache, shanten, shape_key


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


def _hand(text: str) -> tuple[int, ...]:
    """Counts from four groups of digits: man, pin and sou (nine each), then the seven honours."""
    digits = "".join(text.split())
    assert len(digits) == 34, text
    return tuple(int(d) for d in digits)


def test_hands_that_differ_only_by_moving_or_mirroring_a_block_share_one_search() -> None:
    """A block (held kinds at most two apart) moved within its suit, to another suit or mirrored,
    two kinds a gap apart read as two adjacent kinds, and an honour held once to three times
    standing for a one-kind block, leave one key; a hand whose sets could differ does not share it.
    The digits are counts: "123" is one 1, two 2s and three 3s."""
    base = _hand("123000000 001300000 000000000 1000000")
    same = [
        _hand("000000123 001300000 000000000 1000000"),  # the 1-2-3 block moved along its suit
        _hand("000000000 000003100 123000000 1000000"),  # the 1-3 block mirrored, the other elsewhere
        _hand("123000000 001300000 000000001 0000000"),  # the lone honour as a lone suited tile
        _hand("123000000 001300000 000000000 0100000"),  # ... or as another honour
        _hand("123000000 001030000 000000000 1000000"),  # kinds 3 and 5 read as adjacent kinds
    ]
    for hand in same:
        assert shape_key(hand) == shape_key(base), hand
        assert Shanten.calculate_shanten_for_regular_hand(list(hand)) == \
            Shanten.calculate_shanten_for_regular_hand(list(base))
    different = [
        _hand("120300000 001300000 000000000 1000000"),  # a gap inside the first block
        _hand("123100000 001300000 000000000 0000000"),  # the lone tile joins the first block
    ]
    for hand in different:
        assert shape_key(hand) != shape_key(base), hand
    honour_quad = _hand("300000000 000000000 000000000 4000000")
    suited_quad = _hand("300000000 000000000 400000000 0000000")
    assert shape_key(honour_quad) != shape_key(suited_quad)  # a quad of honours is counted apart


def test_cached_shanten_equals_the_library_where_many_hands_share_a_key() -> None:
    """20,000 seeded hands drawn from one or two suits, a suit with honours, kinds a gap apart, or
    the whole set, asked for in turn with the cache kept (so most are answered from another
    hand's search): every regular-shape answer is the library's for that very hand."""
    rng = random.Random(29)
    pools = [list(range(9)), [*range(9), *range(27, 34)], list(range(18)), list(range(34)),
             [0, 1, 2, 3, 4, 9, 10, 11, 12, 27, 28], list(range(3, 12)), [0, 2, 4, 6, 8, 9, 11, 13]]
    clear_cache()
    shared = 0
    seen: set[bytes] = set()
    for _ in range(20000):
        pool = rng.choice(pools)
        size = rng.choice([n for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14) if n <= 4 * len(pool)])
        counts = [0] * 34
        for k in rng.sample([k for k in pool for _ in range(4)], size):
            counts[k] += 1
        key = shape_key(tuple(counts))
        shared += key in seen
        seen.add(key)
        expected = Shanten.calculate_shanten_for_regular_hand(counts)
        assert shanten(tuple(counts), Forms(False, False)) == expected, counts
    assert shared > 10000  # the key does merge hands: most answers came from another hand's search
