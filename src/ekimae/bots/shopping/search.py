"""The `strong` bot of THE SHOPPING GAME: `normal`'s choices checked by playouts.

`flat_search.FlatSearch` over states rebuilt from the view (`GAME.determinize`: the bag's
draws and the machine's outcomes to come are sampled): the candidates are `normal`'s best
`WIDTH`; on each sample every candidate is played to the end of the game with every seat
following `normal`, and the best mean reward wins (`normal`'s first choice unless clearly
beaten). Decisions with one legal action are not searched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ekimae.bots.flat_search import FlatSearch
from ekimae.bots.mcts import Budget, SearchResult
from ekimae.bots.shopping.heuristic import ranked
from ekimae.core.actions import Action
from ekimae.games.shopping.game import GAME
from ekimae.games.shopping.state import ShoppingState
from ekimae.games.shopping.view import own_seat, shopping_view

MARGIN_SCALE = 1000.0  # yen: a ¥1,000 lead is a clear win
WIDTH = 4  # candidates from `normal`
SAMPLES = 12  # determinizations a decision
SECONDS = 1.0  # a decision, at most


def _prior(view: dict[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
    return ranked(shopping_view(view), legal)[:WIDTH]


def _policy(state: ShoppingState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return ranked(state.view_for(seat), legal)[0]


def _sample(view: dict[str, Any], rng: random.Random) -> Any:
    return GAME.determinize(view, own_seat(shopping_view(view)), rng.getrandbits(64))


class StrongBot:
    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.search = FlatSearch(
            determinize=_sample,
            prior=_prior,
            policy=_policy,
            budget=Budget(seconds=SECONDS, iterations=SAMPLES),
            scale=MARGIN_SCALE,
        )
        self.last: SearchResult | None = None

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.last = self.search.search(view, legal, rng)
        return self.last.action

    def untimed(self) -> None:
        """Stop at the sample cap only, so choices depend on the seed alone."""
        self.search.budget = Budget(seconds=math.inf, iterations=SAMPLES)
