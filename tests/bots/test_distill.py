"""The kind bonus of `Weights` and its fit from the search's choices (tools/distill_bonus.py)."""

from __future__ import annotations

import dataclasses

from ekimae.bots.tokyo_metro.greedy import NORMAL, Judge
from ekimae.bots.tokyo_metro.heuristic import normal_score
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.game import GAME
from tools.distill_bonus import Decision, fit, seed_ranges, with_bonus


def test_the_kind_bonus_adds_to_the_estimate_of_that_kind_only() -> None:
    state = GAME.new_state(2, 4)
    while not any(isinstance(a, act.Pass) for a in state.legal_actions(state.current_players()[0])):
        seat = state.current_players()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.current_players()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    plain = Judge(view, NORMAL)
    bonus = Judge(view, dataclasses.replace(NORMAL, kind_bonus=(("pass", 250.0),)))
    for action in legal:
        extra = 250.0 if isinstance(action, act.Pass) else 0.0
        assert normal_score(bonus, action, False) == normal_score(plain, action, False) + extra


def test_the_fit_learns_what_the_search_prefers_beyond_the_estimates() -> None:
    # Equal estimates; the search always finds the Start better than the Invest.
    data: list[Decision] = [
        [("invest", 500.0, 0.4), ("start", 500.0, 0.6), ("pass", 0.0, 0.1)] for _ in range(50)
    ]
    bonus = fit(data)
    assert bonus["start"] > bonus["invest"]
    assert bonus["start"] > 0 > bonus["invest"]
    weights = with_bonus(NORMAL, {"start": 400.0, "invest": 0.0}, 0.25)
    assert weights.kind_bonus == (("start", 100.0),)
    assert dataclasses.replace(weights, kind_bonus=()) == NORMAL


def test_seed_ranges() -> None:
    assert seed_ranges("90001-90003,90041") == [90001, 90002, 90003, 90041]
