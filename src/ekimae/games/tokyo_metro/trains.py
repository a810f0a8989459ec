"""The trains phase (TM-8): trains move stop by stop in line order, pay stations, carry riders.

The phase is a resumable loop: `advance` moves trains until some seat has a decision at
the current stop (board, alight, or where to alight when a train is removed), stores who
is to decide in `queue`, and returns. Each decision is applied, then `advance` resumes.
"""

from __future__ import annotations

from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro.card_actions import holds_stock
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.drinks import station_bonus
from ekimae.games.tokyo_metro.movement import (
    alight,
    empty_cells_touching,
    nearest_empty_cells,
    on_map,
)
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState, Phase, Prompt
from ekimae.games.tokyo_metro.tables import BOARD, PASS, tables


def start(s: MetroState) -> None:
    s.phase = Phase.TRAINS
    s.alighted = [0] * s.n
    s.train_line = NOBODY
    s.steps_left = 0
    s.queue = ()
    s.prompt = Prompt.NONE


def advance(ctx: Ctx, s: MetroState) -> bool:
    """Run until a seat must decide (False) or every train has moved (True)."""
    while True:
        while s.queue:
            if _has_choice(ctx, s, s.queue[0]):
                return False
            s.queue = s.queue[1:]
        s.prompt = Prompt.NONE
        line = s.train_line
        if line != NOBODY and s.steps_left > 0 and s.train_pos[line] != OFF_MAP:
            _step(ctx, s, line)
            continue
        if not _next_train(ctx, s):
            return True


def _next_train(ctx: Ctx, s: MetroState) -> bool:
    """TM-8.1: the next train on the map in line order; decisions at its starting stop."""
    for line in range(s.train_line + 1, ctx.lines):
        if s.train_pos[line] != OFF_MAP:
            s.train_line = line
            s.steps_left = ctx.rules.stops_per_phase + s.speed_on_line[line]  # TM-8.2
            _open_stop(ctx, s, line)
            return True
    s.train_line = ctx.lines
    return False


def _step(ctx: Ctx, s: MetroState, line: int) -> None:
    """Move one stop (TM-8.2), pay (TM-8.3), maybe remove (TM-8.6), open the stop.

    OS-2: a pair's two vehicles move together, one stop each, and each pays."""
    last = len(ctx.line_stops[line]) - 1
    vehicles = ctx.line_vehicles[line]
    s.steps_left -= 1
    for seat in range(s.n):
        if s.riding[seat] in vehicles:
            s.moved[seat] = True
    for vehicle in vehicles:
        pos = s.train_pos[vehicle] + s.train_dir[vehicle]
        s.train_pos[vehicle] = pos
        if pos in (0, last):
            s.train_dir[vehicle] = -s.train_dir[vehicle]  # turns round at a terminus
        _pay_station(ctx, s, line, vehicle, ctx.station_at(line, pos))
    if (
        ctx.trains_leave  # OS-8, MOD-2: never on the Osaka map nor with the Osaka cards
        and s.train_pos[line] == 0
        and s.train_started[line]
        and not s.stocks[line]
    ):
        _remove(ctx, s, line)
    else:
        _open_stop(ctx, s, line)


def _pay_station(ctx: Ctx, s: MetroState, line: int, vehicle: int, station: int) -> None:
    """TM-8.3: ¥500 to the value if the owner holds stock, else ¥200 value and ¥200 owner."""
    owner = s.owner[station]
    if owner == NOBODY:
        return
    r = ctx.rules
    name = ctx.board.stations[station].name
    what = ctx.vehicle_name(vehicle)
    if holds_stock(s, owner, line):
        s.value[line] += r.payout_with_stock
        s.note(
            lf.PAYOUT_HOLDER,
            vehicle=what,
            station=name,
            gain=r.payout_with_stock,
            value=s.value[line],
            owner=owner,
        )
    else:
        s.value[line] += r.payout_value
        s.from_bank(owner, r.payout_owner)
        s.note(
            lf.PAYOUT_OWNER,
            vehicle=what,
            station=name,
            gain=r.payout_value,
            value=s.value[line],
            owner=owner,
            income=r.payout_owner,
            money=s.money[owner],
        )
    if ctx.drinks is not None:
        station_bonus(ctx, s, station)  # MD-7


def _remove(ctx: Ctx, s: MetroState, line: int) -> None:
    """TM-8.6: back beside its stock cards; remaining movement lost; riders must alight."""
    s.train_pos[line] = OFF_MAP
    s.train_dir[line] = 1
    s.train_started[line] = False
    s.steps_left = 0
    s.note(lf.TRAIN_REMOVED, line=ctx.letters[line])
    s.queue = tuple(seat for seat in s.order if s.riding[seat] == line)
    s.prompt = Prompt.EVICT


def _open_stop(ctx: Ctx, s: MetroState, line: int) -> None:
    """TM-8.5: everyone who could board or alight here decides, in turn order (OS-2: at
    either vehicle of a pair)."""
    vehicles = ctx.line_vehicles[line]
    pos = s.train_pos
    here = [(v, ctx.vehicle_station(v, pos[v])) for v in vehicles]
    riding, meeple, cell_stations = s.riding, s.meeple, ctx.board.cell_stations
    if riding.count(NOBODY) == len(riding) and all(
        ctx.station_cells[station].isdisjoint(meeple) for _, station in here
    ):
        s.queue = ()  # nobody aboard, nobody beside the stop: no decision (most stops)
        s.prompt = Prompt.STOP
        return
    deciders = []
    for seat in s.order:
        if riding[seat] != NOBODY:
            if _may_alight_at(ctx, s, seat, line):
                deciders.append(seat)
            continue
        cell = meeple[seat]
        if cell == OFF_MAP:
            continue
        # `_may_board` for each vehicle, the stations looked up once per stop.
        touched = cell_stations[cell]
        for v, station in here:
            if (
                station in touched
                and not s.alighted[seat] >> v & 1
                and s.money[seat] >= fare(ctx, s, seat, line)
            ):
                deciders.append(seat)
                break
    s.queue = tuple(deciders)
    s.prompt = Prompt.STOP


def _has_choice(ctx: Ctx, s: MetroState, seat: int) -> bool:
    if s.prompt is Prompt.EVICT:
        return s.riding[seat] == s.train_line
    return _has_choice_at(ctx, s, seat, s.train_line)


def _has_choice_at(ctx: Ctx, s: MetroState, seat: int, line: int) -> bool:
    if s.riding[seat] != NOBODY:
        return _may_alight_at(ctx, s, seat, line)
    return any(_may_board(ctx, s, seat, line, v) for v in ctx.line_vehicles[line])


def _vehicle_station(ctx: Ctx, s: MetroState, vehicle: int) -> int:
    return ctx.vehicle_station(vehicle, s.train_pos[vehicle])


def _may_alight_at(ctx: Ctx, s: MetroState, seat: int, line: int) -> bool:
    """TM-8.5: riders of this train, and of a train standing at this same station (a rider
    may alight at any time while their train stands at a stop), once it has moved."""
    ridden = s.riding[seat]
    vehicles = ctx.line_vehicles[line]
    if ridden not in vehicles:
        if s.train_pos[ridden] == OFF_MAP:
            return False
        here = _vehicle_station(ctx, s, ridden)
        if all(here != _vehicle_station(ctx, s, v) for v in vehicles):
            return False
    return s.moved[seat] and bool(empty_cells_touching(ctx, s, _vehicle_station(ctx, s, ridden)))


def fare(ctx: Ctx, s: MetroState, seat: int, line: int) -> int:
    """TM-8.5: what boarding this line's train costs the seat (nothing with its stock)."""
    return 0 if holds_stock(s, seat, line) else ctx.rules.fare


def _may_board(ctx: Ctx, s: MetroState, seat: int, line: int, vehicle: int) -> bool:
    """TM-8.5: touching the station, not alighted from this train this phase, fare paid."""
    station = _vehicle_station(ctx, s, vehicle)
    if not on_map(s, seat) or station not in ctx.board.cell_stations[s.meeple[seat]]:
        return False
    if s.alighted[seat] >> vehicle & 1:
        return False
    return s.money[seat] >= fare(ctx, s, seat, line)


def legal(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    if not s.queue or s.queue[0] != seat:
        return []
    line = s.train_line
    alight = tables(ctx).alight
    if s.prompt is Prompt.EVICT:
        station = ctx.station_at(line, 0)
        cells = empty_cells_touching(ctx, s, station) or nearest_empty_cells(ctx, s, station)
        return [alight[c] for c in cells]
    if s.riding[seat] != NOBODY:
        cells = empty_cells_touching(ctx, s, _vehicle_station(ctx, s, s.riding[seat]))
        return [*(alight[c] for c in cells), PASS]
    vehicles = ctx.line_vehicles[line]
    if len(vehicles) == 1:
        return [BOARD, PASS]
    # OS-2: either vehicle of the pair whose stop the meeple touches.
    boards: list[Action] = [
        act.BoardVehicle(k + 1) for k, v in enumerate(vehicles) if _may_board(ctx, s, seat, line, v)
    ]
    return [*boards, PASS]


def apply(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    """Apply a decision listed by `legal`."""
    s.queue = s.queue[1:]
    line = s.train_line
    vehicles = ctx.line_vehicles[line]
    if isinstance(action, act.BoardTrain | act.BoardVehicle):
        vehicle = vehicles[action.vehicle - 1] if isinstance(action, act.BoardVehicle) else line
        s.meeple[seat] = OFF_MAP
        s.riding[seat] = vehicle
        s.moved[seat] = False
        paid = fare(ctx, s, seat, line)
        if paid:
            s.pay_bank(seat, paid)
            s.value[line] += paid
        letter = ctx.letters[line]
        s.note(
            lf.BOARDS_FARE if paid else lf.BOARDS_FREE,
            seat=seat,
            vehicle=ctx.vehicle_name(vehicle),
            fare=paid,
            line=letter,
            value=s.value[line],
            money=s.money[seat],
        )
    elif isinstance(action, act.Alight):
        ridden = s.riding[seat]
        alight(s, seat, ctx.cell(action.cell))
        s.note(lf.ALIGHTS, seat=seat, vehicle=ctx.vehicle_name(ridden), cell=action.cell)
        if s.prompt is Prompt.STOP and (ridden not in vehicles or len(vehicles) == 2):
            # Off another train (or one of a pair, OS-2): may now board one here.
            s.queue = (seat, *s.queue)
