"""What a position is worth to each seat, as IZAKAYA scores it (IZ-5) plus what its cards
may still earn: the heuristics' and the searches' yardstick.

potential(seat) = yen kept + Σ over its cards of (drinks' prices at the corners + a share
of the corners still empty) × (floors built + a share of the floors still allowed)

The shares fall as the game nears its end (IZ-4: the bid pile against its end, the rounds
left), so claims and drinks count early and floors late.
"""

from __future__ import annotations

from ekimae.core.game import Seat
from ekimae.games.izakaya.state import IzakayaState

EMPTY_CORNER = 0.35  # of the mean price: what an empty corner may still bring


def rounds_left(state: IzakayaState) -> float:
    """Rounds after this one, as the pile's pace suggests (IZ-4), at most the cap."""
    if state.last or state.is_terminal():
        return 0.0
    cap = state.data.max_rounds - state.round
    per_round = state.pile / state.round
    if per_round <= 0:
        return float(cap)
    return float(min(cap, max(0.0, (state.table.end_pile - state.pile) / per_round)))


def card_worth(state: IzakayaState, space: str) -> float:
    """The drinks at the card's corners, empty corners counted at a share of the mean."""
    mean = sum(state.prices) / len(state.prices)
    corners = state.board.corners_of[space]
    held = state.corner_sum(space)
    empty = sum(1 for c in corners if c not in state.drinks)
    return held + EMPTY_CORNER * mean * empty


def capacity(state: IzakayaState, space: str) -> tuple[int, int]:
    """(floors built, floors still allowed) over the card's borders (IZ-3.4 limits)."""
    side = state.side(space)
    built = 0
    room = 0
    for plot in range(len(side.plots)):
        n = len(state.floors(space, plot))
        built += n
        if len(state.building(space, plot)) < side.elements:
            room += side.floors - n
    return built, room


def potentials(state: IzakayaState) -> list[float]:
    future = rounds_left(state)
    out = []
    for p in range(state.seats):
        builds = state.discs_left(p) + state.data.action_discs * future
        cards = [(s, card_worth(state, s), *capacity(state, s)) for s in state.spaces_of(p)]
        room = sum(c[3] for c in cards) or 1
        share = min(1.0, 0.6 * builds / room)
        value = float(state.money[p])
        for space, worth, built, free in cards:
            now = state.corner_sum(space) * built
            value += now + (worth - state.corner_sum(space)) * built * 0.5 + worth * free * share
        out.append(value)
    return out


def advantage(state: IzakayaState, seat: Seat) -> float:
    """The seat's potential over the best other seat's."""
    values = potentials(state)
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)
