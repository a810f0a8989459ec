"""Per-game knowledge the conformance suite needs: money held, hidden parts, round count."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ekimae.games.tokyo_metro.game import TokyoMetroState
from ekimae.games.tokyo_metro.setup import setup_players


@dataclass(frozen=True)
class Hooks:
    money_balance: Callable[[Any], tuple[int, int]]  # (yen held by players, expected)
    perturb_hidden: Callable[[Any, int, random.Random], Any]  # a copy differing in hidden parts
    expected_rounds: Callable[[Any], int]


def _metro_money(state: TokyoMetroState) -> tuple[int, int]:
    """TM-1.5: yen held = start money + what the bank paid out - what it took in."""
    s = state.s
    # Stakes are set aside until the end, when they come back (TM-7.11, TM-9.2).
    stakes = 0 if state.is_terminal() else sum(k for line in s.speculations for _, k in line)
    held = sum(s.money) + sum(s.bid_bonus) + stakes
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


def _metro_rounds(state: TokyoMetroState) -> int:
    """TM-3.2: 10 - players rounds (SOLO-1: as for two)."""
    return state.ctx.rules.rounds_from - setup_players(state.ctx, state.s.n)


HOOKS: dict[str, Hooks] = {
    "tokyo-metro": Hooks(_metro_money, _metro_perturb, _metro_rounds),
}
