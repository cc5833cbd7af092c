"""Riichi rules (RULES.md section R) as scenario files: each file in ``scenarios/`` cites its rule
ids in ``_rule``, works the hand out in ``_note`` and states what the run must give."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from scenario_check import check, load

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    spec = load(path)
    assert re.fullmatch(r"R\d+(, R\d+)*", spec.get("_rule", "")), "cite the RULES.md ids in _rule"
    assert spec.get("_note"), "work the hand out in _note"
    check(spec)


def test_every_riichi_rule_has_a_scenario() -> None:
    cited = {rule for path in FILES for rule in load(path)["_rule"].split(", ")}
    assert cited >= {f"R{i}" for i in range(1, 14)}, sorted({f"R{i}" for i in range(1, 14)} - cited)
