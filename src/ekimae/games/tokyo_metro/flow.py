"""The round's phases in order (TM-3): what happens by itself between decisions.

`settle` runs every automatic step (reveals, skipped turns, train movement, renewal,
scoring) until some seat has a real decision or the game is over.
"""

from __future__ import annotations

from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro import scoring, trains
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.movement import can_alight_now, on_map, reachable, walk_range
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState, Phase
from ekimae.games.tokyo_metro.turn_order import all_bids_in, renew_cards, reveal


def settle(ctx: Ctx, s: MetroState) -> None:
    while True:
        if s.phase is Phase.TURN_ORDER:
            if not all_bids_in(s):
                return
            reveal(ctx, s)
            s.phase, s.cursor = Phase.MOVEMENT, 0
        elif s.phase is Phase.MOVEMENT:
            if movement_pending(ctx, s):
                return
            begin_actions(s)
        elif s.phase is Phase.ACTIONS:
            if actions_pending(ctx, s):
                return
            end_actions(s)
            trains.start(s)
        elif s.phase is Phase.TRAINS:
            if not trains.advance(ctx, s):
                return
            end_round(ctx, s)
        else:
            return


def movement_pending(ctx: Ctx, s: MetroState) -> bool:
    """Skip seats with nothing to decide; True when the seat at the cursor must act."""
    while s.cursor < s.n:
        seat = s.order[s.cursor]
        if has_movement_choice(ctx, s, seat):
            return True
        s.cursor += 1
    return False


def has_movement_choice(ctx: Ctx, s: MetroState, seat: int) -> bool:
    if s.round == 1:
        return s.meeple[seat] == OFF_MAP and s.riding[seat] == NOBODY  # TM-3.4: place
    if s.riding[seat] != NOBODY:
        return can_alight_now(ctx, s, seat)
    steps = walk_range(ctx, s, seat, ctx.rules.movement_cells)
    return on_map(s, seat) and len(reachable(ctx, s, seat, steps)) > 1


def begin_actions(s: MetroState) -> None:
    s.phase = Phase.ACTIONS
    s.cursor = 0
    s.passed = [False] * s.n
    s.turn_busy = False


def actions_pending(ctx: Ctx, s: MetroState) -> bool:
    """TM-3.5: round and round in turn order, skipping those who passed."""
    if s.walk_left >= 0:
        return True  # MD-5: a Move walked cell by cell is under way
    for _ in range(s.n):
        seat = s.order[s.cursor]
        if not s.passed[seat]:
            if s.front[seat] > 0:
                return True
            s.passed[seat] = True  # no disc in front: must pass (income 0)
            s.note(lf.PASSES_EMPTY, seat=seat, income=0)
        s.cursor = (s.cursor + 1) % s.n
    return False


def pass_turn(ctx: Ctx, s: MetroState, seat: int) -> None:
    """TM-3.5: ¥100 per disc still in front."""
    income = ctx.rules.pass_income_per_disc * s.front[seat]
    s.from_bank(seat, income)
    s.passed[seat] = True
    discs = s.front[seat]
    s.note(
        lf.PASSES_ONE if discs == 1 else lf.PASSES,
        seat=seat,
        income=income,
        per_disc=ctx.rules.pass_income_per_disc,
        discs=discs,
        money=s.money[seat],
    )
    next_turn(s)


def next_turn(s: MetroState) -> None:
    s.turn_busy = False
    s.cursor = (s.cursor + 1) % s.n


def end_actions(s: MetroState) -> None:
    """TM-3.5: all discs on action cards return to their owners."""
    s.front = s.action_discs[:]
    s.taken = {}
    s.discount_discs = [()] * s.n
    s.copy_discs = [()] * s.n  # OS-7.1: a Copy disc is good for this round only
    s.copies = {}
    s.passed = [False] * s.n
    s.shape_on = [False] * s.n  # MD-5: until the end of the action phase


def end_round(ctx: Ctx, s: MetroState) -> None:
    """TM-3.2/TM-9.1: renewal opens the next round, or ends the game if a deck is empty."""
    s.train_line = NOBODY
    if not renew_cards(s):
        scoring.finish(ctx, s)
        return
    s.round += 1
    s.phase = Phase.TURN_ORDER
    s.cursor = 0
    s.note(lf.ROUND, round=s.round)


def rounds_total(s: MetroState) -> int:
    """TM-3.2: each later round draws one card per deck."""
    return s.round + (min(len(d) for d in s.decks) if s.decks else 0)
