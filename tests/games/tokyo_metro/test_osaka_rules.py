"""OSAKA METRO (OS-1 to OS-9): the Osaka map and the Osaka cards, one short test per rule.

Games here use the Osaka map with the Osaka cards (MOD-1's other combinations are in
test_modular.py). Positions are reached through the public API, then edited as in the
TOKYO tests (helpers.py).
"""

from __future__ import annotations

import pytest

from ekimae.core.errors import IllegalActionError
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import load_pieces, load_track
from ekimae.games.tokyo_metro.scoring import stock_shares
from tests.games.tokyo_metro.helpers import (
    NOBODY,
    OFF_MAP,
    Phase,
    TokyoMetroState,
    actions_phase,
    end_game,
    find_spot,
    finish_trains,
    fresh,
    line,
    new_game,
    put_cards,
    put_meeple,
    station,
    to_trains,
)

OSAKA = {"map": "osaka", "cards": "osaka"}


def osaka(seats: int = 2, seed: int = 1) -> TokyoMetroState:
    return actions_phase(seats, seed, options=OSAKA)


def _invest(state: TokyoMetroState, seat: int, letter: str) -> None:
    spot = find_spot(state.ctx, "invest")
    put_cards(state, spot.spot)
    state.s.taken.pop(spot.spot, None)
    state.s.front[seat] = 3
    state.s.cursor = state.s.order.index(seat)
    fresh_state = fresh(state)
    fresh_state.apply(seat, act.Invest(spot.spot, letter))


# ------------------------------------------------------------------ OS-1 components


def test_os_1_lines_decks_and_rounds() -> None:
    """OS-1: 10 lines in the order M, bus, T, Y, C, I, S, N, K, P; 5 decks of 8 in the
    pairs' colours; 2-dot cards under the 1-dot ones; 9 - players rounds."""
    state = new_game(3, 4, OSAKA)
    ctx = state.ctx
    assert ctx.letters == ("M", "BUS", "T", "Y", "C", "I", "S", "N", "K", "P")
    assert [d.lines for d in ctx.cards.decks] == [
        ("M", "BUS"), ("T", "Y"), ("C", "I"), ("S", "N"), ("K", "P"),
    ]  # fmt: skip
    assert all(len(d.cards) == 8 for d in ctx.cards.decks)
    for deck in state.s.decks:  # top = last: the dots never fall towards the bottom
        dots = [ctx.cards.cards[c].dots for c in deck]
        assert dots == sorted(dots, reverse=True)
    assert state.rounds == 9 - 3


def test_os_1_vehicles_of_the_map_are_the_printed_pieces() -> None:
    """OS-1: 8 trains, 2 trams (P), 2 buses (bus)."""
    ctx = new_game(2, 1, OSAKA).ctx
    kinds = [ctx.board.lines[ctx.vehicle_line[v]].vehicle for v in range(ctx.vehicles)]
    assert {k: kinds.count(k) for k in set(kinds)} == load_pieces("osaka").vehicles


# ------------------------------------------------------------------ OS-2 pairs and halts


def test_os_2_both_vehicles_appear_one_on_each_terminus() -> None:
    """OS-2: the action that puts P on the map puts one tram on each terminus."""
    state = osaka()
    ctx = state.ctx
    _invest(state, 0, "P")
    p1, p2 = ctx.line_vehicles[line(ctx, "P")]
    last = len(ctx.line_stops[line(ctx, "P")]) - 1
    assert (state.s.train_pos[p1], state.s.train_dir[p1]) == (0, 1)
    assert (state.s.train_pos[p2], state.s.train_dir[p2]) == (last, -1)
    view = state.view(None)["lines"][line(ctx, "P")]
    assert [v["vehicle"] for v in view["vehicles"]] == ["P1", "P2"]
    assert view["train"] == {k: view["vehicles"][0][k] for k in view["train"]}


def test_os_2_the_pair_moves_together_speed_counts_for_both_each_pays() -> None:
    """OS-2: both trams move (5 + Speed stops each), and each one's arrivals pay (TM-8.3)."""
    state = osaka()
    ctx, s = state.ctx, state.s
    p = line(ctx, "P")
    _invest(state, 1, "P")
    s.speed_on_line[p] = 1  # six stops each
    s.owner[station(ctx, "cosmosquare")] = 0
    s.owner[station(ctx, "suminoekoen")] = 0
    value, money = s.value[p], s.money[0]
    state = to_trains(fresh(state))
    finish_trains(state)
    p1, p2 = ctx.line_vehicles[p]
    # 5 stops long: 0 -> 4 (turn) -> 2 for P1; 4 -> 0 (turn) -> 2 for P2.
    assert (state.s.train_pos[p1], state.s.train_pos[p2]) == (2, 2)  # sharing a stop
    # Each tram reached the other terminus once: 2 x (¥200 value, ¥200 owner).
    assert state.s.value[p] == value + 400
    assert state.s.money[0] == money + 400


def test_os_2_halts_are_stops_but_never_stations() -> None:
    """OS-2: no pyramid on a small circle: no Station listed, and a refusal naming OS-2."""
    state = osaka()
    ctx = state.ctx
    halt = ctx.board.stations[station(ctx, "p-1")]
    assert halt.halt
    spot = find_spot(ctx, "station")
    put_cards(state, spot.spot)
    put_meeple(state, 0, ctx.cell_names[halt.cells[0]])
    state = fresh(state)
    assert not [a for a in state.legal_actions(0) if isinstance(a, act.Station)]
    with pytest.raises(IllegalActionError) as err:
        state.apply(0, act.Station(spot.spot, "p-1"))
    assert err.value.rule == "OS-2"


def test_os_2_boarding_decided_per_vehicle_in_turn_order() -> None:
    """OS-2: at the pair's starting stops a seat touching a terminus boards that vehicle
    (board-vehicle 1 or 2); a halt is a stop for riding too."""
    state = osaka()
    ctx, s = state.ctx, state.s
    _invest(state, 0, "P")
    far = ctx.board.stations[station(ctx, "suminoekoen")]
    put_meeple(state, 1, ctx.cell_names[far.cells[0]])
    state = to_trains(fresh(state))
    s = state.s
    while s.train_line != line(ctx, "P"):
        assert state.current_players(), "the trams should stop for seat 2"
        seat = state.current_players()[0]
        state.apply(seat, act.Pass())
    assert state.current_players() == (1,)
    legal = state.legal_actions(1)
    assert act.BoardVehicle(2) in legal and act.BoardVehicle(1) not in legal
    with pytest.raises(IllegalActionError) as err:
        state.apply(1, act.BoardTrain())
    assert err.value.rule == "OS-2"
    state.apply(1, act.BoardVehicle(2))
    assert s.riding[1] == ctx.line_vehicles[line(ctx, "P")][1]
    assert state.view(None)["players"][1]["riding_vehicle"] == "P2"
    # The next stop is a halt: the rider may alight there.
    assert s.queue == (1,) and ctx.halt[ctx.vehicle_station(s.riding[1], s.train_pos[s.riding[1]])]
    assert any(isinstance(a, act.Alight) for a in state.legal_actions(1))


# ------------------------------------------------------------------ OS-3 slots


def test_os_3_disc_slots_per_line_come_from_the_osaka_track() -> None:
    """OS-3: 1-4 slots per line (DATA), shared by Speed tokens and speculations."""
    state = osaka()
    assert state.ctx.track.slots == load_track("osaka").slots
    assert set(state.ctx.track.slots) <= {1, 2, 3, 4}
    assert [ln["slots"] for ln in state.view(None)["lines"]] == list(load_track("osaka").slots)


# ------------------------------------------------------------------ OS-4 stocks


def test_os_4_stocks_per_line_and_flat_surcharge() -> None:
    """OS-4: M has 4 stock cards; #2, #3 and #4 each cost a flat ¥300 on top."""
    state = osaka(5)
    ctx, s = state.ctx, state.s
    m = line(ctx, "M")
    assert ctx.stock_cards[m] == 4
    spot = find_spot(ctx, "invest")
    paid = []
    for seat in range(4):
        put_cards(state, spot.spot)
        s.taken.pop(spot.spot, None)
        s.cursor = s.order.index(seat)
        s.front[seat] = 3
        before = s.money[seat]
        fresh(state).apply(seat, act.Invest(spot.spot, "M"))
        paid.append(before - s.money[seat])
    assert paid == [spot.value, spot.value + 300, spot.value + 300, spot.value + 300]
    s.taken.pop(spot.spot, None)
    s.cursor = s.order.index(4)
    s.front[4] = 3
    state = fresh(state)
    assert act.Invest(spot.spot, "M") not in state.legal_actions(4)
    with pytest.raises(IllegalActionError) as err:
        state.apply(4, act.Invest(spot.spot, "M"))
    assert err.value.rule == "OS-4"


# ------------------------------------------------------------------ OS-5 the card set


def test_os_5_no_start_bid_or_card_in_the_osaka_set() -> None:
    """OS-5: the Osaka cards print no Start, Bid or Card, and add the three new kinds."""
    state = osaka()
    kinds = {a.kind.value for a in state.ctx.cards.spots.values()}
    assert not kinds & {"start", "bid", "card"}
    assert {"invest-disc", "sell", "copy"} <= kinds
    with pytest.raises(IllegalActionError) as err:
        state.apply(0, act.Start("GM1a", "M"))
    assert err.value.rule == "OS-5"


# ------------------------------------------------------------------ OS-6 Invest by disc


def test_os_6_invest_by_disc_costs_a_disc_and_only_the_surcharge() -> None:
    """OS-6: a second disc from the front leaves the game; #1 is free, the value rises by
    the surcharge paid (nothing here); the tram pair appears."""
    state = osaka()
    ctx, s = state.ctx, state.s
    spot = find_spot(ctx, "invest-disc")
    put_cards(state, spot.spot)
    state = fresh(state)
    money, discs = s.money[0], s.action_discs[0]
    state.apply(0, act.InvestDisc(spot.spot, "P"))
    assert s.money[0] == money and s.value[line(ctx, "P")] == 0
    assert s.action_discs[0] == discs - 1 and s.front[0] == 3 - spot.slots - 1
    assert s.stocks[line(ctx, "P")] == (0,)
    assert all(s.train_pos[v] != OFF_MAP for v in ctx.line_vehicles[line(ctx, "P")])
    # Next round the lost disc does not come back (TM-3.5 returns the others).
    state.s.front = [0, 0]
    state = to_trains(fresh(state))
    finish_trains(state)
    assert state.s.front[0] == discs - 1


def test_os_6_invest_by_disc_needs_a_disc_besides_those_placed() -> None:
    state = osaka()
    spot = find_spot(state.ctx, "invest-disc")
    put_cards(state, spot.spot)
    state.s.front[0] = spot.slots
    state = fresh(state)
    assert not [a for a in state.legal_actions(0) if isinstance(a, act.InvestDisc)]
    with pytest.raises(IllegalActionError) as err:
        state.apply(0, act.InvestDisc(spot.spot, "P"))
    assert err.value.rule == "OS-6"


def test_os_6_a_later_stock_by_disc_pays_the_surcharge_into_the_value() -> None:
    state = osaka()
    ctx, s = state.ctx, state.s
    s.stocks[line(ctx, "T")] = (1,)
    spot = find_spot(ctx, "invest-disc")
    put_cards(state, spot.spot)
    money = s.money[0]
    fresh(state).apply(0, act.InvestDisc(spot.spot, "T"))
    assert s.money[0] == money - 300 and s.value[line(ctx, "T")] == 300
    assert s.stocks[line(ctx, "T")] == (1, 0)


# ------------------------------------------------------------------ OS-7.1 Copy


def test_os_7_1_copy_takes_an_action_already_taken_by_stacking_discs() -> None:
    """OS-7.1: pay for a Copy disc; later a taken action can be taken again with discs on
    top; the Copy disc moves onto it, so the Copy action is free again."""
    state = osaka()
    ctx, s = state.ctx, state.s
    copy = find_spot(ctx, "copy")
    loan = find_spot(ctx, "loan")
    put_cards(state, copy.spot, loan.spot)
    state = fresh(state)
    state.apply(0, act.Loan(loan.spot))  # the first seat takes the Loan
    assert act.Loan(loan.spot) not in state.legal_actions(1)  # taken: no Copy disc yet
    with pytest.raises(IllegalActionError) as err:
        state.apply(1, act.Loan(loan.spot))
    assert err.value.rule == "TM-6.1"
    money = s.money[1]
    state.apply(1, act.Copy(copy.spot))
    assert s.money[1] == money - copy.value and s.copy_discs[1] == (copy.spot,)
    state.apply(0, act.Pass())
    assert act.Loan(loan.spot) in state.legal_actions(1)
    state.apply(1, act.Loan(loan.spot))
    assert s.loans == [1, 1] and s.taken[loan.spot] == 0 and s.copies == {loan.spot: (1,)}
    assert copy.spot not in s.taken and not s.copy_discs[1]
    view = state.view(None)
    assert view["copies"] == {loan.spot: [1]} and view["players"][1]["copy_discs"] == []


def test_os_7_1_copy_discs_and_stacks_end_with_the_actions_phase() -> None:
    state = osaka()
    ctx, s = state.ctx, state.s
    copy = find_spot(ctx, "copy")
    put_cards(state, copy.spot)
    state = fresh(state)
    state.apply(0, act.Copy(copy.spot))
    s.front = [0, 0]
    state = to_trains(fresh(state))
    assert state.s.copy_discs == [(), ()] and state.s.copies == {}


# ------------------------------------------------------------------ OS-7.2 Sell


def test_os_7_2_sell_sets_aside_the_payout_and_renumbers_the_holders() -> None:
    """OS-7.2, the seeds' example: #1 sold while others hold #2 and #3: #2 becomes #1, #3
    becomes #2, #3 goes back to the supply (buyable again, also by the seller)."""
    state = osaka(3)
    ctx, s = state.ctx, state.s
    t = line(ctx, "T")
    s.stocks[t] = (0, 1, 2)
    s.value[t] = 2900
    s.speculations[t] = ((1, 500),)  # ignored by Sell
    spot = find_spot(ctx, "sell")
    put_cards(state, spot.spot)
    money = s.money[0]
    fresh(state).apply(0, act.Sell(spot.spot, "T"))
    # Three holders at ¥2,900: #1 takes ¥1,500 (TM-9.3).
    assert s.sold[0] == 1500 and s.money[0] == money
    assert s.value[t] == 1400 and s.stocks[t] == (1, 2)
    assert state.view(None)["players"][0]["sold"] == 1500
    invest = find_spot(ctx, "invest")
    put_cards(state, invest.spot)
    s.cursor = s.order.index(0)
    s.front[0] = 3
    assert act.Invest(invest.spot, "T") in fresh(state).legal_actions(0)


def test_os_7_2_sell_money_is_added_at_the_end_before_the_loans() -> None:
    """TM-9.4: after the payouts, before the loans (TM-9.5)."""
    state = osaka()
    ctx, s = state.ctx, state.s
    s.stocks[line(ctx, "Y")] = (0,)
    s.value[line(ctx, "Y")] = 800
    spot = find_spot(ctx, "sell")
    put_cards(state, spot.spot)
    fresh(state).apply(0, act.Sell(spot.spot, "Y"))
    assert s.sold[0] == 800 and s.stocks[line(ctx, "Y")] == ()
    s.loans[0] = 1
    money = s.money[0]
    state = end_game(fresh(state))
    assert state.final is not None and state.final["sold"] == [800, 0]
    assert state.s.money[0] == money + 800 - 1500
    assert state.s.sold == [0, 0]


def test_os_7_2_only_a_held_stock_can_be_sold() -> None:
    state = osaka()
    spot = find_spot(state.ctx, "sell")
    put_cards(state, spot.spot)
    state = fresh(state)
    assert not [a for a in state.legal_actions(0) if isinstance(a, act.Sell)]
    with pytest.raises(IllegalActionError) as err:
        state.apply(0, act.Sell(spot.spot, "M"))
    assert err.value.rule == "OS-7.2"


# ------------------------------------------------------------------ OS-8 nothing leaves


def test_os_8_on_the_osaka_map_nothing_leaves() -> None:
    """OS-8: a line with no stock whose train returns to its stop 1 stays on the map."""
    state = osaka()
    ctx, s = state.ctx, state.s
    m = line(ctx, "M")
    s.train_pos[m] = 2
    s.train_dir[m] = -1
    s.train_started[m] = True  # as if a Start had put it there (MOD-2)
    state = to_trains(fresh(state))
    finish_trains(state)
    assert state.s.train_pos[m] != OFF_MAP and state.s.stocks[m] == ()


# ------------------------------------------------------------------ OS-9 four holders


def test_os_9_four_holders_the_seeds_example() -> None:
    """OS-9 at ¥2,000: 1,000, 500, 300, 200."""
    assert stock_shares(load_track("osaka"), 2000, 4) == [1000, 500, 300, 200]


def test_os_9_four_holders_paid_at_the_end() -> None:
    state = osaka(4)
    ctx, s = state.ctx, state.s
    t = line(ctx, "T")
    s.stocks[t] = (3, 2, 1, 0)
    s.value[t] = 2000
    money = s.money[:]
    state = end_game(fresh(state))
    assert [state.s.money[p] - money[p] for p in range(4)] == [200, 300, 500, 1000]
    assert state.final is not None
    paid = state.final["lines"][t]["stocks"]
    assert [x["paid"] for x in paid] == [1000, 500, 300, 200]
    assert "OS-9" in " ".join(state.s.log_lines())


def test_riding_and_seats_stay_consistent_after_a_pair_round() -> None:
    """OS-2 with TM-8.5: after a whole trains phase no seat rides a vehicle off the map."""
    state = osaka()
    _invest(state, 0, "BUS")
    state = to_trains(fresh(state))
    finish_trains(state)
    s = state.s
    assert state.s.phase is not Phase.TRAINS
    for seat in range(s.n):
        assert s.riding[seat] == NOBODY or s.train_pos[s.riding[seat]] != OFF_MAP
