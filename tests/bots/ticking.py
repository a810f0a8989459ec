"""A clock for the searches' time budgets in tests (docs/testing.md, rule 4)."""

from __future__ import annotations


class TickingClock:
    """A clock that moves `tick` seconds each time it is read: a search's deadline checked
    without the machine's speed in the result."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now
