"""COUNTDOWN's own bots, after the generic ones (random, flat-mc, ismcts).

- `builder`: packs each floor as tightly as it can (`builder.py`): of the elements in the
  pool that fit on this round's floor, it takes the one whose best placement wastes the
  least room (free pockets too small for any element left), hugs the most edges and is
  the smallest, places it there, and says `done` once nothing fits or time is short.
- `builder-learning` (6 s a hand action) and `builder-steady` (3 s): the same packer at a
  person's pace (issue 30; `builder` acts at the rules' 1.5 s).
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.countdown.builder import BuilderBot

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE"]


def _paced(name: str, pace_ms: int) -> Callable[[int], Bot]:
    def make(seed: int) -> Bot:
        bot = BuilderBot(seed, pace_ms)
        bot.name = name
        return bot

    return make


LADDER: dict[str, Callable[[int], Bot]] = {
    "builder-learning": _paced("builder-learning", 6000),
    "builder-steady": _paced("builder-steady", 3000),
    "builder": BuilderBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {"learning": "builder-learning", "casual": "builder-steady", "strong": "builder"}
MARGIN_SCALE = 10.0  # elements: ten elements ahead is a clear win
