"""Buildings on IZAKAYA's parcel cards: TOKYO JUTAKU's placement rules (JU-5) through its
own geometry (`tokyo_jutaku.geometry`), plus IZAKAYA's limits (IZ-3.4).

RULING (IZ-3.4): an IZAKAYA building is never checked against its card as a TOKYO JUTAKU
building is at "Stop!" (JU-3), so the card's numbers are read as limits: a building never
has more floors than the card asks, nor more elements than its numeral. Each border of a
card with two is a building of its own, with the same limits.

`fitting` answers "does this element go anywhere here?" for many elements at once; its
answers depend only on the border, the floors and the limit, so they are cached across
positions (searches ask the same question very often).
"""

from __future__ import annotations

from collections.abc import Sequence

from ekimae.games.tokyo_jutaku.components import Element
from ekimae.games.tokyo_jutaku.geometry import add, can_place

# One placed element: (element id, turn, x, y, floor)
Piece = tuple[str, int, int, int, int]


def piece_mask(element: Element, turn: int, x: int, y: int) -> int | None:
    """The footprint of `element` turned `turn` at (x, y), or None off the card."""
    for t, sx, sy, m in element.spots:
        if (t, sx, sy) == (turn, x, y):
            return m
    return None


def floors_of(elements: dict[str, Element], pieces: Sequence[Piece]) -> list[int]:
    """The building as floor masks, bottom up (JU-5)."""
    out: list[int] = []
    for ident, turn, x, y, z in pieces:
        m = piece_mask(elements[ident], turn, x, y)
        assert m is not None
        add(out, z, m)
    return out


def spots(
    element: Element, plot: int, floors: Sequence[int], max_floors: int
) -> list[tuple[int, int, int, int]]:
    """Every (turn, x, y, floor) where `element` may go: JU-5, below the card's floors."""
    out = []
    for turn, x, y, m in element.spots:
        z = can_place(floors, plot, m)
        if z is not None and z < max_floors:
            out.append((turn, x, y, z))
    return out


# (element id, border, floors, limit) -> fits: a plain dict (an element is slow to hash)
_FITS: dict[tuple[str, int, tuple[int, ...], int], bool] = {}
_FITS_MAX = 200_000


def fits(element: Element, plot: int, floors: Sequence[int], max_floors: int) -> bool:
    """Whether `element` goes anywhere in this border (JU-5, IZ-3.4 limits)."""
    key = (element.id, plot, tuple(floors), max_floors)
    known = _FITS.get(key)
    if known is not None:
        return known
    found = False
    for _, _, _, m in element.spots:
        z = can_place(floors, plot, m)
        if z is not None and z < max_floors:
            found = True
            break
    if len(_FITS) >= _FITS_MAX:
        _FITS.clear()
    _FITS[key] = found
    return found
