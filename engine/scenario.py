"""``python -m engine.scenario FILE.json``: play a scenario and print its outcome as JSON.

The format is the engine's one outside contract (SCENARIOS.md). Exit 2 with a one-line message
on standard error for an illegal move (naming its index) or a malformed file (naming the field):
bytes that are not UTF-8, JSON this runner will not read (integers past Python's digit limit,
nesting deeper than any scenario), or a value of the wrong shape. ``--help`` prints the usage.
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


USAGE = "usage: python -m engine.scenario FILE.json   (FILE may be - for standard input)"
MAX_DEPTH = 32  # a scenario is at most five levels deep; anything far deeper is not one
DIGITS = sys.get_int_max_str_digits() or 4300


def _too_deep(value: Any, path: str, depth: int = 0) -> str | None:
    """The path of the first value nested more than MAX_DEPTH levels down, if any."""
    if depth > MAX_DEPTH:
        return path or "the scenario"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        where = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
        found = _too_deep(item, where.lstrip("."), depth + 1)
        if found:
            return found
    return None


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > DIGITS:
        raise ScenarioError(f"not JSON this runner reads: an integer of {len(text.lstrip('-')):,} digits "
                            f"(at most {DIGITS:,})")
    return int(text)


def parse(data: bytes) -> Any:
    """The scenario in ``data``, or ScenarioError saying in one line why it is not one."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"not UTF-8: byte 0x{data[e.start]:02x} at offset {e.start}") from None
    try:
        spec = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as e:
        raise ScenarioError(f"not JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise ScenarioError(f"not JSON this runner reads: nested more than {MAX_DEPTH} levels deep") from None
    deep = _too_deep(spec, "")
    if deep:
        raise ScenarioError(f"{deep}: nested more than {MAX_DEPTH} levels deep")
    return spec


def answer(data: bytes) -> tuple[int, str]:
    """Exit status and what to print for one scenario file: the outcome as JSON (0), or one line
    naming the field or move that is wrong (2)."""
    try:
        result = run(parse(data))
    except (IllegalMove, ScenarioError) as e:
        return 2, " ".join(str(e).split("\n"))
    try:
        return 0, json.dumps(result, indent=1, ensure_ascii=False)
    except ValueError:  # a number past the digit limit: stacks or scores nobody can print
        return 2, f"output: a number of more than {DIGITS:,} digits; use smaller stacks"



def read_argument(argv: list[str], usage: str) -> bytes | int:
    """The bytes of the one FILE argument (``-``: standard input), or the exit status 2 after saying
    on standard error what is wrong (no argument, several, or a file that cannot be read)."""
    if len(argv) != 1:
        print(usage, file=sys.stderr)
        return 2
    try:
        if argv[0] == "-":
            return sys.stdin.buffer.read()
        with open(argv[0], "rb") as f:
            return f.read()
    except OSError as e:
        print(f"cannot read {argv[0]}: {e.strerror}", file=sys.stderr)
        return 2

def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        print("Plays the scenario and prints its outcome as JSON; exit 2 with one line on standard error")
        print("naming the field or move when the file is malformed or a move is illegal.")
        return 0
    data = read_argument(argv, USAGE)
    if isinstance(data, int):
        return data
    status, text = answer(data)
    if status:
        print(text, file=sys.stderr)
        return status
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error of the scenario
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
