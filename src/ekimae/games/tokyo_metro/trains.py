"""The trains phase (TM-8): trains move stop by stop in line order, pay stations, carry riders.

The phase is a resumable loop: `advance` moves trains until some seat has a decision at
the current stop (board, alight, or where to alight when a train is removed), stores who
is to decide in `queue`, and returns. Each decision is applied, then `advance` resumes.
"""

from __future__ import annotations

from ekimae.core.actions import Action
from ekimae.core.game import seat_name
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.card_actions import holds_stock
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.movement import (
    alight,
    empty_cells_touching,
    nearest_empty_cells,
    on_map,
)
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState, Phase, Prompt, yen


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
    """Move one stop (TM-8.2), pay (TM-8.3), maybe remove (TM-8.6), open the stop."""
    last = len(ctx.line_stops[line]) - 1
    pos = s.train_pos[line] + s.train_dir[line]
    s.train_pos[line] = pos
    if pos in (0, last):
        s.train_dir[line] = -s.train_dir[line]  # turns round at a terminus
    s.steps_left -= 1
    for seat in range(s.n):
        if s.riding[seat] == line:
            s.moved[seat] = True
    _pay_station(ctx, s, line, ctx.station_at(line, pos))
    if pos == 0 and s.train_started[line] and not s.stocks[line]:
        _remove(ctx, s, line)
    else:
        _open_stop(ctx, s, line)


def _pay_station(ctx: Ctx, s: MetroState, line: int, station: int) -> None:
    """TM-8.3: ¥500 to the value if the owner holds stock, else ¥200 value and ¥200 owner."""
    owner = s.owner[station]
    if owner == NOBODY:
        return
    r = ctx.rules
    name = ctx.board.stations[station].name
    if holds_stock(s, owner, line):
        s.value[line] += r.payout_with_stock
        s.note(
            f"train {ctx.letters[line]} at {name}: line value +{yen(r.payout_with_stock)} → "
            f"{yen(s.value[line])} ({seat_name(owner)}'s station, who holds stock: TM-8.3)"
        )
    else:
        s.value[line] += r.payout_value
        s.from_bank(owner, r.payout_owner)
        s.note(
            f"train {ctx.letters[line]} at {name}: line value +{yen(r.payout_value)} → "
            f"{yen(s.value[line])}, {seat_name(owner)} +{yen(r.payout_owner)} → "
            f"{yen(s.money[owner])} (owner without stock: TM-8.3)"
        )


def _remove(ctx: Ctx, s: MetroState, line: int) -> None:
    """TM-8.6: back beside its stock cards; remaining movement lost; riders must alight."""
    s.train_pos[line] = OFF_MAP
    s.train_dir[line] = 1
    s.train_started[line] = False
    s.steps_left = 0
    s.note(f"train {ctx.letters[line]} removed at its stop 1 (TM-8.6)")
    s.queue = tuple(seat for seat in s.order if s.riding[seat] == line)
    s.prompt = Prompt.EVICT


def _open_stop(ctx: Ctx, s: MetroState, line: int) -> None:
    """TM-8.5: everyone who could board or alight here decides, in turn order."""
    s.queue = tuple(seat for seat in s.order if _has_choice_at(ctx, s, seat, line))
    s.prompt = Prompt.STOP


def _station_here(ctx: Ctx, s: MetroState) -> int:
    line = s.train_line
    if s.prompt is Prompt.EVICT:
        return ctx.station_at(line, 0)
    return ctx.station_at(line, s.train_pos[line])


def _has_choice(ctx: Ctx, s: MetroState, seat: int) -> bool:
    if s.prompt is Prompt.EVICT:
        return s.riding[seat] == s.train_line
    return _has_choice_at(ctx, s, seat, s.train_line)


def _has_choice_at(ctx: Ctx, s: MetroState, seat: int, line: int) -> bool:
    station = ctx.station_at(line, s.train_pos[line])
    if s.riding[seat] != NOBODY:
        return _may_alight_at(ctx, s, seat, line, station)
    return _may_board(ctx, s, seat, line, station)


def _may_alight_at(ctx: Ctx, s: MetroState, seat: int, line: int, station: int) -> bool:
    """TM-8.5: riders of this train, and of a train standing at this same station (a rider
    may alight at any time while their train stands at a stop), once it has moved."""
    ridden = s.riding[seat]
    if ridden != line and (
        s.train_pos[ridden] == OFF_MAP or ctx.station_at(ridden, s.train_pos[ridden]) != station
    ):
        return False
    return s.moved[seat] and bool(empty_cells_touching(ctx, s, station))


def fare(ctx: Ctx, s: MetroState, seat: int, line: int) -> int:
    """TM-8.5: what boarding this line's train costs the seat (nothing with its stock)."""
    return 0 if holds_stock(s, seat, line) else ctx.rules.fare


def _may_board(ctx: Ctx, s: MetroState, seat: int, line: int, station: int) -> bool:
    """TM-8.5: touching the station, not alighted from this train this phase, fare paid."""
    if not on_map(s, seat) or station not in ctx.board.cell_stations[s.meeple[seat]]:
        return False
    if s.alighted[seat] >> line & 1:
        return False
    return s.money[seat] >= fare(ctx, s, seat, line)


def legal(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    if not s.queue or s.queue[0] != seat:
        return []
    station = _station_here(ctx, s)
    if s.prompt is Prompt.EVICT:
        cells = empty_cells_touching(ctx, s, station) or nearest_empty_cells(ctx, s, station)
        return [act.Alight(ctx.cell_names[c]) for c in cells]
    if s.riding[seat] != NOBODY:
        cells = empty_cells_touching(ctx, s, station)
        return [*(act.Alight(ctx.cell_names[c]) for c in cells), act.Pass()]
    return [act.BoardTrain(), act.Pass()]


def apply(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    """Apply a decision listed by `legal`."""
    s.queue = s.queue[1:]
    line = s.train_line
    if isinstance(action, act.BoardTrain):
        s.meeple[seat] = OFF_MAP
        s.riding[seat] = line
        s.moved[seat] = False
        paid = fare(ctx, s, seat, line)
        if paid:
            s.pay_bank(seat, paid)
            s.value[line] += paid
        letter = ctx.letters[line]
        s.note(
            f"{seat_name(seat)} boards train {letter}: "
            + (
                f"fare {yen(paid)} to the bank, line {letter} value +{yen(paid)} → "
                f"{yen(s.value[line])}; money → {yen(s.money[seat])} (TM-8.5)"
                if paid
                else f"no fare, {seat_name(seat)} holds stock in {letter} (TM-8.5)"
            )
        )
    elif isinstance(action, act.Alight):
        ridden = s.riding[seat]
        alight(s, seat, ctx.board.parse_cell(action.cell))
        s.note(f"{seat_name(seat)} alights from train {ctx.letters[ridden]} at {action.cell}")
        if ridden != line and s.prompt is Prompt.STOP:
            s.queue = (seat, *s.queue)  # off another train: may now board this one
