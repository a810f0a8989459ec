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

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ekimae.bots.tokyo_metro.greedy import (
    DISC,
    MOVE_MONEY,
    NORMAL,
    Judge,
    LineView,
    Weights,
    move_on_table,
)
from ekimae.bots.tokyo_metro.heuristic import CONTESTED, bid_target, normal_score, normal_scorer
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.board import Board
from ekimae.games.tokyo_metro.components import Kind
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.flow import rounds_total
from ekimae.games.tokyo_metro.game import TokyoMetroState
from ekimae.games.tokyo_metro.movement import open_reach, walk_range
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
        self.halts = _halts(ctx.halt)
        self._taken = s.taken  # read by `taken_kinds()`, for the Copy estimate only
        self._taken_kinds: set[Kind] | None = None
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
        self.owner = _owners(s.owner)
        self._worth = {}
        self._cells: dict[str, float] = {}
        self._by_stations: dict[tuple[tuple[int, int], ...], float] = {}
        self._here: float | None = None
        self._tables = _tables(self.board)
        self._per_pass: dict[int, tuple[float, float, float]] = {}
        self._growth: dict[tuple[int, bool], float] = {}
        self._cash: dict[tuple[int, bool], float] = {}
        self._visit_pay: dict[bool, list[float]] = {}
        self._stops_of: dict[bool, list[int]] = {}

    def taken_kinds(self) -> set[Kind]:
        """`Judge.taken_kinds`, worked out when a Copy is estimated."""
        if self._taken_kinds is None:
            self._taken_kinds = {self.cards.spots[spot].kind for spot in self._taken}
        return self._taken_kinds

    # Memoized: the same cells and stations are asked about for every Move and Walk, the
    # same lines for every Invest, Start and Assign (each Invest spot, each discount).

    def line_growth(self, line: int, me_holding: bool) -> float:
        """`Judge.line_growth`: the pay per visit of every line summed in one pass over
        the pyramids (each line's terms added in the same order, so the same float)."""
        key = (line, me_holding)
        found = self._growth.get(key)
        if found is None:
            per_visit = self._per_visit(me_holding)[line]
            odds = 1.0 if me_holding else self.odds(line)
            found = self._growth[key] = per_visit * self.visits(line) * odds * self.rounds_left
        return found

    def _per_visit(self, me_holding: bool) -> list[float]:
        found = self._visit_pay.get(me_holding)
        if found is None:
            found = self._visit_pay[me_holding] = [0.0] * len(self.lines)
            r, me, lines, stops = self.rules, self.me, self.lines, self._tables.stops
            for station, seat in self.owner.items():
                for ln in self._tables.lines[station]:
                    holds = seat in lines[ln].stocks or (me_holding and seat == me)
                    pay = r.payout_with_stock if holds else r.payout_value
                    found[ln] += stops[station, ln] * pay
        return found

    def pyramid_cash(self, line: int, mine: bool) -> float:
        """`Judge.pyramid_cash`, every line's stops counted in one pass."""
        key = (line, mine)
        found = self._cash.get(key)
        if found is None:
            stops = self._pyramid_stops(mine)[line]
            found = stops * self.rules.payout_owner * self.visits(line) * self.rounds_left
            self._cash[key] = found
        return found

    def _pyramid_stops(self, mine: bool) -> list[int]:
        found = self._stops_of.get(mine)
        if found is None:
            found = self._stops_of[mine] = [0] * len(self.lines)
            me, stops = self.me, self._tables.stops
            for station, seat in self.owner.items():
                if (seat == me) == mine:
                    for ln in self._tables.lines[station]:
                        found[ln] += stops[station, ln]
        return found

    def cell_worth(self, cell_name: str) -> float:
        """`Judge.cell_worth`, once per cell and once per set of stations touched (cells
        touching the same stations are worth the same, drink sites included)."""
        worth = self._cells.get(cell_name)
        if worth is None:
            stations = self._tables.cell_stations.get(cell_name)
            if stations is None:
                worth = self._cell_worth(cell_name)
            else:
                worth = self._by_stations.get(stations)
                if worth is None:
                    worth = self._by_stations[stations] = self._cell_worth(cell_name)
            self._cells[cell_name] = worth
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
    key = (s.value[ln], s.speed_on_line[ln], stocks, s.speculations[ln], train, vehicles)
    # A line changes seldom between two steps of a playout: the same view again.
    found = _LINES.get(key)
    if found is None:
        if len(_LINES) > LINES_KEPT:
            _LINES.clear()
        found = _LINES[key] = LineView(*key)
    return found


_LINES: dict[tuple[Any, ...], LineView] = {}
_OWNERS: dict[tuple[int, ...], dict[int, int]] = {}


def _owners(owner: list[int]) -> dict[int, int]:
    """Station -> seat of its pyramid, shared by the judges of equal positions (a judge
    only reads it): pyramids are built seldom, and a playout asks at every step."""
    key = tuple(owner)
    found = _OWNERS.get(key)
    if found is None:
        if len(_OWNERS) > LINES_KEPT:
            _OWNERS.clear()
        found = _OWNERS[key] = {st: seat for st, seat in enumerate(owner) if seat != NOBODY}
    return found


LINES_KEPT = 50_000


@functools.cache
def _halts(halt: tuple[bool, ...]) -> set[int]:
    """OS-2: the small circles of a map (never to be changed: shared by every judge)."""
    return {st for st, small in enumerate(halt) if small}


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


# -- the search's playouts: `normal`'s choice from a shortlist ----------------------------


def shortlist_policy(weights: Weights = NORMAL) -> Policy:
    """`normal`'s reckoning over `shortlist(…)` instead of every legal action: the same
    best estimate (up to which of equal ones is taken), a fraction of the scoring. What
    `strong` and `expert` play out.

    The Moves are looked at last, and only when the best a Move could be worth
    (`move_bound`) reaches the best estimate of the other actions."""

    scorers: dict[type[Action], Callable[[Judge, Action, bool], float]] = {}

    def score(judge: Judge, action: Action, last: bool) -> float:
        scorer = scorers.get(type(action))
        if scorer is None:
            scorer = scorers[type(action)] = normal_scorer(type(action), weights)
        return scorer(judge, action, last)

    def policy(
        state: TokyoMetroState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], act.TurnBid):
            return raw_turn_bid(state.ctx, state.s, seat, legal, weights)
        ctx, s = state.ctx, state.s
        judge = StateJudge(ctx, s, seat, weights)
        last = s.round >= rounds_total(s)
        picked, moves, reach, fewest = shortlist_parts(ctx, judge, legal)
        best: tuple[float, float, int] | None = None
        for i in picked:
            key = (score(judge, legal[i], last), rng.random(), i)
            if best is None or key > best:
                best = key
        if moves and (best is None or move_bound(ctx, s, judge, seat, reach, fewest) >= best[0]):
            for i in _best_moves(judge, legal, moves):
                key = (score(judge, legal[i], last), rng.random(), i)
                if best is None or key > best:
                    best = key
        assert best is not None
        return legal[best[2]]

    return policy


def shortlist(ctx: Ctx, s: MetroState, judge: Judge, legal: Sequence[Action]) -> list[Action]:
    """The legal actions `normal_score` could rank first, without scoring the others.

    Within a group of actions of one kind and one target the estimate differs only by
    what is paid: it falls with the price and with the discs placed (a disc counts the
    ¥100 it would earn by passing, TM-3.5), and rises with what the spot gives. The
    groups (`greedy`'s scorers): a Station at one station, an Invest in one line, a card
    from one pile, a new disc, a Copy disc (by the price less the discount discs named);
    a Start of one line, a Speed, a Discount, a Bid (a higher printed value gives more);
    a Bike, a Loan, a Repay (the same whatever the spot); and every Move (half the gain
    of the better cell, whose worth is its best station or drink site, the same for cells
    touching the same stations). Of each group only the actions that no other beats on
    both counts are kept (the first of equals). A speculation on a line earns min(2 ×
    stake, low(final value)) less a share of the stake (TM-7.11, TM-9.2), rising to half
    that low and falling after: only the two stakes around half are kept (with the
    fewest discs). Every other action is kept. The kept ones come in listing order.
    """
    picked, moves, _, _ = shortlist_parts(ctx, judge, legal)
    picked += _best_moves(judge, legal, moves)
    picked.sort()
    return [legal[i] for i in picked]


def shortlist_parts(
    ctx: Ctx, judge: Judge, legal: Sequence[Action]
) -> tuple[list[int], list[int], int, int]:
    """`shortlist` but the Moves: the indexes kept, every Move's index, the farthest a
    listed Move goes (its printed value, before a Bike) and the fewest discs one takes."""
    picked: list[int] = []  # indexes into `legal`
    moves: list[int] = []
    reach, fewest = 0, 1 << 30
    groups: dict[Any, list[tuple[float, int, int]]] = {}  # group -> (price, discs, index)
    stakes: dict[Any, list[tuple[int, int, int]]] = {}  # line -> (discs, stake, index)
    metas = _META
    if len(metas) > META_KEPT:
        metas.clear()  # bounded; this listing's readings stay until the next (`_best_moves`)
    for i, a in enumerate(legal):
        meta = metas.get(id(a))
        if meta is None:
            meta = _meta(ctx, a)
        code, group, price, discs, _ = meta
        if code == KEEP:
            picked.append(i)
        elif code == MOVE:
            moves.append(i)
            if price > reach:
                reach = price
            if discs < fewest:
                fewest = discs
        elif code == GROUP:
            found = groups.get(group)
            if found is None:
                groups[group] = [(price, discs, i)]
            else:
                found.append((price, discs, i))
        else:
            stakes.setdefault(group, []).append((discs, price, i))
    for members in groups.values():
        picked += _pareto(members)
    for letter, bets in stakes.items():
        picked += _stakes_near_half(judge, letter, bets)
    return picked, moves, reach, fewest


def _best_moves(judge: Judge, legal: Sequence[Action], moves: list[int]) -> list[int]:
    """Of the Moves, those no other beats on both the worth of its cell and its discs."""
    worth: dict[Any, float] = {}  # the stations a cell touches -> the cell's worth
    members: list[tuple[float, int, int]] = []
    for i in moves:
        a = legal[i]
        _, stations, _, discs, _ = _META[id(a)]
        cell_worth = worth.get(stations)
        if cell_worth is None:
            cell_worth = worth[stations] = judge.cell_worth(a.cell)  # type: ignore[attr-defined]
        members.append((-cell_worth, discs, i))
    return _pareto(members)


def move_bound(ctx: Ctx, s: MetroState, judge: Judge, seat: int, reach: int, fewest: int) -> float:
    """At least `normal_score` of any Move listed (none goes farther than `reach` before a
    Bike, none takes fewer than `fewest` discs): `greedy._move` on the best cell of the
    open map within reach, a cell's worth being at most the best of the stations it
    touches (a pyramid site less its typical price, or a drink site), 0 for one touching
    none (the tests hold it against every Move's estimate)."""
    stations = _stations_near(ctx, s.meeple[seat], walk_range(ctx, s, seat, reach))
    best = 0.0
    owner, halts = judge.owner, judge.halts
    if judge.pyramids > 0:
        per_stop = judge.w.build_cost_per_stop
        stops = ctx.station_stops
        for st in stations:
            if st not in owner and st not in halts:
                best = max(best, judge.station_worth(st) - per_stop * stops[st])
    if judge.drinks:
        disc = 0.0 if judge.shape_on else DISC
        for st in stations:
            if owner.get(st) == seat and st not in judge.drink_colour:
                for colour in judge.supply_colours:
                    best = max(best, judge.drink_worth(st, colour) - disc)
    gain = judge.w.move_factor * (best - judge.here()) if judge.money >= MOVE_MONEY else 0.0
    return gain - DISC * fewest + dict(judge.w.kind_bonus).get("move", 0.0)


# (map, cell, steps) -> the stations touched by the cells within reach on the open map.
_NEAR: dict[tuple[str, int, int], tuple[int, ...]] = {}


def _stations_near(ctx: Ctx, start: int, steps: int) -> tuple[int, ...]:
    key = (ctx.board.name, start, steps)
    found = _NEAR.get(key)
    if found is None:
        touched = ctx.board.cell_stations
        near = {st for cell in open_reach(ctx, start, steps) for st in touched[cell]}
        found = _NEAR[key] = tuple(sorted(near))
    return found


# What `shortlist` does with an action: keep it, group it, or read it as a Move or a
# speculation.
KEEP, GROUP, MOVE, STAKE = range(4)
# id(action) -> (code, group, price, discs, the action): `shortlist`'s reading of an
# action, worked out once per action value. The listings hand out the same action objects
# again and again (`games.tokyo_metro.tables`); keeping the action in the entry keeps its
# id from being reused by another object. Actions built anew (not from those tables, e.g.
# parsed) would grow it for good: past `META_KEPT` entries it starts again, at the start
# of a listing (a map's and card set's tables hold a few thousand actions).
Meta = tuple[int, Any, int, int, Action]
_META: dict[int, Meta] = {}
META_KEPT = 50_000
# Kinds grouped by (kind, target): the target's field, and whether the price counts (a
# cost, less the discount discs named) or the printed value (what the spot gives).
_COSTS = {"station": "station", "invest": "line", "card": "pile", "action": "", "copy": ""}
_GIVES = {"start": "line", "speed": "", "discount": "", "bid": "", "bike": "", "loan": ""}
_FIXED = {"repay": ""}  # the estimate does not read the spot's value


def _meta(ctx: Ctx, a: Action) -> Meta:
    """`shortlist`'s reading of one action: what to do with it, its group, price, discs."""
    kind = a.kind
    spot = getattr(a, "spot", None)
    code, price, discs = KEEP, 0, 0
    group: Any = None
    if spot is not None:
        printed = ctx.cards.spots[spot]
        discs = printed.slots
        if isinstance(a, act.Speculate):
            code, group, price = STAKE, a.line, a.stake
        elif isinstance(a, act.Move):
            # grouped by the stations its cell touches; its price: how far it goes
            code, price = MOVE, printed.value
            group = ctx.board.cell_stations[ctx.board.parse_cell(a.cell)]
        elif kind in _COSTS:
            off = sum(ctx.cards.spots[d].value for d in getattr(a, "discounts", ()))
            field = _COSTS[kind]
            code, group = GROUP, (kind, getattr(a, field) if field else "")
            price = max(0, printed.value - off)
        elif kind in _GIVES:
            field = _GIVES[kind]
            code, group = GROUP, (kind, getattr(a, field) if field else "")
            price = -printed.value
        elif kind in _FIXED:
            code, group = GROUP, (kind, "")
    meta = _META[id(a)] = (code, group, price, discs, a)
    return meta


def _pareto(members: list[tuple[float, int, int]]) -> list[int]:
    """The indexes of the (price, discs, index) members that no other is as cheap as with
    fewer discs or cheaper with no more (the first of equals)."""
    if len(members) == 1:
        return [members[0][2]]
    members.sort()
    out = []
    fewest: int | None = None
    for _price, discs, index in members:
        if fewest is None or discs < fewest:
            out.append(index)
            fewest = discs
    return out


def _stakes_near_half(judge: Judge, letter: str, bets: list[tuple[int, int, int]]) -> list[int]:
    """Of the speculations on one line with the fewest discs, the stakes just below and
    just above half the low of the line's expected final value (`greedy._speculate`)."""
    fewest = min(discs for discs, _, _ in bets)
    mine = [(stake, i) for discs, stake, i in bets if discs == fewest]
    half = judge.track.low(int(judge.final_value(judge.line_index(letter)))) / 2
    below = [(stake, -i) for stake, i in mine if stake <= half]
    above = [(stake, i) for stake, i in mine if stake >= half]
    out = []
    if below:
        out.append(-max(below)[1])
    if above:
        out.append(min(above)[1])
    return out
