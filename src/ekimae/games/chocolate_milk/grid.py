"""The 3×3 grid of parcel cards (CM-1) and the architects' one step (CM-2 (a))."""

from __future__ import annotations

SIDE = 3  # CM-1: a 3×3 grid (a rule, not a printed value)
CELLS = tuple(f"{'abc'[i % SIDE]}{i // SIDE + 1}" for i in range(SIDE * SIDE))
CENTRE = CELLS.index("b2")


def cell_index(name: str) -> int:
    """The index of a cell name (``a1`` … ``c3``); `ValueError` if there is none."""
    return CELLS.index(name)


def neighbours(cell: int) -> tuple[int, ...]:
    """CM-2 (a): the cells one step away, across a side or a corner."""
    row, col = divmod(cell, SIDE)
    return tuple(
        r * SIDE + c
        for r in range(max(0, row - 1), min(SIDE, row + 2))
        for c in range(max(0, col - 1), min(SIDE, col + 2))
        if (r, c) != (row, col)
    )
