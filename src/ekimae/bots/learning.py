"""The `learning` level of the turn-based titles (issue 30): a title's heuristic that slips.

A first-time player should beat the lobby's default bot about half the time. A newcomer
does not play at random: they see the obvious good move most of the time and sometimes
take a worse one that looked fine. So `LearningBot` asks the title's heuristic to rank
the legal actions and plays its first choice, except that with chance `slip` it plays one
of the next `spread` choices instead (uniformly). Where seats act at once (`exact`: a
sealed bid) it always plays the first choice, so what it does there never depends on
whether it decided before or after another seat's action.

Deterministic given the random stream the server hands it (`derived_seed`), like every
bot: a lesson's prepared game replays the same way (server/learn.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ekimae.core.actions import Action

# (view, legal, rng) -> the legal actions, best first.
Ranking = Callable[[dict[str, Any], Sequence[Action], random.Random], Sequence[Action]]


class LearningBot:
    """The ranking's first choice; with chance `slip` one of the next `spread` instead."""

    def __init__(
        self,
        seed: int,
        rank: Ranking,
        *,
        slip: float,
        spread: int = 3,
        exact: frozenset[str] = frozenset(),
        name: str = "learning",
    ) -> None:
        if not 0.0 <= slip <= 1.0 or spread < 1:
            raise ValueError(f"slip must be in [0, 1] and spread at least 1 ({slip}, {spread})")
        self.seed = seed
        self.rank = rank
        self.slip = slip
        self.spread = spread
        self.exact = exact
        self.name = name

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        order = list(self.rank(view, legal, rng))
        if legal[0].kind in self.exact or rng.random() >= self.slip:
            return order[0]
        return rng.choice(order[1 : 1 + self.spread] or order)
