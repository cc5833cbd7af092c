import pytest

from engine.tiles import TileError, dora_of, kind_name, parse, parse_kinds, tile_name


def test_grouped_and_single_suffix_notation_agree() -> None:
    assert parse_kinds("345m77s") == parse_kinds("3m4m5m7s7s") == [2, 3, 4, 24, 24]


def test_red_five_parses_as_five_with_flag() -> None:
    assert parse("0p") == [(13, True)]
    assert tile_name(52, red_fives=True) == "0p"
    assert tile_name(53, red_fives=True) == "5p"


@pytest.mark.parametrize("bad", ["8z", "0z", "12", "m", "1x", "1m 2"])
def test_bad_notation_is_refused(bad: str) -> None:
    with pytest.raises(TileError):
        parse(bad)


def test_dora_wraps_within_suit_winds_and_dragons() -> None:
    assert kind_name(dora_of(parse_kinds("9s")[0])) == "1s"
    assert kind_name(dora_of(parse_kinds("4z")[0])) == "1z"
    assert kind_name(dora_of(parse_kinds("7z")[0])) == "5z"
