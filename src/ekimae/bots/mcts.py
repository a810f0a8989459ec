"""Information-set Monte Carlo tree search (single-observer ISMCTS), generic over the core API.

A bot gets only its view, so every iteration starts from a *determinization*: a full
state sampled consistently with the view (a game-specific function). One tree is shared
by all samples; its nodes are keyed by the actions taken from the root, and a child is
only considered when its action is legal in the current sample ("availability" counts
replace the parent's visits in UCB, as in Cowling, Powley & Whitehouse 2012).

Secret simultaneous steps (sealed bids) never enter the tree for the other seats: their
choice there is made by the rollout policy, so the tree cannot learn an answer that
depends on the bot's own secret choice.

Rewards are per seat on the searches' one scale (`reward.py`, with the title's `scale`):
in [0, 1], half for first place, half for the score margin over the best other seat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ekimae.bots.reward import DEFAULT_SCALE, leader, rewards, seat_rewards
from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM


class SearchState(Protocol):
    """What the search needs of a state (`ekimae.core.game.State` provides it)."""

    def current_players(self) -> tuple[int, ...]: ...

    def legal_actions(self, seat: int) -> Sequence[Action]: ...

    def apply(self, seat: int, action: Action) -> None: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...


Determinizer = Callable[[dict[str, Any], random.Random], Any]
# (state, seat, legal, rng) -> action: the move of a seat outside the tree.
Policy = Callable[[Any, int, Sequence[Action], random.Random], Action]
# (view, legal) -> the root candidates (a subset of legal, best first).
Prior = Callable[[dict[str, Any], Sequence[Action]], Sequence[Action]]


def uniform_policy(state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def to_move(state: Any) -> tuple[int, Sequence[Action]]:
    """Who moves next in a search, and what it may do: the first listed seat with legal
    actions (a listed seat without any waits); if none has any, the game itself
    (`SYSTEM`), whose action is due at `deadline()` in real time."""
    for seat in state.current_players():
        legal = state.legal_actions(seat)
        if legal:
            return seat, legal
    return SYSTEM, state.legal_actions(SYSTEM)


def apply_fast(state: Any, seat: int, action: Action) -> None:
    """Apply a listed action without re-checking it, when the state offers that."""
    fast = getattr(state, "apply_unchecked", None)
    if fast is not None:
        fast(seat, action)
    else:
        state.apply(seat, action)


class Node:
    __slots__ = ("avail", "children", "seat", "total", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who took the action leading here
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # sum of `seat`'s rewards
        self.wins = 0  # games `seat` won through here

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


@dataclass
class Budget:
    """Stop at whichever comes first; `iterations` None means time only."""

    seconds: float = 1.5
    iterations: int | None = None


@dataclass
class SearchResult:
    action: Action
    win_chance: float  # the chosen move's share of won playouts
    iterations: int
    seconds: float
    stats: dict[Action, tuple[int, float]]  # root action -> (visits, mean reward)


class ISMCTS:
    """The search; game-specific parts come in as functions."""

    def __init__(
        self,
        determinize: Determinizer,
        *,
        budget: Budget | None = None,
        rollout: Policy = uniform_policy,
        prior: Prior | None = None,
        secret_step: Callable[[Any], bool] | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        evaluate: Callable[[Any], list[float]] | None = None,
        override_margin: float = 0.0,
        scale: float = DEFAULT_SCALE,
    ) -> None:
        self.determinize = determinize
        self.budget = budget or Budget()
        self.rollout = rollout
        self.prior = prior
        self.secret_step = secret_step or (lambda s: len(s.current_players()) > 1)
        self.c = exploration
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.override_margin = override_margin  # a difference of mean rewards
        self.scale = scale  # the margin of the reward (`reward.py`), in score units
        # What the time budget is read from (a test gives its own: no machine speed in it).
        self.clock: Callable[[], float] = time.perf_counter

    def search(
        self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> SearchResult:
        me: int = view["seat"]
        candidates = list(self.prior(view, legal) if self.prior else legal)
        allowed = set(candidates)
        root = Node(-1)
        start = self.clock()
        deadline = start + self.budget.seconds
        limit = self.budget.iterations
        done = 0
        while (limit is None or done < limit) and self.clock() < deadline:
            self._iterate(root, self.determinize(view, rng), me, allowed, rng)
            done += 1
        seconds = self.clock() - start
        stats = {a: (n.visits, n.total / max(1, n.visits)) for a, n in root.children.items()}
        if not root.children:
            best = candidates[0]
            return SearchResult(best, 0.0, done, seconds, stats)
        best, node = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))
        if self.prior is not None and candidates[0] in root.children:
            # Samples are few and noisy: keep the prior's first choice unless the search
            # finds a move clearly better than it, on enough playouts.
            first = root.children[candidates[0]]
            mean = node.total / node.visits
            if first.visits and mean - first.total / first.visits < self.override_margin:
                best, node = candidates[0], first
        return SearchResult(best, node.wins / max(1, node.visits), done, seconds, stats)

    def _iterate(
        self, root: Node, state: Any, me: int, allowed: set[Action], rng: random.Random
    ) -> None:
        node = root
        path = [root]
        expanded = False
        while not state.is_terminal() and not expanded:
            seat, legal = to_move(state)
            if seat == SYSTEM:
                apply_fast(state, seat, legal[0])  # a timer: no choice to learn
                continue
            if seat != me and self.secret_step(state):
                apply_fast(state, seat, self.rollout(state, seat, legal, rng))
                continue
            if node is root:
                legal = [a for a in legal if a in allowed] or list(legal)
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                node.children[action] = Node(seat)
                expanded = True
            else:
                action = max(legal, key=lambda a: node.children[a].ucb(self.c))
            apply_fast(state, seat, action)
            node = node.children[action]
            path.append(node)
        depth = 0
        while not state.is_terminal():
            if self.rollout_depth is not None and depth >= self.rollout_depth:
                break
            seat, legal = to_move(state)
            apply_fast(
                state, seat, legal[0] if seat == SYSTEM else self.rollout(state, seat, legal, rng)
            )
            depth += 1
        if state.is_terminal():
            result = rewards(state, self.scale)
            first = state.winners()
        elif self.evaluate is None:  # cut short, nothing else to judge by: the scores
            scores = state.scores()
            first = [seat for seat, score in enumerate(scores) if score == max(scores)]
            result = seat_rewards(scores, first, self.scale)
        else:
            result = self.evaluate(state)
            first = leader(result)
        for n in path[1:]:
            n.visits += 1
            n.total += result[n.seat]
            n.wins += n.seat in first
