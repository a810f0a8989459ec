"""The builder's solver: is a plot buildable under JU-3 … JU-5, and how hard is it?

`solve(plot, floors, count, elements)` searches for a building with exactly `floors`
floors and exactly `count` distinct elements inside the plot, every element placed by
the rules of JU-5 (inside the border, resting flat on the level below, touching an
element of its floor along a side when the floor has some). It builds bottom up, one
floor at a time: on the current floor it either adds an element (smallest first: more
of them fit, and small ones crown a tower) or, once the floor holds one, closes it and
starts the next inside it. A position already met (the same floors, the same elements
used) is not searched twice.

The search is exhaustive up to its node budget, so `Solution.nodes` — the positions it
visited before the first building — measures the plot's difficulty: a methodical builder
who tries small pieces first meets that many dead ends. The cards' yen follow it
(`yen_for`, used by `tools/jutaku_cards.py` and checked by the data tests).

`extend` is the same search from a building already standing (the builder bot plans its
next elements with it), restricted to the elements still in the pool.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import neighbours

# One placement: (element id, orientation, x, y, floor)
Step = tuple[str, int, int, int, int]

DEFAULT_BUDGET = 200_000


@dataclass(frozen=True, slots=True)
class Solution:
    steps: tuple[Step, ...] | None  # the building in placing order, None: none found
    nodes: int  # positions visited
    exhausted: bool  # True: the whole search ran (None then proves no building exists)


class _Search:
    def __init__(self, plot: int, floors: int, count: int, elements: Sequence[Element]):
        self.plot = plot
        self.target_floors = floors
        self.count = count
        self.elements = sorted(elements, key=lambda e: (e.size, e.id))
        self.index = {e.id: i for i, e in enumerate(self.elements)}
        self.region_spots: dict[int, list[tuple[int, int, int, int, int]]] = {}
        self.seen: set[tuple[tuple[int, ...], int]] = set()
        self.nodes = 0
        self.budget = DEFAULT_BUDGET
        self.path: list[Step] = []

    def spots(self, region: int) -> list[tuple[int, int, int, int, int]]:
        """(element index, orientation, x, y, mask) inside `region`, smallest first."""
        found = self.region_spots.get(region)
        if found is None:
            found = [
                (i, o, x, y, p)
                for i, e in enumerate(self.elements)
                for o, x, y, p in e.spots
                if p & ~region == 0
            ]
            self.region_spots[region] = found
        return found

    def smallest(self, used: int, n: int) -> int:
        """The total size of the `n` smallest elements not used yet."""
        total = 0
        for i, e in enumerate(self.elements):
            if not used >> i & 1:
                total += e.size
                n -= 1
                if n == 0:
                    break
        return total

    def run(self, floors: list[int], used: int) -> bool:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        key = (tuple(floors), used)
        if key in self.seen:
            return False
        self.seen.add(key)
        z = len(floors) - 1
        cur = floors[z]
        placed = used.bit_count()
        left = self.count - placed
        above = self.target_floors - 1 - z  # floors still to open above this one
        if cur and above == 0 and left == 0:
            return True
        region = self.plot if z == 0 else floors[z - 1]
        if left and self.smallest(used, left) > region.bit_count() * (above + 1) - cur.bit_count():
            return False  # the smallest elements left cannot fit in the room there is
        if left > above:  # room for one more here and one per floor above
            touch = neighbours(cur) if cur else -1
            for i, o, x, y, p in self.spots(region):
                if used >> i & 1 or p & cur or not p & touch:
                    continue
                floors[z] = cur | p
                self.path.append((self.elements[i].id, o, x, y, z))
                if self.run(floors, used | 1 << i):
                    floors[z] = cur
                    return True
                self.path.pop()
            floors[z] = cur
        if cur and above > 0 and left >= above:
            floors.append(0)
            found = self.run(floors, used)
            floors.pop()
            return found
        return False


class _OutOfBudget(Exception):  # noqa: N818 - a signal, not an error
    pass


def solve(
    plot: int,
    floors: int,
    count: int,
    elements: Iterable[Element],
    budget: int = DEFAULT_BUDGET,
) -> Solution:
    """A building of exactly `floors` floors and `count` elements in `plot`, or None."""
    return extend(plot, floors, count, elements, (), budget)


def extend(
    plot: int,
    floors: int,
    count: int,
    elements: Iterable[Element],
    built: Sequence[tuple[str, int, int]],
    budget: int = DEFAULT_BUDGET,
) -> Solution:
    """The rest of a building from `built` ((element id, floor, mask) already standing,
    in placing order) with the given `elements` (those one may still take)."""
    pool = list(elements)
    built_ids = [b[0] for b in built]
    by_id = {e.id: e for e in pool}
    search = _Search(plot, floors, count, pool)
    search.budget = budget
    stack: list[int] = []
    for _, z, p in built:
        while len(stack) <= z:
            stack.append(0)
        stack[z] |= p
    if not stack:
        stack = [0]
    if len(stack) > floors or len(built) > count:
        return Solution(None, 0, True)
    used = 0
    for ident in built_ids:
        if ident not in by_id:
            raise ValueError(f"element {ident} is built but not given")
    for i, e in enumerate(search.elements):
        if e.id in built_ids:
            used |= 1 << i
    try:
        found = search.run(stack, used)
    except _OutOfBudget:
        return Solution(None, search.nodes, False)
    return Solution(tuple(search.path) if found else None, search.nodes, True)


def yen_for(floors: int, count: int, nodes: int) -> int:
    """A side's value: ¥1,000 per element and ¥2,000 per floor (the seed's example, 3
    floors and 8 elements, is ¥14,000 for an easy plot), plus ¥1,000 per tenfold of the
    solver's positions beyond ten (the dead ends a methodical builder meets)."""
    bonus = 0
    scale = 10
    while nodes > scale * 10 and bonus < 6:
        bonus += 1
        scale *= 10
    return 1000 * (2 * floors + count + bonus)
