"""COUNTDOWN's own bots, after the generic ones (random, flat-mc, ismcts).

- `builder`: packs each floor as tightly as it can (`builder.py`): of the elements in the
  pool that fit on this round's floor, it takes the one whose best placement wastes the
  least room (free pockets too small for any element left), hugs the most edges and is
  the smallest, places it there, and says `done` once nothing fits or time is short.
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.countdown.builder import BuilderBot

__all__ = ["LADDER", "MARGIN_SCALE"]

LADDER: dict[str, Callable[[int], Bot]] = {"builder": BuilderBot}
MARGIN_SCALE = 10.0  # elements: ten elements ahead is a clear win
