"""IZAKAYA's own bots, after the generic ones (random, flat-mc, ismcts).

- `normal` (`heuristic.py`): one ply judged by what the position is worth to it against
  the best other seat (`evaluate.py`: yen plus drinks × floors, with shares for empty
  corners and floors still allowed); bids nothing; builds the smallest element that rises
  a floor on its best card.
- `strong` (`search.py`): flat Monte Carlo from its own view — others' sealed bids sampled
  by the game's determinizer (IZ-2) — over `normal`'s best few moves (and a few bids),
  each played out to the end by a quick rollout policy.
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.izakaya.heuristic import NormalBot
from ekimae.bots.izakaya.search import StrongBot

__all__ = ["LADDER", "MARGIN_SCALE"]

LADDER: dict[str, Callable[[int], Bot]] = {
    "normal": NormalBot,
    "strong": StrongBot,
}
MARGIN_SCALE = 1_000.0  # yen: a building's floor or two on a good card
