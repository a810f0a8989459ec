"""CHOCOLATE MILK's own bots, after the generic ones (random, flat-mc, ismcts).

- `learning` (`ekimae.bots.learning`): `normal`'s ranking, slipping to one of its next
  three choices one move in two (issue 30: the lobby's default, for a first game).
- `normal` (`heuristic.py`): the best move one step ahead, valued in yen from the view —
  yen, crates as they would score, a share of next turn's best sale, the machine's odds,
  and whether a move ending the game leaves it ahead.
- `strong` (`search.py`): flat Monte Carlo from the seat's view (the game's own
  determinization: the machine and the draws re-dealt), over `normal`'s best few moves,
  every seat playing out as `normal` would.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ekimae.bots.base import Bot
from ekimae.bots.chocolate_milk.heuristic import NormalBot, from_view, ranked, value, worth
from ekimae.bots.chocolate_milk.search import StrongBot
from ekimae.bots.learning import LearningBot
from ekimae.core.actions import Action
from ekimae.games.chocolate_milk.components import load_data
from ekimae.games.chocolate_milk.view import milk_view

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE", "WORTH"]

SLIP = 0.5  # issue 30: docs/bots.md "The levels" has what it gives


def _rank(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> list[Action]:
    return ranked(load_data(), from_view(milk_view(view)), legal)


def _learning(seed: int) -> Bot:
    return LearningBot(seed, _rank, slip=SLIP)


LADDER: dict[str, Callable[[int], Bot]] = {
    "learning": _learning,
    "normal": NormalBot,
    "strong": StrongBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {"learning": "learning", "casual": "normal", "strong": "strong"}
MARGIN_SCALE = 500.0  # yen: a five-drink sale or a third crate series ahead is a clear win


def WORTH(view: dict[str, Any], action: Action) -> float | None:  # noqa: N802 (the registry's name)
    """What `normal` reckons the move adds to the seat's position, in yen (a hint's "why")."""
    data, table = load_data(), from_view(milk_view(view))
    me = table.seat
    now = worth(data, table.money[me], table.crates[me], table.market)
    return value(data, table, action) - now
