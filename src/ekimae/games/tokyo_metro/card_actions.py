"""The actions phase (TM-3.5, TM-6, TM-7): which card actions a seat may take, and doing them.

`legal_card_actions` is the single source of truth: the engine accepts exactly what it
lists. Parameters a player chooses (cell, station, line, stake, discount discs) are part
of the action, so every listed action is complete and applies in one step.

This listing is the hottest loop of every bot's search and of random play: each spot's
lister appends to one list, the actions come from tables built once per map and card set
(`tables.py`: a Move is `moves[cell]`, not a new dataclass), and what several spots share
(reachable cells, discount sets, lines one may invest in) is computed once per listing
(`Memo`). `has_card_action` answers whether any card action is open without listing them.
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
from ekimae.games.tokyo_metro.movement import reachable, touched_stations, walk_range
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState
from ekimae.games.tokyo_metro.tables import Spot

# Actions with discount discs named (rarer): memoised constructors, the same value again
# and again while bots search (a dict lookup instead of a frozen dataclass's __init__).
_station_action = functools.cache(act.Station)
_exchange_action = functools.cache(act.Exchange)
_invest_action = functools.cache(act.Invest)
_speculate_action = functools.cache(act.Speculate)
_new_disc_action = functools.cache(act.NewDisc)
_card_action = functools.cache(act.TakeCard)
_copy_action = functools.cache(act.Copy)

NO_DISCOUNT: list[tuple[tuple[str, ...], int]] = [((), 0)]


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
    if not s.discount_discs[seat]:
        return NO_DISCOUNT
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


# Per Ctx: card id -> its spots with their prebuilt actions and listers (the Ctx is kept
# beside them so that its id stays its own).
_SPOTS: dict[int, tuple[Ctx, dict[str, tuple[Spot, ...]]]] = {}


def spots_by_card(ctx: Ctx) -> dict[str, tuple[Spot, ...]]:
    found = _SPOTS.get(id(ctx))
    if found is None:
        made = {
            card_id: tuple(Spot(ctx, printed, *LISTERS[printed.kind]) for printed in card.actions)
            for card_id, card in ctx.cards.cards.items()
        }
        found = _SPOTS[id(ctx)] = (ctx, made)
    return found[1]


def _spots(ctx: Ctx, s: MetroState, seat: int) -> Iterator[Spot]:
    """The spots the seat may place discs on now: open ones in the grid and on its own
    cards (TM-6.1, TM-6.3), taken ones too with a Copy disc (OS-7.1), enough discs in
    front; in the order of the grid, column by column, then the personal cards."""
    front, taken, by_card = s.front[seat], s.taken, spots_by_card(ctx)
    copying = bool(s.copy_discs[seat])
    for column in (*s.grid, s.personal[seat]):
        for card_id in column:
            for spot in by_card[card_id]:
                if spot.slots <= front and (spot.spot not in taken or (copying and spot.copyable)):
                    yield spot


def legal_card_actions(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    out: list[Action] = []
    memo = Memo(ctx, s, seat)
    # `_spots`, inlined: this loop runs for every listing of the actions phase.
    front, taken, by_card = s.front[seat], s.taken, spots_by_card(ctx)
    copying = bool(s.copy_discs[seat])
    for column in (*s.grid, s.personal[seat]):
        for card_id in column:
            for spot in by_card[card_id]:
                if spot.slots <= front and (spot.spot not in taken or (copying and spot.copyable)):
                    spot.lister(out, ctx, s, seat, spot, memo)
    return out


def has_card_action(ctx: Ctx, s: MetroState, seat: int) -> bool:
    """Whether `legal_card_actions` would list anything, spot by spot until one has an
    action (most spots always have one: a Speed, a Bike, a Bid…), without the list."""
    memo = Memo(ctx, s, seat)
    return any(spot.exists(ctx, s, seat, spot, memo) for spot in _spots(ctx, s, seat))


class Memo:
    """What several spots of one listing share, computed once per listing."""

    __slots__ = (
        "_buildable",
        "_discounts",
        "_invest",
        "_off",
        "_piles",
        "_reach",
        "_spec",
        "ctx",
        "s",
        "seat",
    )

    def __init__(self, ctx: Ctx, s: MetroState, seat: int) -> None:
        self.ctx, self.s, self.seat = ctx, s, seat
        self._reach: dict[int, list[int]] = {}
        self._discounts: list[tuple[tuple[str, ...], int]] | None = None
        self._buildable: list[int] | None = None
        self._invest: list[int] | None = None
        self._spec: list[int] | None = None
        self._off: list[int] | None = None
        self._piles: list[str] | None = None

    def reach(self, steps: int) -> list[int]:
        found = self._reach.get(steps)
        if found is None:
            found = self._reach[steps] = reachable(self.ctx, self.s, self.seat, steps)
        return found

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
        """`can_speculate`, for every line at once (the same test, one pass)."""
        if self._spec is None:
            ctx, s, seat = self.ctx, self.s, self.seat
            least, slots = ctx.rules.speculation_min_value, ctx.track.slots
            speed, specs, value = s.speed_on_line, s.speculations, s.value
            self._spec = [
                ln
                for ln, holders in enumerate(s.stocks)
                if seat not in holders
                and value[ln] >= least
                and slots[ln] - speed[ln] - len(specs[ln]) > 0
            ]
        return self._spec

    def piles(self) -> list[str]:
        if self._piles is None:
            self._piles = _piles(self.ctx, self.s)
        return self._piles

    def off_lines(self) -> list[int]:
        """Lines whose train is not on the map (TM-7.5: a Start may put it there)."""
        if self._off is None:
            pos = self.s.train_pos
            self._off = [ln for ln in range(self.ctx.lines) if pos[ln] == OFF_MAP]
        return self._off


# A spot's lister appends its actions to `out`, in the order the rules' tests expect.
Lister = Callable[[list[Action], Ctx, MetroState, int, Spot, Memo], None]
# Whether a spot has any action (for `has_card_action`).
Exists = Callable[[Ctx, MetroState, int, Spot, Memo], bool]


def _move(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    # TM-7.1, TM-4.3: a rider cannot move on the map.
    cell = s.meeple[seat]
    if cell == OFF_MAP or s.riding[seat] != NOBODY:
        return
    table = p.by_cell
    if walks(ctx, s, seat):
        # MD-5: the move is walked cell by cell from here, to build at the stations passed.
        out.append(table[cell])
    else:
        out += [table[c] for c in m.reach(walk_range(ctx, s, seat, p.value))]


def _move_exists(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
    # The meeple's own cell is always among those it can end on.
    return s.meeple[seat] != OFF_MAP and s.riding[seat] == NOBODY


def _buildable(ctx: Ctx, s: MetroState, seat: int) -> list[int]:
    """TM-7.2: unowned stations the meeple touches, if the seat has a pyramid left; never a
    small circle (OS-2: not a station)."""
    if s.pyramids[seat] <= 0:
        return []
    halt = ctx.halt
    return [st for st in touched_stations(ctx, s, seat) if s.owner[st] == NOBODY and not halt[st]]


def _station(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    stations = m.buildable()
    if not stations:
        return
    money, stops, keys = s.money[seat], ctx.station_stops, ctx.station_keys
    for discs, off in m.discounts():
        unit = max(0, p.value - off)  # TM-7.2 RULING: discount before multiplying
        for st in stations:
            if unit * stops[st] <= money:
                out.append(_station_action(p.spot, keys[st], discs))


def _exchange(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    tokens = (["speed"] if s.speed_tokens[seat] else []) + (["bike"] if s.bikes[seat] else [])
    for st in m.buildable() if tokens else []:
        for token in tokens:
            out.append(_exchange_action(p.spot, ctx.station_keys[st], token))


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


def _invest(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    lines = m.invest_lines()
    if not lines:
        return
    money, stocks, surcharges = s.money[seat], s.stocks, ctx.surcharges
    for discs, off in m.discounts():
        base = max(0, p.value - off)
        if discs:
            out += [
                _invest_action(p.spot, ctx.letters[ln], discs)
                for ln in lines
                if base + surcharges[len(stocks[ln])] <= money
            ]
        else:
            table = p.by_line
            out += [table[ln] for ln in lines if base + surcharges[len(stocks[ln])] <= money]


def _start(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    table = p.by_line
    out += [table[line] for line in m.off_lines()]  # TM-7.5


def _start_exists(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
    return bool(m.off_lines())


def _single(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    # TM-7.6 Speed "fewer if fewer are left", TM-7.7 a Bike "if one is left", TM-7.8,
    # TM-7.9, MD-3, MD-5: always open, whatever is left.
    out.append(p.single)


def _always(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
    return True


def _loan(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    if s.loan_supply > 0:  # TM-7.10
        out.append(p.single)


def _loan_exists(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
    return s.loan_supply > 0


def _repay(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    if _repay_exists(ctx, s, seat, p, m):
        out.append(p.single)


def _repay_exists(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
    return s.loans[seat] > 0 and s.money[seat] >= ctx.rules.repay  # TM-7.10, TM-5.1


def can_speculate(ctx: Ctx, s: MetroState, seat: int, line: int) -> bool:
    """TM-7.11: no stock held, value at least ¥100, a free slot."""
    return (
        not holds_stock(s, seat, line)
        and s.value[line] >= ctx.rules.speculation_min_value
        and free_slots(ctx, s, line) > 0
    )


def _speculation(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    if s.spec_discs[seat] <= 0:
        return
    money, coin, low_of = s.money[seat], ctx.rules.smallest_coin, ctx.track.low
    for line in m.spec_lines():
        low = low_of(s.value[line])
        if low > money:
            continue
        if low % coin:  # not on the coin grid: no table for it
            letter = ctx.letters[line]
            out += [
                _speculate_action(p.spot, letter, stake) for stake in range(low, money + 1, coin)
            ]
            continue
        # Every stake from low(V) up to the seat's money, in whole coins (TM-7.11).
        out += p.stakes(line, money // coin)[low // coin : money // coin + 1]


def _speculation_exists(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
    if s.spec_discs[seat] <= 0:
        return False
    money, low_of = s.money[seat], ctx.track.low
    return any(low_of(s.value[line]) <= money for line in m.spec_lines())


def _new_disc(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    # TM-7.12: a disc left in the general supply, at most 6 action discs.
    if s.supply_discs[seat] <= 0 or s.action_discs[seat] >= ctx.rules.max_action_discs:
        return
    money = s.money[seat]
    for discs, off in m.discounts():
        if max(0, p.value - off) <= money:
            out.append(_new_disc_action(p.spot, discs) if discs else p.single)


def _piles(ctx: Ctx, s: MetroState) -> list[str]:
    """Discard piles a Card action may take from; MD-6: from the JIDOHANBAIKI pile only a
    Shape card."""
    jh = ctx.drinks_column
    return [
        ctx.deck_keys[i]
        for i, pile in enumerate(s.discards)
        if pile and (i != jh or ctx.cards.cards[pile[-1]].actions[0].kind is Kind.SHAPE)
    ]


def _card(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    piles = m.piles()
    if not piles:
        return
    money = s.money[seat]
    for discs, off in m.discounts():
        if max(0, p.value - off) <= money:
            if discs:
                out += [_card_action(p.spot, pile, discs) for pile in piles]
            else:
                table = p.by_pile
                out += [table[pile] for pile in piles]


def _invest_disc(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    """OS-6: a disc from the front besides those placed on the action; only the surcharge."""
    if s.front[seat] <= p.slots:
        return
    money, table = s.money[seat], p.by_line
    for line in m.invest_lines():
        if ctx.surcharges[len(s.stocks[line])] <= money:
            out.append(table[line])


def _sell(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    """OS-7.2: a stock the seat holds."""
    table = p.by_line
    out += [table[line] for line, holders in enumerate(s.stocks) if seat in holders]


def _copy(out: list[Action], ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> None:
    """OS-7.1: pay (C - discount) for a Copy disc."""
    money = s.money[seat]
    for discs, off in m.discounts():
        if max(0, p.value - off) <= money:
            out.append(_copy_action(p.spot, discs) if discs else p.single)


def _listed(lister: Lister) -> Exists:
    """`exists` for a kind without a quicker test: list the spot, see if anything came."""

    def exists(ctx: Ctx, s: MetroState, seat: int, p: Spot, m: Memo) -> bool:
        found: list[Action] = []
        lister(found, ctx, s, seat, p, m)
        return bool(found)

    return exists


LISTERS: dict[Kind, tuple[Lister, Exists]] = {
    Kind.MOVE: (_move, _move_exists),
    Kind.STATION: (_station, _listed(_station)),
    Kind.EXCHANGE: (_exchange, _listed(_exchange)),
    Kind.INVEST: (_invest, _listed(_invest)),
    Kind.START: (_start, _start_exists),
    Kind.SPEED: (_single, _always),
    Kind.BIKE: (_single, _always),
    Kind.DISCOUNT: (_single, _always),
    Kind.BID: (_single, _always),
    Kind.LOAN: (_loan, _loan_exists),
    Kind.REPAY: (_repay, _repay_exists),
    Kind.SPECULATION: (_speculation, _speculation_exists),
    Kind.ACTION: (_new_disc, _listed(_new_disc)),
    Kind.CARD: (_card, _listed(_card)),
    Kind.INVEST_DISC: (_invest_disc, _listed(_invest_disc)),
    Kind.SELL: (_sell, _listed(_sell)),
    Kind.COPY: (_copy, _listed(_copy)),
    Kind.COLOUR: (_single, _always),
    Kind.SHAPE: (_single, _always),
}
