"""A Gymnasium single-agent environment: one seat learns, the project's bots play the rest.

The other seats are `ekimae.bots` players (`random`, `normal`, … — `bots.bot_names`),
each choosing from its own view, with its own random stream derived from the episode's
seed. The agent's observation and action mask are the AEC environment's (`aec`); the
reward comes once, at the end, on the bots' scale in [0, 1].
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from ekimae.bots import bot_names, make_bot
from ekimae.bots.base import Bot, seat_rng
from ekimae.research.aec import EkimaeAEC, agent_name


class EkimaeGym(gym.Env[dict[str, np.ndarray], int]):
    def __init__(
        self,
        game: str,
        seats: int = 2,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, str] | None = None,
        examples: bool = False,
        untimed: bool = True,
    ) -> None:
        self.metadata = {"render_modes": ["ansi"]}
        self.aec = EkimaeAEC(game, seats, options, examples=examples)
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat} is not one of 0..{seats - 1}")
        names = [opponents] * seats if isinstance(opponents, str) else list(opponents)
        if len(names) != seats - 1 and not isinstance(opponents, str):
            raise ValueError(f"{seats - 1} opponents needed, {len(names)} given")
        known = bot_names(game)
        unknown = sorted(set(names) - set(known))
        if unknown:
            raise ValueError(f"unknown bot {unknown[0]!r} for {game} (known: {', '.join(known)})")
        self.seat = seat
        others = [s for s in range(seats) if s != seat]
        self._bot_names = dict(zip(others, names, strict=False))
        self._game = game
        self._untimed = untimed
        self.bots: dict[int, Bot] = {}
        self.rngs: dict[int, random.Random] = {}
        self.observation_space = self.aec.observation_space(agent_name(seat))
        self.action_space = self.aec.action_space(agent_name(seat))

    @property
    def observation_size(self) -> int:
        return self.aec.observation_size

    @property
    def action_count(self) -> int:
        return self.aec.setup.space.size

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.aec.reset(seed=game_seed)
        self.bots = {
            s: make_bot(self._game, n, game_seed + s, untimed=self._untimed)
            for s, n in self._bot_names.items()
        }
        self.rngs = {s: seat_rng(game_seed, s) for s in self.bots}
        self._play_others()
        return self.aec.observe(agent_name(self.seat)), {}

    def _play_others(self) -> None:
        """Bots act until the agent must choose or the game is over."""
        aec = self.aec
        while not aec.terminations[agent_name(self.seat)]:
            state = aec.state_
            assert state is not None
            seat = int(aec.agent_selection.removeprefix("seat_"))
            if seat == self.seat:
                return
            legal = state.legal_actions(seat)
            action = self.bots[seat].choose(state.view(seat), legal, self.rngs[seat])
            aec.apply(seat, action)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        me = agent_name(self.seat)
        if self.aec.agent_selection != me or self.aec.terminations[me]:
            raise RuntimeError("step after the end: call reset()")
        self.aec.step(int(action))
        self._play_others()
        done = self.aec.terminations[me]
        reward = float(self.aec.rewards[me]) if done else 0.0
        return self.aec.observe(me), reward, done, False, dict(self.aec.infos[me])

    def action_masks(self) -> np.ndarray:
        """The legal action mask (the name sb3-contrib's MaskablePPO looks for)."""
        mask: np.ndarray = self.aec.observe(agent_name(self.seat))["action_mask"]
        return mask

    def render(self) -> str | None:
        return self.aec.render()
