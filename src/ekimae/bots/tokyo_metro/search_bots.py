"""The search rungs of the ladder for TOKYO METRO: `strong`, `expert`, and the hint.

Both run `flat_search.FlatSearch` over states rebuilt from the view
(`games.tokyo_metro.determinize`): the root candidates are the `normal` bot's best few
estimates (plus passing; for turn-order bids a few fixed amounts plus `normal`'s bid);
every sample plays each candidate out to the end of the game with every seat following
`normal`'s reckoning (computed on the raw sampled position) over a shortlist of the legal
actions (`rollout_policy.shortlist_policy`: the same best estimate as scoring them all, at
about half the cost of a playout, issue 33), and the best mean reward wins (the
heuristic's first choice unless clearly beaten). `SearchBot(shortlist=False)` plays out
over every legal action, as both did before.

- `strong`: 5 candidates, up to 16 samples or 1.5 s a decision;
- `expert`: 10 candidates raced (`FlatSearch.drop`), up to 64 samples or 6 s, ranking
  its candidates and playing out every seat with `DISTILLED`: `normal`'s reckoning with
  knobs tuned by self-play (`TUNED`) and a yen bonus per action kind learned from
  `strong`'s own choices (`tools/distill_bonus.py`). As a playout policy it beats `normal`
  in 85 % of games where `TUNED` alone wins 67 %: better playouts, and a closer model of
  a table that plays well.

The earlier ISMCTS (`mcts.ISMCTS`, light rollouts cut after 40 actions and an evaluation)
stays available as `SearchBot(method="ismcts")` for comparison; it lost to `normal`.
Decisions with one legal action are not searched.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Sequence
from typing import Any

from ekimae.bots.flat_search import FlatSearch
from ekimae.bots.mcts import ISMCTS, Budget, SearchResult
from ekimae.bots.reward import leader, seat_rewards
from ekimae.bots.tokyo_metro.greedy import NORMAL, Judge, Weights
from ekimae.bots.tokyo_metro.heuristic import normal_score, turn_bid
from ekimae.bots.tokyo_metro.rollout_policy import (
    Policy,
    normal_policy,
    shortlist_policy,
    weighted_policy,
)
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro import flow, scoring
from ekimae.games.tokyo_metro.determinize import BID_PRIOR, determinize
from ekimae.games.tokyo_metro.state import Phase
from ekimae.games.tokyo_metro.view import metro_view

# The margin of the searches' reward (`ekimae.bots.reward`): a ¥1,000 lead over the best
# other seat is worth 0.73 of the margin half. strong and expert were tuned and measured
# with it; the ISMCTS below used ¥2,000 until both searches shared one scale.
MARGIN_SCALE = 1000.0  # yen
STRONG_SECONDS = 1.5  # stays under 2 s a decision with the view and setup around it
EXPERT_SECONDS = 6.0
STRONG_WIDTH = 5  # root candidates from the heuristic (plus passing)
EXPERT_WIDTH = 10
STRONG_SAMPLES = 16  # determinizations a decision, each playing out every candidate
EXPERT_SAMPLES = 64
OVERRIDE_Z = 1.0  # standard errors a move must beat the heuristic's first choice by
EXPERT_DROP = 2.0  # expert races its candidates: standard errors behind the leader to drop
# The base of expert's reckoning (DISTILLED below): `normal`'s knobs tuned by self-play
# (tools/tune_weights.py, 600 games a try, cards of data 2118c45a3451):
# a train not yet on the map is likelier to run than `normal` thinks, and a personal card
# and a new disc are worth less. These weights beat NORMAL in 66.7% of 2,000 fresh
# 2-player games (95% interval ±2.1 points; the earlier private_spot/new_disc pair alone:
# 63.0%).
TUNED = Weights(odds_off=0.45, private_spot=72.0, new_disc=90.0)
# TUNED plus what `strong`'s search prefers beyond the estimates, per action kind, in yen:
# fitted on 2,963 decisions of 37 untimed `strong` self-play games (seeds 90001-90027 and
# 90041-90050), scaled by 0.3 (the best of 0.15-0.4 on 600 games; `python -m
# tools.distill_bonus --records FILE`). The search likes loans, investing, starting trains
# and a new disc (the Action action) more than the estimates do, and the Move action,
# speculating, taking a discarded card and the Bid action less. Against NORMAL on 2,000 fresh
# 2-player games: 85.0 % ± 1.6; against TUNED, 77.6 % ± 1.8 (the same fresh seeds).
DISTILLED = dataclasses.replace(
    TUNED,
    kind_bonus=(
        ("action", 212.9), ("alight", -177.4), ("assign", 178.7), ("bid", -213.0),
        ("bike", 87.8), ("board", -139.5), ("card", -228.0), ("discount", 40.8),
        ("exchange", 18.5), ("invest", 263.4), ("loan", 236.7), ("move", -472.2),
        ("pass", 67.8), ("repay", 4.3), ("speculation", -201.6), ("speed", 22.5),
        ("start", 176.5), ("station", 122.0),
    ),
)  # fmt: skip
ROOT_BIDS = (0, 100, 200, 300, 500, 800)
PYRAMID_ROUND = 200  # yen a built pyramid earns per round left (TM-8.3), roughly
OVERRIDE_MARGIN = 0.04  # ISMCTS: mean reward the search must gain to overrule the heuristic
ROLLOUT_DEPTH = 40  # ISMCTS: actions played out before the evaluation (about a round)

# Rollout weights per action type: a player mostly builds and invests.
KIND_WEIGHT: dict[type[Action], float] = {
    act.Station: 8.0,
    act.Exchange: 5.0,
    act.Invest: 6.0,
    act.Speculate: 1.0,
    act.Start: 1.0,
    act.Speed: 1.0,
    act.Assign: 1.0,
    act.Bike: 0.5,
    act.Discount: 0.5,
    act.Bid: 0.3,
    act.Loan: 0.2,
    act.Repay: 1.0,
    act.NewDisc: 1.0,
    act.TakeCard: 0.3,
    act.Move: 1.0,
    act.Pass: 1.0,
    act.Walk: 1.0,
    act.Place: 1.0,
    act.BoardTrain: 0.3,
    act.Alight: 2.0,
}


def light_policy(state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """A random action type (weighted), then a random action of that type."""
    first = legal[0]
    if isinstance(first, act.TurnBid):
        target = rng.choice(BID_PRIOR)
        return min(legal, key=lambda a: abs(getattr(a, "amount", 0) - target))
    groups: dict[type[Action], list[Action]] = {}
    for a in legal:
        groups.setdefault(type(a), []).append(a)
    kinds = list(groups)
    weights = [KIND_WEIGHT.get(k, 1.0) for k in kinds]
    pick = groups[rng.choices(kinds, weights=weights)[0]]
    return pick[rng.randrange(len(pick))]


def evaluate(state: Any) -> list[float]:
    """Rewards as if the game ended now, plus what each seat's pyramids should still earn.

    Scoring a clone now (TM-9) counts stocks and speculations at today's values; a
    pyramid earns roughly ¥200 a round while trains run, so that is added per round left.
    """
    ended = state.clone()
    s = ended.s
    rounds_left = max(0, flow.rounds_total(s) - s.round)
    scoring.finish(ended.ctx, s)
    projected = [
        money + PYRAMID_ROUND * rounds_left * (ended.ctx.rules.pyramids - left)
        for money, left in zip(s.money, s.pyramids, strict=True)
    ]
    return seat_rewards(projected, leader(projected), MARGIN_SCALE)


def secret_step(state: Any) -> bool:
    """TM-3.3: bids are sealed; the others' must not depend on the bot's own."""
    return bool(state.s.phase is Phase.TURN_ORDER)


def heuristic_prior(width: int, weights: Weights = NORMAL) -> Any:
    def prior(view: dict[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
        if isinstance(legal[0], act.TurnBid):
            bids = {a for a in legal if getattr(a, "amount", 0) in ROOT_BIDS}
            bids.add(turn_bid(view, legal, weights))
            return sorted(bids, key=lambda a: getattr(a, "amount", 0))
        judge = Judge(view, weights)
        shown = metro_view(view)
        last = shown["round"] >= shown["rounds"]
        ranked = sorted(legal, key=lambda a: -normal_score(judge, a, last))
        top = ranked[:width]
        top.extend(a for a in legal if isinstance(a, act.Pass) and a not in top)
        return top

    return prior


def _policy(weights: Weights, shortlist: bool = True) -> Policy:
    """The playout policy: `normal`'s reckoning with these weights over a shortlist of the
    legal actions (`rollout_policy.shortlist`), or over every one (`shortlist` False:
    the playouts of `strong` and `expert` before issue 33, kept for comparison)."""
    if shortlist:
        return _shortlist_policy(weights)
    return normal_policy if weights == NORMAL else weighted_policy(weights)


@functools.cache
def _shortlist_policy(weights: Weights) -> Policy:
    return shortlist_policy(weights)


class SearchBot:
    """Flat Monte Carlo over `normal`'s best moves with `normal` playouts (the default),
    or the earlier ISMCTS with light, truncated rollouts (`method="ismcts"`)."""

    name = "strong"

    def __init__(
        self,
        seed: int = 0,
        *,
        seconds: float = STRONG_SECONDS,
        width: int = STRONG_WIDTH,
        samples: int | None = STRONG_SAMPLES,
        method: str = "flat",
        drop: float | None = None,
        weights: Weights = NORMAL,
        others: Weights | None = None,
        shortlist: bool = True,
    ) -> None:
        self.seed = seed
        self.search: FlatSearch | ISMCTS
        if method == "flat":
            self.search = FlatSearch(
                determinize,
                heuristic_prior(width, weights),
                _policy(weights, shortlist),
                budget=Budget(seconds=seconds, iterations=samples),
                scale=MARGIN_SCALE,
                override=OVERRIDE_Z,
                drop=drop,
                others=None if others is None else _policy(others, shortlist),
            )
        elif method == "ismcts":
            self.search = ISMCTS(
                determinize,
                budget=Budget(seconds=seconds, iterations=samples),
                rollout=light_policy,
                prior=heuristic_prior(width),
                secret_step=secret_step,
                rollout_depth=ROLLOUT_DEPTH,
                evaluate=evaluate,
                override_margin=OVERRIDE_MARGIN,
                scale=MARGIN_SCALE,
            )
        else:
            raise ValueError(f"unknown search method {method!r} (known: flat, ismcts)")
        self.last: SearchResult | None = None

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.last = self.search.search(view, legal, rng)
        return self.last.action

    def untimed(self) -> None:
        """Search to the sample cap whatever the clock says.

        A timed search plays fewer samples on a loaded or slower machine, so its moves
        depend on the machine; untimed, they depend on the seed alone. Measurements use
        it: on an idle machine the caps bind before the deadlines (docs/bots.md), so an
        untimed bot plays there as the timed one does, and other work can run meanwhile.
        """
        if self.search.budget.iterations is None:
            raise ValueError(f"{self.name} has no sample cap: untimed, it would never stop")
        self.search.budget = Budget(seconds=math.inf, iterations=self.search.budget.iterations)


class StrongBot(SearchBot):
    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, seconds=STRONG_SECONDS, width=STRONG_WIDTH, samples=STRONG_SAMPLES)


class ExpertBot(SearchBot):
    name = "expert"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(
            seed,
            seconds=EXPERT_SECONDS,
            width=EXPERT_WIDTH,
            samples=EXPERT_SAMPLES,
            drop=EXPERT_DROP,
            weights=DISTILLED,
        )


def hint(
    view: dict[str, Any], legal: Sequence[Action], seed: int = 0, seconds: float = STRONG_SECONDS
) -> tuple[Action, float]:
    """For a human seat: the move `strong` would make, and its estimated win chance."""
    if len(legal) == 1:
        return legal[0], 0.0
    bot = SearchBot(seed, seconds=seconds)
    result = bot.search.search(view, legal, random.Random(seed))
    return result.action, result.win_chance
