"""TOKYO METRO's own bots, weakest first (the registry adds the generic ones below them).

- `greedy`: one-ply yen estimates (`greedy.Judge`);
- `beginner`, `normal`: the estimates with noise, or with a good player's corrections
  (`heuristic`);
- `strong`, `expert`: flat Monte Carlo over `normal`'s best moves with `normal`-like
  playouts (`search_bots`, `rollout_policy`).
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot
from ekimae.bots.tokyo_metro.greedy import GreedyBot
from ekimae.bots.tokyo_metro.heuristic import BeginnerBot, NormalBot
from ekimae.bots.tokyo_metro.search_bots import MARGIN_SCALE, ExpertBot, StrongBot

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE"]

LADDER: dict[str, Callable[[int], Bot]] = {
    "greedy": GreedyBot,
    "beginner": BeginnerBot,
    "normal": NormalBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {"learning": "beginner", "casual": "normal", "strong": "strong", "expert": "expert"}
