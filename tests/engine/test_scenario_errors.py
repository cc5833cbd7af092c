"""Malformed scenarios name their field (SCENARIOS.md): a missing game, parts a game does not have, and
files that are not UTF-8, not JSON this runner reads, or would print numbers nobody can print."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.base import ScenarioError
from engine.scenario import run

FOUR = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ({"players": FOUR, "seed": 1}, "game: missing"),
        ({"game": "go", "players": FOUR, "seed": 1}, "game: unknown"),
        ({"game": "five", "players": FOUR, "seed": 1, "poker": [{}]}, "poker: five has no poker"),
        ({"game": "riichi", "players": FOUR, "seed": 1, "poker": [{}]}, "poker: riichi has no poker"),
        ({"game": "holdem", "players": FOUR, "seed": 1, "kyoku": [{}]}, "kyoku: holdem has no mahjong"),
    ],
)
def test_malformed_scenario_names_the_field(spec: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError, match=f"^{field}"):
        run(spec)


GOOD = {"game": "holdem", "players": ["A", "B"], "seed": 1, "options": {"hands": 1}}


def _run_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes) -> tuple[int, str, str]:
    from engine.scenario import main

    path = tmp_path / "s.json"
    path.write_bytes(data)
    status = main([str(path)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b'{"game": "riichi", "players": ["\xff"]}', "not UTF-8: byte 0xff at offset 32"),
        (b"\xef\xbb\xbf{}", "not JSON: line 1 column 1: Unexpected UTF-8 BOM (decode using utf-8-sig)"),
        (json.dumps({"game": ["riichi"]}).encode(), "game: must be a name, one of riichi, holdem, janpo, five"),
        (json.dumps({"game": {"riichi": 1}}).encode(), "game: must be a name, one of riichi, holdem, janpo, five"),
        (b'{"game": "holdem", "seed": 1' + b"0" * 4400 + b"}",
         "not JSON this runner reads: an integer of 4,401 digits (at most 4,300)"),
        (b"[" * 1000 + b"]" * 1000, "not JSON this runner reads: nested more than 32 levels deep"),
        (b'{"moves": ' + b"[" * 40 + b"]" * 40 + b"}",
         "moves" + "[0]" * 32 + ": nested more than 32 levels deep"),
        (json.dumps({**GOOD, "options": {"stacks": 9 * 10**4299}}).encode(), "options.stacks: at most 1,000,000,000,000"),
        (json.dumps({**GOOD, "options": {"stacks": [100, 10**13]}}).encode(),
         "options.stacks[1]: at most 1,000,000,000,000"),
        (json.dumps({**GOOD, "moves": [["A", "raise", 10**60]]}).encode(),
         "move 0 [\"A\", \"raise\", " + str(10**60) + "]: raise " + str(10**60)
         + ": must be a multiple of 100 from 400 to 10000"),
    ],
)
def test_every_malformed_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, line: str
) -> None:
    status, out, err = _run_file(tmp_path, capsys, data)
    assert (status, out, err) == (2, "", line + "\n")


def test_a_good_file_still_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run_file(tmp_path, capsys, json.dumps(GOOD).encode())
    assert status == 0 and err == "" and json.loads(out)["to_act"]["player"] == "A"


def test_help_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.scenario import main

    assert main(["--help"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("usage: python -m engine.scenario FILE.json") and err == ""
