"""Buildings on IZAKAYA's parcel cards: TOKYO JUTAKU's placement rules (JU-5) through its
own geometry (`jutaku_kit.geometry`), plus IZAKAYA's limits (IZ-3.4).

RULING (IZ-3.4): an IZAKAYA building is never checked against its card as a TOKYO JUTAKU
building is at "Stop!" (JU-3), so the card's numbers are read as limits: a building never
has more floors than the card asks, nor more elements than its numeral. Each border of a
card with two is a building of its own, with the same limits.

`fitting` answers "does this element go anywhere here?" for many elements at once; its
answers depend only on the border, the floors and the limit, so they are cached across
positions (searches ask the same question very often).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import (
    HEIGHT,
    STRIDE,
    WIDTH,
    add,
    cells_of,
    mask,
    neighbours,
)

# One placed element: (element id, turn, x, y, floor)
Piece = tuple[str, int, int, int, int]


def piece_mask(element: Element, turn: int, x: int, y: int) -> int | None:
    """The footprint of `element` turned `turn` at (x, y), or None off the card."""
    shapes = _shapes(element)
    if not 0 <= turn < len(shapes) or not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return None
    offsets, anchors = shapes[turn]
    base = y * STRIDE + x
    if not anchors >> base & 1:
        return None
    out = 0
    for off in offsets:
        out |= 1 << (base + off)
    return out


def floors_of(elements: Mapping[str, Element], pieces: Sequence[Piece]) -> list[int]:
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
    """Every (turn, x, y, floor) where `element` may go: JU-5, below the card's floors;
    turns in order, then rows, then columns."""
    out: list[tuple[int, int, int, int]] = []
    for turn, (offsets, anchors) in enumerate(_shapes(element)):
        for z in range(min(len(floors) + 1, max_floors)):
            below = plot if z == 0 else floors[z - 1]
            here = floors[z] if z < len(floors) else 0
            touch = neighbours(here) if here else None
            found = _anchors(offsets, anchors, below & ~here, touch)
            out.extend((turn, x, y, z) for x, y in cells_of(found))
    out.sort(key=lambda s: (s[0], s[2], s[1]))
    return out


# (element id, border, floors, limit) -> fits: a plain dict (an element is slow to hash)
_FITS: dict[tuple[str, int, tuple[int, ...], int], bool] = {}
_FITS_MAX = 200_000
# element id -> per orientation: (the bit offset of each square, the anchors on the card)
_SHAPES: dict[str, tuple[tuple[tuple[int, ...], int], ...]] = {}


def _shapes(element: Element) -> tuple[tuple[tuple[int, ...], int], ...]:
    found = _SHAPES.get(element.id)
    if found is None:
        out = []
        for cells in element.shapes:
            w = max(x for x, _ in cells) + 1
            h = max(y for _, y in cells) + 1
            anchors = mask((x, y) for y in range(HEIGHT - h + 1) for x in range(WIDTH - w + 1))
            out.append((tuple(y * STRIDE + x for x, y in cells), anchors))
        found = _SHAPES[element.id] = tuple(out)
    return found


def _anchors(offsets: tuple[int, ...], anchors: int, free: int, touch: int | None) -> int:
    """The anchors (top-left bits) where the squares all lie in `free` and, with `touch`
    given, one of them in `touch`: the same test as `can_place`, all anchors at once."""
    inside = anchors
    for off in offsets:
        inside &= free >> off
        if not inside:
            return 0
    if touch is None:
        return inside
    near = 0
    for off in offsets:
        near |= touch >> off
    return inside & near


def fits(element: Element, plot: int, floors: Sequence[int], max_floors: int) -> bool:
    """Whether `element` goes anywhere in this border (JU-5, IZ-3.4 limits): on some floor
    z below the limit, inside floor z - 1 (the border for z = 0) and outside floor z,
    touching floor z's elements if it has any — `can_place` for every spot at once."""
    key = (element.id, plot, tuple(floors), max_floors)
    known = _FITS.get(key)
    if known is not None:
        return known
    found = find_fit(element, plot, floors, max_floors)
    if len(_FITS) >= _FITS_MAX:
        _FITS.clear()
    _FITS[key] = found
    return found


def find_fit(element: Element, plot: int, floors: Sequence[int], max_floors: int) -> bool:
    """`fits` worked out, not looked up (`rooms.Room` keeps its own answers): `_anchors`
    inlined, and a floor skipped when too small or, holding elements, with no free cell
    beside them (every spot there would need one)."""
    shapes = _shapes(element)
    below = plot
    for z in range(min(len(floors) + 1, max_floors)):
        here = floors[z] if z < len(floors) else 0
        free = below & ~here
        below = here
        if free.bit_count() < element.size:
            continue
        touch = neighbours(here) if here else 0
        if here and not free & touch:
            continue
        for offsets, anchors in shapes:
            inside = anchors
            for off in offsets:
                inside &= free >> off
                if not inside:
                    break
            else:
                if not here:
                    return True
                near = 0
                for off in offsets:
                    near |= touch >> off
                if inside & near:
                    return True
    return False
