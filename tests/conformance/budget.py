"""How many random playouts the conformance suite plays, and which (issue 28).

Sized by a fixed budget of actions per title, never by wall time (a test's work must not
depend on the machine's speed or load): a title whose games are long plays fewer of them,
so no title's count grows with the slowest one's cost. Spread over a grid: every seat count
with every option combination the title accepts is a cell, and games go round the cells,
so each cell is played at least once whatever the budget (a seat count tied to an option
value by a common seed, as `seed % seats` and `seed % options` would tie them, misses
cells: it once left BOTTLE BONUS solo never played with Roppongi on).

`make test` plays `SUITE_ACTIONS` per title (tests/conformance/test_games.py); `make soak`
thousands of games per title on the same grid (tools/soak.py). docs/testing.md has the
rule other tests follow.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ekimae.core.errors import DataError
from ekimae.core.game import Game

# Actions of random play per title in `make test`: about 5-20 s of one core per title on
# this machine (figures: docs/testing.md), split evenly over its seat counts.
SUITE_ACTIONS = 100_000


@dataclass(frozen=True)
class Cell:
    """One seat count with one option combination."""

    seats: int
    options: tuple[tuple[str, str], ...]

    @property
    def chosen(self) -> dict[str, str]:
        return dict(self.options)

    def label(self) -> str:
        picked = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.seats}p" + (f" {picked}" if picked else "")


def combinations(game: Game[Any]) -> list[dict[str, str]]:
    """Every option combination the title accepts, each once (the first option fastest)."""
    options = game.type.options
    out: list[dict[str, str]] = []
    for values in itertools.product(*(o.choices for o in reversed(options))):
        chosen = {o.name: v for o, v in zip(reversed(options), values, strict=True)}
        try:
            checked = game.type.check_options(chosen)
        except DataError:
            continue
        if checked not in out:
            out.append(checked)
    return out


def cells(game: Game[Any], seats: int | None = None) -> list[Cell]:
    """The grid (at one seat count if given): seat counts slowest, then combinations."""
    counts = range(game.type.min_seats, game.type.max_seats + 1) if seats is None else [seats]
    return [Cell(n, tuple(combo.items())) for n in counts for combo in combinations(game)]


def seat_counts(game: Game[Any]) -> list[int]:
    return list(range(game.type.min_seats, game.type.max_seats + 1))


def per_seat_count(game: Game[Any], actions: int = SUITE_ACTIONS) -> int:
    """A title's budget split evenly over its seat counts (one test item each)."""
    return actions // len(seat_counts(game))


def round_robin(grid: list[Cell], first_seed: int) -> Iterator[tuple[Cell, int]]:
    """(cell, seed) for game k = 0, 1, …: the cells in turn, seed `first_seed + k`."""
    for k in itertools.count():
        yield grid[k % len(grid)], first_seed + k
