"""A shuffle nobody can steer (D69): commit to a secret, mix in what nobody chose, reveal, check.

When a lobby opens the table draws a secret and shows only its :func:`commitment` (SHA-256). At
Start the game's seed is :func:`derive_seed` of that secret and of values fixed after the
commitment by people other than the operator: the Discord ids (snowflakes) of the players' Join
and Start interactions, plus the game, its options and the engine's :data:`RULES_VERSION`. After
the game the secret is revealed, and anyone can :func:`verify` the record: the secret matches the
digest shown at the lobby, the seed follows from it, and the walls and decks that seed deals give
the game that was played. The operator cannot try secrets until a wall suits them, because the
secret is fixed before the interaction ids exist; the players cannot aim either, because they do
not know the secret.

>>> secret = bytes(range(32))
>>> commitment(secret)[:16]
'630dcd2966c43366'
>>> derive_seed(secret, [1, 2], "riichi", {}, "test") == derive_seed(secret, [1, 2], "riichi", {}, "test")
True
>>> derive_seed(secret, [1, 2], "riichi", {}, "test") == derive_seed(secret, [2, 1], "riichi", {}, "test")
False
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from engine.base import ScenarioError

# Changes whenever a seed would deal different tiles or cards, or the same moves would play out
# differently; a record made under another version is refused rather than mis-verified.
RULES_VERSION = "2026.12"
SECRET_BYTES = 32
FIELDS = ("commitment", "secret", "entropy", "rules_version")


class Mismatch(ValueError):
    """The record does not verify; the message says in one line what does not match."""


def new_secret() -> bytes:
    """A fresh secret from the operating system's CSPRNG, drawn when a lobby opens."""
    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> str:
    """The SHA-256 (hex) of the secret: shown when the lobby opens, checkable with any tool."""
    return hashlib.sha256(secret).hexdigest()


def canonical(game: str, options: Mapping[str, Any], entropy: Sequence[int], rules_version: str) -> bytes:
    """The exact bytes the seed is derived from: sorted-key compact JSON, so every verifier
    reproduces them."""
    body = {"entropy": list(entropy), "game": game, "options": dict(options), "rules_version": rules_version}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def derive_seed(
    secret: bytes,
    entropy: Sequence[int],
    game: str,
    options: Mapping[str, Any],
    rules_version: str = RULES_VERSION,
) -> int:
    """The game's seed: HMAC-SHA256 keyed by the secret over :func:`canonical`, first 63 bits
    (a seed fits a signed 64-bit column, as :func:`engine.rng.new_seed` does)."""
    if not entropy or not all(isinstance(e, int) and not isinstance(e, bool) and 0 < e < 2**64 for e in entropy):
        raise ScenarioError("fairness.entropy: must be a non-empty list of interaction ids")
    mac = hmac.new(secret, canonical(game, options, entropy, rules_version), hashlib.sha256).digest()
    return int.from_bytes(mac[:8], "big") >> 1


def record_fields(record: Mapping[str, Any]) -> tuple[bytes, str, list[int], str]:
    """The ``fairness`` object of a verify file (docs/SCENARIOS.md): secret, commitment, entropy
    and rules version, each checked for shape; ScenarioError names the field."""
    fair = record.get("fairness")
    if not isinstance(fair, dict):
        raise ScenarioError("fairness: missing; a verify file is a scenario plus a fairness object")
    for key in FIELDS:
        if key not in fair:
            raise ScenarioError(f"fairness.{key}: missing")
    unknown = set(fair) - {*FIELDS, "outcome"}
    if unknown:
        raise ScenarioError(f"fairness.{sorted(unknown)[0]}: unknown field")
    shown, secret_hex, entropy, version = (fair[k] for k in FIELDS)
    if not isinstance(shown, str) or len(shown) != 64 or set(shown) - set("0123456789abcdef"):
        raise ScenarioError("fairness.commitment: must be 64 lowercase hex digits (a SHA-256)")
    try:
        secret = bytes.fromhex(secret_hex) if isinstance(secret_hex, str) else b""
    except ValueError:
        secret = b""
    if not secret:
        raise ScenarioError("fairness.secret: must be the revealed secret in hex")
    if not isinstance(entropy, list):
        raise ScenarioError("fairness.entropy: must be a non-empty list of interaction ids")
    if not isinstance(version, str) or not version:
        raise ScenarioError("fairness.rules_version: must be a string")
    return secret, shown, entropy, version


def check_seed(record: Mapping[str, Any]) -> int:
    """The seed the record's fairness object derives, after checking the secret against the
    digest shown at the lobby and that the scenario was played with that seed and no fixed
    tiles or cards. Raises :class:`Mismatch` or ScenarioError."""
    secret, shown, entropy, version = record_fields(record)
    if commitment(secret) != shown:
        raise Mismatch(f"the revealed secret hashes to {commitment(secret)[:16]}…, "
                       f"not to the commitment {shown[:16]}… shown when the lobby opened")
    if version != RULES_VERSION:
        raise Mismatch(f"the game was dealt under rules version {version}; this engine is {RULES_VERSION}")
    game, options = record.get("game"), record.get("options", {})
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ScenarioError("game, options: a verify file needs the game's name and its options object")
    seed = derive_seed(secret, entropy, game, options, version)
    if record.get("seed") != seed:
        raise Mismatch(f"seed {record.get('seed')!r} is not the seed {seed} derived from the secret and "
                       f"the {len(entropy)} interaction ids")
    for part in ("kyoku", "poker"):
        if record.get(part):
            raise Mismatch(f"{part}: tiles or cards are fixed in the file; a fair game takes them all from the seed")
    return seed


def compare_outcome(expected: Any, replayed: Mapping[str, Any]) -> None:
    """Each key of the recorded ``fairness.outcome`` must equal the replay's (SCENARIOS.md output)."""
    if expected is None:
        return
    if not isinstance(expected, dict):
        raise ScenarioError("fairness.outcome: must be an object (parts of the runner's output)")
    for key, value in expected.items():
        if key not in replayed:
            raise ScenarioError(f"fairness.outcome.{key}: not a part of the output")
        if replayed[key] != value:
            raise Mismatch(f"fairness.outcome.{key}: the replay gives {json.dumps(replayed[key])[:80]}, "
                           f"the record says {json.dumps(value)[:80]}")
