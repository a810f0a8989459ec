"""Alighting from a standing train while another passes (TM-8.5), and refusals that name
the rule actually broken (TM-6.1, TM-6.2, TM-6.3, TM-8.6) rather than the action's own.

These were written first as failing tests against an earlier engine.
"""

from __future__ import annotations

import pytest

from ekimae.core.errors import IllegalActionError
from ekimae.games.tokyo_metro import actions as act
from tests.games.tokyo_metro.helpers import (
    OFF_MAP,
    Phase,
    TokyoMetroState,
    actions_phase,
    do,
    find_spot,
    fresh,
    line,
    put_cards,
    put_train,
    snapshot,
    to_trains,
)


def _refusal(state: TokyoMetroState, seat: int, text: str) -> IllegalActionError:
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        do(state, seat, text)
    assert snapshot(state) == before
    return info.value


# ------------------------------------------------------------------ a rule


def test_tm_8_5_a_rider_may_alight_while_another_train_moves() -> None:
    """TM-8.5: a rider may alight "at any time while their train stands at a stop (also
    in other phases)" (seeds: "à tout moment (même pendant une autre phase)"). So in the
    trains phase, while an earlier line's train moves, a rider of a standing train may
    alight at its station and board the moving train when it comes there.

    Set-up: seat 0 rides train l2, standing (and moved) at station S; train l1 (earlier
    in line order) arrives at S on its first stop. Expected: seat 0 can get off l2 and
    ride l1 in this phase. The engine asks riders of l2 only once l2 itself moves, by
    when l1 has gone.
    """
    state = actions_phase(2)
    ctx = state.ctx
    l1, p1, l2, p2 = next(
        (a, pa, b, pb)
        for a in range(ctx.lines)
        for b in range(a + 1, ctx.lines)
        for pa in range(1, len(ctx.line_stops[a]))
        for pb in range(1, len(ctx.line_stops[b]) - 1)
        if ctx.station_at(a, pa) == ctx.station_at(b, pb)
    )
    put_train(state, ctx.letters[l1], p1)  # one stop before S
    put_train(state, ctx.letters[l2], p2 + 1)  # standing at S
    state.s.stocks[l1] = (1,)
    state.s.stocks[l2] = (1,)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = l2
    state.s.moved[0] = True
    state = to_trains(state)
    boarded = False
    while state.s.phase is Phase.TRAINS and state.s.train_line <= l1 and not boarded:
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        alights = [a for a in legal if isinstance(a, act.Alight)]
        if seat == 0 and act.BoardTrain() in legal and state.s.train_line == l1:
            state.apply(0, act.BoardTrain())
            boarded = True
        elif seat == 0 and alights:
            state.apply(0, alights[0])
        else:
            state.apply(seat, act.Pass() if act.Pass() in legal else legal[0])
    assert boarded
    assert state.s.riding[0] == l1


# ------------------------------------------------------------------ refusals naming their rule


def test_tm_8_6_refusal_of_staying_aboard_a_removed_train_names_tm_8_6() -> None:
    """TM-8.6: the riders of a removed train must alight; refusing "pass" there should
    name TM-8.6 (the engine names TM-3.5, the actions-phase pass)."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    put_train(state, "G", 2, direction=-1, by_start=True)
    state.s.meeple[0] = OFF_MAP
    state.s.riding[0] = g
    state.s.moved[0] = True
    state = to_trains(state)
    do(state, 0, "pass")  # stays aboard at the starting stop
    assert state.view(0)["trains_phase"]["prompt"] == "evict"
    assert _refusal(state, 0, "pass").rule == "TM-8.6"


def test_tm_6_2_refusal_of_passing_after_assigning_names_tm_6_2() -> None:
    """TM-6.2: no Speed token is assigned on a turn you pass; a pass after assigning
    should be refused naming TM-6.2 (the engine names TM-3.5)."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state.s.speed_tokens[0] = 1
    state = fresh(state)
    do(state, 0, "assign G")
    assert _refusal(state, 0, "pass").rule == "TM-6.2"


def test_tm_6_1_refusal_of_a_taken_action_names_tm_6_1() -> None:
    """TM-6.1: an action is available only while its slots are empty; taking one whose
    slots hold discs should name TM-6.1 (the engine names the action's rule, TM-7.10,
    and says only that no loan action is possible)."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state = fresh(state)
    do(state, 0, f"loan {loan.spot}")
    assert _refusal(state, 1, f"loan {loan.spot}").rule == "TM-6.1"


def test_tm_6_1_refusal_for_too_few_discs_names_tm_6_1() -> None:
    """TM-6.1: one disc per slot; a 3-slot action with 2 discs in front should name
    TM-6.1 (the engine names TM-7.9, the Bid action, though its message is right)."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "bid", slots=3)
    put_cards(state, spot.spot)
    state.s.front[0] = 2
    state = fresh(state)
    assert _refusal(state, 0, f"bid {spot.spot}").rule == "TM-6.1"


def test_tm_6_3_refusal_of_another_players_personal_card_names_tm_6_3() -> None:
    """TM-6.3: a personal card is usable only by its owner; using another player's
    should name TM-6.3 (the engine names the action's rule and cites TM-6.3 in the text)."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    card = loan.spot[:-1]
    column = state.ctx.cards.cards[card].deck
    put_cards(state, loan.spot)
    grid = list(state.s.grid[column])
    grid[grid.index(card)] = state.s.decks[column][-1]
    state.s.decks[column] = state.s.decks[column][:-1]
    state.s.grid[column] = tuple(grid)
    state.s.personal[1] = (card,)
    state = fresh(state)
    assert _refusal(state, 0, f"loan {loan.spot}").rule == "TM-6.3"
