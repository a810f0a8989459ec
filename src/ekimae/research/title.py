"""A title's research part, found by name, and what every interface builds from it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ekimae.bots.reward import DEFAULT_SCALE, rewards
from ekimae.core.game import Dynamics, Game, State
from ekimae.games import find_game, register, title_part
from ekimae.research.space import ActionSpace, Catalog


class Encoder(Protocol):
    size: int

    def encode(self, view: Mapping[str, Any]) -> list[float]: ...


class ResearchError(ValueError):
    """A game or configuration the research interfaces cannot offer, and why."""


@dataclass(frozen=True)
class Setup:
    """One configuration of one game, ready for an environment: the game, its seats and
    options, the numbered actions and the view encoder."""

    game: Game[Any]
    seats: int
    options: Mapping[str, str]
    space: ActionSpace
    encoder: Encoder
    scale: float

    def new_state(self, seed: int | None) -> State:
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        state: State = self.game.new_state(self.seats, seed, self.options)
        return state

    def rewards(self, state: State) -> list[float]:
        """The bots' reward scale (`ekimae.bots.reward`): in [0, 1], ½ for first place
        (shared between tied winners) plus ½ for the margin over the best other seat."""
        return rewards(state, self.scale)


def setup(
    name: str, seats: int, options: Mapping[str, str] | None = None, *, examples: bool = False
) -> Setup:
    """The configuration `name` × `seats` × `options`; `ResearchError` if not offered."""
    game = find_game(name, examples=examples)
    if examples:
        register(game)  # so that the bots (and every other layer) know it in this process
    if game.type.dynamics is Dynamics.REAL_TIME:
        raise ResearchError(
            f"{name} is played in real time; the research interfaces take turn-based games"
        )
    if not game.type.min_seats <= seats <= game.type.max_seats:
        raise ResearchError(
            f"{name} seats {game.type.min_seats} to {game.type.max_seats} players, not {seats}"
        )
    chosen = game.type.check_options(dict(options or {}))
    part = title_part("ekimae.research", name)
    if part is None:
        raise ResearchError(
            f"{name} has no research part (ekimae.research.{name.replace('-', '_')})"
        )
    catalog: Catalog = part.catalog(seats, chosen)
    bots = title_part("ekimae.bots", name)
    scale = float(getattr(bots, "MARGIN_SCALE", DEFAULT_SCALE))
    return Setup(game, seats, chosen, ActionSpace(catalog), part.Encoder(seats, chosen), scale)
