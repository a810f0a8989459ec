"""Progress of a long run: a live bar on a terminal, plain lines in a log file.

rich draws nothing live when stderr is not a terminal (``nohup … 2> run.log``), and an
hours-long tournament then tells nothing until it ends. Off a terminal this prints a line
like ``games 135/360 (38%), 1 h 02 min in, about 2 h 05 min left`` at most once a
`every` seconds and at the end. Times count from the start of this run, so a resumed run
(`tournament --log`) estimates from the games it plays, not from those it read back.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

Advance = Callable[[], None]


@contextlib.contextmanager
def progress(
    out: Console,
    label: str,
    total: int,
    completed: int = 0,
    every: float = 60.0,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[Advance]:
    """Yield a function to call once per finished item; shows the run's progress on `out`."""
    if out.is_terminal:
        with _bar(out, label, total, completed) as advance:
            yield advance
    else:
        lines = _Lines(out, label, total, completed, every, clock)
        try:
            yield lines.advance
        finally:
            lines.finish()


@contextlib.contextmanager
def _bar(out: Console, label: str, total: int, completed: int) -> Iterator[Advance]:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TextColumn("in,"),
        TimeRemainingColumn(),
        TextColumn("left"),
    )
    with Progress(*columns, console=out, transient=True) as bar:
        task = bar.add_task(label, total=total, completed=completed)
        yield lambda: bar.advance(task)


class _Lines:
    """Plain progress lines, throttled to one every `every` seconds."""

    def __init__(
        self,
        out: Console,
        label: str,
        total: int,
        completed: int,
        every: float,
        clock: Callable[[], float],
    ) -> None:
        self.out, self.label, self.total, self.every, self.clock = out, label, total, every, clock
        self.start_done = self.done = completed
        self.start = self.last = clock()

    def advance(self) -> None:
        self.done += 1
        now = self.clock()
        if now - self.last >= self.every or self.done == self.total:
            self.last = now
            self._print(now)

    def finish(self) -> None:
        if self.done > self.start_done and self.done != self.total:
            self._print(self.clock())  # stopped early (an error): say how far it got

    def _print(self, now: float) -> None:
        elapsed = now - self.start
        share = self.done / self.total if self.total else 1.0
        text = f"{self.label} {self.done}/{self.total} ({share:.0%}), {duration(elapsed)} in"
        played = self.done - self.start_done
        if played > 0 and self.done < self.total:
            left = elapsed / played * (self.total - self.done)
            text += f", about {duration(left)} left"
        self.out.print(text, markup=False, highlight=False)


def duration(seconds: float) -> str:
    """``42 s``, ``7 min 05 s``, ``2 h 05 min``: as precise as a person reads a wait."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
