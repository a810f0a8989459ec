"""One building that may still grow, and what goes in it (IZ-3.4 under JU-5), worked out
once per building rather than once per question.

A listing asks, for every element of the pool, whether it goes in one of the seat's
buildings, and a building changes only when an element is placed on it: between two
placements, every listing, every legality check and every search step asks the same
questions of the same buildings. A `Room` is keyed by what decides its answers (the
border's cells, the pieces on it, the card's floors) and keeps each answer it gave, so the
floors are worked out once per building and each element is tried once per building.

Sets of elements are bit masks, bit i for the i-th element of the data (`Rooms.elements`),
so a listing asks a building about all the elements it wants at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ekimae.games.izakaya.building import Piece, find_fit, floors_of, spots
from ekimae.games.jutaku_kit.elements import Element

Spot = tuple[int, int, int, int]  # (turn, x, y, floor), as `building.spots` lists them

_ROOMS_MAX = 20_000  # rooms kept before the cache is emptied (a search meets many)


class Room:
    """A building's floors on its border, below the card's floor limit, and the answers
    about elements asked so far."""

    __slots__ = ("_spots", "asked", "fit", "floors", "limit", "plot")

    def __init__(self, plot: int, floors: list[int], limit: int) -> None:
        self.plot = plot
        self.floors = floors
        self.limit = limit
        self.asked = 0  # the elements tried here
        self.fit = 0  # those of them that go here
        self._spots: dict[str, list[Spot]] = {}

    def fitting(self, elements: Sequence[Element], wanted: int) -> int:
        """Of the elements in `wanted`, the ones that go here (`building.fits`)."""
        unknown = wanted & ~self.asked
        if unknown:
            fit, rest = 0, unknown
            while rest:
                low = rest & -rest
                element = elements[low.bit_length() - 1]
                if find_fit(element, self.plot, self.floors, self.limit):
                    fit |= low
                rest ^= low
            self.asked |= unknown
            self.fit |= fit
        return self.fit & wanted

    def spots(self, element: Element) -> list[Spot]:
        """`building.spots` for this building (the list is shared: read it, never change
        it)."""
        known = self._spots.get(element.id)
        if known is None:
            known = self._spots[element.id] = spots(element, self.plot, self.floors, self.limit)
        return known


class Rooms:
    """The rooms met so far with one set of elements, by what decides their answers."""

    def __init__(self, elements: Mapping[str, Element]) -> None:
        self.by_id = elements
        self.elements = tuple(elements.values())
        self.bit = {e: 1 << i for i, e in enumerate(elements)}
        self._bits = tuple(self.bit.items())
        self._known: dict[tuple[int, tuple[Piece, ...], int], Room] = {}

    def room(self, plot: int, pieces: Sequence[Piece], limit: int) -> Room:
        """The room of the building made of `pieces` in the border `plot`, with at most
        `limit` floors."""
        key = (plot, tuple(pieces), limit)
        found = self._known.get(key)
        if found is None:
            if len(self._known) >= _ROOMS_MAX:
                self._known.clear()
            found = self._known[key] = Room(plot, floors_of(self.by_id, pieces), limit)
        return found

    def fitting(self, rooms: Sequence[Room], wanted: int) -> int:
        """Of the elements in `wanted`, the ones that go in one of `rooms`."""
        found = 0
        for r in rooms:
            fit = r.fitting(self.elements, wanted)
            found |= fit
            wanted &= ~fit
            if not wanted:
                break
        return found

    def names(self, mask: int) -> list[str]:
        """The elements in `mask`, in the data's order."""
        return [e for e, bit in self._bits if mask & bit]


# id of an element mapping -> (that mapping, kept so that its id stays its own; its rooms)
_BY_DATA: dict[int, tuple[Mapping[str, Element], Rooms]] = {}


def rooms_for(elements: Mapping[str, Element]) -> Rooms:
    """The rooms of this set of elements, shared by every state that uses it."""
    found = _BY_DATA.get(id(elements))
    if found is None or found[0] is not elements:
        found = _BY_DATA[id(elements)] = (elements, Rooms(elements))
    return found[1]
