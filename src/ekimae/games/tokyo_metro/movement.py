"""Meeples on the grid (TM-4) and the movement phase (TM-3.4)."""

from __future__ import annotations

from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState


def occupied(s: MetroState) -> set[int]:
    return {cell for cell in s.meeple if cell != OFF_MAP}


def reachable(ctx: Ctx, s: MetroState, seat: int, steps: int) -> list[int]:
    """Cells the seat's meeple can end on within `steps` steps, its own cell included.

    TM-4.1: orthogonal steps, never into (so never through) another meeple's cell.
    """
    start = s.meeple[seat]
    blocked = occupied(s)
    cells, near = _ball(ctx, start, steps)
    if blocked.isdisjoint(near):
        return list(cells)  # no other meeple within reach: the open map's cells
    return _walk(ctx, start, steps, blocked)


# (map, cell, steps) -> the cells within `steps` steps of the cell on an empty map, sorted,
# and every cell a step could enter on the way (the others: start cell left out).
_BALLS: dict[tuple[str, int, int], tuple[tuple[int, ...], frozenset[int]]] = {}


def open_reach(ctx: Ctx, start: int, steps: int) -> tuple[int, ...]:
    """The cells within `steps` steps of `start` on a map with no other meeple (sorted):
    every cell a meeple there could end on, and more when others stand in the way."""
    return _ball(ctx, start, steps)[0]


def _ball(ctx: Ctx, start: int, steps: int) -> tuple[tuple[int, ...], frozenset[int]]:
    key = (ctx.board.name, start, steps)
    found = _BALLS.get(key)
    if found is None:
        cells = _walk(ctx, start, steps, set())
        found = _BALLS[key] = (tuple(cells), frozenset(cells) - {start})
    return found


def _walk(ctx: Ctx, start: int, steps: int, blocked: set[int]) -> list[int]:
    """Breadth first from `start`, `steps` steps, never into a `blocked` cell."""
    seen = {start}
    frontier = [start]
    neighbors = ctx.board.neighbors
    for _ in range(steps):
        nxt = []
        for cell in frontier:
            for other in neighbors[cell]:
                if other not in seen and other not in blocked:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return sorted(seen)


def walk_range(ctx: Ctx, s: MetroState, seat: int, base: int) -> int:
    """TM-7.7: a Bike adds one cell to every move."""
    return base + (ctx.rules.bike_cells if s.bikes[seat] else 0)


def on_map(s: MetroState, seat: int) -> bool:
    """TM-4.3: a rider is off the map and touches nothing."""
    return s.meeple[seat] != OFF_MAP and s.riding[seat] == NOBODY


def touched_stations(ctx: Ctx, s: MetroState, seat: int) -> tuple[int, ...]:
    """TM-4.2: stations the seat's meeple touches."""
    if not on_map(s, seat):
        return ()
    return ctx.board.cell_stations[s.meeple[seat]]


def empty_cells_touching(ctx: Ctx, s: MetroState, station: int) -> list[int]:
    """TM-8.5: where a rider may alight at `station`."""
    blocked = occupied(s)
    return [c for c in ctx.board.stations[station].cells if c not in blocked]


def nearest_empty_cells(ctx: Ctx, s: MetroState, station: int) -> list[int]:
    """TM-8.6 RULING: the empty cells closest (in grid steps) to the station's cells."""
    blocked = occupied(s)
    frontier = list(ctx.board.stations[station].cells)
    seen = set(frontier)
    while frontier:
        free = sorted(c for c in frontier if c not in blocked)
        if free:
            return free
        nxt = []
        for cell in frontier:
            for other in ctx.board.neighbors[cell]:
                if other not in seen:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return []


def riding_station(ctx: Ctx, s: MetroState, seat: int) -> int:
    """The station where the seat's train stands (the seat must be riding)."""
    vehicle = s.riding[seat]
    return ctx.vehicle_station(vehicle, s.train_pos[vehicle])


def can_alight_now(ctx: Ctx, s: MetroState, seat: int) -> bool:
    """TM-8.5: a rider may alight once the train moved since boarding, onto an empty cell."""
    line = s.riding[seat]
    if line == NOBODY or not s.moved[seat] or s.train_pos[line] == OFF_MAP:
        return False
    return bool(empty_cells_touching(ctx, s, riding_station(ctx, s, seat)))


def alight(s: MetroState, seat: int, cell: int) -> None:
    s.alighted[seat] |= 1 << s.riding[seat]
    s.meeple[seat] = cell
    s.riding[seat] = NOBODY
    s.moved[seat] = False
