"""``python -m engine.scenario FILE.json``: play a scenario and print its outcome as JSON.

The format is the engine's one outside contract (SCENARIOS.md). Exit 2 with a one-line message
on standard error for an illegal move (naming its index) or a malformed file (naming the field).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from engine.base import Game, IllegalMove, ScenarioError
from engine.games import new_game


def replay(spec: dict[str, Any]) -> Game:
    """Build the game and play every move; IllegalMove names the move's index."""
    game = new_game(spec)
    moves = spec.get("moves", [])
    if not isinstance(moves, list):
        raise ScenarioError("moves: must be a list")
    for i, move in enumerate(moves):
        if not isinstance(move, list) or not move:
            raise ScenarioError(f"moves[{i}]: must be a non-empty list")
        try:
            game.play(move)
        except IllegalMove as e:
            raise IllegalMove(f"move {i} {json.dumps(move)}: {e}", e.code) from None
    return game


def outcome(game: Game) -> dict[str, Any]:
    """The output object of SCENARIOS.md for a game in its current state."""
    out = dict(game.summary())
    waiting = game.waiting_on()
    if game.finished or not waiting:
        out["to_act"] = None
    else:
        out["to_act"] = {"player": waiting[0], "legal": game.legal_moves(waiting[0])}
    return out


def run(spec: dict[str, Any]) -> dict[str, Any]:
    return outcome(replay(spec))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m engine.scenario FILE.json   (FILE may be - for standard input)", file=sys.stderr)
        return 2
    try:
        if argv[0] == "-":
            text = sys.stdin.read()
        else:
            with open(argv[0], encoding="utf-8") as f:
                text = f.read()
        spec = json.loads(text)
    except OSError as e:
        print(f"cannot read {argv[0]}: {e.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as e:
        print(f"not JSON: line {e.lineno} column {e.colno}: {e.msg}", file=sys.stderr)
        return 2
    try:
        result = run(spec)
    except (IllegalMove, ScenarioError) as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    try:
        sys.stdout.write(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error of the scenario
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
