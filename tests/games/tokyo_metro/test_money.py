"""TM-5.1 and TM-1.5: money never below 0 in play; every yen comes from or goes to the bank."""

from __future__ import annotations

import random

import pytest

from tests.games.tokyo_metro.helpers import new_game


@pytest.mark.parametrize(("seats", "seed"), [(2, 7), (3, 8), (5, 9)])
def test_tm_5_1_money_never_below_zero_before_the_final_loans(seats: int, seed: int) -> None:
    """TM-5.1: an action, bid or fare a player cannot pay in full cannot be chosen, so
    money stays at 0 or more until the final loan repayment (TM-9.5); TM-1.5: the yen
    held always equal the start money plus what the bank paid out less what it took in."""
    rng = random.Random(seed)
    state = new_game(seats, seed)
    start = state.ctx.rules.start_money * seats
    while not state.is_terminal():
        s = state.s
        assert min(s.money) >= 0
        stakes = sum(k for specs in s.speculations for _, k in specs)
        assert sum(s.money) + sum(s.bid_bonus) + stakes == start + s.bank_out - s.bank_in
        seat = rng.choice(state.current_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    s = state.s
    assert sum(s.money) + sum(s.bid_bonus) == start + s.bank_out - s.bank_in
    loans = [1500 * n for n in s.loans]
    assert all(money + loan >= 0 for money, loan in zip(s.money, loans, strict=True))
