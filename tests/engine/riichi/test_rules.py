"""Riichi rules (RULES.md section R) as scenario files: each file in ``scenarios/`` cites its rule
ids in ``_rule`` (R.., and D.. where docs/RULES.md records the project's reading), works the hand
out in ``_note`` and states what the run must give."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.games import new_game
from engine.tiles import is_red
from engine.wall import build_wall
from tests.engine.riichi.scenario_check import check, load

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    spec = load(path)
    assert re.fullmatch(r"[RD]\d+(, [RD]\d+)*", spec.get("_rule", "")), "cite the RULES.md ids in _rule"
    assert spec.get("_note"), "work the hand out in _note"
    check(spec)


def test_every_riichi_rule_has_a_scenario() -> None:
    cited = {rule for path in FILES for rule in load(path)["_rule"].split(", ")}
    assert cited >= {f"R{i}" for i in range(1, 14)}, sorted({f"R{i}" for i in range(1, 14)} - cited)


def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine.scenario", str(path)], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).parents[3])


def test_cli_plays_a_file_and_stops_with_exit_2_naming_the_move_or_field() -> None:
    ok = _cli(SCENARIOS / "r3-open-tanyao.json")
    assert ok.returncode == 0, ok.stderr
    out = json.loads(ok.stdout)
    assert out["kyoku_results"][0]["deltas"] == {"A": 0, "B": 1000, "C": -1000, "D": 0}

    illegal = _cli(SCENARIOS / "r3-kuikae-refused.json")
    assert illegal.returncode == 2 and illegal.stdout == ""
    assert illegal.stderr.count("\n") == 1 and illegal.stderr.startswith('move 2 ["B", "discard", "6m"]: ')

    malformed = _cli(SCENARIOS / "r1-second-red-five.json")
    assert malformed.returncode == 2 and malformed.stdout == ""
    assert malformed.stderr.count("\n") == 1 and malformed.stderr.startswith("kyoku[0].hands.B: ")


def test_r1_every_wall_holds_136_tiles_with_three_red_fives() -> None:
    for label in range(20):
        wall = build_wall(seed=label, label=label, red_fives=True)
        tiles = wall.all_tiles()
        assert sorted(tiles) == list(range(136))
        assert len(wall.live) == 70 and len(wall.dora + wall.ura + wall.rinshan) == 14
        assert sorted(t for t in tiles if is_red(t)) == [16, 52, 88]


def test_pon_puts_the_red_five_into_the_meld() -> None:
    """D7: B holds the red 0p and two plain 5p and pons A's plain 5p: the meld takes the red
    five (and one plain), the hand keeps a plain 5p."""
    game = new_game({"game": "riichi", "players": ["A", "B", "C", "D"], "seed": 3, "options": {"length": "east"},
                     "kyoku": [{"hands": {"A": "5p123m456m789m1z2z3z", "B": "05p5p13m79s1234z67z"}, "draws": "4z"}]})
    game.play(["A", "discard", "5p"])
    game.play(["B", "pon"])
    assert game.public_view()["seats"][1]["melds"] == [
        {"type": "pon", "tiles": ["0p", "5p", "5p"], "called": "5p", "from": "A"}]
    hand = game.view("B")["hand"]
    assert "5p" in hand and "0p" not in hand
