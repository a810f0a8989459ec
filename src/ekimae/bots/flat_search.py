"""Flat Monte Carlo over a heuristic's best moves, with heuristic playouts to the end.

A policy-improvement ("rollout") search: the root candidates are the base heuristic's
best few moves; each sample rebuilds a full position from the view (a determinization),
and every candidate is played from that same sample to the end of the game with the same
playout random stream, every seat following the playout policy. Comparing candidates on
common samples removes most of the noise the hidden information and the playouts add, so
a few dozen playouts a move tell real differences apart.

The move with the best mean reward wins; the heuristic's first choice is kept unless
another candidate beats it by `override` standard errors of the paired differences
(a guard against noise with few samples).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ekimae.bots.mcts import Budget, Determinizer, Prior, SearchResult, apply_fast
from ekimae.core.actions import Action

# (state, seat, legal, rng) -> action: the playout policy, for every seat.
Policy = Callable[[Any, int, Sequence[Action], random.Random], Action]
# (final state, seat) -> (reward in [0, 1], won)
Reward = Callable[[Any, int], tuple[float, bool]]

MARGIN_SCALE = 1000.0  # yen


def margin_reward(state: Any, seat: int) -> tuple[float, bool]:
    """Half for winning, half for the margin over the best other seat (logistic)."""
    scores = state.scores()
    best_other = max((x for i, x in enumerate(scores) if i != seat), default=scores[seat])
    won = state.winner() == seat
    margin = 1.0 / (1.0 + math.exp(-(scores[seat] - best_other) / MARGIN_SCALE))
    return 0.5 * won + 0.5 * margin, won


def playout(state: Any, policy: Policy, rng: random.Random) -> None:
    """Every seat follows `policy` until the game ends."""
    while not state.is_terminal():
        seat = state.current_players()[0]
        apply_fast(state, seat, policy(state, seat, state.legal_actions(seat), rng))


@dataclass
class FlatSearch:
    determinize: Determinizer
    prior: Prior
    policy: Policy
    budget: Budget = field(default_factory=Budget)
    reward: Reward = margin_reward
    override: float = 1.0  # standard errors a move must beat the first choice by
    playouts: int = 0  # playouts run by the last search (for speed figures)

    def search(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        me: int = view["seat"]
        start = time.perf_counter()
        candidates = list(self.prior(view, legal))
        if len(candidates) == 1:
            return SearchResult(candidates[0], 0.0, 0, 0.0, {})
        k = len(candidates)
        totals = [0.0] * k
        wins = [0] * k
        diffs: list[list[float]] = [[] for _ in range(k)]  # paired, against candidate 0
        deadline = start + self.budget.seconds
        limit = self.budget.iterations
        done = 0
        self.playouts = 0
        while (limit is None or done < limit) and time.perf_counter() < deadline:
            sample = self.determinize(view, rng)
            seed = rng.getrandbits(32)
            results: list[tuple[float, bool]] = []
            for i, action in enumerate(candidates):
                if i and time.perf_counter() >= deadline:
                    break  # out of time mid-sample: drop it (candidates stay paired)
                state = sample.clone() if i < k - 1 else sample
                apply_fast(state, me, action)
                playout(state, self.policy, random.Random(seed))
                results.append(self.reward(state, me))
            self.playouts += len(results)
            if len(results) < k:
                break
            for i, (reward, won) in enumerate(results):
                totals[i] += reward
                wins[i] += won
                diffs[i].append(reward - results[0][0])
            done += 1
        seconds = time.perf_counter() - start
        if done == 0:
            return SearchResult(candidates[0], 0.0, 0, seconds, {})
        means = [t / done for t in totals]
        best = max(range(k), key=lambda i: (means[i], -i))
        if best != 0 and _z(diffs[best]) < self.override:
            best = 0
        stats = {a: (done, means[i]) for i, a in enumerate(candidates)}
        return SearchResult(candidates[best], wins[best] / done, done, seconds, stats)


def _z(diffs: list[float]) -> float:
    """Mean over its standard error (inf when every paired difference is the same > 0)."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return math.inf if mean > 0 else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return math.inf if mean > 0 else 0.0
    return mean / math.sqrt(var / n)
