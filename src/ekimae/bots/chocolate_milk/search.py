"""CHOCOLATE MILK's `strong` bot: flat Monte Carlo from the seat's view.

`flat_search.FlatSearch` over states rebuilt by the game's own `determinize` (only the
machine and the draws are unknown, CM-2): the root candidates are `normal`'s best
`WIDTH` moves; every sample plays each of them out to the end with every seat following
`normal`'s valuation (greedy, on the raw sampled state), and the best mean reward wins
(`normal`'s first choice unless clearly beaten). Decisions with one legal move are not
searched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ekimae.bots.chocolate_milk.heuristic import best, from_state, from_view, ranked
from ekimae.bots.flat_search import FlatSearch
from ekimae.bots.generic import determinizer
from ekimae.bots.mcts import Budget, SearchResult
from ekimae.core.actions import Action
from ekimae.games.chocolate_milk.components import load_data
from ekimae.games.chocolate_milk.game import GAME
from ekimae.games.chocolate_milk.state import MilkState
from ekimae.games.chocolate_milk.view import milk_view

WIDTH = 4  # root candidates from `normal`
SAMPLES = 8  # determinizations a decision, each playing out every candidate
SECONDS = 1.5  # a decision, at most
OVERRIDE_Z = 1.0  # standard errors a move must beat `normal`'s first choice by
MARGIN = 500.0  # yen (the title's MARGIN_SCALE)


def normal_policy(
    state: MilkState, seat: int, legal: Sequence[Action], rng: random.Random
) -> Action:
    """`normal`'s choice on a raw state (playouts: no view built)."""
    return best(GAME.data, from_state(state, seat), legal, rng)


class StrongBot:
    """`strong` (module docstring)."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.data = load_data()
        self.seconds = SECONDS
        self.last: SearchResult | None = None

    def untimed(self) -> None:
        """Stop at the sample cap only (moves depend on the seed alone)."""
        self.seconds = math.inf

    def _prior(self, view: dict[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
        return ranked(self.data, from_view(milk_view(view)), legal)[:WIDTH]

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        search = FlatSearch(
            determinizer(GAME),
            self._prior,
            normal_policy,
            budget=Budget(seconds=self.seconds, iterations=SAMPLES),
            scale=MARGIN,
            override=OVERRIDE_Z,
        )
        self.last = search.search(view, legal, rng)
        return self.last.action
