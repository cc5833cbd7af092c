"""What a worker process loads to run its jobs: a picture or CPU worker never needs discord.py.

A job travels to a worker as a reference to its function, which the worker imports on first use:
a job module that pulled in discord.py (and aiohttp) stalled a picture worker for about 0.3 s in
the middle of a game and cost it memory for nothing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

JOB_MODULES = ("bot.play.images", "bot.play.results", "bot.render.jobs", "bot.render.pool", "bot.play.cpu")


@pytest.mark.parametrize("module", JOB_MODULES)
def test_a_job_module_imports_no_discord(module: str) -> None:
    code = f"import sys, {module}; print(sorted(m for m in ('discord', 'aiohttp', 'aiosqlite') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]", f"{module} loads {loaded}"
