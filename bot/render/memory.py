"""Keep a drawing process's freed memory for its next picture instead of handing it back.

A table picture allocates a few megabytes (the canvas, its palette copy, the PNG's rows) and
frees them at once. By default glibc returns such blocks to the system, and Pillow keeps none
of its own, so the next picture touches fresh pages: 600 to 1,400 page faults a table, a third
to a half of its CPU time (docs/BENCHMARKS.md). Raising glibc's thresholds keeps freed memory
in the heap; the process's memory stays at its peak, a few tens of megabytes. Only the picture
workers do this (``jobs.warm``): the bot's own process keeps the defaults.
"""

from __future__ import annotations

import ctypes

from PIL import Image

M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 16 << 20  # blocks below this come from the heap, not a fresh mapping
TRIM_THRESHOLD = 64 << 20  # free memory at the heap's top kept up to this much
PILLOW_BLOCKS = 8  # where there is no glibc: Pillow keeps this many freed blocks itself


def keep_freed_memory() -> bool:
    """Tune this process's allocator for repeated pictures; False where glibc is not the allocator.
    Only there is Pillow's own block cache turned on: it reuses a freed block by resizing it,
    which copies it, and measured slower than glibc keeping the memory (docs/BENCHMARKS.md)."""
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        if Image.core.get_blocks_max() < PILLOW_BLOCKS:
            Image.core.set_blocks_max(PILLOW_BLOCKS)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
