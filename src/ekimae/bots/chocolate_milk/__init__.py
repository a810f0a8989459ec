"""CHOCOLATE MILK's own bots, after the generic ones (random, flat-mc, ismcts).

- `normal` (`heuristic.py`): the best move one step ahead, valued in yen from the view —
  yen, crates as they would score, a share of next turn's best sale, the machine's odds,
  and whether a move ending the game leaves it ahead.
- `strong` (`search.py`): flat Monte Carlo from the seat's view (the game's own
  determinization: the machine and the draws re-dealt), over `normal`'s best few moves,
  every seat playing out as `normal` would.
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.chocolate_milk.heuristic import NormalBot
from ekimae.bots.chocolate_milk.search import StrongBot

__all__ = ["LADDER", "MARGIN_SCALE"]

LADDER: dict[str, Callable[[int], Bot]] = {"normal": NormalBot, "strong": StrongBot}
MARGIN_SCALE = 500.0  # yen: a five-drink sale or a third crate series ahead is a clear win
