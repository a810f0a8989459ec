"""The actions phase (TM-3.5, TM-6, TM-7): which card actions a seat may take, and doing them.

`legal_card_actions` is the single source of truth: the engine accepts exactly what it
lists. Parameters a player chooses (cell, station, line, stake, discount discs) are part
of the action, so every listed action is complete and applies in one step.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from itertools import combinations

from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import CardAction, Kind
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.drinks import walks
from ekimae.games.tokyo_metro.movement import on_map, reachable, touched_stations, walk_range
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState

# Actions are values: the same one is built again and again while bots search, so each
# constructor is memoised (a dict lookup instead of a frozen dataclass's __init__).
_move_action = functools.cache(act.Move)
_station_action = functools.cache(act.Station)
_exchange_action = functools.cache(act.Exchange)
_invest_action = functools.cache(act.Invest)
_start_action = functools.cache(act.Start)
_speculate_action = functools.cache(act.Speculate)
_new_disc_action = functools.cache(act.NewDisc)
_card_action = functools.cache(act.TakeCard)
_invest_disc_action = functools.cache(act.InvestDisc)
_sell_action = functools.cache(act.Sell)
_copy_action = functools.cache(act.Copy)
_simple = functools.cache(lambda cls, spot: cls(spot))


def open_spots(ctx: Ctx, s: MetroState, seat: int) -> Iterator[CardAction]:
    """TM-6.1/TM-6.3: actions with empty slots in the grid and on the seat's own cards."""
    for column in s.grid:
        for card_id in column:
            yield from _free(ctx, s, card_id)
    for card_id in s.personal[seat]:
        yield from _free(ctx, s, card_id)


def _free(ctx: Ctx, s: MetroState, card_id: str) -> Iterator[CardAction]:
    for action in ctx.cards.cards[card_id].actions:
        if action.spot not in s.taken:
            yield action


def discount_choices(ctx: Ctx, s: MetroState, seat: int) -> list[tuple[tuple[str, ...], int]]:
    """TM-7.8: every set of the seat's discount discs, with the yen it takes off."""
    discs = sorted(s.discount_discs[seat])
    out: list[tuple[tuple[str, ...], int]] = []
    for k in range(len(discs) + 1):
        for combo in combinations(discs, k):
            out.append((combo, sum(ctx.cards.spots[spot].value for spot in combo)))
    return out


def holds_stock(s: MetroState, seat: int, line: int) -> bool:
    return seat in s.stocks[line]


def speculated(s: MetroState, seat: int, line: int) -> bool:
    return any(who == seat for who, _ in s.speculations[line])


def free_slots(ctx: Ctx, s: MetroState, line: int) -> int:
    """TM-1.2: slots are shared by Speed tokens and speculation discs."""
    return ctx.track.slots[line] - s.speed_on_line[line] - len(s.speculations[line])


def stock_cards(ctx: Ctx, line: int) -> int:
    """TM-1.3: 3 per line on the Tokyo map; OS-4: 1-4 on the Osaka map (its data)."""
    return ctx.stock_cards[line]


# OS-7.1 RULING: a Discount or a Copy cannot be copied: their discs leave the spot when
# used, so there is nothing to stack on for the rest of the round.
NOT_COPIED = frozenset({Kind.DISCOUNT, Kind.COPY})


def copyable(ctx: Ctx, s: MetroState, seat: int, spot: CardAction) -> bool:
    """OS-7.1: with a Copy disc, an action already taken this round (not a Discount/Copy)."""
    return bool(s.copy_discs[seat]) and spot.spot in s.taken and spot.kind not in NOT_COPIED


def legal_card_actions(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    out: list[Action] = []
    memo = Memo(ctx, s, seat)
    front, taken, cards = s.front[seat], s.taken, ctx.cards.cards
    copying = bool(s.copy_discs[seat])  # OS-7.1: taken spots are open to a Copy disc
    # open_spots, inlined: this listing is the hottest loop of every bot's search.
    for column in (*s.grid, s.personal[seat]):
        for card_id in column:
            for spot in cards[card_id].actions:
                if spot.slots <= front and (
                    spot.spot not in taken or (copying and spot.kind not in NOT_COPIED)
                ):
                    out.extend(_generator(spot)(ctx, s, seat, spot, memo))
    return out


def has_card_action(ctx: Ctx, s: MetroState, seat: int) -> bool:
    memo = Memo(ctx, s, seat)
    spots = list(open_spots(ctx, s, seat))
    if s.copy_discs[seat]:
        spots += [
            a
            for column in (*s.grid, s.personal[seat])
            for card_id in column
            for a in ctx.cards.cards[card_id].actions
            if copyable(ctx, s, seat, a)
        ]
    for spot in spots:
        if spot.slots <= s.front[seat]:
            for _ in _options(ctx, s, seat, spot, memo):
                return True
    return False


def _options(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    return _generator(spot)(ctx, s, seat, spot, m)


Generator = Callable[[Ctx, MetroState, int, CardAction, "Memo"], Iterator[Action]]
_BY_SPOT: dict[str, Generator] = {}


def _generator(spot: CardAction) -> Generator:
    """The listing function of a spot's type, looked up by spot id (enum hashing is slow)."""
    gen = _BY_SPOT.get(spot.spot)
    if gen is None:
        gen = _BY_SPOT[spot.spot] = _GENERATORS[spot.kind]
    return gen


class Memo:
    """What several spots of one listing share, computed once per listing."""

    __slots__ = ("_buildable", "_discounts", "_invest", "_reach", "_spec", "ctx", "s", "seat")

    def __init__(self, ctx: Ctx, s: MetroState, seat: int) -> None:
        self.ctx, self.s, self.seat = ctx, s, seat
        self._reach: dict[int, list[int]] = {}
        self._discounts: list[tuple[tuple[str, ...], int]] | None = None
        self._buildable: list[int] | None = None
        self._invest: list[int] | None = None
        self._spec: list[int] | None = None

    def reach(self, steps: int) -> list[int]:
        if steps not in self._reach:
            self._reach[steps] = reachable(self.ctx, self.s, self.seat, steps)
        return self._reach[steps]

    def discounts(self) -> list[tuple[tuple[str, ...], int]]:
        if self._discounts is None:
            self._discounts = discount_choices(self.ctx, self.s, self.seat)
        return self._discounts

    def buildable(self) -> list[int]:
        if self._buildable is None:
            self._buildable = _buildable(self.ctx, self.s, self.seat)
        return self._buildable

    def invest_lines(self) -> list[int]:
        """`investable`, for every line at once (the same test, one pass)."""
        if self._invest is None:
            s, seat = self.s, self.seat
            cards = self.ctx.stock_cards
            betted = {
                ln for ln, specs in enumerate(s.speculations) for who, _ in specs if who == seat
            }
            self._invest = [
                ln
                for ln, holders in enumerate(s.stocks)
                if len(holders) < cards[ln] and seat not in holders and ln not in betted
            ]
        return self._invest

    def spec_lines(self) -> list[int]:
        if self._spec is None:
            ctx, s, seat = self.ctx, self.s, self.seat
            self._spec = [ln for ln in range(ctx.lines) if can_speculate(ctx, s, seat, ln)]
        return self._spec


def _move(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    # TM-7.1, TM-4.3: a rider cannot move on the map.
    if on_map(s, seat) and walks(ctx, s, seat):
        # MD-5: the move is walked cell by cell from here, to build at the stations passed.
        yield _move_action(spot.spot, ctx.cell_names[s.meeple[seat]])
    elif on_map(s, seat):
        for cell in m.reach(walk_range(ctx, s, seat, spot.value)):
            yield _move_action(spot.spot, ctx.cell_names[cell])


def _buildable(ctx: Ctx, s: MetroState, seat: int) -> list[int]:
    """TM-7.2: unowned stations the meeple touches, if the seat has a pyramid left; never a
    small circle (OS-2: not a station)."""
    if s.pyramids[seat] <= 0:
        return []
    halt = ctx.halt
    return [st for st in touched_stations(ctx, s, seat) if s.owner[st] == NOBODY and not halt[st]]


def _station(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    stations = m.buildable()
    if not stations:
        return
    for discs, off in m.discounts():
        unit = max(0, spot.value - off)  # TM-7.2 RULING: discount before multiplying
        for st in stations:
            if unit * len(ctx.board.stations[st].stops) <= s.money[seat]:
                yield _station_action(spot.spot, ctx.station_keys[st], discs)


def _exchange(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    tokens = (["speed"] if s.speed_tokens[seat] else []) + (["bike"] if s.bikes[seat] else [])
    for st in m.buildable() if tokens else []:
        for token in tokens:
            yield _exchange_action(spot.spot, ctx.station_keys[st], token)


def investable(ctx: Ctx, s: MetroState, seat: int, line: int) -> bool:
    """TM-7.4: no stock held, not speculated, a stock card left."""
    taken = len(s.stocks[line])
    return (
        taken < stock_cards(ctx, line)
        and not holds_stock(s, seat, line)
        and not (speculated(s, seat, line))
    )


def invest_price(ctx: Ctx, s: MetroState, line: int, cost: int, off: int) -> int:
    """TM-7.4: the discounted cost plus the undiscounted surcharge of the next card (OS-4:
    a flat ¥300 for #2-#4 on the Osaka map)."""
    return max(0, cost - off) + ctx.surcharges[len(s.stocks[line])]


def _invest(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    lines = m.invest_lines()
    for discs, off in m.discounts() if lines else []:
        for line in lines:
            if invest_price(ctx, s, line, spot.value, off) <= s.money[seat]:
                yield _invest_action(spot.spot, ctx.letters[line], discs)


def _start(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    for line in range(ctx.lines):
        if s.train_pos[line] == OFF_MAP:  # TM-7.5
            yield _start_action(spot.spot, ctx.letters[line])


def _speed(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    yield _simple(act.Speed, spot.spot)  # TM-7.6: "fewer if fewer are left", none at worst


def _bike(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    yield _simple(act.Bike, spot.spot)  # TM-7.7: a Bike "if one is left", at most one each


def _discount(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    yield _simple(act.Discount, spot.spot)


def _bid(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    yield _simple(act.Bid, spot.spot)


def _loan(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    if s.loan_supply > 0:  # TM-7.10
        yield _simple(act.Loan, spot.spot)


def _repay(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    if s.loans[seat] > 0 and s.money[seat] >= ctx.rules.repay:  # TM-7.10, TM-5.1
        yield _simple(act.Repay, spot.spot)


def can_speculate(ctx: Ctx, s: MetroState, seat: int, line: int) -> bool:
    """TM-7.11: no stock held, value at least ¥100, a free slot."""
    return (
        not holds_stock(s, seat, line)
        and s.value[line] >= ctx.rules.speculation_min_value
        and free_slots(ctx, s, line) > 0
    )


def _speculation(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    if s.spec_discs[seat] <= 0:
        return
    for line in m.spec_lines():
        low = ctx.track.low(s.value[line])
        for stake in range(low, s.money[seat] + 1, ctx.rules.smallest_coin):
            yield _speculate_action(spot.spot, ctx.letters[line], stake)


def _new_disc(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    # TM-7.12: a disc left in the general supply, at most 6 action discs.
    if s.supply_discs[seat] <= 0 or s.action_discs[seat] >= ctx.rules.max_action_discs:
        return
    for discs, off in m.discounts():
        if max(0, spot.value - off) <= s.money[seat]:
            yield _new_disc_action(spot.spot, discs)


def _card(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    # MD-6: from the JIDOHANBAIKI pile only a Shape card.
    jh = ctx.drinks_column
    piles = [
        ctx.deck_keys[i]
        for i, pile in enumerate(s.discards)
        if pile and (i != jh or ctx.cards.cards[pile[-1]].actions[0].kind is Kind.SHAPE)
    ]
    for discs, off in m.discounts() if piles else []:
        if max(0, spot.value - off) <= s.money[seat]:
            for pile in piles:
                yield _card_action(spot.spot, pile, discs)


def _invest_disc(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    """OS-6: a disc from the front besides those placed on the action; only the surcharge."""
    if s.front[seat] <= spot.slots:
        return
    for line in m.invest_lines():
        if ctx.surcharges[len(s.stocks[line])] <= s.money[seat]:
            yield _invest_disc_action(spot.spot, ctx.letters[line])


def _sell(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    """OS-7.2: a stock the seat holds."""
    for line, holders in enumerate(s.stocks):
        if seat in holders:
            yield _sell_action(spot.spot, ctx.letters[line])


def _copy(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    """OS-7.1: pay (C - discount) for a Copy disc."""
    for discs, off in m.discounts():
        if max(0, spot.value - off) <= s.money[seat]:
            yield _copy_action(spot.spot, discs)


def _colour(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    yield _simple(act.ColourCard, spot.spot)  # MD-3


def _shape(ctx: Ctx, s: MetroState, seat: int, spot: CardAction, m: Memo) -> Iterator[Action]:
    yield _simple(act.ShapeCard, spot.spot)  # MD-5


_GENERATORS = {
    Kind.COLOUR: _colour,
    Kind.SHAPE: _shape,
    Kind.MOVE: _move,
    Kind.STATION: _station,
    Kind.EXCHANGE: _exchange,
    Kind.INVEST: _invest,
    Kind.START: _start,
    Kind.SPEED: _speed,
    Kind.BIKE: _bike,
    Kind.DISCOUNT: _discount,
    Kind.BID: _bid,
    Kind.LOAN: _loan,
    Kind.REPAY: _repay,
    Kind.SPECULATION: _speculation,
    Kind.ACTION: _new_disc,
    Kind.CARD: _card,
    Kind.INVEST_DISC: _invest_disc,
    Kind.SELL: _sell,
    Kind.COPY: _copy,
}
