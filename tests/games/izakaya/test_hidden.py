"""What the conformance suite's hooks would check for IZAKAYA, kept with the title: every
yen accounted for (IZ-2), the sealed bids hidden until the reveal (IZ-2), determinize
rebuilding the view."""

from __future__ import annotations

import random

import pytest

from ekimae.games.izakaya.game import GAME
from ekimae.games.izakaya.state import IzakayaState


def money(state: IzakayaState) -> tuple[int, int]:
    """IZ-1, IZ-2: money held + the bid pile = start money; the price coins never change."""
    assert sum(state.prices) == sum(c.price for c in state.data.colour_cards)
    return sum(state.money) + state.pile, state.data.start_money * state.seats


def perturb(state: IzakayaState, seat: int, rng: random.Random) -> IzakayaState:
    other = state.clone()
    for p, bid in enumerate(other.bids):
        if p != seat and bid is not None:
            other.bids[p] = rng.randrange(0, other.money[p] // 100 + 1) * 100
    return other


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_iz_2_money_and_sealed_bids_over_random_games(seats: int) -> None:
    """IZ-2: at every step the yen add up and no seat sees another's sealed bid; a
    determinized state shows the same view and actions."""
    rng = random.Random(seats)
    for seed in range(3):
        state = GAME.new_state(seats, seed)
        while not state.is_terminal():
            held, expected = money(state)
            assert held == expected
            for viewer in range(seats):
                assert perturb(state, viewer, rng).view(viewer) == state.view(viewer)
            seat = rng.choice(state.current_players())
            sample = GAME.determinize(state.view(seat), seat, rng.randrange(2**32))
            assert sample.view(seat) == state.view(seat)
            assert sample.legal_actions(seat) == state.legal_actions(seat)
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        assert money(state)[0] == money(state)[1]
