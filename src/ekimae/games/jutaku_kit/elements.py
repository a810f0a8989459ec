"""A wooden building element (JU-1 DATA), as TOKYO JUTAKU's family reads it from its data:
its footprint in every orientation and every spot it may take on a card's grid."""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.games.jutaku_kit.geometry import Cells


@dataclass(frozen=True, slots=True)
class Element:
    """One wooden building element (JU-1 DATA): its footprint, one floor high."""

    id: str
    name: str
    size: int  # unit squares
    shapes: tuple[Cells, ...]  # its distinct orientations (JU-4: turn and flip freely)
    # every (orientation, x, y, mask) on the card's grid
    spots: tuple[tuple[int, int, int, int], ...]
