"""``python -m engine.verify FILE``: check a finished table's shuffle offline (D69).

FILE is a scenario with a ``fairness`` object (docs/SCENARIOS.md, "Verify files"). Exit 0 and one
line starting ``verified`` when the secret matches the commitment shown at the lobby, the seed is
the one derived from it, and the moves replay on the walls and decks that seed deals (giving the
recorded outcome, when one is recorded); otherwise exit 2 and one line saying what does not match.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from engine.base import IllegalMove, ScenarioError
from engine.fairness import Mismatch, check_seed, compare_outcome
from engine.scenario import outcome, parse, read_argument, replay

USAGE = "usage: python -m engine.verify FILE.json   (a scenario plus its fairness object; - for standard input)"


def verify(record: Mapping[str, Any]) -> str:
    """The ``verified`` line for a record, or :class:`Mismatch` / ScenarioError / IllegalMove."""
    if not isinstance(record, dict):
        raise ScenarioError("the verify file must be a JSON object")
    seed = check_seed(record)
    try:
        game = replay(record)
    except IllegalMove as e:
        raise Mismatch(f"the recorded moves do not replay on the walls of seed {seed}: {e}") from None
    result = outcome(game)
    compare_outcome(record["fairness"].get("outcome"), result)
    moves = len(record.get("moves", []))
    state = "to the end of the game" if result["finished"] else "(the game is not finished)"
    count = "1 move replays" if moves == 1 else f"{moves} moves replay"
    return f"verified: seed {seed} follows from the revealed secret; {count} {state}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    data = read_argument(argv, USAGE)
    if isinstance(data, int):
        return data
    try:
        print(verify(parse(data)))
    except (Mismatch, ScenarioError, IllegalMove) as e:
        print(" ".join(str(e).split("\n")), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
