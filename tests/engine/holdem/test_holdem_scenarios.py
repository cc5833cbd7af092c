"""Every scenario file under scenarios/ replays to the output keys it expects.

A file carries its expectation either inline (``expect``: output keys that must match exactly;
``expect_error``: text the refusal must contain) or beside it as ``NAME.expected.json``
(the worked examples, whose ``_note`` is commentary). ``_rule`` cites the RULES.md ids covered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.base import IllegalMove, ScenarioError
from engine.scenario import run

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expected.json"))


def _expectation(path: Path, spec: dict[str, Any]) -> dict[str, Any]:
    sibling = path.with_name(path.stem + ".expected.json")
    if sibling.exists():
        return {k: v for k, v in json.loads(sibling.read_text()).items() if not k.startswith("_")}
    expect: dict[str, Any] = spec.get("expect", {})
    return expect


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    spec = json.loads(path.read_text())
    assert spec.get("_rule") or path.with_name(path.stem + ".expected.json").exists(), "cite a rule id"
    if "expect_error" in spec:
        with pytest.raises((IllegalMove, ScenarioError)) as err:
            run(spec)
        assert spec["expect_error"] in str(err.value)
        return
    expect = _expectation(path, spec)
    assert expect, "a scenario must expect something"
    got = run(spec)
    for key, want in expect.items():
        assert got[key] == want, f"{key}: got {json.dumps(got[key])}"
    assert sum(got["points"].values()) + got["pot"] == _start_total(spec)


def _start_total(spec: dict[str, Any]) -> int:
    stacks = spec.get("options", {}).get("stacks", 10_000)
    return sum(stacks) if isinstance(stacks, list) else stacks * len(spec["players"])
