"""One building that may still grow, and what goes in it (IZ-3.4 under JU-5), worked out
once per building rather than once per question.

A listing asks, for every element of the pool, whether it goes in one of the seat's
buildings, and a building changes only when an element is placed on it: between two
placements, every listing, every legality check and every search step asks the same
questions of the same buildings. A `Room` is keyed by what decides its answers (the
border's cells, the pieces on it, the card's floors) and keeps each answer it gave, so the
floors are worked out once per building and each element is tried once per building; and
a seat's buildings together keep which elements go in one of them (`fitting`), so a
listing looks each element of the pool up once.

The answers depend only on the elements' shapes, which are read by element id (as
`building.py`'s own tables are).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ekimae.games.izakaya.building import Piece, find_fit, floors_of, spots
from ekimae.games.jutaku_kit.elements import Element

Spot = tuple[int, int, int, int]  # (turn, x, y, floor), as `building.spots` lists them


class Room:
    """A building's floors on its border, below the card's floor limit, and the answers
    about elements asked so far (by element id)."""

    __slots__ = ("_fits", "_spots", "floors", "limit", "plot")

    def __init__(self, plot: int, floors: list[int], limit: int) -> None:
        self.plot = plot
        self.floors = floors
        self.limit = limit
        self._fits: dict[str, bool] = {}
        self._spots: dict[str, list[Spot]] = {}

    def fits(self, element: Element) -> bool:
        """`building.fits` for this building."""
        known = self._fits.get(element.id)
        if known is None:
            known = self._fits[element.id] = find_fit(element, self.plot, self.floors, self.limit)
        return known

    def spots(self, element: Element) -> list[Spot]:
        """`building.spots` for this building (the list is shared: read it, never change
        it)."""
        known = self._spots.get(element.id)
        if known is None:
            known = self._spots[element.id] = spots(element, self.plot, self.floors, self.limit)
        return known


# (border, pieces, floor limit) -> its room; emptied when full (a search meets many)
_ROOMS: dict[tuple[int, tuple[Piece, ...], int], Room] = {}
_ROOMS_MAX = 20_000


def room(elements: Mapping[str, Element], plot: int, pieces: Sequence[Piece], limit: int) -> Room:
    """The room of the building made of `pieces` in the border `plot`, with at most
    `limit` floors."""
    key = (plot, tuple(pieces), limit)
    found = _ROOMS.get(key)
    if found is None:
        if len(_ROOMS) >= _ROOMS_MAX:
            _ROOMS.clear()
        found = _ROOMS[key] = Room(plot, floors_of(elements, pieces), limit)
    return found


# a seat's rooms, in order -> element id -> whether it goes in one of them
_FITTING: dict[tuple[Room, ...], dict[str, bool]] = {}


def fitting(
    elements: Mapping[str, Element], rooms: Sequence[Room], pool: Sequence[str]
) -> list[str]:
    """The elements of `pool` (in its order) that go in one of `rooms`."""
    key = tuple(rooms)
    known = _FITTING.get(key)
    if known is None:
        if len(_FITTING) >= _ROOMS_MAX:
            _FITTING.clear()
        known = _FITTING[key] = {}
    out = []
    for e in pool:
        found = known.get(e)
        if found is None:
            element = elements[e]
            found = known[e] = any(r.fits(element) for r in rooms)
        if found:
            out.append(e)
    return out
