"""TM-3.5 (the actions phase) and TM-6.1/TM-6.2 (taking an action)."""

from __future__ import annotations

from ekimae.games.tokyo_metro import actions as act
from tests.games.tokyo_metro.helpers import (
    Phase,
    actions_phase,
    do,
    find_spot,
    find_spots,
    fresh,
    put_cards,
)


def test_tm_3_5_pass_takes_100_per_disc_in_front() -> None:
    """TM-3.5: on passing, take ¥100 per disc still in front."""
    state = actions_phase(2)
    do(state, 0, "pass")
    assert state.s.money == [2000 + 300, 2000]
    assert state.s.passed == [True, False]


def test_tm_3_5_pass_income_counts_only_discs_still_in_front() -> None:
    """TM-3.5: discs already placed on action cards earn nothing."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    do(state, 0, f"loan {loan.spot}")
    do(state, 1, "pass")
    do(state, 0, "pass")
    assert state.s.money[0] == 2000 + 1000 + 200
    assert state.s.money[1] == 2000 + 300


def test_tm_3_5_round_and_round_skipping_players_who_passed() -> None:
    """TM-3.5: in turn order, round and round, skipping players who passed."""
    state = actions_phase(3)
    bids = find_spots(state.ctx, "bid")
    put_cards(state, bids[0].spot, bids[1].spot)
    assert state.current_players() == (0,)
    do(state, 0, "pass")
    assert state.current_players() == (1,)
    do(state, 1, f"bid {bids[0].spot}")
    assert state.current_players() == (2,)
    do(state, 2, "pass")
    assert state.current_players() == (1,)  # 0 and 2 passed: 1 plays on alone
    do(state, 1, f"bid {bids[1].spot}")
    assert state.current_players() == (1,)
    do(state, 1, "pass")
    assert state.s.phase is not Phase.ACTIONS


def test_tm_3_5_a_player_with_no_disc_in_front_must_pass() -> None:
    """TM-3.5: without a disc in front a player passes (and earns nothing)."""
    state = actions_phase(2)
    state.s.front[1] = 0
    state = fresh(state)
    do(state, 0, "pass")
    # seat 1 had no disc: passed automatically, with no income; the phase is over
    assert state.s.phase is not Phase.ACTIONS
    assert state.s.money[1] == 2000


def test_tm_3_5_with_one_disc_left_only_pass_or_one_slot_actions() -> None:
    """TM-3.5/TM-6.1: an action needs one disc per slot."""
    state = actions_phase(2)
    state.s.front[0] = 1
    state = fresh(state)
    spots = [a.to_dict().get("spot") for a in state.legal_actions(0)]
    assert spots
    assert {state.ctx.cards.spots[s].slots for s in spots if s} == {1}
    assert act.Pass() in state.legal_actions(0)


def test_tm_3_5_discs_return_to_their_owners_at_the_end_of_the_phase() -> None:
    """TM-3.5: at the end of the phase all discs on action cards return to their owners."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan", slots=2)
    put_cards(state, loan.spot)
    do(state, 0, f"loan {loan.spot}")
    assert state.s.front[0] == 1
    assert state.s.taken == {loan.spot: 0}
    do(state, 1, "pass")
    do(state, 0, "pass")
    assert state.s.front == [3, 3]
    assert state.s.taken == {}


def test_tm_6_1_an_action_is_available_only_while_its_slots_are_empty() -> None:
    """TM-6.1: once taken, an action is not available to anyone for the rest of the phase."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    do(state, 0, f"loan {loan.spot}")
    assert act.Loan(loan.spot) not in state.legal_actions(1)
    do(state, 1, "pass")
    assert act.Loan(loan.spot) not in state.legal_actions(0)


def test_tm_6_1_the_two_actions_of_a_card_are_independent() -> None:
    """TM-6.1: after one action of a card is taken, the other is still available, to the
    same player or another, in either order."""
    state = actions_phase(2)
    cards = state.ctx.cards.cards
    card = next(
        c
        for c in cards.values()
        if len(c.actions) == 2 and {a.kind.value for a in c.actions} == {"loan", "repay"}
    )
    loan, repay = sorted(card.actions, key=lambda a: a.kind.value)
    put_cards(state, card.id)
    state.s.loans[1] = 1  # set-up: seat 1 owes a loan
    state = fresh(state)
    do(state, 0, f"loan {loan.spot}")
    assert act.Repay(repay.spot) in state.legal_actions(1)  # another player may take it
    do(state, 1, "pass")
    do(state, 0, f"repay {repay.spot}")  # the same player takes the other action
    assert state.s.loans[0] == 0
    assert state.s.taken == {loan.spot: 0, repay.spot: 0}


def test_tm_6_1_slots_take_one_disc_each() -> None:
    """TM-6.1: one disc from in front on each slot of the action."""
    state = actions_phase(2)
    spot = find_spot(state.ctx, "bid", slots=3)
    put_cards(state, spot.spot)
    do(state, 0, f"bid {spot.spot}")
    assert state.s.front[0] == 0


def test_tm_6_2_speed_tokens_are_assigned_before_an_action_not_on_a_pass() -> None:
    """TM-6.2: a Speed token may be assigned before taking an action; having assigned,
    the player may not pass on that turn, and takes an action."""
    state = actions_phase(2)
    loan = find_spot(state.ctx, "loan")
    put_cards(state, loan.spot)
    state.s.speed_tokens[0] = 2
    state = fresh(state)
    assert act.Assign("G") in state.legal_actions(0)
    do(state, 0, "assign G")
    assert state.current_players() == (0,)  # still seat 0's turn
    assert act.Pass() not in state.legal_actions(0)
    assert act.Assign("M") in state.legal_actions(0)  # more than one per turn
    do(state, 0, "assign M")
    do(state, 0, f"loan {loan.spot}")
    assert state.s.speed_on_line[:2] == [1, 1]
    assert state.s.speed_tokens[0] == 0
    assert state.current_players() == (1,)


def test_tm_6_2_no_assignment_when_no_action_can_follow() -> None:
    """TM-6.2: assigning is only before an action; with no action possible, only pass."""
    state = actions_phase(2)
    state.s.speed_tokens[0] = 1
    state.s.front[0] = 0
    state.s.front[1] = 0
    state = fresh(state)
    assert state.legal_actions(0) == [act.Pass()]
