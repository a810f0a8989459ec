"""What the conformance suite knows about a title beyond the public API: all optional.

A game without an entry gets `Hooks()`: the suite then checks only what the protocol
promises (test_games.py). An entry adds title knowledge: where every yen is, what a seat
may not see (to perturb it), what must hold at the end, what a determinized state need
not rebuild.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ekimae.games.sealed_auction.state import SealedAuctionState
from ekimae.games.tokyo_metro.game import TokyoMetroState
from ekimae.games.tokyo_metro.setup import setup_players


def no_perturbation(state: Any, seat: int, rng: random.Random) -> Any:
    """The default: nothing hidden known to the suite (sealed actions it changes itself)."""
    return state.clone()


@dataclass(frozen=True)
class Hooks:
    # (money held, money expected) at any moment, e.g. start money + paid out - taken in.
    money_balance: Callable[[Any], tuple[int, int]] | None = None
    # A copy differing only in what `seat` may not see; its view must be the same.
    perturb_hidden: Callable[[Any, int, random.Random], Any] = no_perturbation
    # Asserts what must hold once the game is over (e.g. it lasted N rounds).
    end_checks: Callable[[Any], None] | None = None
    # View keys a determinized state does not rebuild (all others must be equal).
    not_determinized: frozenset[str] = frozenset()


def _metro_money(state: TokyoMetroState) -> tuple[int, int]:
    """TM-1.5: yen held = start money + what the bank paid out - what it took in."""
    s = state.s
    # Stakes are set aside until the end, when they come back (TM-7.11, TM-9.2).
    stakes = 0 if state.is_terminal() else sum(k for line in s.speculations for _, k in line)
    # OS-7.2: Sell money is set aside until the end (TM-9.4), when it joins the money.
    held = sum(s.money) + sum(s.bid_bonus) + stakes + sum(s.sold)
    expected = state.ctx.rules.start_money * s.n + s.bank_out - s.bank_in
    return held, expected


def _metro_perturb(state: TokyoMetroState, seat: int, rng: random.Random) -> TokyoMetroState:
    """Change what `seat` must not see: others' bids, discards below the top, deck order."""
    other = state.clone()
    s = other.s
    for p in range(s.n):
        if p != seat and s.bids[p] is not None:
            s.bids[p] = rng.randrange(0, 50) * 100
    for col, pile in enumerate(s.discards):
        if len(pile) > 2:
            below = list(pile[:-1])
            rng.shuffle(below)
            s.discards[col] = (*below, pile[-1])
    for col, deck in enumerate(s.decks):
        shuffled = list(deck)
        rng.shuffle(shuffled)
        s.decks[col] = tuple(shuffled)
    return other


def _metro_end(state: TokyoMetroState) -> None:
    """TM-3.2: 10 - players rounds with 9-card decks; OS-1, MOD-1: 9 - players with the
    8-card Osaka decks (SOLO-1: as for two); nothing set aside is left (TM-9.4)."""
    ctx = state.ctx
    deck = len(ctx.cards.decks[0].cards)
    assert deck == (9 if ctx.card_set == "tokyo" else 8)
    assert state.round == deck + 1 - setup_players(ctx, state.s.n)
    if ctx.card_set == "tokyo":
        assert state.round == ctx.rules.rounds_from - setup_players(ctx, state.s.n)
    assert not any(state.s.sold)


def _auction_money(state: SealedAuctionState) -> tuple[int, int]:
    """SA-4: money held + every revealed winning bid paid to the bank = start money."""
    paid = sum(r.bids[p] for r in state.results for p in r.takers)
    return sum(state.money) + paid, state.data.start_money * state.seats


def _auction_perturb(state: SealedAuctionState, seat: int, rng: random.Random) -> Any:
    """Change what `seat` must not see: the others' sealed bids, the order of lots to come."""
    other = state.clone()
    step = state.data.bid_step
    for p, bid in enumerate(other.bids):
        if p != seat and bid is not None:
            other.bids[p] = rng.randrange(0, other.money[p] // step + 1) * step
    head, tail = other.order[: other.current + 1], list(other.order[other.current + 1 :])
    rng.shuffle(tail)
    other.order = (*head, *tail)
    return other


def _auction_end(state: SealedAuctionState) -> None:
    """SA-5: the game ends once every lot of the chosen set has been revealed."""
    chosen = state.data.sets[state.options["lots"]].lots
    assert sorted(r.lot for r in state.results) == sorted(chosen)


HOOKS: dict[str, Hooks] = {
    "tokyo-metro": Hooks(
        money_balance=_metro_money,
        perturb_hidden=_metro_perturb,
        end_checks=_metro_end,
        # determinize.py rebuilds every field a rule reads, not the printed log.
        not_determinized=frozenset({"log"}),
    ),
    "sealed-auction": Hooks(
        money_balance=_auction_money,
        perturb_hidden=_auction_perturb,
        end_checks=_auction_end,
    ),
}


def hooks_for(name: str) -> Hooks:
    return HOOKS.get(name, Hooks())
