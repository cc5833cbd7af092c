"""The shared worked examples (tests/engine/examples, copied from the rules of record): each
``NAME.json`` must give the parts of the output in ``NAME.expected.json``, or the error it names.

An example whose game module is not written yet is an expected failure, not a silent skip.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine.base import IllegalMove
from engine.scenario import run
from tests.engine.riichi.scenario_check import check, load

EXAMPLES = Path(__file__).parent / "engine" / "examples"

GAME_MODULES = {"riichi": "engine.riichi.game", "holdem": "engine.holdem.table",
                "janpo": "engine.janpo.game", "five": "engine.five.game"}


def _examples() -> list[Path]:
    return sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def _module_missing(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is None
    except ModuleNotFoundError:
        return True


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.stem)
def test_example(path: Path) -> None:
    spec = load(path)
    if _module_missing(GAME_MODULES[spec["game"]]):
        pytest.xfail(f"the {spec['game']} game module is not written yet")
    expected = load(path.with_name(path.stem + ".expected.json"))
    check(spec, expected)


def test_every_example_has_its_expected_file() -> None:
    for path in _examples():
        assert path.with_name(path.stem + ".expected.json").exists(), path.name


def test_dealer_tsumo_as_given_names_who_must_answer() -> None:
    """B and C both wait on D's 7z (seven pairs): A may not draw until both answered."""
    spec = load(EXAMPLES / "riichi-dealer-tsumo.json")
    with pytest.raises(IllegalMove, match=r"^move 4 .*it is not A's turn: B, C must first answer "
                                        r"the claim on 7z \(ron or pass\)"):
        run(spec)
