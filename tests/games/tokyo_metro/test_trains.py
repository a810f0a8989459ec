"""TM-8.1 to TM-8.6: the trains phase (movement, payouts, riding, removal)."""

from __future__ import annotations

from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.context import Ctx
from tests.games.tokyo_metro.helpers import (
    OFF_MAP,
    Phase,
    TokyoMetroState,
    actions_phase,
    cell,
    cell_touching,
    cells_of,
    do,
    find_spot,
    finish_trains,
    fresh,
    legal_texts,
    line,
    line_stations,
    play_to,
    play_until,
    put_cards,
    put_meeple,
    put_train,
    station,
    station_at,
    to_trains,
)


def _payout_letters(state: TokyoMetroState) -> list[str]:
    """The line letter of every station payout in the log, in order."""
    lines = state.s.log_lines()
    return [text.split()[1] for text in lines if text.startswith("train ") and "line value" in text]


def _own(state: TokyoMetroState, seat: int, key: str) -> None:
    """Set-up edit: `seat`'s pyramid on station `key`."""
    state.s.owner[station(state.ctx, key)] = seat


def _alights(state: TokyoMetroState, seat: int) -> set[str]:
    return {a.cell for a in state.legal_actions(seat) if isinstance(a, act.Alight)}


def _path(start: int, direction: int, steps: int, last: int) -> list[int]:
    """Positions (0-based) a train reaches stop by stop, turning round at the termini."""
    out = []
    pos = start
    for _ in range(steps):
        pos += direction
        if pos in (0, last):
            direction = -direction
        out.append(pos)
    return out


# ------------------------------------------------------------------ TM-8.1, TM-8.2 movement


def test_tm_8_2_a_train_moves_5_stops_and_trains_off_the_map_stay_off() -> None:
    """TM-8.2: 5 stops in the direction of its arrow; TM-8.1: trains off the map do not move."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 1)
    state.s.stocks[g] = (1,)
    state = to_trains(state)
    assert state.s.round == 2  # nobody had a decision: the whole phase ran
    assert (state.s.train_pos[g], state.s.train_dir[g]) == (5, 1)
    assert [p for i, p in enumerate(state.s.train_pos) if i != g] == [OFF_MAP] * 11


def test_tm_8_2_one_more_stop_per_speed_token() -> None:
    """TM-8.2: 5 stops plus 1 per Speed token on its line."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 1)
    state.s.stocks[g] = (1,)
    state.s.speed_on_line[g] = 2
    state = to_trains(state)
    assert state.s.train_pos[g] == 7


def test_tm_8_2_turns_round_at_the_far_terminus() -> None:
    """TM-8.2: at a terminus it turns round and goes on with the remaining movement."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    last = len(state.ctx.line_stops[g])
    put_train(state, "G", last - 2)  # two stops before the terminus, moving towards it
    state.s.stocks[g] = (1,)
    state = to_trains(state)
    assert (state.s.train_pos[g] + 1, state.s.train_dir[g]) == (last - 3, -1)


def test_tm_8_2_turns_round_at_stop_1() -> None:
    """TM-8.2: a train (with stock taken) reaching stop 1 turns round too."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 3, direction=-1)
    state.s.stocks[g] = (1,)
    state = to_trains(state)
    # 3 -> 2 -> 1 (turn) -> 2 -> 3 -> 4
    assert (state.s.train_pos[g] + 1, state.s.train_dir[g]) == (4, 1)


def test_tm_8_1_trains_move_in_line_order() -> None:
    """TM-8.1: the trains move one after the other in the order G M H T C Y Z N A I S E;
    TM-8.3: every stop reached pays (here every station has seat 1's pyramid)."""
    state = actions_phase(2)
    ctx = state.ctx
    for letter, number in (("E", 1), ("A", 1), ("H", 1), ("G", 1)):
        put_train(state, letter, number)
        state.s.stocks[line(ctx, letter)] = (0,)
    state.s.owner = [1] * len(state.s.owner)
    state = to_trains(state)
    assert _payout_letters(state) == list("GGGGGHHHHHAAAAAEEEEE")
    assert state.s.money[1] == 2000 + 20 * 200


# ------------------------------------------------------------------ TM-8.3 payouts


def test_tm_8_3_owner_without_stock_earns_200() -> None:
    """TM-8.3: owner without stock in the line: value + ¥200 and the owner takes ¥200."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 1)
    state.s.stocks[g] = (0,)
    state.s.value[g] = 1000
    _own(state, 1, station_at(state.ctx, "G", 3))
    state = to_trains(state)
    assert state.s.value[g] == 1200
    assert state.s.money == [2000, 2200]


def test_tm_8_3_owner_with_stock_raises_the_value_by_500() -> None:
    """TM-8.3: owner holding stock in the line: value + ¥500, the owner takes nothing."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 1)
    state.s.stocks[g] = (0, 1)
    state.s.value[g] = 1000
    _own(state, 1, station_at(state.ctx, "G", 3))
    state = to_trains(state)
    assert state.s.value[g] == 1500
    assert state.s.money == [2000, 2000]


def test_tm_8_3_stock_in_another_line_does_not_count() -> None:
    """TM-8.3: what counts is stock in the train's line."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 1)
    state.s.stocks[g] = (0,)
    state.s.stocks[line(state.ctx, "M")] = (1,)
    _own(state, 1, station_at(state.ctx, "G", 4))
    state = to_trains(state)
    assert state.s.value[g] == 200
    assert state.s.money[1] == 2200


def test_tm_8_3_the_stop_a_train_starts_on_does_not_pay() -> None:
    """TM-8.3: the stop a train starts on does not pay."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 1)
    state.s.stocks[g] = (0,)
    _own(state, 1, station_at(state.ctx, "G", 1))
    state = to_trains(state)
    assert state.s.value[g] == 0
    assert state.s.money[1] == 2000


def test_tm_8_3_station_with_two_stops_of_one_line_pays_for_each() -> None:
    """TM-8.3: for a station with several stops of the same line (like H6-H7 in the
    rules), each of them reached pays, even in the same trains phase."""
    state = actions_phase(2)
    ctx = state.ctx
    found = next(
        (letter, pos)
        for letter in ctx.letters
        for pos in range(len(ctx.line_stops[line(ctx, letter)]) - 1)
        if ctx.station_at(line(ctx, letter), pos) == ctx.station_at(line(ctx, letter), pos + 1)
    )
    letter, pos = found
    index = line(ctx, letter)
    key = ctx.station_keys[ctx.station_at(index, pos)]
    start = max(pos - 1, 0)
    last = len(ctx.line_stops[index]) - 1
    reached = _path(start, 1, 5, last)
    expected = sum(1 for p in reached if ctx.station_at(index, p) == station(ctx, key))
    assert expected >= 2
    put_train(state, letter, start + 1)
    state.s.stocks[index] = (0,)
    _own(state, 1, key)
    state = to_trains(state)
    assert state.s.value[index] == 200 * expected
    assert state.s.money[1] == 2000 + 200 * expected


# ------------------------------------------------------------------ TM-8.4


def _start_to_reach(ctx: Ctx, index: int, target: int) -> tuple[int, int]:
    """A (position, direction) from which line `index`'s train ends on `target` after 5."""
    last = len(ctx.line_stops[index]) - 1
    for pos in range(last + 1):
        for direction in (1, -1):
            if (pos == 0 and direction == -1) or (pos == last and direction == 1):
                continue
            if _path(pos, direction, 5, last)[-1] == target:
                return pos, direction
    raise AssertionError("no start reaches the stop in 5")


def test_tm_8_4_trains_of_two_lines_stand_on_the_same_stop() -> None:
    """TM-8.4: where two lines share a circle, both trains may end on it; each one
    arriving there pays the station."""
    state = actions_phase(2)
    ctx = state.ctx
    stop = next(s for s in ctx.board.stops if len(s.lines) == 2)
    (l1, l2), (n1, n2) = stop.lines, stop.numbers
    for index, number in ((l1, n1), (l2, n2)):
        pos, direction = _start_to_reach(ctx, index, number - 1)
        put_train(state, ctx.letters[index], pos + 1, direction)
        state.s.stocks[index] = (0,)
    state.s.owner[stop.station] = 1
    state = to_trains(state)
    assert ctx.line_stops[l1][state.s.train_pos[l1]] == stop.index
    assert ctx.line_stops[l2][state.s.train_pos[l2]] == stop.index
    assert state.s.value[l1] >= 200 and state.s.value[l2] >= 200
    assert state.s.money[1] == 2000 + state.s.value[l1] + state.s.value[l2]


# ------------------------------------------------------------------ TM-8.5 riding


def _cell_on(state: TokyoMetroState, letter: str, number: int, skip: tuple[str, ...] = ()) -> str:
    """A cell touching the station of stop `number` of `letter` and no other station of
    that line, so that its train asks nothing elsewhere."""
    ctx = state.ctx
    return cell_touching(ctx, station_at(ctx, letter, number), line_stations(ctx, letter), skip)


def _rider_setup(money: int = 2000, stock: bool = False) -> TokyoMetroState:
    """M train on its stop 1 (seat 1 holds M stock); seat 0 on a cell touching stop 1's
    station (and no other M station); the trains phase starts."""
    state = actions_phase(2)
    m = line(state.ctx, "M")
    put_train(state, "M", 1)
    state.s.stocks[m] = (1, 0) if stock else (1,)
    state.s.value[m] = 1000
    put_meeple(state, 0, _cell_on(state, "M", 1))
    state.s.money[0] = money
    return to_trains(state)


def test_tm_8_5_board_at_the_starting_stop_paying_the_fare() -> None:
    """TM-8.5: at the starting stop a touching meeple may board; without stock the rider
    pays ¥100 to the bank and the value rises by ¥100; the meeple leaves the map."""
    state = _rider_setup()
    m = line(state.ctx, "M")
    assert state.s.phase is Phase.TRAINS
    assert state.current_players() == (0,)
    assert state.legal_actions(0) == [act.BoardTrain(), act.Pass()]
    shown = state.view(0)["trains_phase"]
    # Each seat's fare is shown: seat 2 holds M stock and would ride free.
    fares = [100, 0]
    assert shown == {
        "line": "M",
        "stops_left": 5,
        "prompt": "stop",
        "deciding": [0],
        "fares": fares,
    }
    do(state, 0, "board")
    assert state.s.money[0] == 1900
    assert state.s.value[m] == 1100
    assert state.s.meeple[0] == OFF_MAP
    assert state.s.riding[0] == m
    assert state.view(1)["players"][0]["riding"] == "M"


def test_tm_8_5_board_free_with_stock() -> None:
    """TM-8.5: riding is free for a holder of stock in the line."""
    state = _rider_setup(stock=True)
    m = line(state.ctx, "M")
    assert state.view(0)["trains_phase"]["fares"] == [0, 0]
    do(state, 0, "board")
    assert state.s.money[0] == 2000
    assert state.s.value[m] == 1000


def test_tm_8_5_tm_5_1_no_boarding_without_the_fare() -> None:
    """TM-8.5/TM-5.1: a player who cannot pay the fare cannot board (no decision)."""
    state = _rider_setup(money=0)
    assert state.s.phase is Phase.TURN_ORDER  # the phase ran with no decision
    assert state.s.riding[0] == -1
    assert state.s.meeple[0] != OFF_MAP


def test_tm_8_5_declining_to_board() -> None:
    """TM-8.5: boarding is a choice."""
    state = _rider_setup()
    where = state.s.meeple[0]
    do(state, 0, "pass")
    assert state.s.meeple[0] == where
    assert state.s.money[0] == 2000
    assert state.s.riding[0] == -1


def test_tm_8_5_not_alighting_before_the_train_moved_one_stop() -> None:
    """TM-8.5: a rider may alight only after the train moved at least one stop since
    boarding; the next decision is at stop 2, onto cells touching that station."""
    state = _rider_setup()
    ctx = state.ctx
    m = line(ctx, "M")
    do(state, 0, "board")
    assert state.current_players() == (0,)
    assert state.s.train_pos[m] == 1  # no decision left at stop 1
    assert _alights(state, 0) == cells_of(ctx, station_at(ctx, "M", 2))
    assert act.Pass() in state.legal_actions(0)


def test_tm_8_5_boarding_at_the_last_stop_then_no_alighting_until_it_moves() -> None:
    """TM-8.5: boarding on the train's last stop of the phase, the rider cannot alight in
    the next movement or actions phases, nor at the starting stop of the next trains
    phase; after one stop it can."""
    state = actions_phase(2)
    ctx = state.ctx
    m = line(ctx, "M")
    put_train(state, "M", 1)
    state.s.stocks[m] = (1,)
    put_meeple(state, 0, _cell_on(state, "M", 6))
    state = to_trains(state)
    assert state.current_players() == (0,)
    assert state.s.train_pos[m] == 5 and state.s.steps_left == 0
    do(state, 0, "board")
    assert state.s.round == 2
    play_to(state, 2, Phase.ACTIONS, ordered_bids=True)
    assert not _alights(state, 0)
    assert state.s.riding[0] == m
    state = to_trains(state)
    # at the starting stop seat 0 had no decision; the first is at the next stop
    assert state.current_players() == (0,)
    assert state.s.train_pos[m] == 6
    assert _alights(state, 0) == cells_of(ctx, station_at(ctx, "M", 7))


def test_tm_8_5_alight_onto_an_empty_cell_touching_any_stop_of_the_station() -> None:
    """TM-8.5: alight onto an empty cell touching that station, by any of its stops;
    cells with a meeple are not offered; decisions at one stop go in turn order."""
    state = actions_phase(2)
    ctx = state.ctx
    board = ctx.board
    # a line and a stop (not stop 1) whose station has cells not touching that stop
    letter, pos, key, others = next(
        (ctx.letters[index], p, ctx.station_keys[st], extra)
        for index in range(ctx.lines)
        for p in range(1, len(ctx.line_stops[index]))
        for st in [ctx.station_at(index, p)]
        for extra in [
            set(board.stations[st].cells) - set(board.stops[ctx.line_stops[index][p]].cells)
        ]
        if extra
    )
    index = line(ctx, letter)
    put_train(state, letter, pos)  # one stop before: the station is its first stop
    state.s.stocks[index] = (0, 1)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = index
    state.s.moved[0] = True
    stop_cells = board.stops[ctx.line_stops[index][pos]].cells
    blocker = ctx.cell_names[stop_cells[0]]  # a cell of the train's own stop
    put_meeple(state, 1, blocker)
    state = to_trains(state)
    play_until(state, lambda st: st.s.train_pos[index] == pos and st.current_players() == (0,))
    assert _alights(state, 0) == cells_of(ctx, key) - {blocker}
    target = sorted({ctx.cell_names[c] for c in others} - {blocker})[0]
    do(state, 0, f"alight {target}")
    assert state.s.meeple[0] == cell(ctx, target)
    assert state.s.riding[0] == -1
    assert state.current_players() == (1,)  # after seat 0, seat 1 may board here
    assert state.legal_actions(1) == [act.BoardTrain(), act.Pass()]


def test_tm_8_5_board_from_a_cell_touching_another_stop_of_the_station() -> None:
    """TM-8.5/TM-4.2: a meeple touching any stop of the station may board, even if its cell
    does not touch the stop where the train is."""
    state = actions_phase(2)
    ctx = state.ctx
    board = ctx.board
    stop, where = next(
        (stop, ctx.cell_names[c])
        for st in board.stations
        for stop in st.stops
        for c in st.cells
        if c not in board.stops[stop].cells
    )
    index = board.stops[stop].lines[0]
    number = board.stops[stop].numbers[0]
    letter = ctx.letters[index]
    put_train(state, letter, number, direction=1 if number == 1 else -1)
    state.s.stocks[index] = (1,)
    put_meeple(state, 0, where)
    state = to_trains(state)
    assert state.current_players() == (0,)
    assert state.view(0)["trains_phase"]["line"] == letter
    assert state.s.train_pos[index] == number - 1  # at the starting stop
    assert state.legal_actions(0) == [act.BoardTrain(), act.Pass()]


def test_tm_8_5_decisions_at_a_stop_in_turn_order() -> None:
    """TM-8.5: decisions at one stop are taken in turn order."""
    state = actions_phase(3)
    ctx = state.ctx
    m = line(ctx, "M")
    put_train(state, "M", 1)
    state.s.stocks[m] = (2,)
    first = _cell_on(state, "M", 1)
    put_meeple(state, 0, first)
    put_meeple(state, 2, _cell_on(state, "M", 1, skip=(first,)))
    state.s.order = [2, 1, 0]  # set-up: the turn order track
    state = to_trains(state)
    assert state.current_players() == (2,)
    assert state.legal_actions(0) == []
    do(state, 2, "pass")
    assert state.current_players() == (0,)


def _reboard_line(state: TokyoMetroState) -> tuple[str, str, str, str]:
    """A line whose stop before its last terminus has two cells touching it: the line,
    that station and two cells."""
    ctx = state.ctx
    for letter in ctx.letters:
        last = len(ctx.line_stops[line(ctx, letter)])
        key = station_at(ctx, letter, last - 1)
        cells = sorted(cells_of(ctx, key))
        if len(cells) >= 2 and key != station_at(ctx, letter, last):
            return letter, key, cells[0], cells[1]
    raise AssertionError("no suitable line")


def test_tm_8_5_no_reboarding_the_same_train_in_the_same_phase() -> None:
    """TM-8.5 RULING: having alighted, a player may board that train again only from the
    next trains phase on (another player at the same station may board each time)."""
    state = actions_phase(2)
    ctx = state.ctx
    letter, _key, alight_cell, other_cell = _reboard_line(state)
    index = line(ctx, letter)
    last = len(ctx.line_stops[index])
    put_train(state, letter, last - 2)  # reaches last-1, last (turns), last-1 again
    state.s.stocks[index] = (0,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = index
    state.s.moved[0] = True
    put_meeple(state, 1, other_cell)
    state = to_trains(state)
    play_until(state, lambda st: st.s.train_pos[index] == last - 2 and st.current_players() == (0,))
    do(state, 0, f"alight {alight_cell}")
    asked: list[tuple[int, int]] = []
    while state.s.phase is Phase.TRAINS:
        seat = state.current_players()[0]
        asked.append((seat, state.s.train_pos[index]))
        do(state, seat, "pass")
    assert 0 not in {seat for seat, _ in asked}
    # seat 1, at the same station, is asked now and again when the train comes back
    assert [pos for seat, pos in asked if seat == 1].count(last - 2) == 2
    # next trains phase: seat 0 may board that train again
    play_to(state, 2, Phase.ACTIONS, ordered_bids=True)
    put_meeple(state, 1, "c1")
    put_meeple(state, 0, alight_cell)
    put_train(state, letter, last - 1, direction=-1)
    state = to_trains(fresh(state))
    assert state.current_players() == (0,)
    assert state.legal_actions(0) == [act.BoardTrain(), act.Pass()]


def test_tm_8_5_riders_stay_on_across_rounds_and_alight_in_other_phases() -> None:
    """TM-8.5: riders may stay on across rounds and alight at any time while the train
    stands at a stop, also in the movement and actions phases."""
    state = _rider_setup()
    ctx = state.ctx
    m = line(ctx, "M")
    do(state, 0, "board")
    finish_trains(state)  # stays aboard at every stop
    assert state.s.round == 2
    assert state.s.riding[0] == m
    where = station_at(ctx, "M", state.s.train_pos[m] + 1)
    play_to(state, 2, Phase.MOVEMENT, ordered_bids=True)
    assert state.current_players() == (0,)
    assert set(legal_texts(state, 0)) == {f"alight {c}" for c in cells_of(ctx, where)} | {"pass"}
    do(state, 0, "pass")
    assert state.s.riding[0] == m
    play_to(state, 2, Phase.ACTIONS, ordered_bids=True)
    assert state.current_players() == (0,)
    assert _alights(state, 0) == cells_of(ctx, where)
    assert "move" not in {a.kind for a in state.legal_actions(0)}
    target = sorted(cells_of(ctx, where))[0]
    do(state, 0, f"alight {target}")
    assert state.s.meeple[0] == cell(ctx, target)
    assert state.current_players() == (0,)  # alighting is not the turn's action


def test_tm_8_5_several_trains_in_one_round() -> None:
    """TM-8.5: several trains may be ridden in one round."""
    state = actions_phase(2)
    ctx = state.ctx
    board = ctx.board
    # two lines l1 < l2 with a station in common (at positions p1, p2)
    l1, p1, l2, p2 = next(
        (a, pa, b, pb)
        for a in range(ctx.lines)
        for b in range(a + 1, ctx.lines)
        for pa in range(1, len(ctx.line_stops[a]))
        for pb in range(1, len(ctx.line_stops[b]))
        if ctx.station_at(a, pa) == ctx.station_at(b, pb)
    )
    shared = ctx.station_at(l1, p1)
    put_train(state, ctx.letters[l1], p1)  # one stop before the shared station
    put_train(state, ctx.letters[l2], p2)
    state.s.stocks[l1] = (1,)
    state.s.stocks[l2] = (1,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = l1
    state.s.moved[0] = True
    state = to_trains(state)
    play_until(state, lambda st: st.s.train_pos[l1] == p1 and st.current_players() == (0,))
    target = sorted(ctx.cell_names[c] for c in board.stations[shared].cells)[0]
    do(state, 0, f"alight {target}")
    assert state.s.riding[0] == -1
    play_until(
        state,
        lambda st: (
            st.s.train_line == l2
            and ctx.station_at(l2, st.s.train_pos[l2]) == shared
            and st.current_players() == (0,)
        ),
    )
    do(state, 0, "board")
    assert state.s.riding[0] == l2
    assert state.s.money[0] == 2000 - 100


# ------------------------------------------------------------------ TM-8.6 removal


def test_tm_8_6_start_train_without_stock_removed_at_its_stop_1() -> None:
    """TM-8.6: a train put on the map by Start, with no stock taken, is removed the moment
    it returns to its stop 1; its remaining movement is lost."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 3, direction=-1, by_start=True)
    state.s.value[g] = 300
    state = to_trains(state)
    assert state.s.train_pos[g] == OFF_MAP
    assert state.s.value[g] == 300
    assert state.view(0)["lines"][g]["train"] is None


def test_tm_8_6_start_train_with_stock_taken_stays() -> None:
    """TM-8.6: once a stock of its line is taken, the train stays and turns round."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 3, direction=-1, by_start=True)
    state.s.stocks[g] = (1,)
    state = to_trains(state)
    assert (state.s.train_pos[g] + 1, state.s.train_dir[g]) == (4, 1)


def test_tm_8_6_removed_train_can_be_started_again() -> None:
    """TM-8.6/TM-7.5: the removed train is back beside its stock cards, off the map."""
    state = actions_phase(2)
    ctx = state.ctx
    put_train(state, "G", 2, direction=-1, by_start=True)
    state = to_trains(state)
    assert state.s.train_pos[line(ctx, "G")] == OFF_MAP
    play_to(state, 2, Phase.ACTIONS, ordered_bids=True)
    spot = find_spot(ctx, "start")
    put_cards(state, spot.spot)
    state = fresh(state)
    assert act.Start(spot.spot, "G") in state.legal_actions(0)


def _evict_setup(seats: int, letter: str) -> TokyoMetroState:
    """Seat 0 rides `letter`'s Start train (no stock) on its stop 2, going to stop 1."""
    state = actions_phase(seats)
    index = line(state.ctx, letter)
    put_train(state, letter, 2, direction=-1, by_start=True)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = index
    state.s.moved[0] = True
    return state


def test_tm_8_6_riders_alight_onto_cells_touching_the_station() -> None:
    """TM-8.6 RULING: riders of a removed train alight at its stop 1 onto empty cells
    touching the station (they must alight)."""
    state = _evict_setup(2, "G")
    ctx = state.ctx
    g = line(ctx, "G")
    state = to_trains(state)
    # at the starting stop (stop 2) the rider may alight or stay: it stays
    assert state.current_players() == (0,) and state.s.train_pos[g] == 1
    do(state, 0, "pass")
    assert state.s.train_pos[g] == OFF_MAP
    assert state.current_players() == (0,)
    assert state.view(0)["trains_phase"]["prompt"] == "evict"
    first = station_at(ctx, "G", 1)
    assert set(legal_texts(state, 0)) == {f"alight {c}" for c in cells_of(ctx, first)}
    target = sorted(cells_of(ctx, first))[0]
    do(state, 0, f"alight {target}")
    assert state.s.meeple[0] == cell(ctx, target)
    assert state.s.riding[0] == -1


def test_tm_8_6_riders_alight_onto_the_nearest_empty_cell_when_none_is_free() -> None:
    """TM-8.6 RULING: where no cell touching the station is free, the nearest empty cell."""
    probe = actions_phase(2)
    ctx = probe.ctx
    letter = next(x for x in ctx.letters if len(cells_of(ctx, station_at(ctx, x, 1))) <= 4)
    touching = sorted(cell(ctx, c) for c in cells_of(ctx, station_at(ctx, letter, 1)))
    state = _evict_setup(1 + len(touching), letter)
    for seat, index in enumerate(touching, start=1):
        state.s.meeple[seat] = index
    state = to_trains(state)
    play_until(state, lambda st: st.view(0)["trains_phase"]["prompt"] == "evict")
    assert state.current_players() == (0,)
    near = {n for c in touching for n in ctx.board.neighbors[c]} - set(touching)
    assert set(legal_texts(state, 0)) == {f"alight {ctx.cell_names[c]}" for c in near}


def test_tm_8_6_riders_evicted_in_turn_order() -> None:
    """TM-8.6 RULING: several riders alight in turn order."""
    state = _evict_setup(2, "G")
    g = line(state.ctx, "G")
    state.s.meeple[1] = OFF_MAP
    state.s.riding[1] = g
    state.s.moved[1] = True
    state.s.order = [1, 0]
    state = to_trains(state)
    play_until(state, lambda st: st.view(0)["trains_phase"]["prompt"] == "evict")
    assert state.current_players() == (1,)
    first = sorted(cells_of(state.ctx, station_at(state.ctx, "G", 1)))
    do(state, 1, f"alight {first[0]}")
    assert state.current_players() == (0,)
    assert f"alight {first[0]}" not in legal_texts(state, 0)
