"""THE SHOPPING GAME's own bots, after the generic ones (random, flat-mc, ismcts).

- `normal`: a shopper with a price list and a way out (`heuristic.py`);
- `strong`: flat Monte Carlo over `normal`'s best few choices, every seat played out to
  the end by `normal` on sampled bags and machine outcomes (`search.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.shopping.heuristic import NormalBot
from ekimae.bots.shopping.search import MARGIN_SCALE, StrongBot

__all__ = ["LADDER", "MARGIN_SCALE"]

LADDER: dict[str, Callable[[int], Bot]] = {"normal": NormalBot, "strong": StrongBot}
