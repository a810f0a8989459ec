"""Progress off a terminal: plain, throttled lines with an estimate of the time left."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.console import Console

from ekimae.cli.progress import duration, progress


def plain() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, force_terminal=False, width=200), buffer


def ticking(times: list[float]) -> Callable[[], float]:
    """A clock returning `times` in turn (the first read is the start)."""
    it = iter(times)
    return lambda: next(it)


def test_lines_are_throttled_and_estimate_from_this_runs_pace() -> None:
    out, buffer = plain()
    # start at 0; items end at 30, 70, 100, 200 s (the last is the end: always printed)
    clock = ticking([0, 30, 70, 100, 200])
    with progress(out, "games", total=10, completed=6, every=60, clock=clock) as advance:
        for _ in range(4):
            advance()
    assert buffer.getvalue().splitlines() == [
        # 2 played in 70 s, 2 left: 70 s more (the 6 read back do not count for the pace)
        "games 8/10 (80%), 1 min 10 s in, about 1 min 10 s left",
        "games 10/10 (100%), 3 min 20 s in",
    ]


def test_a_run_cut_short_says_how_far_it_got() -> None:
    out, buffer = plain()
    clock = ticking([0, 5, 9])
    with pytest.raises(KeyboardInterrupt), progress(out, "games", 4, every=60, clock=clock) as adv:
        adv()
        raise KeyboardInterrupt
    assert buffer.getvalue().splitlines() == ["games 1/4 (25%), 9 s in, about 27 s left"]


def test_nothing_played_prints_nothing() -> None:
    out, buffer = plain()
    with progress(out, "games", 3, completed=3, clock=ticking([0])):
        pass
    assert buffer.getvalue() == ""


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.4, "0 s"), (59.6, "1 min 00 s"), (425, "7 min 05 s"), (7500, "2 h 05 min")],
)
def test_duration_reads_like_a_wait(seconds: float, text: str) -> None:
    assert duration(seconds) == text
