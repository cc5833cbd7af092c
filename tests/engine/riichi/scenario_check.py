"""Checking a scenario file against what it says it must give.

A scenario under ``tests/`` may carry keys the engine ignores: ``_rule`` (the RULES.md ids it
covers), ``_note`` (the hand worked out in words), and either ``expect`` (parts of the runner's
output that must match) or ``expect_error`` (``{"move": index, "contains": text}`` for an illegal
move, ``{"field": name, "contains": text}`` for a malformed file: exit 2 of the command line).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.base import IllegalMove, ScenarioError
from engine.scenario import run


def mismatches(actual: Any, expected: Any, where: str = "$") -> list[str]:
    """Where ``actual`` differs: dicts on the keys given, lists element-wise, the rest exactly."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        out: list[str] = []
        for key, want in expected.items():
            if key.startswith("_"):
                continue
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out += mismatches(actual[key], want, f"{where}.{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [m for i, (a, e) in enumerate(zip(actual, expected, strict=True))
                for m in mismatches(a, e, f"{where}[{i}]")]
    if actual != expected or type(actual) is not type(expected):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def check(spec: dict[str, Any], expected: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Run ``spec`` and assert its ``expect``/``expect_error`` (or ``expected``); returns the output."""
    want = expected if expected is not None else spec
    error = want.get("expect_error")
    if error is not None:
        try:
            out = run(spec)
        except IllegalMove as e:
            assert "move" in error, f"unexpected illegal move: {e}"
            assert str(e).startswith(f"move {error['move']} "), str(e)
            assert error.get("contains", "") in str(e), str(e)
            return None
        except ScenarioError as e:
            assert "field" in error, f"unexpected malformed-file error: {e}"
            assert str(e).startswith(error["field"]), str(e)
            assert error.get("contains", "") in str(e), str(e)
            return None
        raise AssertionError(f"expected an error {error}, the run gave {json.dumps(out)[:300]}")
    if expected is None:
        assert "expect" in spec, "a scenario under tests/ needs expect or expect_error"
    expect = spec["expect"] if expected is None else expected
    out = run(spec)
    problems = mismatches(out, expect)
    assert not problems, "\n".join(problems)
    return out


def load(path: Path) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        spec: dict[str, Any] = json.load(f)
    return spec
