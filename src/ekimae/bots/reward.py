"""The one reward scale of the searches: what a finished playout is worth to each seat.

Flat Monte Carlo (`flat_search`) and ISMCTS (`mcts`) both score a playout for seat `s` in
[0, 1] with

    reward(s) = ½ · first(s) + ½ · σ((score(s) − best other score) / scale)

- `first(s)`, from `State.ranking()`/`winners()`: 1 for the sole winner, 1/k for each of
  k seats sharing first place, 0 otherwise;
- σ the logistic function of the margin over the best other seat, so a search that
  cannot find a win still prefers a bigger lead (or a smaller deficit): equal scores are
  worth ¼, a lead of one `scale` ≈ 0.37, a deficit of one `scale` ≈ 0.13;
- `scale` is a typical margin in the game's score units, set by the title's bots
  (`MARGIN_SCALE` in `ekimae.bots.<title>`; TOKYO METRO: ¥1,000). Without one it is
  `DEFAULT_SCALE`, one point: the margin half then says little more than ahead, level
  or behind.

Everything the searches compare is on this scale: mean rewards, ISMCTS's
`override_margin` (a difference of mean rewards) and flat search's `override` and `drop`
(standard errors of paired differences of rewards).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

DEFAULT_SCALE = 1.0  # score units, for a title whose bots name no scale


def _sigma(lead: float, scale: float) -> float:
    """σ(lead / scale); 0 where exp would overflow (a deficit of over 700 scales)."""
    z = -lead / scale
    return 0.0 if z > 700.0 else 1.0 / (1.0 + math.exp(z))


def seat_rewards(scores: Sequence[float], first: Sequence[int], scale: float) -> list[float]:
    """Every seat's reward for final `scores`, `first` being the seats sharing first place."""
    share = 1.0 / len(first) if first else 0.0
    out = []
    for seat, score in enumerate(scores):
        best_other = max((x for i, x in enumerate(scores) if i != seat), default=score)
        margin = _sigma(score - best_other, scale)
        out.append(0.5 * (share if seat in first else 0.0) + 0.5 * margin)
    return out


def rewards(state: Any, scale: float) -> list[float]:
    """Every seat's reward in a finished game (a `State`)."""
    return seat_rewards(state.scores(), state.winners(), scale)


def seat_reward(state: Any, seat: int, scale: float) -> tuple[float, bool]:
    """(`seat`'s reward, whether it is among the winners) in a finished game."""
    scores = state.scores()
    first = state.winners()
    share = 1.0 / len(first) if seat in first else 0.0
    best_other = max((x for i, x in enumerate(scores) if i != seat), default=scores[seat])
    margin = _sigma(scores[seat] - best_other, scale)
    return 0.5 * share + 0.5 * margin, seat in first


def standing_reward(state: Any, seat: int, scale: float) -> tuple[float, bool]:
    """`seat_reward` for a playout cut before the end (`depth`): the scores as they stand
    taken as final, the seats sharing the best one first."""
    scores = state.scores()
    best = max(scores)
    first = [s for s, score in enumerate(scores) if score == best]
    return seat_rewards(scores, first, scale)[seat], seat in first


def leader(values: Sequence[float]) -> list[int]:
    """The first place of a position scored early (the first best value, as a list)."""
    return [max(range(len(values)), key=values.__getitem__)]
