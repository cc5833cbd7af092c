"""The shared worked examples (tests/engine/examples, copied from the rules of record): each
``NAME.json`` must give the parts of the output in ``NAME.expected.json``, or the error it names.
The examples of docs/SCENARIOS.md are run here too, through the command-line entry points.

An example whose game module is not written yet is an expected failure, not a silent skip.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.base import IllegalMove
from engine.scenario import main as scenario_main
from engine.scenario import run
from engine.verify import main as verify_main
from tests.engine.riichi.scenario_check import check, load, mismatches

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
    spec = load(EXAMPLES / "riichi-dealer-tsumo-unanswered.json")
    with pytest.raises(IllegalMove, match=r"^move 4 .*it is not A's turn: B, C must first answer "
                                        r"the claim on 7z \(ron or pass\)"):
        run(spec)


DOC = Path(__file__).parent.parent / "docs" / "SCENARIOS.md"
BLOCK = re.compile(r"```json (scenario|output|error|verify) ([\w-]+)\n(.*?)```", re.S)


def _doc_blocks() -> dict[str, dict[str, Any]]:
    """The examples of docs/SCENARIOS.md by name: each a scenario (or verify file) and what it gives."""
    out: dict[str, dict[str, Any]] = {}
    for kind, name, body in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        out.setdefault(name, {})[kind] = json.loads(body)
    return out


def test_the_format_document_has_examples() -> None:
    blocks = _doc_blocks()
    assert len(blocks) >= 5 and all(len(parts) == 2 for parts in blocks.values()), blocks.keys()


@pytest.mark.parametrize("name", sorted(_doc_blocks()))
def test_format_document_example(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every example in docs/SCENARIOS.md gives what the page says, through the command line."""
    parts = _doc_blocks()[name]
    data = json.dumps(parts.get("scenario", parts.get("verify"))).encode()
    runner = verify_main if "verify" in parts else scenario_main
    status = _main_on(runner, data)
    out, err = capsys.readouterr()
    if "error" in parts:
        assert (status, err) == (2, parts["error"] + "\n")
    elif "verify" in parts:
        assert (status, out) == (0, parts["output"] + "\n"), err
    else:
        assert status == 0, err
        problems = mismatches(json.loads(out), parts["output"])
        assert not problems, problems


def _main_on(runner: Any, data: bytes) -> int:
    import io
    import sys

    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data))
    try:
        return int(runner(["-"]))
    finally:
        sys.stdin = stdin
