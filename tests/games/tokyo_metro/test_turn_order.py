"""TM-3.2 (card renewal, number of rounds) and TM-3.3 (turn-order bids)."""

from __future__ import annotations

import pytest

from ekimae.games.tokyo_metro import actions as act
from tests.games.tokyo_metro.helpers import (
    Phase,
    actions_phase,
    do,
    find_spot,
    new_game,
    play_to,
    play_until,
    put_cards,
    to_trains,
)


def test_tm_3_3_highest_bid_first_and_bids_paid_to_the_bank() -> None:
    """TM-3.3: highest total goes first, and so on; all bids go to the bank."""
    state = new_game(3, seed=4)
    do(state, 0, "turn-bid 100")
    do(state, 1, "turn-bid 300")
    assert state.s.phase is Phase.TURN_ORDER  # waits for every bid
    do(state, 2, "turn-bid 200")
    assert state.s.order == [1, 2, 0]
    assert state.s.money == [1900, 1700, 1800]
    assert state.view(None)["phase"] == "movement"


def test_tm_3_3_bids_from_zero_to_all_money_in_100s() -> None:
    """TM-3.3/TM-5.1: any bid from ¥0 up to the player's money."""
    state = new_game(2)
    state.s.money[1] = 500
    assert list(state.legal_actions(1)) == [act.TurnBid(x) for x in range(0, 501, 100)]


def test_tm_3_3_bids_are_secret_until_revealed() -> None:
    """TM-3.3: every player bids in secret; others only see that a bid was made."""
    state = new_game(2)
    do(state, 0, "turn-bid 700")
    assert state.view(0)["players"][0]["bid"] == 700
    assert state.view(1)["players"][0]["bid"] is None
    assert state.view(1)["players"][0]["has_bid"] is True
    assert state.view(None)["players"][0]["bid"] is None


def test_tm_3_3_round_1_ties_are_random() -> None:
    """TM-3.3: tied players in round 1 are ordered at random (both orders occur)."""
    orders = set()
    for seed in range(20):
        state = new_game(2, seed)
        do(state, 0, "turn-bid 0")
        do(state, 1, "turn-bid 0")
        orders.add(tuple(state.s.order))
    assert orders == {(0, 1), (1, 0)}


def test_tm_3_3_later_ties_reverse_the_previous_relative_order() -> None:
    """TM-3.3: from round 2, tied players reverse their relative order of the previous turn."""
    state = new_game(3, seed=3)
    play_to(state, 2, Phase.TURN_ORDER, ordered_bids=True)
    assert state.s.order == [0, 1, 2]
    for seat in range(3):
        do(state, seat, "turn-bid 0")
    assert state.s.order == [2, 1, 0]


def test_tm_3_3_later_partial_tie_reverses_only_the_tied_players() -> None:
    """TM-3.3: the untied player takes their place; the tied ones swap."""
    state = new_game(3, seed=3)
    play_to(state, 2, Phase.TURN_ORDER, ordered_bids=True)
    assert state.s.order == [0, 1, 2]
    do(state, 0, "turn-bid 100")
    do(state, 1, "turn-bid 300")
    do(state, 2, "turn-bid 100")
    assert state.s.order == [1, 2, 0]


def test_tm_3_3_bid_bonus_adds_to_the_bid_total_then_goes_to_the_bank() -> None:
    """TM-3.3/TM-7.9: the Bid action's yen add to the next bid total and are not kept."""
    state = actions_phase(2, seed=1)
    bid = find_spot(state.ctx, "bid")
    put_cards(state, bid.spot)
    do(state, 0, f"bid {bid.spot}")
    assert state.s.bid_bonus == [bid.value, 0]
    state = to_trains(state)
    play_until(state, lambda st: st.s.phase is Phase.TURN_ORDER)
    assert state.s.round == 2
    money = state.s.money[:]
    do(state, 0, "turn-bid 0")
    do(state, 1, f"turn-bid {bid.value - 100}")
    assert state.s.order == [0, 1]
    assert state.s.money == [money[0], money[1] - (bid.value - 100)]
    assert state.s.bid_bonus == [0, 0]


def test_tm_3_3_bid_bonus_loses_to_a_higher_total() -> None:
    """TM-3.3/TM-7.9: the total (bid + bonus) is compared, not the bonus alone."""
    state = actions_phase(2, seed=1)
    bid = find_spot(state.ctx, "bid")
    put_cards(state, bid.spot)
    do(state, 0, f"bid {bid.spot}")
    state = to_trains(state)
    play_until(state, lambda st: st.s.phase is Phase.TURN_ORDER)
    do(state, 0, "turn-bid 0")
    do(state, 1, f"turn-bid {bid.value + 100}")
    assert state.s.order == [1, 0]


def test_tm_3_2_card_renewal_slides_columns_down() -> None:
    """TM-3.2: the bottom card goes to the top of the discard pile, the others slide down
    one row, and one new card is drawn into the top row."""
    state = new_game(3, seed=8)
    grid = [tuple(column) for column in state.s.grid]
    decks = [tuple(deck) for deck in state.s.decks]
    play_to(state, 2, Phase.TURN_ORDER)
    for col in range(6):
        assert state.s.discards[col] == (grid[col][0],)
        assert state.s.grid[col] == (*grid[col][1:], decks[col][-1])
        assert state.s.decks[col] == decks[col][:-1]


def test_tm_3_2_renewal_discards_are_secret_below_the_top() -> None:
    """TM-3.2/TM-7.13: players see only the top card of each discard pile."""
    state = new_game(2, seed=8)
    play_to(state, 3, Phase.TURN_ORDER)
    column = state.view(0)["columns"][0]
    assert column["discard_count"] == 2
    assert column["discard_top"] == state.s.discards[0][-1]
    assert "discards" not in column


@pytest.mark.parametrize(("seats", "rounds"), [(2, 8), (3, 7), (4, 6), (5, 5)])
def test_tm_3_2_rounds_are_10_minus_players(seats: int, rounds: int) -> None:
    """TM-3.2/TM-9.1: 10 - players rounds; the game ends when renewal finds no card."""
    state = new_game(seats, seed=seats)
    assert state.rounds == rounds
    last_round = 0
    while not state.is_terminal():
        last_round = state.s.round
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, act.TurnBid(0) if state.s.phase is Phase.TURN_ORDER else legal[0])
    assert last_round == rounds
    assert state.s.decks == [()] * 6
    assert state.winner() is not None
