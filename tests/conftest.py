"""Whole-suite rules: in CI a skipped test is a failure, so a check cannot quietly stop running.

With ``CI=true`` every skip is reported with its reason at the end of the run; with
``FAIL_ON_SKIP=1`` as well (``.ci/run`` sets it), each skip fails its test instead. Expected
failures (``xfail``) are not skips and are left alone.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

SKIPPED: list[tuple[str, str]] = []


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _strict() -> bool:
    return _in_ci() and os.environ.get("FAIL_ON_SKIP", "") == "1"


def _reason(report: pytest.TestReport) -> str:
    longrepr: Any = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if not report.skipped or hasattr(report, "wasxfail") or not _in_ci():
        return
    if _strict():
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which must run every test: {_reason(report)}"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Collected where the summary is written (the controller, with pytest-xdist)."""
    if report.skipped and not hasattr(report, "wasxfail") and _in_ci():
        SKIPPED.append((report.nodeid, _reason(report)))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if not SKIPPED:
        return
    verdict = "failed" if _strict() else "skipped (FAIL_ON_SKIP=1 would fail them)"
    terminalreporter.section(f"tests {verdict} in CI")
    for nodeid, reason in SKIPPED:
        terminalreporter.write_line(f"{nodeid}: {reason}")
