"""Who may do what now, and doing it: the dispatch over the phases of TM-3."""

from __future__ import annotations

from collections.abc import Callable

from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro import drinks, flow, trains
from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro.card_actions import free_slots, has_card_action, legal_card_actions
from ekimae.games.tokyo_metro.card_effects import take_card_action
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.movement import (
    alight,
    can_alight_now,
    empty_cells_touching,
    occupied,
    reachable,
    riding_station,
    walk_range,
)
from ekimae.games.tokyo_metro.state import NOBODY, MetroState, Phase
from ekimae.games.tokyo_metro.tables import PASS, tables
from ekimae.games.tokyo_metro.turn_order import legal_bids, submit_bid


def current_players(s: MetroState) -> tuple[int, ...]:
    if s.phase is Phase.TURN_ORDER:
        return tuple(seat for seat in range(s.n) if s.bids[seat] is None)
    if s.phase is Phase.MOVEMENT or s.phase is Phase.ACTIONS:
        return (s.order[s.cursor],)
    if s.phase is Phase.TRAINS:
        return s.queue[:1]
    return ()


def legal(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    if seat not in current_players(s):
        return []
    if s.phase is Phase.TURN_ORDER:
        return list(legal_bids(ctx, s, seat))
    if s.phase is Phase.MOVEMENT:
        return _movement(ctx, s, seat)
    if s.phase is Phase.ACTIONS:
        return _actions(ctx, s, seat)
    return trains.legal(ctx, s, seat)


def _alights(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    """TM-8.5: a rider may alight at any time while the train stands at a stop."""
    if not can_alight_now(ctx, s, seat):
        return []
    cells = empty_cells_touching(ctx, s, riding_station(ctx, s, seat))
    alight = tables(ctx).alight
    return [alight[c] for c in cells]


def _movement(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    if s.round == 1:  # TM-3.4: place on an empty cell of the start area
        taken = occupied(s)
        place = tables(ctx).place
        return [place[c] for c in ctx.board.start_cells if c not in taken]
    if s.riding[seat] != NOBODY:
        return [*_alights(ctx, s, seat), PASS]
    steps = walk_range(ctx, s, seat, ctx.rules.movement_cells)
    walk = tables(ctx).walk
    return [walk[c] for c in reachable(ctx, s, seat, steps)]


def _actions(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    if s.walk_left >= 0:
        return drinks.legal_walk(ctx, s, seat)  # MD-5: a Move walked cell by cell
    out = legal_card_actions(ctx, s, seat)
    if ctx.drinks is not None:
        out.extend(drinks.legal_builds(ctx, s, seat, free=False))  # MD-4
        if s.shape_on[seat]:
            out.extend(drinks.legal_builds(ctx, s, seat, free=True))  # MD-5
    if out:
        out.extend(_assignments(ctx, s, seat))
    out.extend(_alights(ctx, s, seat))
    if not s.turn_busy:  # TM-6.2: no Speed token assigned on a turn you pass
        out.append(PASS)
    return out


def _assignments(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    """TM-6.2/TM-7.6: a token to a line with a free slot, if an action can still follow."""
    if s.speed_tokens[seat] <= 0:
        return []
    out: list[Action] = []
    assign = tables(ctx).assign
    for line in range(ctx.lines):
        if free_slots(ctx, s, line) > 0:
            _assign(s, seat, line)
            if has_card_action(ctx, s, seat):
                out.append(assign[line])
            s.speed_tokens[seat] += 1
            s.speed_on_line[line] -= 1
    return out


def _assign(s: MetroState, seat: int, line: int) -> None:
    s.speed_tokens[seat] -= 1
    s.speed_on_line[line] += 1


def do(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    """Apply an action that `legal` listed, then run the automatic steps."""
    if isinstance(action, act.TurnBid):
        submit_bid(s, seat, action.amount)
    elif s.phase is Phase.TRAINS:
        trains.apply(ctx, s, seat, action)
    else:
        _STEPS.get(type(action), _card)(ctx, s, seat, action)
    flow.settle(ctx, s)


def _walk(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    assert isinstance(action, act.Place | act.Walk)
    s.meeple[seat] = ctx.cell(action.cell)
    s.cursor += 1
    s.note(lf.ACTS, seat=seat, action=action, copied="", detail="")


def _alight(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    assert isinstance(action, act.Alight)
    s.note(lf.ALIGHTS_PLAN, seat=seat, vehicle=ctx.vehicle_name(s.riding[seat]), cell=action.cell)
    alight(s, seat, ctx.cell(action.cell))


def _pass(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    if s.phase is Phase.MOVEMENT:
        s.cursor += 1  # stays aboard
    else:
        flow.pass_turn(ctx, s, seat)


def _build(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    assert isinstance(action, act.Build)
    drinks.build(ctx, s, seat, action)
    if not action.free:
        flow.next_turn(s)  # MD-4: an action; a free build (MD-5) is not


def _step(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    assert isinstance(action, act.Step)
    drinks.step(ctx, s, seat, action)


def _stop(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    s.walk_left = -1
    s.note(lf.STOPS, seat=seat)
    flow.next_turn(s)


def _assign_token(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    assert isinstance(action, act.Assign)
    _assign(s, seat, ctx.board.line_by_letter[action.line])
    s.turn_busy = True
    s.note(lf.ACTS, seat=seat, action=action, copied="", detail="")


def _card(ctx: Ctx, s: MetroState, seat: int, action: Action) -> None:
    take_card_action(ctx, s, seat, action)
    if s.walk_left < 0:
        flow.next_turn(s)


# The movement and actions phases' steps by action type; any other is a card action.
_STEPS: dict[type[Action], Callable[[Ctx, MetroState, int, Action], None]] = {
    act.Place: _walk,
    act.Walk: _walk,
    act.Alight: _alight,
    act.Pass: _pass,
    act.Build: _build,
    act.Step: _step,
    act.Stop: _stop,
    act.Assign: _assign_token,
}
