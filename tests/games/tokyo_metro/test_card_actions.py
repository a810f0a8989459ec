"""TM-6.2 to TM-6.4 and TM-7.1 to TM-7.13: every action type of the cards."""

from __future__ import annotations

from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.context import Ctx
from tests.games.tokyo_metro.helpers import (
    OFF_MAP,
    Phase,
    TokyoMetroState,
    actions_phase,
    cell,
    do,
    exclusive_cells,
    find_spot,
    find_spots,
    fresh,
    line,
    manhattan_cells,
    put_cards,
    put_meeple,
    put_train,
    station,
    to_trains,
)

OPEN = "k12"  # open part of the grid


def _station_with(ctx: Ctx, stops: int, cells: int = 1) -> tuple[str, str]:
    """A station of `stops` stops and a cell that touches it and no other station
    (with at least `cells` such cells)."""
    for st in ctx.board.stations:
        if len(st.stops) == stops and len(exclusive_cells(ctx, st.key)) >= cells:
            return st.key, exclusive_cells(ctx, st.key)[0]
    raise AssertionError(f"no station of {stops} stops with {cells} cell(s) of its own")


# ------------------------------------------------------------------ TM-7.1 Move


def test_tm_7_1_move_up_to_n_cells() -> None:
    """TM-7.1: move up to N cells under the rules of TM-4."""
    state = actions_phase(2)
    move = find_spot(state.ctx, "move")
    put_cards(state, move.spot)
    put_meeple(state, 0, OPEN)
    state = fresh(state)
    cells = {a.cell for a in state.legal_actions(0) if isinstance(a, act.Move)}
    assert cells == manhattan_cells(state.ctx, OPEN, move.value)
    target = sorted(cells - {OPEN})[0]
    do(state, 0, f"move {move.spot} {target}")
    assert state.s.meeple[0] == cell(state.ctx, target)


def test_tm_7_1_move_with_a_bike_goes_one_cell_further() -> None:
    """TM-7.1/TM-7.7: +1 cell with a Bike."""
    state = actions_phase(2)
    move = find_spot(state.ctx, "move")
    put_cards(state, move.spot)
    put_meeple(state, 0, OPEN)
    state.s.bikes[0] = True
    state = fresh(state)
    cells = {a.cell for a in state.legal_actions(0) if isinstance(a, act.Move)}
    assert cells == manhattan_cells(state.ctx, OPEN, move.value + 1)


# ------------------------------------------------------------------ TM-7.2 Station


def test_tm_7_2_station_of_one_stop_costs_c() -> None:
    """TM-7.2: a pyramid on a touched station without one; pay C x 1 stop."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    key, where = _station_with(state.ctx, 1)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state = fresh(state)
    do(state, 0, f"station {spot.spot} {key}")
    assert state.s.money[0] == 2000 - spot.value
    assert state.s.owner[station(state.ctx, key)] == 0
    assert state.s.pyramids[0] == 5
    assert state.view(1)["stations"] == {key: 0}


def test_tm_7_2_station_of_three_stops_costs_three_times_c() -> None:
    """TM-7.2: pay C x the number of stops (circles) of the station."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    key, where = _station_with(state.ctx, 3)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state = fresh(state)
    do(state, 0, f"station {spot.spot} {key}")
    assert state.s.money[0] == 2000 - 3 * spot.value


def test_tm_7_2_one_pyramid_per_station() -> None:
    """TM-7.2: a station with a pyramid cannot get another."""
    state = actions_phase(2)
    spots = find_spots(state.ctx, "station")
    first, second = spots[0], next(s for s in spots if s.spot[:-1] != spots[0].spot[:-1])
    key, where = _station_with(state.ctx, 1, cells=2)
    other = next(c for c in exclusive_cells(state.ctx, key) if c != where)
    put_cards(state, first.spot, second.spot)
    put_meeple(state, 0, where)
    put_meeple(state, 1, other)
    state = fresh(state)
    control = state.clone()
    do(control, 0, "pass")
    assert act.Station(second.spot, key) in control.legal_actions(1)
    do(state, 0, f"station {first.spot} {key}")
    assert not any(isinstance(a, act.Station) for a in state.legal_actions(1))


def test_tm_7_2_no_pyramid_left_no_station() -> None:
    """TM-7.2/TM-1.6: 6 pyramids each; without one left, no Station."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    key, where = _station_with(state.ctx, 1)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state.s.pyramids[0] = 1
    state = fresh(state)
    assert act.Station(spot.spot, key) in state.legal_actions(0)
    state.s.pyramids[0] = 0
    state = fresh(state)
    assert not any(isinstance(a, act.Station) for a in state.legal_actions(0))


def test_tm_7_2_tm_5_1_station_needs_the_money() -> None:
    """TM-7.2/TM-5.1: a Station the player cannot pay in full cannot be chosen."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    key, where = _station_with(state.ctx, 3)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state.s.money[0] = 3 * spot.value - 100
    state = fresh(state)
    assert act.Station(spot.spot, key) not in state.legal_actions(0)
    state.s.money[0] = 3 * spot.value
    state = fresh(state)
    assert act.Station(spot.spot, key) in state.legal_actions(0)


# ------------------------------------------------------------------ TM-7.3 Station by exchange


def test_tm_7_3_exchange_a_speed_token_for_a_three_stop_station() -> None:
    """TM-7.3: return one unassigned Speed token, whatever the number of stops; no yen."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "exchange")
    key, where = _station_with(state.ctx, 3)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state.s.speed_tokens[0] = 2
    state.s.speed_supply -= 2
    state = fresh(state)
    do(state, 0, f"exchange {spot.spot} {key} speed")
    assert state.s.money[0] == 2000
    assert state.s.speed_tokens[0] == 1
    assert state.s.speed_supply == 11
    assert state.s.owner[station(state.ctx, key)] == 0
    assert state.s.pyramids[0] == 5


def test_tm_7_3_exchange_the_bike() -> None:
    """TM-7.3: the Bike token can pay for a Station by exchange."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "exchange")
    key, where = _station_with(state.ctx, 1)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state.s.bikes[0] = True
    state.s.bike_supply = 3
    state = fresh(state)
    assert act.Exchange(spot.spot, key, "speed") not in state.legal_actions(0)
    do(state, 0, f"exchange {spot.spot} {key} bike")
    assert state.s.bikes[0] is False
    assert state.s.bike_supply == 4
    assert state.s.money[0] == 2000


def test_tm_7_3_assigned_speed_tokens_cannot_pay() -> None:
    """TM-7.3/TM-7.6: only an unassigned token pays; no token, no exchange."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "exchange")
    key, where = _station_with(state.ctx, 1)
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state.s.speed_on_line[0] = 1  # a token on line G, not in front of the player
    state = fresh(state)
    assert not any(isinstance(a, act.Exchange) for a in state.legal_actions(0))
    state.s.speed_tokens[0] = 1  # control: an unassigned token in front pays
    state = fresh(state)
    assert act.Exchange(spot.spot, key, "speed") in state.legal_actions(0)


# ------------------------------------------------------------------ TM-7.4 Invest


def test_tm_7_4_invest_stock_1_2_3_surcharges_and_value() -> None:
    """TM-7.4: pay C plus the surcharge of the card (#1 0, #2 ¥300, #3 ¥600); the value
    rises by everything paid; the train goes on stop 1 facing stop 2."""
    state = actions_phase(3)
    ctx = state.ctx
    invests = find_spots(ctx, "invest")
    a, b, c = invests[0], invests[1], invests[2]
    assert len({a.spot[:-1], b.spot[:-1], c.spot[:-1]}) == 3
    put_cards(state, a.spot, b.spot, c.spot)
    g = line(ctx, "G")
    state = fresh(state)
    do(state, 0, f"invest {a.spot} G")
    assert state.s.money[0] == 2000 - a.value
    assert state.s.value[g] == a.value
    assert state.s.stocks[g] == (0,)
    assert (state.s.train_pos[g], state.s.train_dir[g]) == (0, 1)
    assert state.s.train_started[g] is False
    do(state, 1, f"invest {b.spot} G")
    assert state.s.money[1] == 2000 - b.value - 300
    do(state, 2, f"invest {c.spot} G")
    assert state.s.money[2] == 2000 - c.value - 600
    assert state.s.value[g] == a.value + b.value + c.value + 900
    assert state.s.stocks[g] == (0, 1, 2)
    view = state.view(0)["lines"][g]
    assert view["stocks"] == [0, 1, 2]
    assert view["train"]["number"] == 1


def test_tm_7_4_no_second_stock_of_a_line_nor_a_fourth_card() -> None:
    """TM-7.4: not a line where you hold stock, and only while a stock card is left."""
    state = actions_phase(2)
    ctx = state.ctx
    spot = find_spot(ctx, "invest")
    put_cards(state, spot.spot)
    state.s.stocks[line(ctx, "G")] = (0,)
    state.s.stocks[line(ctx, "M")] = (1, 1, 1)  # set-up: all three M cards are taken
    state = fresh(state)
    lines = {a.line for a in state.legal_actions(0) if isinstance(a, act.Invest)}
    assert lines == set("HTCYZNAISE")


def test_tm_7_4_not_on_a_line_you_speculated_on() -> None:
    """TM-7.4/TM-7.11: no stock on a line where you have a speculation disc."""
    state = actions_phase(2)
    ctx = state.ctx
    spot = find_spot(ctx, "invest")
    put_cards(state, spot.spot)
    state.s.speculations[line(ctx, "T")] = ((0, 300),)
    state = fresh(state)
    lines = {a.line for a in state.legal_actions(0) if isinstance(a, act.Invest)}
    assert lines == set("GMHCYZNAISE")


def test_tm_7_4_train_already_on_the_map_stays_where_it_is() -> None:
    """TM-7.4: the train is placed only if it is off the map."""
    state = actions_phase(2)
    ctx = state.ctx
    spot = find_spot(ctx, "invest")
    put_cards(state, spot.spot)
    put_train(state, "Y", 7, direction=-1, by_start=True)
    state = fresh(state)
    do(state, 0, f"invest {spot.spot} Y")
    y = line(ctx, "Y")
    assert (state.s.train_pos[y], state.s.train_dir[y]) == (6, -1)


def test_tm_7_4_tm_6_4_discount_never_reduces_the_surcharge() -> None:
    """TM-7.4/TM-6.4: discounts come off C (not below 0); the surcharge is always paid."""
    state = actions_phase(2)
    ctx = state.ctx
    discounts = sorted(find_spots(ctx, "discount"), key=lambda s: -s.value)
    d1 = discounts[0]
    d2 = next(d for d in discounts[1:] if d.spot[:-1] != d1.spot[:-1])
    invest = min(
        (s for s in find_spots(ctx, "invest") if s.value < d1.value + d2.value),
        key=lambda s: s.value,
    )
    assert invest.value > d1.value  # so only two discs together exceed the cost
    put_cards(state, d1.spot, d2.spot, invest.spot)
    g = line(ctx, "G")
    state.s.stocks[g] = (1,)  # set-up: seat 1 holds stock #1, so seat 0 buys #2
    state.s.value[g] = 500
    state = fresh(state)
    do(state, 0, f"discount {d1.spot}")
    do(state, 1, "pass")
    do(state, 0, f"discount {d2.spot}")
    do(state, 0, f"invest {invest.spot} G discounts={d1.spot},{d2.spot}")
    assert state.s.money[0] == 2000 - 300
    assert state.s.value[g] == 500 + 300
    assert state.s.stocks[g] == (1, 0)


# ------------------------------------------------------------------ TM-7.5 Start


def test_tm_7_5_start_puts_a_train_on_stop_1_and_raises_the_value() -> None:
    """TM-7.5: a train off the map onto its stop 1 facing stop 2; value + V; free."""
    state = actions_phase(2)
    ctx = state.ctx
    spot = find_spot(ctx, "start")
    put_cards(state, spot.spot)
    state = fresh(state)
    do(state, 0, f"start {spot.spot} Z")
    z = line(ctx, "Z")
    assert state.s.money[0] == 2000
    assert state.s.value[z] == spot.value
    assert (state.s.train_pos[z], state.s.train_dir[z]) == (0, 1)
    assert state.s.train_started[z] is True
    assert state.s.stocks[z] == ()


def test_tm_7_5_only_trains_off_the_map() -> None:
    """TM-7.5: choose a train off the map."""
    state = actions_phase(2)
    ctx = state.ctx
    spot = find_spot(ctx, "start")
    put_cards(state, spot.spot)
    put_train(state, "G", 4)
    put_train(state, "E", 1, by_start=True)
    state = fresh(state)
    lines = {a.line for a in state.legal_actions(0) if isinstance(a, act.Start)}
    assert lines == set("MHTCYZNAIS")


# ------------------------------------------------------------------ TM-7.6 Speed


def test_tm_7_6_speed_takes_n_tokens() -> None:
    """TM-7.6: take N Speed tokens."""
    state = actions_phase(2)
    spot = max(find_spots(state.ctx, "speed", slots=None), key=lambda s: s.value)
    put_cards(state, spot.spot)
    state.s.front[0] = 3
    state = fresh(state)
    do(state, 0, f"speed {spot.spot}")
    assert state.s.speed_tokens[0] == spot.value
    assert state.s.speed_supply == 12 - spot.value


def test_tm_7_6_speed_takes_fewer_if_fewer_are_left() -> None:
    """TM-7.6: fewer if fewer are left."""
    state = actions_phase(2)
    spot = max(find_spots(state.ctx, "speed", slots=None), key=lambda s: s.value)
    assert spot.value >= 2
    put_cards(state, spot.spot)
    state.s.speed_supply = 1
    state = fresh(state)
    do(state, 0, f"speed {spot.spot}")
    assert state.s.speed_tokens[0] == 1
    assert state.s.speed_supply == 0


def test_tm_7_6_assign_to_a_line_with_a_free_slot_even_off_the_map() -> None:
    """TM-7.6/TM-1.2: slots are shared by Speed tokens and speculation discs; a line with
    no free slot takes no token; the train may be off the map."""
    state = actions_phase(2)
    ctx = state.ctx
    loan = find_spot(ctx, "loan")
    put_cards(state, loan.spot)
    slots = ctx.track.slots
    g, m = line(ctx, "G"), line(ctx, "M")
    state.s.speed_on_line[g] = slots[g] - 1
    state.s.speculations[g] = ((1, 0),)  # G is full
    state.s.speed_on_line[m] = slots[m] - 1  # M has one slot left
    state.s.speed_tokens[0] = 1
    state = fresh(state)
    assigns = {a.line for a in state.legal_actions(0) if isinstance(a, act.Assign)}
    assert assigns == set("MHTCYZNAISE")
    assert state.s.train_pos[m] == OFF_MAP
    do(state, 0, "assign M")
    assert state.s.speed_on_line[m] == slots[m]
    assert state.s.speed_tokens[0] == 0


def test_tm_7_6_assigned_tokens_stay_for_the_game() -> None:
    """TM-7.6: assigned tokens stay on their line in later rounds."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state.s.speed_tokens[0] = 1
    state = fresh(state)
    do(state, 0, "assign N")
    do(state, 0, f"loan {loan.spot}")
    state = to_trains(state)
    assert state.s.round == 2
    assert state.s.speed_on_line[line(state.ctx, "N")] == 1


# ------------------------------------------------------------------ TM-7.7 Bike


def test_tm_7_7_bike_at_most_one_each() -> None:
    """TM-7.7: take a Bike if one is left; at most one each."""
    state = actions_phase(2)
    bikes = find_spots(state.ctx, "bike", slots=None)
    first = bikes[0]
    second = next(b for b in bikes if b.spot[:-1] != first.spot[:-1])
    put_cards(state, first.spot, second.spot)
    state.s.front = [6, 6]
    state = fresh(state)
    do(state, 0, f"bike {first.spot}")
    assert state.s.bikes[0] is True
    assert state.s.bike_supply == 3
    assert act.Bike(second.spot) in state.legal_actions(1)  # others still may
    do(state, 1, "pass")
    # The action may still be taken (to block it), but a second Bike is never gained.
    do(state, 0, f"bike {second.spot}")
    assert state.s.bikes[0] is True
    assert state.s.bike_supply == 3


def test_tm_7_7_bike_when_none_is_left_gives_nothing() -> None:
    """TM-7.7: "take a Bike token if one is left": with none left the action gives nothing."""
    state = actions_phase(2)
    spot = find_spots(state.ctx, "bike", slots=None)[0]
    put_cards(state, spot.spot)
    state.s.bike_supply = 0
    state = fresh(state)
    do(state, 0, f"bike {spot.spot}")
    assert state.s.bikes[0] is False
    assert state.s.bike_supply == 0


# ------------------------------------------------------------------ TM-7.8 Discount


def test_tm_7_8_tm_7_2_discount_comes_off_c_before_multiplying() -> None:
    """TM-7.8/TM-7.2 RULING: (C - D) x stops; the Discount action becomes available again."""
    state = actions_phase(2)
    ctx = state.ctx
    disc = min(find_spots(ctx, "discount"), key=lambda s: s.value)
    build = next(s for s in find_spots(ctx, "station") if s.value > disc.value)
    key, where = _station_with(ctx, 3)
    put_cards(state, disc.spot, build.spot)
    put_meeple(state, 0, where)
    state = fresh(state)
    do(state, 0, f"discount {disc.spot}")
    assert state.s.taken == {disc.spot: 0}
    assert state.s.front[0] == 2
    assert act.Discount(disc.spot) not in state.legal_actions(1)
    do(state, 1, "pass")
    do(state, 0, f"station {build.spot} {key} discounts={disc.spot}")
    assert state.s.money[0] == 2000 - 3 * (build.value - disc.value)
    assert disc.spot not in state.s.taken  # available again
    assert state.s.front[0] == 1  # the discount disc stays on the new action
    assert act.Discount(disc.spot) in state.legal_actions(0)


def test_tm_7_8_discount_never_below_zero() -> None:
    """TM-7.8: the cost falls by D, not below 0."""
    state = actions_phase(2)
    ctx = state.ctx
    disc = max(find_spots(ctx, "discount"), key=lambda s: s.value)
    build = next(s for s in find_spots(ctx, "station") if s.value < disc.value)
    key, where = _station_with(ctx, 3)
    put_cards(state, disc.spot, build.spot)
    put_meeple(state, 0, where)
    state = fresh(state)
    do(state, 0, f"discount {disc.spot}")
    do(state, 1, "pass")
    do(state, 0, f"station {build.spot} {key} discounts={disc.spot}")
    assert state.s.money[0] == 2000


def test_tm_7_8_tm_6_4_discounts_only_on_printed_yen_costs() -> None:
    """TM-6.4: discounts reduce printed yen costs (Station, Invest, Action, Card) only;
    never stakes, loans or repayments."""
    state = actions_phase(2, round_no=2)
    ctx = state.ctx
    disc = find_spot(ctx, "discount")
    kinds = ("loan", "repay", "speculation", "bid", "station", "invest", "action", "card")
    others = [find_spot(ctx, k, slots=None) for k in kinds]
    put_cards(state, disc.spot, *(o.spot for o in others))
    state.s.value[line(ctx, "G")] = 900
    state.s.loans[0] = 1
    put_meeple(state, 0, _station_with(ctx, 1)[1])
    state.s.front[0] = 6
    state = fresh(state)
    do(state, 0, f"discount {disc.spot}")
    do(state, 1, "pass")
    legal = state.legal_actions(0)
    discounted = {a.kind for a in legal if a.to_dict().get("discounts")}
    assert discounted == {"station", "invest", "action", "card"}
    assert set(kinds) <= {a.kind for a in legal}


def test_tm_7_8_unused_discount_is_lost_at_the_end_of_the_phase() -> None:
    """TM-7.8: a discount is for later this round; its disc returns at the end of the phase."""
    state = actions_phase(2)
    disc = find_spot(state.ctx, "discount")
    put_cards(state, disc.spot)
    state = fresh(state)
    do(state, 0, f"discount {disc.spot}")
    state = to_trains(state)
    assert state.s.round == 2
    assert state.s.discount_discs == [(), ()]
    assert state.s.front == [3, 3]


# ------------------------------------------------------------------ TM-7.9 Bid


def test_tm_7_9_bid_sets_yen_beside_the_turn_order_disc() -> None:
    """TM-7.9: take ¥B from the bank beside the turn-order disc; not spendable."""
    state = actions_phase(2)
    bid = find_spot(state.ctx, "bid")
    put_cards(state, bid.spot)
    state = fresh(state)
    do(state, 0, f"bid {bid.spot}")
    assert state.s.bid_bonus == [bid.value, 0]
    assert state.s.money[0] == 2000
    assert state.view(1)["players"][0]["bid_bonus"] == bid.value


# ------------------------------------------------------------------ TM-7.10 Loan, Repay


def test_tm_7_10_loan_gives_1000_and_a_token() -> None:
    """TM-7.10: take a Loan token and ¥1,000."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state = fresh(state)
    do(state, 0, f"loan {loan.spot}")
    assert state.s.money[0] == 3000
    assert state.s.loans[0] == 1
    assert state.s.loan_supply == 7


def test_tm_7_10_no_loan_when_the_8_tokens_are_out() -> None:
    """TM-7.10: only if any of the 8 Loan tokens is left."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state.s.loan_supply = 0
    state = fresh(state)
    assert not any(isinstance(a, act.Loan) for a in state.legal_actions(0))


def test_tm_7_10_repay_pays_1000_and_returns_a_token() -> None:
    """TM-7.10: pay ¥1,000 and return one Loan token; only with a loan and the money."""
    state = actions_phase(2)
    repay = find_spot(state.ctx, "repay")
    put_cards(state, repay.spot)
    state = fresh(state)
    assert not any(isinstance(a, act.Repay) for a in state.legal_actions(0))
    state.s.loans[0] = 2
    state.s.loan_supply = 6
    state.s.money[0] = 999
    state = fresh(state)
    assert not any(isinstance(a, act.Repay) for a in state.legal_actions(0))  # TM-5.1
    state.s.money[0] = 1500
    state = fresh(state)
    do(state, 0, f"repay {repay.spot}")
    assert state.s.money[0] == 500
    assert state.s.loans[0] == 1
    assert state.s.loan_supply == 7


# ------------------------------------------------------------------ TM-7.11 Speculation


def test_tm_7_11_speculation_stake_at_least_low_v() -> None:
    """TM-7.11: a line whose value is at least ¥100; stake at least low(V), more allowed."""
    state = actions_phase(2)
    ctx = state.ctx
    spec = find_spot(ctx, "speculation")
    put_cards(state, spec.spot)
    state.s.value[line(ctx, "G")] = 2900
    state.s.value[line(ctx, "M")] = 100
    state = fresh(state)
    offered: dict[str, list[int]] = {}
    for a in state.legal_actions(0):
        if isinstance(a, act.Speculate):
            offered.setdefault(a.line, []).append(a.stake)
    assert set(offered) == {"G", "M"}  # value 0 lines are excluded
    assert offered["G"] == list(range(900, 2001, 100))
    assert offered["M"] == list(range(0, 2001, 100))
    do(state, 0, f"speculation {spec.spot} G 1200")
    assert state.s.money[0] == 800
    assert state.s.speculations[line(ctx, "G")] == ((0, 1200),)
    assert state.s.spec_discs[0] == 1


def test_tm_7_11_no_speculation_where_you_hold_stock() -> None:
    """TM-7.11: only on a line where you hold no stock."""
    state = actions_phase(2)
    ctx = state.ctx
    spec = find_spot(ctx, "speculation")
    put_cards(state, spec.spot)
    state.s.value[line(ctx, "G")] = 1000
    state.s.value[line(ctx, "M")] = 1000
    state.s.stocks[line(ctx, "G")] = (0,)
    state = fresh(state)
    lines = {a.line for a in state.legal_actions(0) if isinstance(a, act.Speculate)}
    assert lines == {"M"}


def test_tm_7_11_two_speculations_on_one_line_then_no_disc_left() -> None:
    """TM-7.11: two speculations on one line are allowed; 2 discs per game."""
    state = actions_phase(2)
    ctx = state.ctx
    specs = find_spots(ctx, "speculation")
    first = specs[0]
    second = next(s for s in specs if s.spot[:-1] != first.spot[:-1])
    third = next(s for s in specs if s.spot[:-1] not in (first.spot[:-1], second.spot[:-1]))
    put_cards(state, first.spot, second.spot)
    e = line(ctx, "E")
    assert ctx.track.slots[e] >= 3
    state.s.value[e] = 600
    state = fresh(state)
    do(state, 0, f"speculation {first.spot} E 200")
    do(state, 1, "pass")
    do(state, 0, f"speculation {second.spot} E 300")
    assert state.s.speculations[e] == ((0, 200), (0, 300))
    assert state.s.spec_discs[0] == 0
    assert state.s.money[0] == 1500
    put_cards(state, third.spot)
    state = fresh(state)
    assert not any(isinstance(a, act.Speculate) for a in state.legal_actions(0))


def test_tm_7_11_no_free_slot_no_speculation() -> None:
    """TM-7.11/TM-1.2: the disc needs a free slot (shared with Speed tokens)."""
    state = actions_phase(2)
    ctx = state.ctx
    spec = find_spot(ctx, "speculation")
    put_cards(state, spec.spot)
    g = line(ctx, "G")
    state.s.value[g] = 1000
    state.s.speed_on_line[g] = ctx.track.slots[g]
    state = fresh(state)
    assert not any(isinstance(a, act.Speculate) for a in state.legal_actions(0))


# ------------------------------------------------------------------ TM-7.12 Action


def test_tm_7_12_action_buys_a_disc_usable_at_once() -> None:
    """TM-7.12: pay C; one disc from the general supply into your front, usable at once."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "action")
    put_cards(state, spot.spot)
    state = fresh(state)
    do(state, 0, f"action {spot.spot}")
    assert state.s.money[0] == 2000 - spot.value
    assert state.s.front[0] == 3
    assert state.s.action_discs[0] == 4
    assert state.s.supply_discs[0] == 2
    do(state, 1, "pass")
    do(state, 0, "pass")
    assert state.s.money[0] == 2000 - spot.value + 300


def test_tm_7_12_at_most_6_action_discs() -> None:
    """TM-7.12: at most 6 action discs each."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "action")
    put_cards(state, spot.spot)
    state.s.action_discs[0] = 6
    state.s.supply_discs[0] = 0
    state = fresh(state)
    assert not any(isinstance(a, act.NewDisc) for a in state.legal_actions(0))


def test_tm_7_12_discs_bought_are_kept_in_later_rounds() -> None:
    """TM-7.12: the new disc is an action disc for the rest of the game."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "action")
    put_cards(state, spot.spot)
    state = fresh(state)
    do(state, 0, f"action {spot.spot}")
    state = to_trains(state)
    assert state.s.round == 2
    assert state.s.front == [4, 3]


# ------------------------------------------------------------------ TM-7.13 Card, TM-6.3


def _card_round_2() -> tuple[TokyoMetroState, str, str]:
    """Round 2 (discard piles hold one card each); seat 0 takes the top card of the
    discard pile of the first column through a Card action."""
    state = actions_phase(2, round_no=2)
    spot = find_spot(state.ctx, "card")
    put_cards(state, spot.spot)
    state = fresh(state)
    pile = state.ctx.deck_keys[0]
    top = state.s.discards[0][-1]
    do(state, 0, f"card {spot.spot} {pile}")
    assert state.s.money[0] == 2000 - spot.value
    return state, top, spot.spot


def test_tm_7_13_card_takes_the_top_of_a_discard_pile() -> None:
    """TM-7.13: pay C; take the top card of any discard pile as a personal card."""
    state, top, _ = _card_round_2()
    assert state.s.personal[0] == (top,)
    assert state.s.discards[0] == ()
    assert state.view(1)["players"][0]["personal_cards"] == [top]


def test_tm_7_13_tm_6_3_personal_card_is_usable_at_once_by_its_owner_only() -> None:
    """TM-7.13/TM-6.3: the personal card is usable at once, by its owner alone."""
    state, top, _ = _card_round_2()
    ctx = state.ctx
    mine = {a.spot for a in ctx.cards.cards[top].actions}
    put_meeple(state, 0, OPEN)
    put_meeple(state, 1, "c1")
    state = fresh(state)
    assert state.current_players() == (1,)
    theirs = {a.to_dict().get("spot") for a in state.legal_actions(1)}
    assert not theirs & mine
    do(state, 1, "pass")
    own = {a.to_dict().get("spot") for a in state.legal_actions(0)}
    assert own & mine


def test_tm_7_13_personal_card_stays_for_the_rest_of_the_game() -> None:
    """TM-7.13: the personal card stays the owner's in later rounds; renewal leaves it."""
    state, top, _ = _card_round_2()
    state = to_trains(state)
    assert state.s.round == 3
    assert state.s.personal[0] == (top,)
    assert all(top not in column for column in state.s.grid)


def test_tm_7_13_no_card_action_while_every_discard_pile_is_empty() -> None:
    """TM-7.13: there must be a discard pile to take from (none in round 1)."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "card")
    put_cards(state, spot.spot)
    state = fresh(state)
    assert not any(isinstance(a, act.TakeCard) for a in state.legal_actions(0))
    assert state.s.phase is Phase.ACTIONS
