"""`strong`: flat Monte Carlo from the seat's own view (IZ-2: the others' sealed bids are
sampled by `IzakayaGame.determinize`), over `normal`'s best few moves, or a few small bids;
each candidate is played on the same samples by `rollout`, a quick policy for every seat,
for a few actions a seat, then judged by `evaluate.advantage`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from ekimae.bots.izakaya.evaluate import advantage, card_worth
from ekimae.bots.izakaya.heuristic import rank, rise, state_of
from ekimae.core.actions import Action
from ekimae.games.izakaya.actions import Bid, Bottle, Build, Claim, Free, Place
from ekimae.games.izakaya.game import GAME
from ekimae.games.izakaya.state import IzakayaState
from ekimae.games.izakaya.view import izakaya_view, own_seat

SECONDS = 1.0  # a decision, at most
SAMPLES = 8  # determinizations a decision, at most (the cap `untimed()` keeps)
CANDIDATES = 4
DEPTH = 6  # actions per seat a playout runs before it is judged
BIDS = (0, 100, 200, 300)


def rollout(state: IzakayaState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A quick, sensible move: bid little; place on the highest floor; otherwise build the
    smallest element half the time, else claim the card worth most, else put the dearest
    drink by one's own cards."""
    first = legal[0]
    if isinstance(first, Bid):
        return legal[0] if rng.random() < 0.8 or len(legal) == 1 else legal[1]
    if isinstance(first, Place):
        assert state.pending is not None
        return rise(state, seat, state.pending[1])[1] or first
    if isinstance(first, Free):
        return first
    builds = [a for a in legal if isinstance(a, Build)]
    if builds and rng.random() < 0.6:
        elements = state.data.jutaku.elements
        return min(builds, key=lambda a: elements[a.element].size)
    claims = [a for a in legal if isinstance(a, Claim)]
    if claims and rng.random() < 0.7:
        return max(claims, key=lambda a: _claim_worth(state, a.space) + rng.random())
    bottles = [a for a in legal if isinstance(a, Bottle)]
    if bottles:
        return max(bottles, key=lambda a: _bottle_worth(state, seat, a) + rng.random())
    return legal[rng.randrange(len(legal))]


def _claim_worth(state: IzakayaState, space: str) -> float:
    side = state.side(space)
    return card_worth(state, space) * side.floors * len(side.plots)


def _bottle_worth(state: IzakayaState, seat: int, action: Bottle) -> float:
    price = state.prices[state.colour_index(action.colour)]
    mine = others = 0
    for space in state.board.corners[action.corner].cards:
        owner = state.owners.get(space)
        if owner == seat:
            mine += 1
        elif owner is not None:
            others += 1
    return price * (mine - others) / 100.0


class StrongBot:
    """Flat Monte Carlo over `normal`'s best few moves (module docstring), each sample a
    determinization of the view; a playout runs `depth` actions per seat (or to the end)
    and is judged by `evaluate.advantage`, the game's score plus what the cards may
    still earn (a truncated playout: whole games cost too much per decision)."""

    name = "strong"

    def __init__(
        self,
        seed: int = 0,
        *,
        seconds: float = SECONDS,
        samples: int = SAMPLES,
        depth: int = DEPTH,
    ) -> None:
        self.seed = seed
        self.seconds = seconds
        self.samples = samples
        self.depth = depth

    def untimed(self) -> None:
        """Search to the sample cap whatever the clock says (moves depend on the seed)."""
        self.seconds = math.inf

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = own_seat(izakaya_view(view))
        if isinstance(legal[0], Bid):
            candidates: list[Action] = [a for a in legal if a.amount in BIDS]  # type: ignore[attr-defined]
        else:
            candidates = rank(state_of(view), seat, legal, rng)[:CANDIDATES]
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < self.samples and time.perf_counter() < deadline:
            sample = GAME.determinize(view, seat, rng.getrandbits(64))
            seed = rng.getrandbits(32)
            for i, action in enumerate(candidates):
                state = sample.clone()
                state.apply(seat, action)
                self._playout(state, random.Random(seed))
                totals[i] += advantage(state, seat)
            done += 1
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _playout(self, state: IzakayaState, rng: random.Random) -> None:
        steps = self.depth * state.seats
        while steps > 0 and not state.is_terminal():
            players = state.current_players()
            seat = players[0]
            legal = state.legal_actions(seat)
            state.apply(seat, rollout(state, seat, legal, rng))
            steps -= 1
