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

from ekimae.bots.greedy import NORMAL, Judge, LineView, Weights
from ekimae.bots.heuristic import CONTESTED, bid_target, normal_score
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
    """`Judge` read from a raw position instead of a view (same fields, same estimates)."""

    def __init__(self, ctx: Ctx, s: MetroState, seat: int, weights: Weights = NORMAL) -> None:
        # Deliberately not Judge.__init__: that one reads a view.
        self.w = weights
        self.board = ctx.board
        self.cards = ctx.cards
        self.rules = ctx.rules
        self.track = ctx.track
        self.me = seat
        self.money = s.money[seat]
        self.pyramids = s.pyramids[seat]
        cell = s.meeple[seat]
        self.meeple = None if cell == OFF_MAP else ctx.cell_names[cell]
        self.speed_supply = s.speed_supply
        self.lines = [_line(s, ln) for ln in range(ctx.lines)]
        self.rounds_left = rounds_total(s) - s.round + 1
        self.owner = {st: seat for st, seat in enumerate(s.owner) if seat != NOBODY}
        self._worth = {}
        self._cells: dict[str, float] = {}
        self._here: float | None = None

    # Memoized: the same cells and stations are asked about for every Move and Walk.

    def cell_worth(self, cell_name: str) -> float:
        worth = self._cells.get(cell_name)
        if worth is None:
            worth = self._cells[cell_name] = super().cell_worth(cell_name)
        return worth

    def here(self) -> float:
        if self._here is None:
            self._here = super().here()
        return self._here

    def stops_on(self, station: int, line: int) -> int:
        return _tables(self.board)[0].get((station, line), 0)

    def station_lines(self, station: int) -> set[int]:
        return _tables(self.board)[1][station]


_TABLES: dict[str, tuple[dict[tuple[int, int], int], list[set[int]]]] = {}


def _tables(board: Board) -> tuple[dict[tuple[int, int], int], list[set[int]]]:
    """Per map: stops of each (station, line), and the lines through each station."""
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
        tables = _TABLES[board.name] = (stops, lines)
    return tables


def _line(s: MetroState, ln: int) -> LineView:
    stocks = s.stocks[ln]
    if s.train_pos[ln] == OFF_MAP:
        train = "off"
    else:
        # TM-8.6: a started train stays for good once the line has a stock.
        train = "started" if s.train_started[ln] and not stocks else "running"
    return LineView(s.value[ln], s.speed_on_line[ln], stocks, s.speculations[ln], train)


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
