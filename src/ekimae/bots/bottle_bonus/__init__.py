"""BOTTLE BONUS's own bots, after the generic ones (random, flat-mc, ismcts).

TOKYO JUTAKU's builder ladder (`ekimae.bots.tokyo_jutaku`: the solver's plan at a
person's pace), each level also playing the drinks (`builder.py`): it catches the drink
it likes best (purple, red, blue, white, black, mint) after a reaction time; spends blue
and white before every round (nothing to lose), black when the card's back is the hard
side (blind: it never looks), red before its first element (then takes a second element
and places both at once), mint once another building is most of the way done, purple
when a card anywhere is worth ¥2,000 more than any within reach.
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.bottle_bonus.builder import BottleBot
from ekimae.bots.tokyo_jutaku import LEARNING_PACE_MS, LEVELS, MARGIN_SCALE

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE"]


def _level(name: str, pace_ms: int, reaction_ms: int, spread: bool = False) -> Callable[[int], Bot]:
    def make(seed: int) -> Bot:
        bot = BottleBot(seed, pace_ms, reaction_ms, spread)
        bot.name = name
        return bot

    return make


# `builder-learning` (issue 30): JUTAKU's learning pace, and a slow hand at the machine.
LADDER: dict[str, Callable[[int], Bot]] = {
    "builder-learning": _level("builder-learning", LEARNING_PACE_MS, 4000, spread=True),
    "builder-slow": _level("builder-slow", 5000, 2500),
    "builder-steady": _level("builder-steady", 3000, 1200),
    "builder": _level("builder", 0, 300),
}
