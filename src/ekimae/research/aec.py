"""A PettingZoo AEC environment for any turn-based game of the registry.

Agents are `seat_0` … `seat_{n-1}`. Each observation is the acting seat's *view* (the
one place hidden information is cut) encoded by the title's `Encoder`, plus the state of
a set choice under way (see `space`), with the mask of legal action indices:
``{"observation": float32[n], "action_mask": int8[size]}``, as PettingZoo's classic
board games do. A step where several seats act at once (sealed bids) is taken one seat
after another in seat order; each still sees only its own view, so no bid is seen early.

Rewards arrive at the end, on the bots' scale (`title.Setup.rewards`), in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ekimae.core.actions import Action
from ekimae.core.game import State
from ekimae.research.space import Pending
from ekimae.research.title import Setup, setup


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class EkimaeAEC(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type hints
    def __init__(
        self,
        game: str,
        seats: int = 2,
        options: Mapping[str, str] | None = None,
        *,
        examples: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.setup: Setup = setup(game, seats, options, examples=examples)
        self.metadata = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"ekimae_{game.replace('-', '_')}_v0",
        }
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(seats)]
        elements = len(self.setup.space.catalog.elements)
        # The seat's view, then: a set choice under way (0/1), its chosen elements.
        self._obs_size = self.setup.encoder.size + (1 + elements if elements else 0)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self._obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.setup.space.size,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.setup.space.size)
        self.state_: State | None = None
        self.pending: Pending | None = None

    @property
    def observation_size(self) -> int:
        return self._obs_size

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # -- the episode -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state_ = self.setup.new_state(seed)
        self.pending = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state_ is not None
        acting = self.state_.current_players()
        seat = min(acting) if acting else 0
        self.agent_selection = agent_name(seat)

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.state_ is not None and action is not None
        seat = self._seat(self.agent_selection)
        self._cumulative_rewards[self.agent_selection] = 0.0
        legal = self.state_.legal_actions(seat)
        decided = self.setup.space.decide(legal, int(action), self.pending)
        if isinstance(decided, Pending):
            self.pending = decided  # the same seat goes on choosing
        else:
            self.pending = None
            self.apply(seat, decided)
        self._accumulate_rewards()

    def apply(self, seat: int, action: Action) -> None:
        """Apply one engine action (also for players outside PettingZoo: `gym_env`)."""
        assert self.state_ is not None
        self.state_.apply(seat, action)
        if self.state_.is_terminal():
            self._finish()
        else:
            self._select()

    def _finish(self) -> None:
        assert self.state_ is not None
        for seat, reward in enumerate(self.setup.rewards(self.state_)):
            self.rewards[agent_name(seat)] = reward
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"scores": list(self.state_.scores())} for a in self.agents}

    # -- what a seat sees --------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state_ is not None
        seat = self._seat(agent)
        values = list(self.setup.encoder.encode(self.state_.view(seat)))
        catalog = self.setup.space.catalog
        mine = agent == self.agent_selection and self.pending is not None
        if catalog.elements:
            chosen = self.pending.chosen if mine and self.pending is not None else frozenset()
            values.append(1.0 if mine else 0.0)
            values += [1.0 if e in chosen else 0.0 for e in catalog.elements]
        mask = np.zeros(self.setup.space.size, np.int8)
        if not self.state_.is_terminal() and seat in self.state_.current_players():
            legal = self.state_.legal_actions(seat)
            mask[self.setup.space.indices(legal, self.pending if mine else None)] = 1
        return {"observation": np.asarray(values, np.float32), "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        # What the seat to act may see, never more: the last lines of its view's log.
        view = self.state_.view(self._seat(self.agent_selection))
        return "\n".join(str(line) for line in view.get("log", [])[-5:])

    def close(self) -> None:
        pass


def env(game: str, seats: int = 2, **kwargs: Any) -> EkimaeAEC:
    """PettingZoo's convention: a module-level `env()` constructor."""
    return EkimaeAEC(game, seats, **kwargs)
