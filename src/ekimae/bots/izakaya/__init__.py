"""IZAKAYA's own bots, after the generic ones (random, flat-mc, ismcts).

- `learning` (`ekimae.bots.learning`): `normal`'s ranking, slipping to one of its next
  three choices two moves in five, but bidding as `normal` (IZ-2: seats bid at once);
  issue 30: the lobby's default, for a first game.
- `normal` (`heuristic.py`): one ply judged by what the position is worth to it against
  the best other seat (`evaluate.py`: yen plus drinks × floors, with shares for empty
  corners and floors still allowed); bids nothing; builds the smallest element that rises
  a floor on its best card.
- `strong` (`search.py`): flat Monte Carlo from its own view — others' sealed bids sampled
  by the game's determinizer (IZ-2) — over `normal`'s best few moves (and a few bids),
  each played out to the end by a quick rollout policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ekimae.bots.base import Bot
from ekimae.bots.izakaya.evaluate import advantage
from ekimae.bots.izakaya.heuristic import NormalBot, rank, rise, state_of
from ekimae.bots.izakaya.search import StrongBot
from ekimae.bots.learning import LearningBot
from ekimae.core.actions import Action
from ekimae.games.izakaya.view import izakaya_view, own_seat

__all__ = ["LADDER", "LEVELS", "MARGIN_SCALE", "WORTH"]

SLIP = 0.4  # issue 30: docs/bots.md "The levels" has what it gives


def _rank(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> list[Action]:
    return rank(state_of(view), own_seat(izakaya_view(view)), legal, rng)


def _learning(seed: int) -> Bot:
    return LearningBot(seed, _rank, slip=SLIP, exact=frozenset({"bid"}))


LADDER: dict[str, Callable[[int], Bot]] = {
    "learning": _learning,
    "normal": NormalBot,
    "strong": StrongBot,
}
# The lobby's words for the ladder (issue 30): what a newcomer chooses from.
LEVELS = {"learning": "learning", "casual": "normal", "strong": "strong"}
MARGIN_SCALE = 1_000.0  # yen: a building's floor or two on a good card


def WORTH(view: dict[str, Any], action: Action) -> float | None:  # noqa: N802 (the registry's name)
    """What `normal` reckons the move adds to the seat's lead, in yen (a hint's "why"):
    one ply of the advantage; a build, the floor it adds; none for a bid or a placement."""
    if action.kind in ("bid", "place", "free", "pass"):
        return None
    state, seat = state_of(view), own_seat(izakaya_view(view))
    if action.kind == "build":
        return rise(state, seat, str(getattr(action, "element", "")))[0]
    trial = state.clone()
    trial.apply(seat, action)
    return advantage(trial, seat) - advantage(state, seat)
