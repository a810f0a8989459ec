"""The searches' one reward scale (`ekimae.bots.reward`)."""

from __future__ import annotations

import math
import random

import pytest

from ekimae.bots.flat_search import FlatSearch, playout
from ekimae.bots.mcts import ISMCTS, uniform_policy
from ekimae.bots.reward import DEFAULT_SCALE, rewards, seat_reward, seat_rewards
from ekimae.bots.tokyo_metro import MARGIN_SCALE
from ekimae.bots.tokyo_metro.search_bots import ExpertBot, SearchBot, StrongBot
from ekimae.games.tokyo_metro.game import GAME


def test_half_for_first_place_half_for_the_margin() -> None:
    assert seat_rewards([3000, 1000], [0], 1000.0) == pytest.approx(
        [0.5 + 0.5 / (1 + math.exp(-2)), 0.5 / (1 + math.exp(2))]
    )
    # Shared first place: each of k seats gets 1/k of the first half; level scores ¼.
    assert seat_rewards([5, 5, 1], [0, 1], 1.0) == pytest.approx(
        [0.25 + 0.25, 0.25 + 0.25, 0.5 / (1 + math.exp(4))]
    )
    assert seat_rewards([7], [0], DEFAULT_SCALE) == [0.75]  # solo: a win, no one to beat


def test_flat_search_and_ismcts_reward_a_playout_alike() -> None:
    """The flat search's reward of one seat is ISMCTS's reward of that seat, bit for bit,
    and the winners are those `State.winners()` names."""
    for seats, seed in ((2, 1), (3, 2), (4, 3)):
        state = GAME.new_state(seats, seed)
        playout(state, uniform_policy, random.Random(seed))
        every = rewards(state, MARGIN_SCALE)
        for seat in range(seats):
            value, won = seat_reward(state, seat, MARGIN_SCALE)
            assert value == every[seat]
            assert won == (seat in state.winners()) == (state.winner() == seat)
            assert 0.0 <= value <= 1.0


def test_tokyo_searches_share_the_title_scale() -> None:
    searches = [StrongBot(1).search, ExpertBot(1).search, SearchBot(1, method="ismcts").search]
    assert isinstance(searches[0], FlatSearch) and isinstance(searches[2], ISMCTS)
    assert {s.scale for s in searches} == {MARGIN_SCALE} == {1000.0}


def test_a_huge_margin_on_a_small_scale_saturates_instead_of_overflowing() -> None:
    assert seat_rewards([100_000, 0], [0], 1.0) == [1.0, 0.0]
