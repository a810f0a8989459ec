"""Refusals: an illegal action raises IllegalActionError naming the rule it breaks
(`.rule`) and leaves the state exactly as it was; a malformed one raises
MalformedActionError."""

from __future__ import annotations

from typing import Any

import pytest

from ekimae.core.errors import IllegalActionError, MalformedActionError
from ekimae.games.tokyo_metro import actions as act
from tests.games.tokyo_metro.helpers import (
    GAME,
    OFF_MAP,
    Phase,
    TokyoMetroState,
    actions_phase,
    cell_touching,
    cells_of,
    do,
    end_game,
    find_spot,
    fresh,
    line,
    new_game,
    play_to,
    put_cards,
    put_meeple,
    put_train,
    snapshot,
    station_at,
    to_trains,
)

OPEN = "k12"


def refused(state: TokyoMetroState, seat: int, text: str) -> IllegalActionError:
    """Apply `text` for `seat`; it must be refused and change nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        do(state, seat, text)
    assert snapshot(state) == before
    return info.value


def _station_cell(state: TokyoMetroState, stops: int = 1) -> tuple[str, str]:
    ctx = state.ctx
    st = next(s for s in ctx.board.stations if len(s.stops) == stops)
    return st.key, cell_touching(ctx, st.key)


# ------------------------------------------------------------------ phases


def test_tm_3_3_bid_above_money() -> None:
    """TM-3.3/TM-5.1: a bid above the player's money."""
    err = refused(new_game(2), 0, "turn-bid 2100")
    assert err.rule == "TM-3.3"


def test_tm_3_3_bid_not_a_whole_100() -> None:
    """TM-3.3: bids are in ¥100 steps."""
    assert refused(new_game(2), 0, "turn-bid 150").rule == "TM-3.3"


def test_tm_3_3_bidding_twice() -> None:
    """TM-3.3: one bid each."""
    state = new_game(3)
    do(state, 0, "turn-bid 0")
    assert refused(state, 0, "turn-bid 100").rule == "TM-3.3"


def test_tm_3_4_place_outside_the_start_area() -> None:
    """TM-3.4: round 1 placement only on an empty cell of the start area."""
    state = new_game(2)
    do(state, 0, "turn-bid 100")
    do(state, 1, "turn-bid 0")
    start = sorted(state.ctx.cell_names[c] for c in state.ctx.board.start_cells)
    outside = next(name for name in state.ctx.cell_names if name not in start)
    assert refused(state, 0, f"place {outside}").rule == "TM-3.4"
    do(state, 0, f"place {start[0]}")
    assert refused(state, 1, f"place {start[0]}").rule == "TM-3.4"


def test_tm_3_4_walk_three_cells() -> None:
    """TM-3.4: up to 2 cells in the movement phase."""
    state = actions_phase(2)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    seat = state.current_players()[0]
    put_meeple(state, seat, OPEN)
    state = fresh(state)
    assert refused(state, seat, "walk n12").rule == "TM-3.4"


def test_tm_3_5_acting_out_of_turn() -> None:
    """TM-3.5: in turn order; another seat may not act."""
    state = actions_phase(2)
    err = refused(state, 1, "pass")
    assert err.rule == "TM-3.5"


def test_tm_3_5_nothing_after_passing() -> None:
    """TM-3.5: a player who passed is skipped for the rest of the phase."""
    state = actions_phase(3)
    do(state, 0, "pass")
    assert refused(state, 0, "pass").rule == "TM-3.5"


def test_tm_9_1_no_action_after_the_end() -> None:
    """TM-9.1: the game is over."""
    state = end_game(actions_phase(2))
    assert refused(state, 0, "pass").rule == "TM-9.1"


# ------------------------------------------------------------------ card actions


def test_tm_6_1_spot_already_taken() -> None:
    """TM-6.1: an action whose slots hold discs is not available."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state = fresh(state)
    do(state, 0, f"loan {loan.spot}")
    err = refused(state, 1, f"loan {loan.spot}")
    assert err.rule in ("TM-6.1", "TM-7.10")  # TM-6.1 expected: test_engine_bugs_found


def test_tm_6_1_not_enough_discs_for_the_slots() -> None:
    """TM-6.1: one disc per slot."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "bid", slots=3)
    put_cards(state, spot.spot)
    state.s.front[0] = 2
    state = fresh(state)
    err = refused(state, 0, f"bid {spot.spot}")
    assert err.rule in ("TM-6.1", "TM-7.9")
    assert "3 discs" in str(err)


def test_tm_6_1_card_not_on_the_table() -> None:
    """TM-6.1/TM-6.3: only actions of the face-up cards (and your own cards)."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "loan")
    column = state.ctx.cards.cards[spot.spot[:-1]].deck
    if spot.spot[:-1] in state.s.grid[column]:
        # set-up: make sure the card is not on the table
        deck = state.s.decks[column]
        row = state.s.grid[column].index(spot.spot[:-1])
        grid = list(state.s.grid[column])
        grid[row], replacement = deck[0], spot.spot[:-1]
        state.s.grid[column] = tuple(grid)
        state.s.decks[column] = (replacement, *deck[1:])
    state = fresh(state)
    err = refused(state, 0, f"loan {spot.spot}")
    assert err.rule in ("TM-6.1", "TM-6.3", "TM-7.10")


def test_tm_6_2_no_pass_after_assigning_a_speed_token() -> None:
    """TM-6.2: Speed tokens are assigned before an action, never on a turn you pass."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state.s.speed_tokens[0] = 1
    state = fresh(state)
    do(state, 0, "assign G")
    err = refused(state, 0, "pass")
    assert err.rule in ("TM-6.2", "TM-3.5")


def test_tm_6_3_another_players_personal_card() -> None:
    """TM-6.3: a personal action card is usable only by its owner."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    card = loan.spot[:-1]
    column = state.ctx.cards.cards[card].deck
    put_cards(state, loan.spot)
    # set-up: the card is seat 1's personal card, off the table
    grid = list(state.s.grid[column])
    row = grid.index(card)
    grid[row] = state.s.decks[column][-1]
    state.s.decks[column] = state.s.decks[column][:-1]
    state.s.grid[column] = tuple(grid)
    state.s.personal[1] = (card,)
    state = fresh(state)
    err = refused(state, 0, f"loan {loan.spot}")
    assert "TM-6.3" in str(err)


def test_tm_7_1_move_too_far() -> None:
    """TM-7.1: up to N cells."""
    state = actions_phase(2)
    move = find_spot(state.ctx, "move")
    put_cards(state, move.spot)
    put_meeple(state, 0, OPEN)
    state = fresh(state)
    far = f"{chr(ord('k') + move.value + 1)}12"
    assert refused(state, 0, f"move {move.spot} {far}").rule == "TM-7.1"


def test_tm_7_1_tm_4_3_rider_cannot_move() -> None:
    """TM-7.1/TM-4.3: a rider is off the map and cannot move."""
    state = actions_phase(2)
    move = find_spot(state.ctx, "move")
    put_cards(state, move.spot)
    put_train(state, "G", 3)
    state.s.stocks[line(state.ctx, "G")] = (1,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = line(state.ctx, "G")
    state = fresh(state)
    assert refused(state, 0, f"move {move.spot} {OPEN}").rule == "TM-7.1"


def test_tm_7_2_station_not_touched() -> None:
    """TM-7.2: only a station the meeple touches."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    put_cards(state, spot.spot)
    key, _ = _station_cell(state)
    state = fresh(state)
    assert refused(state, 0, f"station {spot.spot} {key}").rule == "TM-7.2"


def test_tm_7_2_station_with_a_pyramid() -> None:
    """TM-7.2: one pyramid per station."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    put_cards(state, spot.spot)
    key, where = _station_cell(state)
    put_meeple(state, 0, where)
    state.s.owner[state.ctx.board.station_by_key[key]] = 1
    state = fresh(state)
    assert refused(state, 0, f"station {spot.spot} {key}").rule == "TM-7.2"


def test_tm_7_2_tm_5_1_station_not_affordable() -> None:
    """TM-7.2/TM-5.1: an action the player cannot pay in full cannot be chosen."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    put_cards(state, spot.spot)
    key, where = _station_cell(state)
    put_meeple(state, 0, where)
    state.s.money[0] = spot.value - 100
    state = fresh(state)
    assert refused(state, 0, f"station {spot.spot} {key}").rule == "TM-7.2"


def test_tm_7_2_unknown_station() -> None:
    """TM-7.2: the station must exist and be touched."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "station")
    put_cards(state, spot.spot)
    state = fresh(state)
    assert refused(state, 0, f"station {spot.spot} atlantis").rule == "TM-7.2"


def test_tm_7_3_exchange_without_a_token() -> None:
    """TM-7.3: needs an unassigned Speed token or a Bike."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "exchange")
    put_cards(state, spot.spot)
    key, where = _station_cell(state)
    put_meeple(state, 0, where)
    state = fresh(state)
    assert refused(state, 0, f"exchange {spot.spot} {key} speed").rule == "TM-7.3"
    assert refused(state, 0, f"exchange {spot.spot} {key} bike").rule == "TM-7.3"


def test_tm_7_4_invest_where_you_hold_stock() -> None:
    """TM-7.4: not a line where you hold stock."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "invest")
    put_cards(state, spot.spot)
    state.s.stocks[line(state.ctx, "G")] = (0,)
    state = fresh(state)
    assert refused(state, 0, f"invest {spot.spot} G").rule == "TM-7.4"


def test_tm_7_4_invest_where_you_speculated() -> None:
    """TM-7.4: not a line where you speculated."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "invest")
    put_cards(state, spot.spot)
    state.s.speculations[line(state.ctx, "G")] = ((0, 0),)
    state = fresh(state)
    assert refused(state, 0, f"invest {spot.spot} G").rule == "TM-7.4"


def test_tm_7_4_tm_5_1_invest_not_affordable_with_the_surcharge() -> None:
    """TM-7.4/TM-5.1: C plus the surcharge must be paid in full."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "invest")
    put_cards(state, spot.spot)
    state.s.stocks[line(state.ctx, "G")] = (1, 1)  # the next G card is #3 (¥600)
    state.s.money[0] = spot.value + 500
    state = fresh(state)
    assert refused(state, 0, f"invest {spot.spot} G").rule == "TM-7.4"
    do(state, 0, f"invest {spot.spot} M")  # #1 of M is affordable


def test_tm_7_5_start_a_train_on_the_map() -> None:
    """TM-7.5: only a train off the map."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "start")
    put_cards(state, spot.spot)
    put_train(state, "G", 5)
    state = fresh(state)
    assert refused(state, 0, f"start {spot.spot} G").rule == "TM-7.5"


def test_tm_7_6_assign_to_a_full_line() -> None:
    """TM-7.6: only to a line with a free slot."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    g = line(state.ctx, "G")
    state.s.speed_on_line[g] = state.ctx.track.slots[g]
    state.s.speed_tokens[0] = 1
    state = fresh(state)
    assert refused(state, 0, "assign G").rule == "TM-6.2"


def test_tm_7_6_assign_without_a_token() -> None:
    """TM-7.6/TM-6.2: only tokens you hold."""
    state = actions_phase(2)
    assert refused(state, 0, "assign G").rule == "TM-6.2"


def test_tm_7_8_discount_disc_not_yours() -> None:
    """TM-7.8: only your own discount discs."""
    state = actions_phase(2)
    disc = find_spot(state.ctx, "discount")
    spot = find_spot(state.ctx, "action")
    put_cards(state, disc.spot, spot.spot)
    state = fresh(state)
    do(state, 0, f"discount {disc.spot}")
    err = refused(state, 1, f"action {spot.spot} discounts={disc.spot}")
    assert err.rule in ("TM-7.8", "TM-7.12")


def test_tm_7_10_loan_when_none_left_and_repay_without_loan() -> None:
    """TM-7.10: only while a Loan token is left; repay only a loan you hold."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    repay = find_spot(state.ctx, "repay")
    put_cards(state, loan.spot, repay.spot)
    state.s.loan_supply = 0
    state = fresh(state)
    assert refused(state, 0, f"loan {loan.spot}").rule == "TM-7.10"
    assert refused(state, 0, f"repay {repay.spot}").rule == "TM-7.10"


def test_tm_7_11_stake_below_low_v() -> None:
    """TM-7.11: the stake is at least low(V)."""
    state = actions_phase(2)
    spec = find_spot(state.ctx, "speculation")
    put_cards(state, spec.spot)
    state.s.value[line(state.ctx, "G")] = 2900  # low 900
    state = fresh(state)
    assert refused(state, 0, f"speculation {spec.spot} G 800").rule == "TM-7.11"


def test_tm_7_11_value_below_100() -> None:
    """TM-7.11: the line's value must be at least ¥100."""
    state = actions_phase(2)
    spec = find_spot(state.ctx, "speculation")
    put_cards(state, spec.spot)
    state = fresh(state)
    assert refused(state, 0, f"speculation {spec.spot} G 0").rule == "TM-7.11"


def test_tm_7_11_stake_above_money() -> None:
    """TM-7.11/TM-5.1: the stake must be paid in full."""
    state = actions_phase(2)
    spec = find_spot(state.ctx, "speculation")
    put_cards(state, spec.spot)
    state.s.value[line(state.ctx, "G")] = 900
    state = fresh(state)
    assert refused(state, 0, f"speculation {spec.spot} G 2100").rule == "TM-7.11"


def test_tm_7_12_seventh_action_disc() -> None:
    """TM-7.12: at most 6 action discs."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "action")
    put_cards(state, spot.spot)
    state.s.action_discs[0] = 6
    state.s.supply_discs[0] = 0
    state = fresh(state)
    assert refused(state, 0, f"action {spot.spot}").rule == "TM-7.12"


def test_tm_7_13_card_from_an_empty_discard_pile() -> None:
    """TM-7.13: the top card of a discard pile: none in round 1."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "card")
    put_cards(state, spot.spot)
    state = fresh(state)
    assert refused(state, 0, f"card {spot.spot} {state.ctx.deck_keys[0]}").rule == "TM-7.13"


# ------------------------------------------------------------------ trains


def _boarding_prompt(money: int = 2000) -> TokyoMetroState:
    state = actions_phase(2)
    ctx = state.ctx
    put_train(state, "M", 1)
    state.s.stocks[line(ctx, "M")] = (1,)
    state.s.money[0] = money
    key = station_at(ctx, "M", 1)
    put_meeple(state, 0, cell_touching(ctx, key))
    return to_trains(state)


def test_tm_8_5_alight_before_the_train_moved() -> None:
    """TM-8.5: not before the train has moved one stop since boarding (here in the
    actions phase, the rider boarded on the train's last stop of the previous phase)."""
    state = actions_phase(2)
    ctx = state.ctx
    g = line(ctx, "G")
    put_train(state, "G", 3)
    state.s.stocks[g] = (1,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = g
    state.s.moved[0] = False
    state = fresh(state)
    target = sorted(cells_of(ctx, station_at(ctx, "G", 3)))[0]
    assert refused(state, 0, f"alight {target}").rule == "TM-8.5"
    state.s.moved[0] = True  # control: once the train moved, the same alight is allowed
    state = fresh(state)
    do(state, 0, f"alight {target}")
    assert state.s.riding[0] == -1


def test_tm_8_5_alight_onto_a_cell_not_touching_the_station() -> None:
    """TM-8.5: onto an empty cell touching that station."""
    state = _boarding_prompt()
    do(state, 0, "board")
    assert state.current_players() == (0,)
    assert refused(state, 0, f"alight {OPEN}").rule == "TM-8.5"


def test_tm_8_5_board_out_of_turn() -> None:
    """TM-8.5: only a seat asked at this stop may board."""
    state = _boarding_prompt()
    assert refused(state, 1, "board").rule == "TM-8.5"


def test_tm_8_6_evicted_rider_cannot_stay() -> None:
    """TM-8.6 RULING: the riders of a removed train must alight."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 2, direction=-1, by_start=True)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = g
    state.s.moved[0] = True
    state = to_trains(state)
    do(state, 0, "pass")  # stays aboard at the starting stop
    assert state.view(0)["trains_phase"]["prompt"] == "evict"
    legal = list(state.legal_actions(0))
    refused(state, 0, "pass")  # the rule it names: see test_engine_bugs_found
    assert list(state.legal_actions(0)) == legal
    assert all(isinstance(a, act.Alight) for a in legal) and legal


# ------------------------------------------------------------------ malformed


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly GM1a",
        "station",
        "station HT1a",
        "turn-bid lots",
        "walk",
        "board now",
        "invest CY1a G extra",
        "repay AI1b discounts=ZN1b",  # TM-6.4: a repayment takes no discount
        "speculation ZN1a G 900 discounts=ZN1b",  # TM-6.4: nor a stake
    ],
)
def test_malformed_action_texts(text: str) -> None:
    """Action texts that can never be an action (TM-3 to TM-8 notation) raise
    MalformedActionError; TM-6.4: a repayment or a stake has no discount field."""
    with pytest.raises(MalformedActionError):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "nope"},
        {"type": "station", "spot": "HT1a"},
        {"type": "turn-bid", "amount": "100"},
        {"type": "turn-bid", "amount": True},
        {"type": "pass", "extra": 1},
        {"type": "station", "spot": "HT1a", "station": "x", "discounts": "ZN1b"},
        ["pass"],
    ],
)
def test_malformed_wire_actions(data: Any) -> None:
    """Wire forms (TM-3 to TM-8 actions) with an unknown type, a missing, extra or
    mistyped field raise MalformedActionError."""
    with pytest.raises(MalformedActionError):
        GAME.codec.from_dict(data)


def test_tm_3_5_refused_action_leaves_the_state_and_the_legal_actions_unchanged() -> None:
    """TM-3.5: a refused bid in the actions phase changes nothing; the seat to act may go
    on with a legal action."""
    state = actions_phase(2)
    before = list(state.legal_actions(0))
    refused(state, 0, "turn-bid 100")
    assert list(state.legal_actions(0)) == before
    state.apply(0, act.Pass())
    assert state.s.passed[0] is True
