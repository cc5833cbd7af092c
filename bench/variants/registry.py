"""The registry of named changes of play that ``bench.cpu_seats`` measures against the hard level.

A variant is a generator that patches the CPU's modules for this process only and undoes the
patch when it resumes: ``@variant("name")`` registers it as a context manager in ``VARIANTS``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

Patch = Callable[[], Iterator[None]]
VARIANTS: dict[str, Callable[[], contextlib.AbstractContextManager[None]]] = {}


def variant(name: str) -> Callable[[Patch], Patch]:
    def add(fn: Patch) -> Patch:
        VARIANTS[name] = contextlib.contextmanager(fn)
        return fn
    return add


@contextlib.contextmanager
def patched(module: Any, **values: Any) -> Iterator[None]:
    """Set ``module``'s attributes to ``values`` for the ``with`` block, then put them back."""
    old = {k: getattr(module, k) for k in values}
    for k, v in values.items():
        setattr(module, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(module, k, v)
