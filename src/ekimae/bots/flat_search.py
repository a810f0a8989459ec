"""Flat Monte Carlo over a prior's candidate moves, with playouts to the end (generic).

A policy-improvement ("rollout") search: the root candidates are the prior's moves (a
title's heuristic's best few, or every legal action); each sample rebuilds a full
position from the view (a determinization), and every candidate is played from that same
sample to the end of the game with the same playout random stream, every seat following
the playout policy. Comparing candidates on
common samples removes most of the noise the hidden information and the playouts add, so
a few dozen playouts a move tell real differences apart.

Rewards are on the searches' one scale (`reward.py`, with the title's `scale`). The move
with the best mean reward wins; the prior's first choice is kept unless another candidate
beats it by `override` standard errors of the paired differences (a guard against noise
with few samples).

With `drop` set, the candidates race: after `min_samples` samples, a candidate whose paired
difference to the current leader is `drop` standard errors below zero is played no more,
and the search stops once one candidate is left. The samples go to the close calls, so a
wider candidate list costs little more than a narrow one where the choice is clear.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ekimae.bots.mcts import Budget, Determinizer, Prior, SearchResult, apply_fast, to_move
from ekimae.bots.reward import DEFAULT_SCALE, seat_reward, standing_reward
from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM

# (state, seat, legal, rng) -> action: the playout policy, for every seat.
Policy = Callable[[Any, int, Sequence[Action], random.Random], Action]


def playout(state: Any, policy: Policy, rng: random.Random, depth: int | None = None) -> None:
    """Every seat follows `policy` until the game ends (the game's own timers when due),
    or for at most `depth` actions."""
    steps = 0
    while not state.is_terminal():
        if depth is not None and steps >= depth:
            return
        seat, legal = to_move(state)
        apply_fast(state, seat, legal[0] if seat == SYSTEM else policy(state, seat, legal, rng))
        steps += 1


def by_seat(me: int, mine: Policy, others: Policy) -> Policy:
    """`mine` for seat `me`, `others` for every other seat."""

    def policy(state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        return (mine if seat == me else others)(state, seat, legal, rng)

    return policy


@dataclass
class FlatSearch:
    determinize: Determinizer
    prior: Prior
    policy: Policy
    budget: Budget = field(default_factory=Budget)
    scale: float = DEFAULT_SCALE  # the margin of the reward (`reward.py`), in score units
    override: float = 1.0  # standard errors a move must beat the first choice by
    playouts: int = 0  # playouts run by the last search (for speed figures)

    drop: float | None = None  # race: standard errors below the leader to drop a candidate
    min_samples: int = 4  # samples before any candidate is dropped
    # The other seats' playout policy, when the searching seat models them apart from
    # itself (None: every seat follows `policy`).
    others: Policy | None = None
    # Actions a playout runs at most (None: to the end); one cut short is scored by the
    # scores as they stand (`reward.standing_reward`).
    depth: int | None = None
    # What the time budget is read from: a test gives a clock of its own, so that a search
    # cut by its deadline is checked without depending on the machine's speed.
    clock: Callable[[], float] = field(default=time.perf_counter)

    def search(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        me: int = view["seat"]
        start = self.clock()
        policy = self.policy if self.others is None else by_seat(me, self.policy, self.others)
        candidates = list(self.prior(view, legal))
        if len(candidates) == 1:
            return SearchResult(candidates[0], 0.0, 0, 0.0, {})
        k = len(candidates)
        # rewards[i][n]: candidate i on sample n (every live candidate plays every sample)
        rewards: list[list[float]] = [[] for _ in range(k)]
        wins = [0] * k
        alive = list(range(k))
        deadline = start + self.budget.seconds
        limit = self.budget.iterations
        done = 0
        self.playouts = 0
        while (limit is None or done < limit) and self.clock() < deadline:
            sample = self.determinize(view, rng)
            seed = rng.getrandbits(32)
            results: list[tuple[float, bool]] = []
            for n, i in enumerate(alive):
                if n and self.clock() >= deadline:
                    break  # out of time mid-sample: drop it (candidates stay paired)
                state = sample.clone() if n < len(alive) - 1 else sample
                apply_fast(state, me, candidates[i])
                playout(state, policy, random.Random(seed), self.depth)
                if state.is_terminal():
                    results.append(seat_reward(state, me, self.scale))
                else:
                    results.append(standing_reward(state, me, self.scale))
            self.playouts += len(results)
            if len(results) < len(alive):
                break
            for i, (reward, won) in zip(alive, results, strict=True):
                rewards[i].append(reward)
                wins[i] += won
            done += 1
            if self.drop is not None and done >= self.min_samples:
                alive = self._race(alive, rewards)
                if len(alive) == 1:
                    break
        seconds = self.clock() - start
        if done == 0:
            return SearchResult(candidates[0], 0.0, 0, seconds, {})
        best = max(alive, key=lambda i: (_mean(rewards[i]), -i))
        if best != 0 and 0 in alive and _z(_paired(rewards[best], rewards[0])) < self.override:
            best = 0
        stats = {a: (len(rewards[i]), _mean(rewards[i])) for i, a in enumerate(candidates)}
        return SearchResult(candidates[best], wins[best] / len(rewards[best]), done, seconds, stats)

    def _race(self, alive: list[int], rewards: list[list[float]]) -> list[int]:
        """The live candidates not clearly behind the leader (all share the same samples)."""
        assert self.drop is not None
        leader = max(alive, key=lambda i: (_mean(rewards[i]), -i))
        keep = [leader]
        for i in alive:
            diffs = _paired(rewards[i], rewards[leader])
            # A candidate that did exactly as the leader on every sample adds nothing either.
            if i != leader and any(diffs) and _z(diffs) > -self.drop:
                keep.append(i)
        return sorted(keep)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -math.inf


def _paired(a: list[float], b: list[float]) -> list[float]:
    """a − b on the samples both played: the first ones (a candidate drops out, never in)."""
    n = min(len(a), len(b))
    return [x - y for x, y in zip(a[:n], b[:n], strict=True)]


def _z(diffs: list[float]) -> float:
    """Mean over its standard error (±inf when every paired difference is the same, not 0)."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return math.copysign(math.inf, mean) if mean else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / math.sqrt(var / n)
