"""What the benchmarks that drive the bot offline share: the tests' fake-Discord harness, imported
only when such a benchmark runs, and a way to patch attributes for one run and put them back."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class Patch:
    """``setattr`` that ``restore`` undoes, newest first (a benchmark's monkeypatch)."""

    def __init__(self) -> None:
        self.undo: list[tuple[Any, str, Any]] = []

    def setattr(self, target: Any, name: str, value: Any) -> None:
        self.undo.append((target, name, getattr(target, name)))
        setattr(target, name, value)

    def restore(self) -> None:
        for target, name, value in reversed(self.undo):
            setattr(target, name, value)


def harness() -> Any:
    """The offline discord.py harness the bot tests drive (``tests.bot.harness``)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.bot import harness as found

    return found
