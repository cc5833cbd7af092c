"""A bounded memo for answers about hand shapes (shanten, waits), keyed by tile counts.

A turn asks about the same 13 or 14 tiles several times: the legal moves (riichi discards), the
player's view (shanten, waits), the discard itself (the new waits), the next draw when it is a
tsumogiri. The `mahjong` library answers each from scratch, so the answers are kept by the hand's
34-kind counts, which decide them.

Keys are ``bytes`` and values ints or tuples of ints, none of which the garbage collector tracks
(tuples of ints are untracked at the first collection that sees them), so a full memo adds
nothing to a collection's walk. The memo is emptied when it reaches its size: it holds no state of
any game, only answers that a pure function gives again, so play stays deterministic.

>>> memo: Memo[int] = Memo(2)
>>> memo.get(b"a", lambda: 1), memo.get(b"a", lambda: 2), len(memo)
(1, 1, 1)
>>> memo.get(b"b", lambda: 3), memo.get(b"c", lambda: 4), len(memo)  # full: emptied, then c
(3, 4, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Memo(Generic[T]):
    """``get(key, compute)``: the kept answer for ``key``, else ``compute()`` kept and returned."""

    __slots__ = ("_items", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: dict[bytes, T] = {}

    def get(self, key: bytes, compute: Callable[[], T]) -> T:
        items = self._items
        try:
            return items[key]
        except KeyError:
            pass
        value = compute()
        if len(items) >= self.size:
            items.clear()
        items[key] = value
        return value

    def peek(self, key: bytes) -> T | None:
        """The kept answer, or None: for a shortcut that is worth taking only when it is free."""
        return self._items.get(key)

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
