"""TOKYO JUTAKU's own bots, after the generic ones (random, flat-mc, ismcts).

- `builder`: plans its building with the solver (`ekimae.games.tokyo_jutaku.solver`)
  from what its view shows — its card, its building, the elements still in the pool —
  and follows the plan one element at a time: take the next element, place it, call
  "Stop!" once the card's requirements are met; when the plan breaks (another player took
  an element it needed) it plans again, returning its last element if nothing extends
  its building, and gives up the round if nothing can be built at all. It starts and
  moves to the card worth the most yen within reach, and keeps an unfinished card.
- `builder-learning` (12 s a hand action, hurrying only as much as the round's time left
  needs to finish its plan; issue 30, the lobby's default): slow enough that a newcomer
  finishes a first building before it calls Stop!.
- `builder-slow` (5 s a hand action) and `builder-steady` (3 s): the same plan at a
  person's pace (the rules' minimum, `builder`, is 2 s, JU-4 RULING); the pace is game
  time, the date of the action chosen.
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.tokyo_jutaku.builder import BuilderBot

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE"]

LEARNING_PACE_MS = 12_000  # issue 30: docs/bots.md "The levels"


def _paced(name: str, pace_ms: int, spread: bool = False) -> Callable[[int], Bot]:
    def make(seed: int) -> Bot:
        bot = BuilderBot(seed, pace_ms, spread)
        bot.name = name
        return bot

    return make


LADDER: dict[str, Callable[[int], Bot]] = {
    "builder-learning": _paced("builder-learning", LEARNING_PACE_MS, spread=True),
    "builder-slow": _paced("builder-slow", 5000),
    "builder-steady": _paced("builder-steady", 3000),
    "builder": BuilderBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {
    "learning": "builder-learning",
    "casual": "builder-slow",
    "strong": "builder-steady",
    "expert": "builder",
}
MARGIN_SCALE = 10_000.0  # yen: a card and a half ahead is a clear win
