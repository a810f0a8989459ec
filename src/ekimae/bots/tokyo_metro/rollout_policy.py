"""The `normal` bot's choices computed on a raw position, for search playouts.

`NormalBot` reads a view and builds a `Judge` from it; building a view at every step of
a playout costs more than the step itself. `StateJudge` is the same `Judge` filled from
the raw `MetroState` fields (everything it reads is public), so `normal_policy` makes
exactly the choice `NormalBot` would make from that seat's view (the tests check it), at
about a third of the cost.

Playouts only run on determinized states (samples consistent with the searching seat's
view), so reading raw fields here never leaks hidden information into a decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ekimae.bots.tokyo_metro.greedy import NORMAL, Judge, LineView, Weights, move_on_table
from ekimae.bots.tokyo_metro.heuristic import CONTESTED, bid_target, normal_score
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.board import Board
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.flow import rounds_total
from ekimae.games.tokyo_metro.game import TokyoMetroState
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState

# (state, seat, legal, rng) -> action: a playout policy.
Policy = Callable[[TokyoMetroState, int, Sequence[Action], random.Random], Action]


class StateJudge(Judge):
    """`Judge` read from a raw position instead of a view (same fields, same estimates).

    The estimates a playout asks for most (the worth of a cell for every Move and Walk)
    are computed from per-map tables and memoized per judge, in the very same arithmetic
    as `Judge`'s, so every estimate is equal to the last bit (the tests compare them).
    """

    def __init__(self, ctx: Ctx, s: MetroState, seat: int, weights: Weights = NORMAL) -> None:
        # Deliberately not Judge.__init__: that one reads a view.
        self.w = weights
        self.board = ctx.board
        self.cards = ctx.cards
        self.rules = ctx.rules
        self.track = ctx.track
        self.surcharges = ctx.surcharges
        self.stock_cards = list(ctx.stock_cards)
        self.halts = {st for st, halt in enumerate(ctx.halt) if halt}
        self.taken_kinds = {ctx.cards.spots[spot].kind for spot in s.taken}
        self.me = seat
        self.money = s.money[seat]
        self.pyramids = s.pyramids[seat]
        self.drinks = len(s.drinks[seat])  # METRO DRINKS (MD-3 … MD-7)
        self.colours = len(s.colours[seat])
        self.my_colours = s.colours[seat]
        self.shape_on = bool(s.shape_on[seat]) if ctx.drinks is not None else False
        self.front = s.front[seat]
        self.bonus_all = ctx.drinks_bonus_all
        jh = ctx.drinks
        self.drink_colour = (
            {st: jh.colour_of(d) for st, d in enumerate(s.drink_at) if d} if jh else {}
        )
        self.supply_colours = tuple(sorted({jh.colour_of(d) for d in s.drinks[seat]})) if jh else ()
        self.move_free = self.drinks > 0 and move_on_table(ctx.cards, s.grid, s.taken)
        cell = s.meeple[seat]
        self.meeple = None if cell == OFF_MAP else ctx.cell_names[cell]
        self.speed_supply = s.speed_supply
        self.lines = [_line(ctx, s, ln) for ln in range(ctx.lines)]
        self.rounds_left = rounds_total(s) - s.round + 1
        self.owner = {st: seat for st, seat in enumerate(s.owner) if seat != NOBODY}
        self._worth = {}
        self._cells: dict[str, float] = {}
        self._here: float | None = None
        self._tables = _tables(self.board)
        self._per_pass: dict[int, tuple[float, float, float]] = {}

    # Memoized: the same cells and stations are asked about for every Move and Walk.

    def cell_worth(self, cell_name: str) -> float:
        worth = self._cells.get(cell_name)
        if worth is None:
            worth = self._cells[cell_name] = self._cell_worth(cell_name)
        return worth

    def _cell_worth(self, cell_name: str) -> float:
        """`Judge.cell_worth` over the map's cell table."""
        stations = self._tables.cell_stations.get(cell_name)
        if stations is None:  # not a canonical cell name: the general way
            return super().cell_worth(cell_name)
        if self.pyramids <= 0:
            return self.with_drink_site(0.0, cell_name)
        per_stop = self.w.build_cost_per_stop
        owner, halts = self.owner, self.halts
        worth = max(
            (
                self.station_worth(st) - per_stop * n
                for st, n in stations
                if st not in owner and st not in halts
            ),
            default=0.0,
        )
        return self.with_drink_site(worth, cell_name)

    def station_worth(self, station: int) -> float:
        """`Judge.station_worth`, each line's factors computed once per judge."""
        worth = self._worth.get(station)
        if worth is None:
            terms = []
            for ln, n in self._tables.station_line_stops[station]:
                visits, odds, income = self._line_per_pass(ln)
                terms.append(n * visits * odds * income)
            worth = self._worth[station] = sum(terms) * self.rounds_left
        return worth

    def _line_per_pass(self, line: int) -> tuple[float, float, float]:
        """(visits, odds, my pass income) of a line, the factors `Judge.station_worth`
        multiplies in this order."""
        factors = self._per_pass.get(line)
        if factors is None:
            factors = self._per_pass[line] = (
                self.visits(line),
                self.odds(line),
                self.my_pass_income(line),
            )
        return factors

    def around(self, cell_name: str) -> float:
        near_names = self._tables.near.get(cell_name)
        if near_names is None:
            return super().around(cell_name)
        near = (self.cell_worth(name) for name in near_names)
        return self.cell_worth(cell_name) + self.w.around_factor * max(near, default=0.0)

    def here(self) -> float:
        if self._here is None:
            self._here = super().here()
        return self._here

    def stops_on(self, station: int, line: int) -> int:
        return self._tables.stops.get((station, line), 0)

    def station_lines(self, station: int) -> set[int]:
        return self._tables.lines[station]


@dataclass(frozen=True)
class _Tables:
    """What a map's estimates look up, computed once per map."""

    stops: dict[tuple[int, int], int]  # (station, line) -> its stops on the line
    lines: list[set[int]]  # station -> the lines through it
    # station -> (line, stops on it), in the order `Judge` sums them (its set's order)
    station_line_stops: list[tuple[tuple[int, int], ...]]
    # cell name -> (station, stops) of every station touching the cell
    cell_stations: dict[str, tuple[tuple[int, int], ...]]
    near: dict[str, tuple[str, ...]]  # cell name -> its neighbours' names


_TABLES: dict[str, _Tables] = {}


def _tables(board: Board) -> _Tables:
    tables = _TABLES.get(board.name)
    if tables is None:
        stops: dict[tuple[int, int], int] = {}
        lines: list[set[int]] = []
        for station, st in enumerate(board.stations):
            through: set[int] = set()
            for stop in st.stops:
                for ln in board.stops[stop].lines:
                    stops[station, ln] = stops.get((station, ln), 0) + 1
                    through.add(ln)
            lines.append(through)
        names = [board.cell_name(c) for c in range(board.columns * board.rows)]
        tables = _TABLES[board.name] = _Tables(
            stops=stops,
            lines=lines,
            station_line_stops=[
                tuple((ln, stops[station, ln]) for ln in through)
                for station, through in enumerate(lines)
            ],
            cell_stations={
                names[c]: tuple((st, len(board.stations[st].stops)) for st in at)
                for c, at in enumerate(board.cell_stations)
            },
            near={names[c]: tuple(names[n] for n in ns) for c, ns in enumerate(board.neighbors)},
        )
    return tables


def _line(ctx: Ctx, s: MetroState, ln: int) -> LineView:
    stocks = s.stocks[ln]
    if s.train_pos[ln] == OFF_MAP:
        train = "off"
    else:
        # TM-8.6: a started train stays for good once the line has a stock (OS-8, MOD-2).
        leaves = ctx.trains_leave and s.train_started[ln] and not stocks
        train = "started" if leaves else "running"
    vehicles = len(ctx.line_vehicles[ln]) if ctx.pairs else 1
    return LineView(s.value[ln], s.speed_on_line[ln], stocks, s.speculations[ln], train, vehicles)


def raw_turn_bid(
    ctx: Ctx, s: MetroState, seat: int, legal: Sequence[Action], weights: Weights = NORMAL
) -> Action:
    """`heuristic.turn_bid` on raw fields."""
    spots = 0
    for column in s.grid:
        for card_id in column:
            spots += sum(a.kind in CONTESTED for a in ctx.cards.cards[card_id].actions)
    target = bid_target(s.money[seat], s.n, spots, s.round >= rounds_total(s), weights)
    bids = [a for a in legal if isinstance(a, act.TurnBid)]
    return min(bids, key=lambda a: abs(a.amount - target))


def normal_scores(
    state: TokyoMetroState, seat: int, legal: Sequence[Action], weights: Weights = NORMAL
) -> list[float]:
    """`normal_score` of every legal action (not for turn-order bids)."""
    s = state.s
    judge = StateJudge(state.ctx, s, seat, weights)
    last = s.round >= rounds_total(s)
    return [normal_score(judge, a, last) for a in legal]


def normal_policy(
    state: TokyoMetroState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """What `NormalBot` would choose here (ties broken with `rng`, as it does)."""
    return _choose(state, seat, legal, rng, NORMAL)


def weighted_policy(weights: Weights) -> Policy:
    """`normal`'s choice with other weights (`expert`'s tuned playouts)."""

    def policy(
        state: TokyoMetroState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return _choose(state, seat, legal, rng, weights)

    return policy


def _choose(
    state: TokyoMetroState,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    weights: Weights,
) -> Action:
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[0], act.TurnBid):
        return raw_turn_bid(state.ctx, state.s, seat, legal, weights)
    scores = normal_scores(state, seat, legal, weights)
    best = max(range(len(legal)), key=lambda i: (scores[i], rng.random()))
    return legal[best]
