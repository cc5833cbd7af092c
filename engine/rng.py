"""Seeds and deterministic random streams.

A table's seed is drawn once from a CSPRNG (:func:`new_seed`) and stored; every wall and deck is
then derived from it with a label, so one seed replays a whole game and `verify` can re-derive it.

>>> derive(7, "kyoku", 0).random() == derive(7, "kyoku", 0).random()
True
>>> derive(7, "kyoku", 0).random() == derive(7, "kyoku", 1).random()
False
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> int:
    """A fresh 63-bit seed from the operating system's CSPRNG."""
    return secrets.randbits(63)


def derive(seed: int | str, *labels: object) -> random.Random:
    """An independent random stream for one labelled use of a seed."""
    return random.Random(derive_seed(seed, *labels))


def derive_seed(seed: int | str, *labels: object) -> int:
    """The number :func:`derive` seeds its stream with: ``random.Random(derive_seed(...))`` is
    the same stream, and the number is cheaper to hand to another process than the stream."""
    key = ":".join(str(x) for x in (seed, *labels)).encode()
    return int.from_bytes(hashlib.sha256(key).digest(), "big")


def seed_digest(seed: int | str) -> str:
    """The SHA-256 a table shows before play, so the seed revealed at the end can be checked."""
    return hashlib.sha256(str(seed).encode()).hexdigest()
