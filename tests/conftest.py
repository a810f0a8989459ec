"""Shared by every test process: the example titles are switched on.

Set at import, before any test module asks the registry, and inherited by every process
the tests start (xdist workers, server subprocesses), so the examples are checked
everywhere a title is (conformance suite, registry, lobby). An explicit `EKIMAE_GAMES`
in the environment wins (`EKIMAE_GAMES= pytest` runs with the titles alone).
"""

from __future__ import annotations

import os
import time
from collections.abc import Generator, Iterator
from typing import Any

import pytest

os.environ.setdefault("EKIMAE_GAMES", "sealed-auction,quick-draw")
# The terminal follows the locale (issue 20): tests expect English whatever the machine's
# locale is; a test of another language sets it itself.
for _name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
    os.environ.pop(_name, None)

# Tests that drive Chromium (tests/server/live.py), through either fixture name: marked
# `browser`, so that `pytest -m browser` runs them alone and `-m "not browser"` leaves them out.
BROWSER_FIXTURES = {"browser", "chromium"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    # The long ones first (order kept otherwise): the two xdist workers then end on short
    # tests, not one of them on a long one while the other has nothing left.
    items.sort(key=lambda item: not any(item.iter_markers("slow")))


# ------------------------------------------------------------------ --cpu-durations N
# pytest's --durations reports wall time, which on a shared machine says as much about the
# neighbours as about the test. This reports the CPU time of the process running each test
# (all its threads, e.g. a live server's; not the processes it starts, e.g. Chromium), the
# figure to size a test by (docs/testing.md). Collected on xdist workers too.

CPU_KEY = "cpu_seconds"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="show the N tests that took the most CPU time (0: all), with the total",
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    item.user_properties.append((CPU_KEY, 0.0))
    return (yield)


def _timed(item: pytest.Item) -> Generator[None, None, None]:
    start = time.process_time()
    try:
        return (yield)
    finally:
        spent = time.process_time() - start
        props = item.user_properties
        for i, (key, value) in enumerate(props):
            if key == CPU_KEY:
                props[i] = (CPU_KEY, _seconds(value) + spent)


def _seconds(value: object) -> float:
    return value if isinstance(value, float) else 0.0


def _cpu_of(report: pytest.TestReport) -> float:
    return sum((_seconds(v) for k, v in report.user_properties if k == CPU_KEY), 0.0)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _timed(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _timed(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    return (yield from _timed(item))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    wanted = config.getoption("--cpu-durations")
    if wanted is None:
        return
    cpu: dict[str, float] = {}
    wall: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if not isinstance(report, pytest.TestReport):
                continue
            wall[report.nodeid] = wall.get(report.nodeid, 0.0) + report.duration
            if report.when == "teardown":
                cpu[report.nodeid] = _cpu_of(report)
    ranked = sorted(cpu.items(), key=lambda kv: -kv[1])
    shown = ranked if wanted == 0 else ranked[:wanted]
    terminalreporter.write_sep("=", f"{len(shown)} most CPU-costly tests (of {len(cpu)})")
    for nodeid, seconds in shown:
        terminalreporter.write_line(f"{seconds:8.2f} s cpu {wall[nodeid]:8.2f} s wall  {nodeid}")
    total_cpu, total_wall = sum(cpu.values()), sum(wall.values())
    terminalreporter.write_line(
        f"total: {total_cpu:.0f} s cpu, {total_wall:.0f} s wall in tests over {len(cpu)} tests"
    )
