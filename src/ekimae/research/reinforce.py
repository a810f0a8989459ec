"""A small policy trained by REINFORCE, in NumPy: the research interfaces' worked example.

The policy scores each legal action index `a` of an observation `x` as
``h(x) · E[a] + b[a]`` with ``h(x) = tanh(W x + c)``: a low-rank bilinear form, so
TOKYO METRO's 24,000 numbered actions cost 24,000 small embeddings, not a weight per
(observation feature, action) pair. The softmax runs over the legal indices only (the
action mask). Learning is plain REINFORCE with a running-mean baseline and Adam; the
return is the game's end reward (`gym_env`), the same for every decision of an episode.

It is deliberately small — minutes on one CPU core — to show the interfaces end to
end, not to beat the searching bots; `tools/train_policy.py` trains and measures it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ekimae.research.gym_env import EkimaeGym

Array = np.ndarray


@dataclass
class Policy:
    obs_size: int
    actions: int
    hidden: int = 32
    seed: int = 0
    params: dict[str, Array] = field(init=False)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.params = {
            "W": rng.normal(0, 1 / np.sqrt(self.obs_size), (self.hidden, self.obs_size)),
            "c": np.zeros(self.hidden),
            "E": rng.normal(0, 0.1, (self.actions, self.hidden)),
            "b": np.zeros(self.actions),
        }

    def probabilities(self, x: Array, legal: Array) -> tuple[Array, Array]:
        """(softmax over `legal` indices, hidden activations)."""
        p = self.params
        h = np.tanh(p["W"] @ x + p["c"])
        logits = p["E"][legal] @ h + p["b"][legal]
        logits -= logits.max()
        e = np.exp(logits)
        return e / e.sum(), h

    def act(self, obs: dict[str, Array], rng: np.random.Generator, greedy: bool = False) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        probs, _ = self.probabilities(obs["observation"].astype(np.float64), legal)
        k = int(np.argmax(probs)) if greedy else int(rng.choice(len(legal), p=probs))
        return int(legal[k])

    def gradient(self, x: Array, legal: Array, chosen: int, scale: float) -> dict[str, Array]:
        """`scale` × ∇ log π(chosen | x), as sparse-friendly dense arrays."""
        p = self.params
        probs, h = self.probabilities(x, legal)
        onehot = (legal == chosen).astype(np.float64)
        dlogits = (onehot - probs) * scale  # ∂ log softmax / ∂ logits
        g_e = np.zeros_like(p["E"])
        g_e[legal] = np.outer(dlogits, h)
        g_b = np.zeros_like(p["b"])
        g_b[legal] = dlogits
        dh = p["E"][legal].T @ dlogits
        dpre = dh * (1 - h * h)
        return {"W": np.outer(dpre, x), "c": dpre, "E": g_e, "b": g_b}


class Adam:
    def __init__(self, params: dict[str, Array], lr: float) -> None:
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def ascend(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            params[k] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


@dataclass
class Episode:
    reward: float
    won: bool
    steps: int


def play(
    env: EkimaeGym, policy: Policy, rng: np.random.Generator, seed: int, greedy: bool = False
) -> tuple[Episode, list[tuple[Array, Array, int]]]:
    """One game; returns its outcome and the agent's (observation, legal, chosen) steps."""
    obs, _ = env.reset(seed=seed)
    trace: list[tuple[Array, Array, int]] = []
    done, reward, info = False, 0.0, dict[str, Any]()
    while not done:
        choice = policy.act(obs, rng, greedy)
        x = obs["observation"].astype(np.float64)
        trace.append((x, np.flatnonzero(obs["action_mask"]), choice))
        obs, reward, done, _, info = env.step(choice)
    scores = info["scores"]
    won = scores[env.seat] == max(scores)
    return Episode(reward, won, len(trace)), trace


def train(
    env: EkimaeGym,
    policy: Policy,
    *,
    episodes: int,
    lr: float = 0.01,
    seed: int = 0,
    on_episode: Callable[[int, Episode], None] | None = None,
) -> list[Episode]:
    """REINFORCE for `episodes` games; `on_episode` hears each one (progress bars)."""
    rng = np.random.default_rng(seed)
    adam = Adam(policy.params, lr)
    baseline, history = 0.5, []
    for n in range(episodes):
        episode, trace = play(env, policy, rng, seed * 1_000_003 + n)
        advantage = episode.reward - baseline
        baseline += 0.05 * (episode.reward - baseline)
        grads = {k: np.zeros_like(v) for k, v in policy.params.items()}
        for x, legal, chosen in trace:
            for k, g in policy.gradient(x, legal, chosen, advantage / len(trace)).items():
                grads[k] += g
        adam.ascend(policy.params, grads)
        history.append(episode)
        if on_episode is not None:
            on_episode(n, episode)
    return history


def evaluate(env: EkimaeGym, policy: Policy, games: int, seed: int = 10**9) -> tuple[float, float]:
    """(win rate, 95 % half-width, normal approximation) of the greedy policy."""
    rng = np.random.default_rng(seed)
    wins = sum(play(env, policy, rng, seed + n, greedy=True)[0].won for n in range(games))
    rate = wins / games
    return rate, 1.96 * float(np.sqrt(max(rate * (1 - rate), 1e-12) / games))
