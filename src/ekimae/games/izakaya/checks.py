"""Whether one action of the action phase is legal, answered without listing them all
(IZ-3.1 … IZ-3.3): each answer is the listing's (`IzakayaState.legal_actions`) for that
action, as the equality of frozen dataclasses would find it there, only cheaper — applying
checks the action first, and searches apply a lot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ekimae.core.game import Seat
from ekimae.games.izakaya.actions import Bottle, Claim, Price

if TYPE_CHECKING:
    from ekimae.games.izakaya.state import IzakayaState


def bottle(s: IzakayaState, action: Bottle) -> bool:
    """IZ-3.1: a takeable colour and an open corner (`IzakayaState.bottles`)."""
    cards = s.data.colour_cards
    if action.colour not in [cards[i].colour for i in s.takeable()]:
        return False
    return action.corner in s.open_corners()


def price(s: IzakayaState, action: Price) -> bool:
    """IZ-3.2: from a card with a coin to another card (`IzakayaState.price_moves`)."""
    colours = s.data.colours()
    if s.price_disc is not None or action.source not in colours:
        return False
    if s.prices[colours.index(action.source)] < s.data.price_coin:
        return False
    return action.target in colours and action.target != action.source


def claim(s: IzakayaState, seat: Seat, action: Claim) -> bool:
    """IZ-3.3: a free edge and a free card beside it, a claim disc and a pyramid left
    (`IzakayaState.claim_options`)."""
    edge = s.board.edges.get(action.edge)
    if edge is None or action.edge in s.claims:
        return False
    if action.space not in edge.cards or action.space in s.owners:
        return False
    return s.claim_discs_left(seat) > 0 and s.pyramids_left(seat) > 0


def can_act(s: IzakayaState, seat: Seat) -> bool:
    """IZ-3: whether the seat has anything but a pass (the listing is not empty)."""
    if s.takeable() and s.open_corners():
        return True
    return bool(s.price_moves() or s.claim_options(seat) or s.fitting(seat))
