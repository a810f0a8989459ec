"""TOKYO METRO's own bots, weakest first (the registry adds the generic ones below them).

- `greedy`: one-ply yen estimates (`greedy.Judge`);
- `beginner`, `normal`: the estimates with noise, or with a good player's corrections
  (`heuristic`);
- `strong`, `expert`: flat Monte Carlo over `normal`'s best moves with `normal`-like
  playouts (`search_bots`, `rollout_policy`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ekimae.bots.base import Bot
from ekimae.bots.tokyo_metro.greedy import GreedyBot, Judge
from ekimae.bots.tokyo_metro.heuristic import BeginnerBot, NormalBot, normal_score
from ekimae.bots.tokyo_metro.search_bots import MARGIN_SCALE, ExpertBot, StrongBot
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro.view import metro_view

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE", "WORTH"]

LADDER: dict[str, Callable[[int], Bot]] = {
    "greedy": GreedyBot,
    "beginner": BeginnerBot,
    "normal": NormalBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {"learning": "beginner", "casual": "normal", "strong": "strong", "expert": "expert"}


def WORTH(view: dict[str, Any], action: Action) -> float | None:  # noqa: N802 (the registry's name)
    """`normal`'s yen estimate of the move (a hint's "why", issue 30); none for a bid."""
    if action.kind == "turn-bid":
        return None
    shown = metro_view(view)
    return normal_score(Judge(shown), action, shown["round"] >= shown["rounds"])
