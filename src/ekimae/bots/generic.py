"""The searches every game gets, written only against the public API (`ekimae.core.game`).

- `flat-mc` (`FlatMCBot`): flat Monte Carlo. Every legal action is a candidate; each
  sample is a determinization (`Game.determinize`, the title's own sampler of what the
  seat cannot see) on which every candidate is played out to the end with uniformly
  random moves for every seat, from the same random stream; the best mean reward wins.
- `ismcts` (`ISMCTSBot`): single-observer information-set MCTS (`mcts.ISMCTS`) over
  determinizations, random rollouts to the end; the other seats' sealed choices (the
  game's `sealed` kinds, or any step where several seats act at once) are left to the
  rollouts, never to the tree.

Both reward playouts on the searches' one scale (`reward.py`) with the title's margin
scale, and spend at most `seconds` and `playouts` playouts a decision (`untimed()`: the
playouts only). In a real-time game (`Dynamics.REAL_TIME`: TOKYO JUTAKU, COUNTDOWN,
BOTTLE BONUS) a random playout to the end runs hundreds of actions over lists of every
placement (6–20 ms of CPU each, so one sample of 70 candidates took longer than the whole
budget and the search played its first listed action): there a playout stops after
`REAL_TIME_DEPTH` actions, about one round of random play, and is scored by the scores
as they stand (`reward.standing_reward`), so that a sample costs a tenth and the budget
holds many. They know nothing of any title beyond its `Game`, so they are weak where
random playouts say little (TOKYO METRO: below `greedy`) and serve as the ladder of a game
without bots of its own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ekimae.bots.flat_search import FlatSearch
from ekimae.bots.mcts import ISMCTS, Budget, Determinizer, SearchResult, uniform_policy
from ekimae.bots.reward import DEFAULT_SCALE
from ekimae.core.actions import Action
from ekimae.core.game import Dynamics, Game

SECONDS = 1.0  # a decision, at most
PLAYOUTS = 1000  # a decision, at most (the cap `untimed()` keeps)
REAL_TIME_DEPTH = 40  # actions a playout runs in a real-time game (None: to the end)


def playout_depth(game: Game[Any]) -> int | None:
    """How far the generic searches play out: to the end, but a round or so in real time."""
    return REAL_TIME_DEPTH if game.type.dynamics is Dynamics.REAL_TIME else None


def determinizer(game: Game[Any]) -> Determinizer:
    """The search's sampler: `game.determinize` for the seat the view belongs to."""

    def sample(view: dict[str, Any], rng: random.Random) -> Any:
        return game.determinize(view, seat_of(view), rng.getrandbits(64))

    return sample


def seat_of(view: Mapping[str, Any]) -> int:
    """The seat a view was made for, which a search needs to know whose reward to seek:
    `view["seat"]`, as TOKYO METRO's and the sealed auction's views name it."""
    seat = view.get("seat")
    if not isinstance(seat, int):
        raise ValueError("the generic searches need the view to name its seat (view['seat'])")
    return seat


def sealed_step(game: Game[Any]) -> Callable[[Any], bool]:
    """Whether the seat to act now chooses in secret: several seats act at once, or its
    actions are of the game's sealed kinds (`GameType.sealed`)."""
    sealed = game.type.sealed

    def secret(state: Any) -> bool:
        players = state.current_players()
        if len(players) > 1:
            return True
        return bool(sealed) and any(a.kind in sealed for a in state.legal_actions(players[0]))

    return secret


def every_action(view: dict[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
    """flat-mc's candidates: all of them, as listed."""
    return legal


class _Generic:
    """What both generic searches share: the budget, `untimed` and `last`."""

    name = "generic"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        *,
        seconds: float = SECONDS,
        playouts: int = PLAYOUTS,
        scale: float = DEFAULT_SCALE,
        depth: int | str | None = "game",
    ) -> None:
        self.game = game
        self.seed = seed
        self.seconds = seconds
        self.playouts = playouts
        self.scale = scale
        # "game": the game's own (`playout_depth`); None: to the end; N: N actions.
        self.depth: int | None = playout_depth(game) if isinstance(depth, str) else depth
        self.last: SearchResult | None = None  # the last decision's search

    def untimed(self) -> None:
        """Search to the playout cap whatever the clock says (moves depend on the seed)."""
        self.seconds = math.inf

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat_of(view)  # the searches read it: a clear error here rather than a KeyError
        self.last = self._search(view, legal, rng)
        return self.last.action

    def _search(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        raise NotImplementedError


class FlatMCBot(_Generic):
    """Flat Monte Carlo with random playouts over every legal action (module docstring)."""

    name = "flat-mc"

    def _search(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        # Each sample plays every candidate once: the playout cap in samples.
        samples = max(1, self.playouts // len(legal))
        search = FlatSearch(
            determinizer(self.game),
            every_action,
            uniform_policy,
            budget=Budget(seconds=self.seconds, iterations=samples),
            scale=self.scale,
            override=0.0,  # no prior to trust: the best mean wins (ties: the first listed)
            depth=self.depth,
        )
        return search.search(view, legal, rng)


class ISMCTSBot(_Generic):
    """ISMCTS with random rollouts to the end (module docstring)."""

    name = "ismcts"

    def _search(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        search = ISMCTS(
            determinizer(self.game),
            budget=Budget(seconds=self.seconds, iterations=self.playouts),
            secret_step=sealed_step(self.game),
            scale=self.scale,
            rollout_depth=self.depth,
        )
        return search.search(view, legal, rng)
