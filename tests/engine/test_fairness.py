"""D69: the seed is bound to the committed secret and to everything that was not the operator's
choice; ``python -m engine.verify`` accepts a true record and names what a doctored one changed."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.fairness import RULES_VERSION, commitment, derive_seed
from engine.games import new_game
from engine.randomplay import play_out
from engine.scenario import outcome, run
from engine.verify import main

SECRET = bytes.fromhex("5f" * 32)
ENTROPY = [1183729102938471424, 1183729110035243008, 1183729115206811648, 1183729120931012608]


def test_commitment_is_the_plain_sha256_of_the_secret() -> None:
    assert commitment(SECRET) == hashlib.sha256(SECRET).hexdigest()


def test_known_seed_so_a_change_of_scheme_cannot_pass_unnoticed() -> None:
    """The worked example of docs/SCENARIOS.md."""
    assert derive_seed(SECRET, ENTROPY, "riichi", {"length": "east"}, "2026.12") == 6581005884733782066


def test_every_input_moves_the_seed() -> None:
    base = derive_seed(SECRET, ENTROPY, "riichi", {"length": "east"}, RULES_VERSION)
    variants = [
        derive_seed(bytes(32), ENTROPY, "riichi", {"length": "east"}, RULES_VERSION),
        derive_seed(SECRET, [*ENTROPY[:-1], ENTROPY[-1] + 1], "riichi", {"length": "east"}, RULES_VERSION),
        derive_seed(SECRET, ENTROPY[::-1], "riichi", {"length": "east"}, RULES_VERSION),
        derive_seed(SECRET, ENTROPY[:-1], "riichi", {"length": "east"}, RULES_VERSION),
        derive_seed(SECRET, ENTROPY, "five", {"length": "east"}, RULES_VERSION),
        derive_seed(SECRET, ENTROPY, "riichi", {"length": "south"}, RULES_VERSION),
        derive_seed(SECRET, ENTROPY, "riichi", {"length": "east"}, RULES_VERSION + "x"),
    ]
    assert len({base, *variants}) == len(variants) + 1
    assert all(0 <= s < 2**63 for s in [base, *variants])


def make_record(game_name: str, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """A finished table's record as the bot stores it: the scenario plus its fairness object."""
    seed = derive_seed(SECRET, ENTROPY, game_name, options)
    spec: dict[str, Any] = {"game": game_name, "players": players, "seed": seed, "options": options}
    game = new_game(spec)
    spec["moves"] = play_out(game, seed=seed)
    spec["fairness"] = {"commitment": commitment(SECRET), "secret": SECRET.hex(), "entropy": ENTROPY,
                        "rules_version": RULES_VERSION,
                        "outcome": {"points": outcome(game)["points"], "finished": True}}
    return spec


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return make_record("riichi", {"length": "east"}, ["A", "B", "C", "D"])


def verify_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any]) -> tuple[int, str]:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(record))
    status = main([str(path)])
    out, err = capsys.readouterr()
    assert (out if status == 0 else err).count("\n") == 1
    return status, (out or err).strip()


def test_a_true_record_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any]) -> None:
    status, line = verify_file(tmp_path, capsys, record)
    assert status == 0 and line.startswith(f"verified: seed {record['seed']} follows from the revealed secret")
    assert "to the end of the game" in line


def test_a_holdem_record_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, line = verify_file(tmp_path, capsys, make_record("holdem", {"hands": 5}, ["A", "B", "C"]))
    assert status == 0 and line.startswith("verified")


def _doctored(record: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    *head, last = path.split(".")
    target = out
    for key in head:
        target = target[key]
    target[last] = value
    return out


@pytest.mark.parametrize(
    ("path", "value", "says"),
    [
        ("fairness.secret", "60" * 32, "the revealed secret hashes to"),
        ("fairness.commitment", "0" * 64, "not to the commitment 0000000000000000… shown when the lobby opened"),
        ("seed", 12345, "seed 12345 is not the seed"),
        ("fairness.entropy", ENTROPY[::-1], "is not the seed"),
        ("options", {"length": "east", "red_fives": False}, "is not the seed"),
        ("game", "five", "is not the seed"),
        ("fairness.rules_version", "2025.01", "dealt under rules version 2025.01"),
        ("kyoku", [{"hands": {"A": "1112345678999m"}}], "kyoku: tiles or cards are fixed in the file"),
        ("fairness.outcome", {"points": {"A": 1, "B": 2, "C": 3, "D": 4}}, "fairness.outcome.points: the replay"),
        ("fairness.entropy", [], "fairness.entropy: must be a non-empty list"),
        ("fairness.secret", "xyz", "fairness.secret: must be the revealed secret in hex"),
    ],
)
def test_a_doctored_record_is_refused_naming_what_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any], path: str, value: Any, says: str
) -> None:
    status, line = verify_file(tmp_path, capsys, _doctored(record, path, value))
    assert status == 2 and says in line, line


def test_moves_that_do_not_replay_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              record: dict[str, Any]) -> None:
    moves = copy.deepcopy(record["moves"])
    moves[0] = [moves[0][0], "discard", "9z"]
    status, line = verify_file(tmp_path, capsys, _doctored(record, "moves", moves))
    assert status == 2 and line.startswith("the recorded moves do not replay on the walls of seed")


def test_the_scenario_runner_reads_a_verify_file_as_its_scenario(record: dict[str, Any]) -> None:
    """SCENARIOS.md is unchanged: the runner ignores the fairness object and plays the rest."""
    plain = {k: v for k, v in record.items() if k != "fairness"}
    assert run(record) == run(plain)
    assert run(record)["points"] == record["fairness"]["outcome"]["points"]
