"""Reaching IZAKAYA positions by playing, for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from ekimae.core.actions import Action
from ekimae.games.izakaya.actions import Bid, Pass
from ekimae.games.izakaya.game import GAME
from ekimae.games.izakaya.state import IzakayaState


def new(seats: int = 2, seed: int = 1) -> IzakayaState:
    return GAME.new_state(seats, seed)


def bid_all(state: IzakayaState, amounts: Sequence[int]) -> None:
    """IZ-2: every seat seals its bid (seat order)."""
    for seat, amount in enumerate(amounts):
        state.apply(seat, Bid(amount))


def act(state: IzakayaState, action: Action) -> int:
    """The seat to act plays `action`; returns that seat."""
    (seat,) = state.current_players()
    state.apply(seat, action)
    return seat


def first_of(state: IzakayaState, kind: str) -> Action:
    (seat,) = state.current_players()
    return next(a for a in state.legal_actions(seat) if a.kind == kind)


def finish_phase(state: IzakayaState) -> None:
    """Everyone plays the first listed action until the bids come round again (or the end)."""
    while state.phase == "act":
        (seat,) = state.current_players()
        legal = state.legal_actions(seat)
        prices = [a for a in legal if a.kind not in ("price",)]
        state.apply(seat, (prices or list(legal) or [Pass()])[0])
