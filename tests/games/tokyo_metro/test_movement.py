"""TM-3.4 (movement phase) and TM-4.1 to TM-4.3 (meeples)."""

from __future__ import annotations

from ekimae.games.tokyo_metro import actions as act
from tests.games.tokyo_metro.helpers import (
    OFF_MAP,
    Phase,
    actions_phase,
    cell,
    cells_of,
    do,
    exclusive_cells,
    find_spot,
    fresh,
    legal_texts,
    line,
    manhattan_cells,
    new_game,
    play_to,
    put_cards,
    put_meeple,
    put_train,
    station_at,
)

OPEN = "k12"  # a cell in an open part of the grid (stations do not block, TM-4.1)


def test_tm_3_4_round_1_place_on_any_empty_start_cell_in_turn_order() -> None:
    """TM-3.4: in round 1, in turn order, each puts their meeple on an empty start cell."""
    state = new_game(2, seed=1)
    do(state, 0, "turn-bid 100")
    do(state, 1, "turn-bid 0")
    start = {state.ctx.cell_names[c] for c in state.ctx.board.start_cells}
    assert state.current_players() == (0,)
    assert {a.cell for a in state.legal_actions(0) if isinstance(a, act.Place)} == start
    assert state.legal_actions(1) == []
    first, second = sorted(start)[:2]
    do(state, 0, f"place {first}")
    assert state.current_players() == (1,)
    assert {a.cell for a in state.legal_actions(1) if isinstance(a, act.Place)} == start - {first}
    do(state, 1, f"place {second}")
    assert state.s.meeple == [cell(state.ctx, first), cell(state.ctx, second)]
    assert state.s.phase is Phase.ACTIONS


def test_tm_3_4_later_rounds_walk_up_to_two_cells() -> None:
    """TM-3.4/TM-4.1: from round 2, up to 2 orthogonal steps (staying put included)."""
    state = actions_phase(2, seed=1)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    put_meeple(state, state.current_players()[0], OPEN)
    state = fresh(state)
    seat = state.current_players()[0]
    targets = {a.cell for a in state.legal_actions(seat) if isinstance(a, act.Walk)}
    assert targets == manhattan_cells(state.ctx, OPEN, 2)
    assert len(targets) == 13


def test_tm_3_4_bike_adds_one_cell_in_the_movement_phase() -> None:
    """TM-3.4/TM-7.7: 3 cells with a Bike."""
    state = actions_phase(2, seed=1)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    seat = state.current_players()[0]
    put_meeple(state, seat, OPEN)
    state.s.bikes[seat] = True
    state = fresh(state)
    targets = {a.cell for a in state.legal_actions(seat) if isinstance(a, act.Walk)}
    assert targets == manhattan_cells(state.ctx, OPEN, 3)


def test_tm_3_4_walk_moves_the_meeple_then_next_player() -> None:
    """TM-3.4: in turn order; the meeple ends on the chosen cell."""
    state = actions_phase(2, seed=1)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    assert state.current_players() == (0,)
    put_meeple(state, 0, OPEN)
    state = fresh(state)
    do(state, 0, "walk m12")
    assert state.s.meeple[0] == cell(state.ctx, "m12")
    assert state.current_players() == (1,)


def test_tm_4_1_never_into_nor_through_another_meeple() -> None:
    """TM-4.1: a meeple never enters a cell holding another meeple, so never passes one."""
    state = actions_phase(2, seed=1)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    seat = state.current_players()[0]
    other = 1 - seat
    put_meeple(state, seat, "k13")
    put_meeple(state, other, "l13")
    state = fresh(state)
    targets = {a.cell for a in state.legal_actions(seat) if isinstance(a, act.Walk)}
    assert "l13" not in targets  # occupied
    assert "m13" not in targets  # only reachable in 2 steps through l13
    assert targets == manhattan_cells(state.ctx, "k13", 2) - {"l13", "m13"}


def test_tm_4_2_touching_a_station_by_any_of_its_stops() -> None:
    """TM-4.2: a meeple touches a station when its cell touches any stop of it; only then
    can it build there (TM-7.2)."""
    state = actions_phase(2, seed=1)
    ctx = state.ctx
    board = ctx.board
    # a cell touching one stop of a multi-stop station but not its other stop(s)
    found = None
    for st in board.stations:
        if len(st.stops) < 2:
            continue
        for name in exclusive_cells(ctx, st.key):
            index = cell(ctx, name)
            if any(index not in board.stops[stop].cells for stop in st.stops):
                found = (st.key, name)
                break
        if found:
            break
    assert found is not None
    key, where = found
    spot = find_spot(ctx, "station")
    put_cards(state, spot.spot)
    put_meeple(state, 0, where)
    state = fresh(state)
    stations = {a.station for a in state.legal_actions(0) if isinstance(a, act.Station)}
    assert stations == {key}


def test_tm_4_3_a_rider_touches_nothing_and_cannot_move() -> None:
    """TM-4.3: a meeple riding a train is off the map: no Move, no Station."""
    state = actions_phase(2, seed=1)
    ctx = state.ctx
    move = find_spot(ctx, "move")
    build = find_spot(ctx, "station")
    put_cards(state, move.spot, build.spot)
    put_train(state, "G", 3)
    state.s.stocks[line(ctx, "G")] = (1,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = line(ctx, "G")
    state.s.moved[0] = True
    state = fresh(state)
    kinds = {a.kind for a in state.legal_actions(0)}
    assert "move" not in kinds
    assert "station" not in kinds
    # but it may alight onto an empty cell touching the station where its train stands
    alights = {a.cell for a in state.legal_actions(0) if isinstance(a, act.Alight)}
    assert alights == cells_of(ctx, station_at(ctx, "G", 3))


def test_tm_3_4_rider_in_the_movement_phase_alights_or_stays() -> None:
    """TM-3.4/TM-4.3/TM-8.5: a rider cannot walk; it may alight or stay aboard."""
    state = actions_phase(2, seed=1)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    ctx = state.ctx
    seat = state.current_players()[0]
    put_train(state, "G", 3)
    state.s.stocks[line(ctx, "G")] = (1 - seat,)
    state.s.meeple[seat] = OFF_MAP
    state.s.riding[seat] = line(ctx, "G")
    state.s.moved[seat] = True
    state = fresh(state)
    texts = legal_texts(state, seat)
    key = station_at(ctx, "G", 3)
    assert set(texts) == {f"alight {c}" for c in cells_of(ctx, key)} | {"pass"}
    do(state, seat, "pass")
    assert state.s.riding[seat] == line(ctx, "G")
    assert state.current_players() == (1 - seat,)


def test_tm_3_4_rider_who_has_not_moved_is_skipped_in_the_movement_phase() -> None:
    """TM-3.4/TM-8.5: a rider whose train has not moved since boarding has no choice."""
    state = actions_phase(2, seed=1)
    play_to(state, 2, Phase.TURN_ORDER, ordered_bids=True)
    ctx = state.ctx
    put_train(state, "G", 3)
    state.s.stocks[line(ctx, "G")] = (1,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = line(ctx, "G")
    state.s.moved[0] = False
    state = fresh(state)
    do(state, 0, "turn-bid 100")
    do(state, 1, "turn-bid 0")
    assert state.s.phase is Phase.MOVEMENT
    assert state.current_players() == (1,)
    assert state.s.riding[0] == line(ctx, "G")
