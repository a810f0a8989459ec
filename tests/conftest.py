"""Shared by every test process: the example titles are switched on.

Set at import, before any test module asks the registry, and inherited by every process
the tests start (xdist workers, server subprocesses), so the examples are checked
everywhere a title is (conformance suite, registry, lobby). An explicit `EKIMAE_GAMES`
in the environment wins (`EKIMAE_GAMES= pytest` runs with the titles alone).
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Generator, Iterator
from pathlib import Path
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
# neighbours as about the test. This reports the CPU time each test cost: its process's
# (all threads, e.g. a live server's) and that of the processes it started and saw end
# (Chromium, a server subprocess, a pool's workers), the figures to size a test by
# (docs/testing.md). Collected on xdist workers too. Not counted: processes that outlive
# the test (PostgreSQL, a Ray cluster).
#
# Where the machine lets it (root, cgroup v1's cpuacct), a third figure, "group": the CPU
# of every process in the worker's own control group, which its children join and cannot
# leave. Chromium's helper processes, which the test never waits for, count there, in the
# test that made them work (the browser of a module is shared by its tests).

CPU_KEY = "cpu_seconds"
CHILD_KEY = "child_cpu_seconds"
GROUP_KEY = "group_cpu_seconds"
CPUACCT = Path("/sys/fs/cgroup/cpuacct")
_group: Path | None = None


def _join_group(config: pytest.Config) -> None:
    """Move this test process into a cpuacct group of its own (its children follow)."""
    global _group
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    group = CPUACCT / "ekimae-tests" / f"{worker}-{os.getpid()}"
    try:
        group.mkdir(parents=True, exist_ok=True)
        (group / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        return  # not root, or no cgroup v1 cpuacct: the column stays empty
    _group = group


def _group_cpu() -> float:
    if _group is None:
        return 0.0
    return int((_group / "cpuacct.usage").read_text()) / 1e9


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="show the N tests that took the most CPU time (0: all), with the totals",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--cpu-durations") is not None:
        _join_group(config)


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(item: pytest.Item) -> Generator[None, None, None]:
    start, children, group = time.process_time(), _children_cpu(), _group_cpu()
    try:
        return (yield)
    finally:
        spent = {
            CPU_KEY: time.process_time() - start,
            CHILD_KEY: _children_cpu() - children,
            GROUP_KEY: _group_cpu() - group,
        }
        props = dict(item.user_properties)
        item.user_properties[:] = [(k, v) for k, v in item.user_properties if k not in spent] + [
            (k, _seconds(props.get(k)) + extra) for k, extra in spent.items()
        ]


def _seconds(value: object) -> float:
    return value if isinstance(value, float) else 0.0


def _used(report: pytest.TestReport, key: str) -> float:
    return sum((_seconds(v) for k, v in report.user_properties if k == key), 0.0)


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
    own: dict[str, float] = {}
    children: dict[str, float] = {}
    group: dict[str, float] = {}
    wall: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if not isinstance(report, pytest.TestReport):
                continue
            wall[report.nodeid] = wall.get(report.nodeid, 0.0) + report.duration
            if report.when == "teardown":
                own[report.nodeid] = _used(report, CPU_KEY)
                children[report.nodeid] = _used(report, CHILD_KEY)
                group[report.nodeid] = _used(report, GROUP_KEY)

    def cost(n: str) -> float:
        return max(own[n] + children[n], group[n])

    ranked = sorted(own, key=lambda n: -cost(n))
    shown = ranked if wanted == 0 else ranked[:wanted]
    terminalreporter.write_sep("=", f"{len(shown)} most CPU-costly tests (of {len(own)})")
    terminalreporter.write_line("     cpu  children     group      wall")
    for n in shown:
        terminalreporter.write_line(
            f"{own[n]:7.1f} s {children[n]:7.1f} s {group[n]:7.1f} s {wall[n]:7.1f} s  {n}"
        )
    files: dict[str, float] = {}
    for n in own:
        files[n.split("::")[0]] = files.get(n.split("::")[0], 0.0) + cost(n)
    terminalreporter.write_sep("=", "CPU by file (the larger of cpu + children and group)")
    for name, spent in sorted(files.items(), key=lambda kv: -kv[1])[: max(wanted, 15)]:
        terminalreporter.write_line(f"{spent:8.1f} s  {name}")
    terminalreporter.write_line(
        f"total: {sum(own.values()):.0f} s cpu in the test processes, "
        f"{sum(children.values()):.0f} s in processes they started, "
        f"{sum(group.values()):.0f} s in their control groups, "
        f"{sum(wall.values()):.0f} s wall over {len(own)} tests"
    )
