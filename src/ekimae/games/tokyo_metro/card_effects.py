"""Doing a card action that `card_actions.legal_card_actions` listed (TM-6, TM-7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.log import Event
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro.card_actions import invest_price
from ekimae.games.tokyo_metro.components import CardAction
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.drinks import legal_builds, take_colour, walks
from ekimae.games.tokyo_metro.movement import walk_range
from ekimae.games.tokyo_metro.scoring import stock_shares
from ekimae.games.tokyo_metro.state import OFF_MAP, MetroState


def take_card_action(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    """Place the discs (TM-6.1), move discount discs onto it (TM-7.8), then the effect."""
    spot: str = getattr(action, "spot")  # noqa: B009 - every card action has a spot
    printed = ctx.cards.spots[spot]
    before = s.money[seat]  # read for the log line only
    sold = s.sold[seat]
    s.front[seat] -= printed.slots
    copied: Event | str = ""
    if spot in s.taken:
        # OS-7.1: the discs go on top of those there; the Copy disc follows them, and the
        # Copy action it came from is available again.
        used = s.copy_discs[seat][0]
        s.copy_discs[seat] = s.copy_discs[seat][1:]
        del s.taken[used]
        s.copies[spot] = (*s.copies.get(spot, ()), seat)
        copied = Event(lf.COPIED, {"spot": used})
    else:
        s.taken[spot] = seat
    discs: tuple[str, ...] = getattr(action, "discounts", ())
    off = 0
    for disc in discs:
        # The Discount action becomes available again (TM-7.8).
        del s.taken[disc]
        off += ctx.cards.spots[disc].value
    if discs:
        s.discount_discs[seat] = tuple(d for d in s.discount_discs[seat] if d not in discs)
    _EFFECTS[type(action)](ctx, s, seat, action, printed, off)
    describe = _DETAILS.get(type(action))
    detail: Event | str = ""
    if describe is not None:
        detail = describe(ctx, s, seat, action, printed, off, before, s.sold[seat] - sold)
    s.note(lf.ACTS, seat=seat, action=action, copied=copied, detail=detail)


# The log's account of every yen an action moved, read after the effect: a part of the
# line, one of the templates of `log_forms` with its values (a Move moves none: no part).
Detail = Callable[[Ctx, MetroState, int, Any, CardAction, int, int, int], Event | str]


def _less(off: int) -> Event | str:
    return Event(lf.LESS, {"off": off}) if off else ""


def _left(s: MetroState, seat: int, before: int) -> Event:
    return Event(lf.LEFT, {"before": before, "after": s.money[seat]})


def _station_detail(
    ctx: Ctx, s: MetroState, seat: int, a: act.Station, p: CardAction, off: int, before: int, _: int
) -> Event:
    stops = ctx.station_stops[ctx.board.station_by_key[a.station]]
    unit = Event(lf.PRICE_LESS if off else "{price}", {"price": p.value, "off": off})
    form = lf.PAYS_STATION_ONE if stops == 1 else lf.PAYS_STATION
    paid = before - s.money[seat]
    return Event(form, {"paid": paid, "unit": unit, "stops": stops, "left": _left(s, seat, before)})


def _invest_detail(
    ctx: Ctx, s: MetroState, seat: int, a: act.Invest, p: CardAction, off: int, before: int, _: int
) -> Event:
    line = ctx.board.line_by_letter[a.line]
    number = len(s.stocks[line])
    surcharge = ctx.surcharges[number - 1]
    extra: Event | str = Event(lf.SURCHARGE, {"surcharge": surcharge}) if surcharge else ""
    sum_: Event | str = ""
    if off or surcharge:
        sum_ = Event(lf.SUM, {"price": p.value, "less": _less(off), "extra": extra})
    return Event(
        lf.PAYS_INVEST,
        {
            "paid": before - s.money[seat],
            "sum": sum_,
            "number": number,
            "line": a.line,
            "value": s.value[line],
            "left": _left(s, seat, before),
        },
    )


def _invest_disc_detail(
    ctx: Ctx,
    s: MetroState,
    seat: int,
    a: act.InvestDisc,
    p: CardAction,
    o: int,
    before: int,
    _: int,
) -> Event:
    line = ctx.board.line_by_letter[a.line]
    return Event(
        lf.PAYS_INVEST_DISC,
        {
            "paid": before - s.money[seat],
            "number": len(s.stocks[line]),
            "line": a.line,
            "value": s.value[line],
            "left": _left(s, seat, before),
        },
    )


def _sell_detail(
    ctx: Ctx, s: MetroState, seat: int, a: act.Sell, p: CardAction, off: int, b: int, sold: int
) -> Event:
    value = s.value[ctx.board.line_by_letter[a.line]]
    return Event(lf.SETS_ASIDE_SOLD, {"sold": sold, "line": a.line, "value": value})


def _start_detail(
    ctx: Ctx, s: MetroState, seat: int, a: act.Start, p: CardAction, off: int, b: int, _: int
) -> Event:
    value = s.value[ctx.board.line_by_letter[a.line]]
    return Event(lf.STARTS, {"line": a.line, "price": p.value, "value": value})


def _bid_detail(
    ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, b: int, _: int
) -> Event:
    return Event(lf.BID_BONUS_ADDED, {"price": p.value, "bonus": s.bid_bonus[seat]})


def _loan_detail(
    ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, before: int, _: int
) -> Event:
    left = _left(s, seat, before)
    return Event(lf.TAKES_LOAN, {"amount": s.money[seat] - before, "left": left})


def _stake_detail(
    ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, before: int, _: int
) -> Event:
    return Event(lf.STAKE, {"paid": before - s.money[seat], "left": _left(s, seat, before)})


def _token_detail(
    ctx: Ctx, s: MetroState, seat: int, a: act.Exchange, p: CardAction, off: int, b: int, _: int
) -> Event:
    return Event(lf.PAYS_TOKEN, {"token": a.token})


def _discount_detail(
    ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, b: int, _: int
) -> Event:
    return Event(lf.DISCOUNT, {"price": p.value})


def _crate_detail(
    ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, b: int, _: int
) -> Event:
    crate = [Event("{drink}", {"drink": d}) for d in s.drinks[seat][-6:]]
    return Event(lf.CRATE, {"crate": crate})


def _shape_detail(
    ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, b: int, _: int
) -> str:
    return lf.SHAPE


def _paid_detail(form: str) -> Detail:
    """A printed cost paid (less any discount) for a Copy disc or the like."""

    def detail(
        ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int, before: int, _: int
    ) -> Event:
        cost = Event(lf.COST, {"price": p.value, "less": _less(off)}) if off else ""
        paid = before - s.money[seat]
        return Event(form, {"paid": paid, "cost": cost, "left": _left(s, seat, before)})

    return detail


_DETAILS: dict[type[Action], Detail] = {
    act.Station: _station_detail,
    act.Invest: _invest_detail,
    act.InvestDisc: _invest_disc_detail,
    act.Sell: _sell_detail,
    act.Copy: _paid_detail(lf.PAYS_COPY),
    act.Start: _start_detail,
    act.Bid: _bid_detail,
    act.Loan: _loan_detail,
    act.Speculate: _stake_detail,
    act.Exchange: _token_detail,
    act.Discount: _discount_detail,
    act.ColourCard: _crate_detail,
    act.ShapeCard: _shape_detail,
    act.Repay: _paid_detail(lf.PAYS),
    act.NewDisc: _paid_detail(lf.PAYS),
    act.TakeCard: _paid_detail(lf.PAYS),
}


Effect = Callable[[Ctx, MetroState, int, Action, CardAction, int], None]


def _move(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.Move)
    if walks(ctx, s, seat):
        s.walk_left = walk_range(ctx, s, seat, p.value)  # MD-5: walked cell by cell
    s.meeple[seat] = ctx.cell(a.cell)


def _colour(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.ColourCard)
    take_colour(ctx, s, seat, a.spot)


def _shape(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.shape_on[seat] = True  # MD-5: until the end of this action phase
    if legal_builds(ctx, s, seat, free=True):
        # MD-5 RULING: "puis effectuez…" — the free builds start on this very turn (even
        # with the seat's last disc), as a walk of no cells: build, then `stop`.
        s.walk_left = 0


def _build(ctx: Ctx, s: MetroState, seat: int, station_key: str) -> int:
    station = ctx.board.station_by_key[station_key]
    s.owner[station] = seat
    s.pyramids[seat] -= 1
    return station


def _station(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.Station)
    station = _build(ctx, s, seat, a.station)
    s.pay_bank(seat, max(0, p.value - off) * len(ctx.board.stations[station].stops))


def _exchange(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.Exchange)
    _build(ctx, s, seat, a.station)
    if a.token == "speed":
        s.speed_tokens[seat] -= 1
        s.speed_supply += 1
    else:
        s.bikes[seat] = False
        s.bike_supply += 1


def _invest(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.Invest)
    line = ctx.board.line_by_letter[a.line]
    price = invest_price(ctx, s, line, p.value, off)
    s.pay_bank(seat, price)
    s.value[line] += price  # TM-7.4: the value rises by everything paid
    _take_stock(ctx, s, seat, line)


def _take_stock(ctx: Ctx, s: MetroState, seat: int, line: int) -> None:
    s.stocks[line] = (*s.stocks[line], seat)
    if s.train_pos[line] == OFF_MAP:
        _place_train(ctx, s, line, by_start=False)
    s.train_started[line] = False  # TM-7.4: from now on it stays on the map


def _place_train(ctx: Ctx, s: MetroState, line: int, by_start: bool) -> None:
    """TM-7.4/TM-7.5: on stop 1 facing stop 2; OS-2: a pair's second vehicle on the other
    terminus, facing back."""
    vehicles = ctx.line_vehicles[line]
    s.train_pos[line] = 0
    s.train_dir[line] = 1
    if len(vehicles) == 2:
        other = vehicles[1]
        s.train_pos[other] = len(ctx.line_stops[line]) - 1
        s.train_dir[other] = -1
    s.train_started[line] = by_start


def _invest_disc(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    """OS-6: one more disc from the front leaves the game; only the surcharge is paid."""
    assert isinstance(a, act.InvestDisc)
    line = ctx.board.line_by_letter[a.line]
    s.front[seat] -= 1
    s.action_discs[seat] -= 1
    price = ctx.surcharges[len(s.stocks[line])]
    s.pay_bank(seat, price)
    s.value[line] += price
    _take_stock(ctx, s, seat, line)


def _sell(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    """OS-7.2: what the seat alone would get now (speculations ignored), set aside; the
    value falls by it; the others move up, the highest card goes back to the supply."""
    assert isinstance(a, act.Sell)
    line = ctx.board.line_by_letter[a.line]
    holders = s.stocks[line]
    amount = stock_shares(ctx.track, s.value[line], len(holders))[holders.index(seat)]
    s.sold[seat] += amount
    s.bank_out += amount
    s.value[line] -= amount
    s.stocks[line] = tuple(h for h in holders if h != seat)


def _copy(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.pay_bank(seat, max(0, p.value - off))
    s.copy_discs[seat] = (*s.copy_discs[seat], p.spot)


def _start(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.Start)
    line = ctx.board.line_by_letter[a.line]
    _place_train(ctx, s, line, by_start=True)
    s.value[line] += p.value


def _speed(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    got = min(p.value, s.speed_supply)  # TM-7.6: fewer if fewer are left
    s.speed_supply -= got
    s.speed_tokens[seat] += got


def _bike(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    if s.bike_supply > 0 and not s.bikes[seat]:
        s.bike_supply -= 1
        s.bikes[seat] = True


def _discount(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.discount_discs[seat] = (*s.discount_discs[seat], p.spot)


def _bid(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.bid_bonus[seat] += p.value  # TM-7.9: beside the turn-order disc, not spendable
    s.bank_out += p.value


def _loan(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.loan_supply -= 1
    s.loans[seat] += 1
    s.from_bank(seat, ctx.rules.loan)


def _repay(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.loan_supply += 1
    s.loans[seat] -= 1
    s.pay_bank(seat, ctx.rules.repay)


def _speculate(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.Speculate)
    line = ctx.board.line_by_letter[a.line]
    s.spec_discs[seat] -= 1
    s.money[seat] -= a.stake  # set aside, still the seat's (TM-7.11)
    s.speculations[line] = (*s.speculations[line], (seat, a.stake))


def _new_disc(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    s.pay_bank(seat, max(0, p.value - off))
    s.supply_discs[seat] -= 1
    s.action_discs[seat] += 1
    s.front[seat] += 1  # TM-7.12: usable at once


def _card(ctx: Ctx, s: MetroState, seat: int, a: Action, p: CardAction, off: int) -> None:
    assert isinstance(a, act.TakeCard)
    s.pay_bank(seat, max(0, p.value - off))
    column = ctx.deck_keys.index(a.pile)
    pile = s.discards[column]
    s.discards[column] = pile[:-1]
    s.personal[seat] = (*s.personal[seat], pile[-1])


_EFFECTS: dict[type[Action], Effect] = {
    act.Move: _move,
    act.Station: _station,
    act.Exchange: _exchange,
    act.Invest: _invest,
    act.Start: _start,
    act.Speed: _speed,
    act.Bike: _bike,
    act.Discount: _discount,
    act.Bid: _bid,
    act.Loan: _loan,
    act.Repay: _repay,
    act.Speculate: _speculate,
    act.NewDisc: _new_disc,
    act.TakeCard: _card,
    act.InvestDisc: _invest_disc,
    act.Sell: _sell,
    act.Copy: _copy,
    act.ColourCard: _colour,
    act.ShapeCard: _shape,
}
