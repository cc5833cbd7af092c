"""The scenario runner refuses anything that is not a good scenario with exit 2 and one line, and
never with a traceback: fuzzed bytes, JSON of every shape, and scenario-shaped objects whose parts
are wrong in every way hypothesis finds. The runner is called in-process (``answer``), as
``python -m engine.scenario`` calls it. ``SCENARIO_FUZZ_EXAMPLES`` sets the examples per test.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scenario import answer

EXAMPLES = int(os.environ.get("SCENARIO_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OUTCOMES: Counter[str] = Counter()
SAMPLES = [p.read_bytes() for p in sorted((Path(__file__).parent / "examples").glob("*.json"))
           if not p.name.endswith(".expected.json")]

NAMES = ["A", "B", "C", "D", "E"]
TILES = st.text(alphabet="0123456789mpsz", max_size=20)
CARDS = st.text(alphabet="23456789TJQKAshdcx", max_size=12)
WORDS = ["discard", "tsumogiri", "riichi", "tsumo", "ron", "chi", "pon", "kan", "ankan", "kakan", "pass",
         "fold", "check", "call", "bet", "raise", "allin", "draw"]
SCALARS = (st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False)
           | st.text(max_size=8))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


def anything(*good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly well-typed values, sometimes any JSON at all."""
    return st.one_of(*good, *good, *good, JSON)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (the value itself first)."""
    out = [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        out += _paths(item, (*path, key))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


MOVE = st.lists(anything(st.sampled_from(NAMES), st.sampled_from(WORDS), TILES,
                         st.integers(-1000, 10**6).map(lambda n: n * 100)), min_size=0, max_size=5)
SCENARIO = st.fixed_dictionaries(
    {},
    optional={
        "game": anything(st.sampled_from(["riichi", "janpo", "five", "holdem", "chess", ""])),
        "players": anything(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5),
                            st.just(NAMES[:4]), st.just(NAMES[:4])),
        "seed": anything(st.integers(-5, 5), st.text(max_size=5)),
        "options": anything(st.dictionaries(
            st.sampled_from(["red_fives", "length", "seven_pairs", "thirteen_orphans", "blinds", "stacks",
                             "hands", "speed"]),
            anything(st.booleans(), st.sampled_from(["east", "south", "north"]),
                     st.lists(st.integers(0, 5000).map(lambda n: n * 100), max_size=3),
                     st.integers(-2, 10**13)), max_size=4)),
        "kyoku": anything(st.lists(anything(st.fixed_dictionaries({}, optional={
            "hands": anything(st.dictionaries(st.sampled_from(NAMES), anything(TILES), max_size=4)),
            "draws": anything(TILES),
            "dead": anything(st.dictionaries(st.sampled_from(["dora", "ura", "rinshan", "x"]),
                                             anything(st.lists(TILES, max_size=3)), max_size=3)),
            "extra": JSON})), max_size=2)),
        "poker": anything(st.lists(anything(st.fixed_dictionaries({}, optional={
            "hole": anything(st.dictionaries(st.sampled_from(NAMES), anything(CARDS), max_size=4)),
            "board": anything(CARDS)})), max_size=2)),
        "moves": anything(st.lists(anything(MOVE), max_size=8)),
    },
)


def check(data: bytes, source: str) -> None:
    status, text = answer(data)
    assert status in (0, 2), f"exit {status}"
    if status == 0:
        json.loads(text)
        OUTCOMES[f"{source}: played (exit 0)"] += 1
        return
    assert text and "\n" not in text and "Traceback" not in text, text
    OUTCOMES[f"{source}: refused (exit 2)"] += 1


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes(data: bytes) -> None:
    check(data, "bytes")


@FUZZ
@given(st.sampled_from(SAMPLES), st.integers(0, 10**6), st.binary(min_size=1, max_size=4))
def test_example_files_with_bytes_changed(sample: bytes, at: int, junk: bytes) -> None:
    i = at % len(sample)
    check(sample[:i] + junk + sample[i + len(junk):], "damaged example")


@FUZZ
@given(st.sampled_from(SAMPLES), st.integers(0, 10**6), st.data())
def test_example_files_with_one_part_replaced(sample: bytes, at: int, data: st.DataObject) -> None:
    spec = json.loads(sample)
    paths = _paths(spec)[1:]
    path = paths[at % len(paths)]
    new = data.draw(st.one_of(JSON, MOVE, TILES, CARDS, st.sampled_from(WORDS + NAMES)))
    check(json.dumps(_replace(spec, path, new)).encode(), "example with one part replaced")


@FUZZ
@given(JSON)
def test_any_json(value: Any) -> None:
    check(json.dumps(value).encode(), "json")


@FUZZ
@given(SCENARIO)
def test_scenario_shaped_objects(spec: dict[str, Any]) -> None:
    check(json.dumps(spec).encode(), "scenario-shaped")


def test_zz_outcomes_are_reported() -> None:
    """Runs last in this file: prints how the fuzzed inputs ended (pytest -s shows it)."""
    for key, n in sorted(OUTCOMES.items()):
        print(f"{key}: {n}")
