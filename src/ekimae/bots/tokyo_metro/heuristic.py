"""The heuristic rungs of the ladder: `beginner` and `normal`.

Both reckon every legal action in yen of final score with the greedy bot's `Judge` (a
station earns its passes, a stock its share of the line's final value, a speculation up
to low(V)...). On top of that:

- `beginner` picks with noise (a softmax over the estimates, so a clearly better move is
  usually but not always taken) and never bids for turn order;
- `normal` picks the best estimate, with corrections a good player makes: it bids for
  turn order when a contested Invest or Station is on the table, values Speed only on
  lines it profits from, repays loans before the end (¥1,000 now saves ¥1,500, TM-9.5),
  and does not buy tools (Bike, Speed, discs, cards) in the last round.

They read only the view and the printed components.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ekimae.bots.tokyo_metro.greedy import NORMAL, SCORERS, Judge, Weights, view_cards
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import Kind
from ekimae.games.tokyo_metro.view import metro_view, own_seat

BEGINNER_TEMPERATURE = 250.0  # yen: estimates this far apart are chosen ~e:1
# Tools that only pay off in later rounds (TM-7.6, 7.7, 7.12, 7.13).
LATE_USELESS = (act.Bike, act.Speed, act.NewDisc, act.TakeCard, act.Discount, act.Bid)
CONTESTED = (Kind.INVEST, Kind.STATION)  # what going first grabs before the others


class BeginnerBot:
    """Greedy estimates, chosen with noise; no turn-order bids."""

    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], act.TurnBid):
            return min(legal, key=lambda a: getattr(a, "amount", 0))
        judge = Judge(view)
        scores = [judge.score(a) for a in legal]
        best = max(scores)
        weights = [math.exp((x - best) / BEGINNER_TEMPERATURE) for x in scores]
        return rng.choices(list(legal), weights=weights)[0]


class NormalBot:
    """Best estimate with a good player's corrections (see the module docstring)."""

    name = "normal"

    def __init__(self, seed: int = 0, weights: Weights = NORMAL) -> None:
        self.seed = seed
        self.weights = weights

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], act.TurnBid):
            return turn_bid(view, legal, self.weights)
        judge = Judge(view, self.weights)
        shown = metro_view(view)
        last_round = shown["round"] >= shown["rounds"]
        return max(legal, key=lambda a: (normal_score(judge, a, last_round), rng.random()))


def normal_score(judge: Judge, action: Action, last_round: bool) -> float:
    """The greedy estimate, corrected for what it misjudges (and the weights' bonus for
    the action's kind, if they have one)."""
    score = _corrected(judge, action, last_round)
    if judge.w.kind_bonus:
        return score + _bonus_table(judge.w.kind_bonus).get(action.kind, 0.0)
    return score


def normal_scorer(kind: type[Action], weights: Weights) -> Callable[[Judge, Action, bool], float]:
    """`normal_score` for actions of one type, with the dispatch done once: the type's
    own estimate (plus its kind's bonus) where `normal` corrects nothing for it."""
    corrected = issubclass(kind, (*LATE_USELESS, act.Repay, act.Assign))
    bonus = _bonus_table(weights.kind_bonus).get(getattr(kind, "kind", ""), 0.0)
    scorer = SCORERS.get(kind)
    if corrected or scorer is None:
        return normal_score
    if bonus:
        return lambda judge, action, last: scorer(judge, action) + bonus
    return lambda judge, action, last: scorer(judge, action)


@functools.cache
def _bonus_table(bonus: tuple[tuple[str, float], ...]) -> dict[str, float]:
    return dict(bonus)


def _corrected(judge: Judge, action: Action, last_round: bool) -> float:
    score = judge.score(action)
    if last_round and isinstance(action, LATE_USELESS):
        return min(score, -judge.discs(action))
    if isinstance(action, act.Repay) and (last_round or judge.money >= 2500):
        # TM-9.5: a loan still held costs ¥1,500 at the end, repaying it now ¥1,000.
        return 500.0 - judge.discs(action)
    if isinstance(action, act.Assign):
        line = judge.line_index(action.line)
        profits = judge.holds(line) or judge.pyramid_cash(line, mine=True) > 0
        if not profits:
            return -1000.0  # a token sped up for the others only
    return score


def turn_bid(raw: Mapping[str, Any], legal: Sequence[Action], weights: Weights = NORMAL) -> Action:
    """TM-3.3: bid when going first matters, i.e. fewer good spots than players.

    The good spots are the Invest and Station actions on the face-up cards; with fewer of
    them than players, the last to act may find none left.
    """
    view = metro_view(raw)
    me = view["players"][own_seat(view)]
    players = len(view["players"])
    spots = 0
    cards = view_cards(view)
    for column in view["columns"]:
        for card_id in column["cards"]:
            if card_id is None:
                continue  # MD-2: a hole
            spots += sum(a.kind in CONTESTED for a in cards.cards[card_id].actions)
    last = view["round"] >= view["rounds"]
    target = bid_target(me["money"], players, spots, last, weights)
    bids = [a for a in legal if isinstance(a, act.TurnBid)]
    return min(bids, key=lambda a: abs(a.amount - target))


def bid_target(money: int, players: int, spots: int, last_round: bool, weights: Weights) -> int:
    """The yen to bid with `spots` contested actions on the table (see `turn_bid`)."""
    shortage = max(0, players - spots // 2)
    target = min(weights.bid_cap, int(money * weights.bid_share * shortage))
    if last_round:
        target = max(target, min(weights.bid_cap, money // 10))  # the last grab counts most
    return target
