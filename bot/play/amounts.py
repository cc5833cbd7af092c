"""What a typed bet or raise amount means: ASCII digits only, with ``,``/space separators and the
``k`` shorthand (``2.5k`` is 2,500). Anything else (``²``, ``①``, Arabic-Indic digits) is not an
amount, so it gets the bad-amount answer instead of an error or a surprise."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

AMOUNT = re.compile(r"(?P<whole>[0-9]+)(?:\.(?P<frac>[0-9]{1,3}))?(?P<k>[kK])?")


def parse_amount(text: str | None) -> int | None:
    cleaned = (text or "").replace(",", "").replace(" ", "").strip()
    found = AMOUNT.fullmatch(cleaned) if cleaned.isascii() else None
    if found is None:
        return None
    frac = found["frac"] or ""
    if not found["k"]:
        return None if frac else int(found["whole"])
    return int(found["whole"]) * 1000 + int(frac.ljust(3, "0"))


def amount_range(move: Sequence[Any]) -> tuple[int, int] | None:
    """A legal move whose amount the player chooses ends in ``[low, high]``."""
    last = move[-1]
    if isinstance(last, list) and len(last) == 2:
        return int(last[0]), int(last[1])
    return None


def concrete(move: Sequence[Any], amount: str | None) -> list[Any] | None:
    """The legal move with the typed amount filled in (None: not an amount)."""
    if amount_range(move) is None:
        return list(move)
    value = parse_amount(amount)
    return None if value is None else [*move[:-1], value]
