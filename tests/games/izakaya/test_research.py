"""IZAKAYA's research part: every legal action of a playout has a stable number, and the
view encodes to the same length throughout (2-5 players)."""

from __future__ import annotations

import random

import pytest

from ekimae.core.game import Seat
from ekimae.games.izakaya.game import GAME
from ekimae.research.izakaya import Encoder, catalog
from ekimae.research.space import ActionSpace


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_legal_action_has_a_number(seats: int) -> None:
    space = ActionSpace(catalog(seats, {}))
    encoder = Encoder(seats, {})
    rng = random.Random(seats)
    state = GAME.new_state(seats, seats)
    while not state.is_terminal():
        seat: Seat = rng.choice(state.current_players())
        legal = list(state.legal_actions(seat))
        for action in legal:
            index = space.index_of(action)
            assert index is not None, action
            assert space.action_of(index) == action
        assert len(encoder.encode(state.view(seat))) == encoder.size
        state.apply(seat, rng.choice(legal))
