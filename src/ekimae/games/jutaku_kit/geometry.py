"""Blocks in 3D on a card's unit grid, as bit masks (JU-3 … JU-5).

A card's grid is `WIDTH` × `HEIGHT` unit squares; cell (x, y) is bit `y * STRIDE + x`.
The stride is one more than the width, so a shift that would wrap a row lands in the
spare column, which no plot contains. Every element is one floor high, so a building is
its floors bottom up, each the mask of the cells occupied on that floor; a column is
always solid (JU-5 forbids building over a hole), so each floor lies inside the one below.

Placing a footprint `p` on a building (JU-5):
- it rests on floor z, where every cell of `p` is exactly z high: inside the plot for
  z = 0, inside floor z - 1 and outside floor z above (never outside the level below,
  never over a hole, never half on a higher part);
- if floor z already holds elements, `p` touches one of them along a side.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

WIDTH = 7
HEIGHT = 7
STRIDE = WIDTH + 1
GRID = sum(1 << (y * STRIDE + x) for y in range(HEIGHT) for x in range(WIDTH))

Cells = frozenset[tuple[int, int]]


def bit(x: int, y: int) -> int:
    return 1 << (y * STRIDE + x)


def mask(cells: Iterable[tuple[int, int]]) -> int:
    out = 0
    for x, y in cells:
        out |= bit(x, y)
    return out


def cells_of(m: int) -> list[tuple[int, int]]:
    return [(i % STRIDE, i // STRIDE) for i in range(m.bit_length()) if m >> i & 1]


def popcount(m: int) -> int:
    return m.bit_count()


def neighbours(m: int) -> int:
    """The cells sharing a side with `m` (spare-column bits are harmless: no plot has them)."""
    return ((m << 1) | (m >> 1) | (m << STRIDE) | (m >> STRIDE)) & GRID & ~m


def normalise(cells: Iterable[tuple[int, int]]) -> Cells:
    pts = list(cells)
    lx = min(x for x, _ in pts)
    ly = min(y for _, y in pts)
    return frozenset((x - lx, y - ly) for x, y in pts)


def orientations(cells: Iterable[tuple[int, int]]) -> tuple[Cells, ...]:
    """The distinct footprints of a shape turned and flipped (JU-4), in a fixed order."""
    shape = list(cells)
    found: set[Cells] = set()
    for mirrored in (shape, [(-x, y) for x, y in shape]):
        current = normalise(mirrored)
        for _ in range(4):
            found.add(current)
            current = normalise((y, -x) for x, y in current)
    return tuple(sorted(found, key=lambda c: sorted((y, x) for x, y in c)))


def canonical(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """One representative of a shape under turns and flips (to tell shapes apart)."""
    return min(tuple(sorted(o)) for o in orientations(cells))


def is_connected(cells: Cells) -> bool:
    if not cells:
        return False
    todo = [next(iter(cells))]
    seen = {todo[0]}
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def placements(shape: Sequence[Cells]) -> tuple[tuple[int, int, int, int], ...]:
    """Every (orientation, x, y, mask) putting an orientation of the shape on the card."""
    out = []
    for o, cells in enumerate(shape):
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        for y in range(HEIGHT - h + 1):
            for x in range(WIDTH - w + 1):
                out.append((o, x, y, mask((cx + x, cy + y) for cx, cy in cells)))
    return tuple(out)


def support_floor(floors: Sequence[int], plot: int, p: int) -> int | None:
    """The floor z where every cell of `p` is exactly z high (inside the plot, on floor
    z - 1, not on floor z), or None: then `p` hangs outside a level or over a hole."""
    below = plot
    for z in range(len(floors) + 1):
        here = floors[z] if z < len(floors) else 0
        if p & ~below:
            return None  # outside the level below (or the plot)
        if p & here == 0:
            return z
        if p & ~here:
            return None  # partly on floor z, partly not: not flat
        below = here
    return None


def can_place(floors: Sequence[int], plot: int, p: int) -> int | None:
    """The floor `p` may be placed on under JU-5, or None."""
    z = support_floor(floors, plot, p)
    if z is None:
        return None
    here = floors[z] if z < len(floors) else 0
    if here and not p & neighbours(here):
        return None  # the floor has elements and `p` touches none of them
    return z


def add(floors: list[int], z: int, p: int) -> None:
    if z == len(floors):
        floors.append(p)
    else:
        floors[z] |= p


def remove(floors: list[int], z: int, p: int) -> None:
    floors[z] &= ~p
    while floors and floors[-1] == 0:
        floors.pop()


def building_ok(plot: int, pieces: Sequence[tuple[int, int]]) -> str | None:
    """Why a set of placed (floor, mask) pieces breaks JU-5, or None: each inside the
    plot, resting flat on the level below, no two overlapping, and each floor's
    elements connected through shared sides."""
    floors: dict[int, list[int]] = {}
    for z, p in pieces:
        floors.setdefault(z, []).append(p)
    occupied: dict[int, int] = {}
    for z, ps in floors.items():
        m = 0
        for p in ps:
            if m & p:
                return f"two elements overlap on floor {z + 1}"
            m |= p
        occupied[z] = m
    for z, ps in floors.items():
        below = plot if z == 0 else occupied.get(z - 1, 0)
        if occupied[z] & ~below:
            return f"floor {z + 1} reaches outside the level below"
        # connected: grow from one element through side contacts
        group = ps[0]
        rest = list(ps[1:])
        grew = True
        while rest and grew:
            grew = False
            for p in list(rest):
                if p & neighbours(group):
                    group |= p
                    rest.remove(p)
                    grew = True
        if rest:
            return f"an element of floor {z + 1} touches no other element of that floor"
    return None
