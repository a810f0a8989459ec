"""THE SHOPPING GAME's own bots, after the generic ones (random, flat-mc, ismcts).

- `learning` (`ekimae.bots.learning`): `normal`'s ranking, slipping to one of its next
  three choices one move in three (issue 30: the lobby's default, for a first game);
- `normal`: a shopper with a price list and a way out (`heuristic.py`);
- `strong`: flat Monte Carlo over `normal`'s best few choices, every seat played out to
  the end by `normal` on sampled bags and machine outcomes (`search.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ekimae.bots.base import Bot
from ekimae.bots.learning import LearningBot
from ekimae.bots.shopping.heuristic import NormalBot, Prices, ranked
from ekimae.bots.shopping.search import MARGIN_SCALE, StrongBot
from ekimae.core.actions import Action
from ekimae.games.shopping.components import load_data
from ekimae.games.shopping.view import shopping_view

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE", "WORTH"]

SLIP = 1 / 3  # issue 30: docs/bots.md "The levels" has what it gives


def _rank(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> list[Action]:
    return ranked(shopping_view(view), legal)


def _learning(seed: int) -> Bot:
    return LearningBot(seed, _rank, slip=SLIP)


LADDER: dict[str, Callable[[int], Bot]] = {
    "learning": _learning,
    "normal": NormalBot,
    "strong": StrongBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {"learning": "learning", "casual": "normal", "strong": "strong"}


def WORTH(view: dict[str, Any], action: Action) -> float | None:  # noqa: N802 (the registry's name)
    """What `normal` reckons taking an item is worth, in yen (a hint's "why"); a step has
    no such figure."""
    if action.kind == "move":
        return None
    return Prices(load_data(), shopping_view(view)).take(action)
